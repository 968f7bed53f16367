import Foundation
import Generation
import IntentKit
import Store

/// A remembered consent decision for the cloud model (DESIGN §7).
public enum ConsentDecision: String, Sendable, Codable, CaseIterable {
    /// Send payloads to the bound provider/host/model without asking.
    case allow
    /// Never send; headless runs use the declared fallback, `cloud-required` exits 77.
    case deny
    /// Ask at the terminal each time (headless runs cannot ask: declared fallback).
    case ask
}

/// The one canonical consent row. An `allow` counts only for the canonical endpoint (scheme,
/// host, port and path — `https://api.example.com:443/v1`), provider and model it was given for;
/// a `deny` counts for every cloud endpoint.
public struct RememberedConsent: Sendable, Equatable, Codable {
    public var decision: ConsentDecision
    public var provider: String?
    /// The canonical endpoint URL the allow is bound to (`ModelDescriptor.endpointIdentity`).
    public var host: String?
    public var model: String?
    public var updatedAt: String?

    public init(decision: ConsentDecision, provider: String? = nil, host: String? = nil, model: String? = nil,
                updatedAt: String? = nil) {
        self.decision = decision
        self.provider = provider
        self.host = host
        self.model = model
        self.updatedAt = updatedAt
    }

    /// No row yet: ask.
    public static let none = RememberedConsent(decision: .ask)

    /// Whether this is a remembered allow for exactly `descriptor`: same scheme, host, port,
    /// path (`ModelDescriptor.endpointIdentity`), provider and model. A row written before
    /// endpoints were canonical (the host alone) never matches an HTTP endpoint.
    public func allows(_ descriptor: ModelDescriptor) -> Bool {
        decision == .allow && provider == descriptor.provider && host == descriptor.endpointIdentity
            && model == descriptor.model
    }

    enum CodingKeys: String, CodingKey {
        case decision, provider, host, model
        case updatedAt = "updated_at"
    }
}

/// Reads and writes the consent row.
public struct ConsentBook: Sendable {
    public let store: IntentStore

    public init(store: IntentStore) {
        self.store = store
    }

    public func load() throws -> RememberedConsent {
        guard let row = try store.consent() else { return .none }
        return RememberedConsent(decision: ConsentDecision(rawValue: row.decision) ?? .ask, provider: row.provider,
                                 host: row.host, model: row.model, updatedAt: row.updatedAt)
    }

    /// Replaces the row. `allow` needs the descriptor it is bound to.
    public func remember(_ decision: ConsentDecision, for descriptor: ModelDescriptor?, at now: Date) throws {
        let bound = decision == .allow ? descriptor : nil
        try store.setConsent(ConsentRecord(decision: decision.rawValue, provider: bound?.provider, host: bound?.endpointIdentity,
                                           model: bound?.model, updatedAt: StoreTime.string(now)))
    }
}

/// What the person is asked to consent to: who receives the payload and how big it is. Sizes
/// only, never the payload itself.
public struct ConsentRequest: Sendable, Equatable {
    public var provider: String
    public var model: String
    /// `host:port` of the canonical endpoint.
    public var host: String
    /// The endpoint's path (`/v1`).
    public var path: String
    /// Bytes of the request body as it will be sent: messages, schema block and JSON framing.
    public var sentBytes: Int
    public var promptBytes: Int
    public var contextBytes: Int
    public var chunkCount: Int
    /// Why the cloud was planned for this run.
    public var reason: ReasonCode

    public init(provider: String, model: String, host: String, path: String = "/", sentBytes: Int, promptBytes: Int,
                contextBytes: Int, chunkCount: Int, reason: ReasonCode) {
        self.provider = provider
        self.model = model
        self.host = host
        self.path = path
        self.sentBytes = sentBytes
        self.promptBytes = promptBytes
        self.contextBytes = contextBytes
        self.chunkCount = chunkCount
        self.reason = reason
    }

    /// A sentence for the reason code.
    public var reasonText: String {
        switch reason {
        case .userRequiredCloud: return "the policy is cloud-required"
        case .userPreferredCloud: return "the policy is cloud-allowed: the cloud is tried first"
        case .localUnavailable: return "no local model is configured or installed"
        case .localContextExceeded: return "the payload does not fit the local model's window"
        default: return reason.rawValue
        }
    }
}

/// The person's answer at the prompt.
public enum ConsentAnswer: String, Sendable, Equatable {
    case allowOnce = "once"
    case alwaysAllow = "always"
    case deny
}

/// The terminal prompt for cloud consent.
public enum ConsentPrompt {
    /// The text shown before asking.
    public static func text(_ r: ConsentRequest) -> String {
        """
        intent wants to send this run's payload to a cloud model.
          provider: \(r.provider)
          model:    \(r.model)
          host:     \(r.host)
          path:     \(r.path)
          sends:    \(r.sentBytes) bytes (request body: instructions, schema and framing included)
          payload:  \(r.promptBytes) prompt bytes + \(r.contextBytes) context bytes (\(r.chunkCount) chunk\(r.chunkCount == 1 ? "" : "s"))
          reason:   \(r.reason.rawValue) — \(r.reasonText)

        """
    }

    /// The question itself.
    public static let question = "Send it? [o]nce / [a]lways allow / [d]eny (default deny): "

    /// Only `o`/`once`/`y`/`yes` and `a`/`always` allow; anything else (including no answer) denies.
    public static func parse(_ answer: String?) -> ConsentAnswer {
        switch answer?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "o", "once", "y", "yes": return .allowOnce
        case "a", "always": return .alwaysAllow
        default: return .deny
        }
    }

    /// Shows the request on `terminal` and reads the answer. Only call when a person is present.
    public static func ask(_ request: ConsentRequest, on terminal: any Terminal) -> ConsentAnswer {
        terminal.show(text(request))
        return parse(terminal.ask(question))
    }
}
