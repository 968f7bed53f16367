/// Which model rungs a run may use (DESIGN §7).
public enum RoutingPolicy: String, Sendable, Codable, CaseIterable {
    case localOnly = "local-only"
    case preferLocal = "prefer-local"
    case cloudAllowed = "cloud-allowed"
    case cloudRequired = "cloud-required"
}

/// Which rung produced (or was meant to produce) an answer.
public enum RouteTarget: String, Sendable, Codable {
    case cloud, local, deterministic, abstain
}

/// The `route` object of the run envelope: what was intended, what answered, and why.
public struct RouteSummary: Sendable, Codable, Equatable {
    public var policy: RoutingPolicy
    public var intended: RouteTarget
    public var completed: RouteTarget
    public var fallbackReason: String?
    public var reasons: [String]

    public init(policy: RoutingPolicy, intended: RouteTarget, completed: RouteTarget,
                fallbackReason: String? = nil, reasons: [String] = []) {
        self.policy = policy
        self.intended = intended
        self.completed = completed
        self.fallbackReason = fallbackReason
        self.reasons = reasons
    }

    enum CodingKeys: String, CodingKey {
        case policy, intended, completed, reasons
        case fallbackReason = "fallback_reason"
    }

    /// A route for intents that use no model at all.
    public static func deterministic(_ policy: RoutingPolicy, reason: String = "exactAnswerAvailable") -> RouteSummary {
        RouteSummary(policy: policy, intended: .deterministic, completed: .deterministic, reasons: [reason])
    }
}
