import IntentKit

/// Failures of routing that are not model failures. Messages name the setting, file or rule;
/// never content, never keys.
public enum RoutingError: Error, CustomStringConvertible, Sendable, Equatable, IntentErrorConvertible {
    /// config.json (or its `models` object) is malformed (78).
    case configuration(String)

    public var description: String {
        switch self {
        case .configuration(let message): return message
        }
    }

    public var intentError: IntentError {
        switch self {
        case .configuration(let message): return .configuration(message)
        }
    }
}
