import Foundation
import IntentKit

/// How a model's reply was verified, as the receipt's `verification` writes it: `not_run`,
/// `passed`, or `failed:<rule>` (a stable, content-free rule id).
public enum Verification: Sendable, Equatable, WireCodable {
    /// No model answer was checked.
    case notRun
    case passed
    case failed(rule: String)

    /// The wire form.
    public var description: String {
        switch self {
        case .notRun: return "not_run"
        case .passed: return "passed"
        case .failed(let rule): return "failed:\(rule)"
        }
    }

    /// Parses the wire form; nil for anything else.
    public init?(wire: String) {
        switch wire {
        case "not_run": self = .notRun
        case "passed": self = .passed
        default:
            guard wire.hasPrefix("failed:"), wire.count > 7 else { return nil }
            self = .failed(rule: String(wire.dropFirst(7)))
        }
    }

}

/// How consent for the cloud rung stood or was obtained, as the receipt's `consent` writes it.
public enum ConsentState: String, Sendable, Equatable, Codable, CustomStringConvertible {
    /// A remembered allow bound to this endpoint.
    case remembered
    /// A person was to be asked (the run ended before the prompt).
    case ask
    /// Headless without a remembered allow, or a remembered deny.
    case unavailable
    /// "allow once" at the prompt.
    case once
    /// "always allow" at the prompt (now remembered).
    case always
    /// "deny" at the prompt.
    case denied

    public init(_ outlook: ConsentOutlook) {
        switch outlook {
        case .remembered: self = .remembered
        case .ask: self = .ask
        case .unavailable: self = .unavailable
        }
    }

    public var description: String { rawValue }
}

/// Why a present local model is not this run's rung.
public enum LocalUnsuitability: String, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The model declares no intents (the in-process model, installed but not selected).
    case notSelected = "embedded_not_selected"
    /// The model declares intents, and this run's intent is not one of them.
    case notUsedByIntent = "embedded_not_used_by_intent"

    public var description: String { rawValue }
}

/// Why the ladder moved past a rung, rendered as the receipt's `fallback_reason`: a reason code
/// (`networkUnavailable`), `<target>Failed:<category>` for a model error or failed probe,
/// `<target>Rejected:<rule>` when the intent's validator refused the reply, or
/// `localUnsuitable:<why>`.
public enum FallbackReason: Sendable, Equatable, WireCodable {
    case code(ReasonCode)
    case failed(RouteTarget, category: String)
    case rejected(RouteTarget, rule: String)
    case unsuitable(LocalUnsuitability)

    public var description: String {
        switch self {
        case .code(let code): return code.rawValue
        case .failed(let target, let category): return "\(target.rawValue)Failed:\(category)"
        case .rejected(let target, let rule): return "\(target.rawValue)Rejected:\(rule)"
        case .unsuitable(let why): return "localUnsuitable:\(why.rawValue)"
        }
    }

    /// Parses the wire form; nil for anything else.
    public init?(wire: String) {
        if let code = ReasonCode(rawValue: wire) {
            self = .code(code)
            return
        }
        guard let colon = wire.firstIndex(of: ":") else { return nil }
        let head = wire[..<colon], tail = String(wire[wire.index(after: colon)...])
        guard !tail.isEmpty else { return nil }
        if head == "localUnsuitable" {
            guard let why = LocalUnsuitability(rawValue: tail) else { return nil }
            self = .unsuitable(why)
        } else if head.hasSuffix("Failed"), let target = RouteTarget(rawValue: String(head.dropLast(6))) {
            self = .failed(target, category: tail)
        } else if head.hasSuffix("Rejected"), let target = RouteTarget(rawValue: String(head.dropLast(8))) {
            self = .rejected(target, rule: tail)
        } else {
            return nil
        }
    }


    /// A model or probe failure (declared on stderr: a cron job's mail says why).
    public var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }

    /// The target the reason is about, when it names one.
    public var target: RouteTarget? {
        switch self {
        case .failed(let target, _), .rejected(let target, _): return target
        case .unsuitable: return .local
        case .code: return nil
        }
    }
}

/// A value written on the wire as its `description` and read back with `init?(wire:)`: receipts
/// and `runs` rows store these outcomes as short stable strings.
public protocol WireCodable: Codable, CustomStringConvertible {
    init?(wire: String)
}

extension WireCodable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(wire: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown \(Self.self) '\(text)'"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
