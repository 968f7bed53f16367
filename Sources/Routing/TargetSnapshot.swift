import Foundation
import Generation
import IntentKit
import Secrets

/// What routing knows about one model target before deciding (DESIGN §7). For the cloud it comes
/// from configuration, credentials, endpoint policy and the remembered quota state only — never a
/// probe. For the local target it includes a loopback reachability probe.
public struct TargetSnapshot: Sendable, Equatable {
    public var target: EndpointPolicy.Target
    /// Who would answer; nil when nothing is configured.
    public var descriptor: ModelDescriptor?
    /// Availability known without I/O: configuration, credentials, endpoint policy.
    public var base: ModelAvailability
    /// The result of the local probe (`nil`: not probed; always `nil` for the cloud).
    public var probe: ModelAvailability?
    /// The remembered quota state (cloud); `.available` for the local target.
    public var quota: QuotaState
    public var budget: TokenBudget
    /// Local only: the model is present but is not this run's rung (e.g. `embedded`: the
    /// in-process model, installed but not selected, or selected but not used by this intent).
    public var unsuitable: LocalUnsuitability?

    public init(target: EndpointPolicy.Target, descriptor: ModelDescriptor?, base: ModelAvailability,
                probe: ModelAvailability? = nil, quota: QuotaState, budget: TokenBudget, unsuitable: LocalUnsuitability? = nil) {
        self.target = target
        self.descriptor = descriptor
        self.base = base
        self.probe = probe
        self.quota = quota
        self.budget = budget
        self.unsuitable = unsuitable
    }

    /// Local only: why a configured model cannot be called, as a category for
    /// `localFailed:<category>` — the endpoint policy, a missing key, or the probe
    /// (`server_error`, `connection_refused`, `probe_timeout`, `unauthorized`, …); nil when it can.
    public var failureCategory: String? {
        switch base {
        case .available: break
        case .notConfigured: return nil
        case .endpointRefused: return "endpoint_refused"
        case .credentialsRejected: return "unauthorized"
        case .unreachable(let reason): return reason
        default: return base.category
        }
        switch probe {
        case nil, .available?: return nil
        case .unreachable(let reason)?: return reason
        case .credentialsRejected?: return "unauthorized"
        case let other?: return other.category
        }
    }

    /// A target with nothing configured.
    public static func unconfigured(_ target: EndpointPolicy.Target) -> TargetSnapshot {
        TargetSnapshot(target: target, descriptor: nil, base: .notConfigured, quota: .unknown,
                       budget: target == .cloud ? .cloud : .local)
    }

    public var configured: Bool { base != .notConfigured }
    public var credentialsPresent: Bool { configured && base != .missingCredentials }
    public var endpointRefusal: EndpointRefusal.Rule? {
        if case .endpointRefused(let rule) = base { return rule }
        return nil
    }

    /// The combined availability: the first of base, probe and quota that is not `available`.
    /// The quota part is decided by `QuotaState.authorizesCloud(at:)` (the snapshot holds the
    /// state as it stood when it was taken).
    public var availability: ModelAvailability {
        if base != .available { return base }
        if let probe, probe != .available { return probe }
        return quota.availability
    }

    /// Only `available` authorizes a call.
    public var isAvailable: Bool { availability == .available }

    /// Whether a prompt of `tokens` (estimated) fits this target's budget.
    public func fits(promptTokens tokens: Int) -> Bool { budget.fits(promptTokens: tokens) }

    /// A short human explanation for `doctor` and messages (no content, no keys).
    public var explanation: String {
        let name = target.rawValue
        switch availability {
        case .available: return "\(name) model available"
        case .notConfigured:
            return target == .cloud ? "no cloud model configured (intent models set cloud --base-url https://… --model NAME)"
                                    : "no local model configured (intent models set local --base-url http://127.0.0.1:PORT/v1 --model NAME)"
        case .missingCredentials: return "no API key (intent keys set \(name), or INTENT_\(name.uppercased())_API_KEY)"
        case .endpointRefused(let rule): return "endpoint refused by rule \(rule.rawValue)"
        case .unreachable(let reason):
            return "local server failed its check (\(reason)): runs answer deterministically, never from the cloud in its place"
        case .quotaUnknown: return "key and endpoint not verified yet (intent models check \(name))"
        case .quotaReached(let until):
            let when = until.map { " until \(StoreTimeText.string($0))" } ?? ""
            return "rate limit or quota reached\(when)"
        case .credentialsRejected: return "the endpoint rejected the key (intent keys set \(name), then intent models check \(name))"
        }
    }
}

/// ISO-8601 UTC text for messages.
enum StoreTimeText {
    static func string(_ date: Date) -> String {
        ISO8601DateFormatter.string(from: date, timeZone: .gmt, formatOptions: [.withInternetDateTime])
    }
}
