/// Every failure a run can end with, mapped to a status, a stable code and an exit code.
///
/// Messages name the parameter, file or setting and the reason; they never quote user content
/// (thought, reminder, question or document text) or secrets.
public enum IntentError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Bad command line: unknown intent, flag or value shape (64).
    case usage(String)
    /// A required parameter has no value and nobody is at the terminal to ask (64).
    case missingValue(parameter: String)
    /// A value was given but is invalid (65). Nothing is written.
    case invalidValue(parameter: String, reason: String)
    /// Input data (a file, piped JSON) is malformed (65).
    case invalidInput(String)
    /// A capability the run requires is not available (69), e.g. `cloud-required` with no cloud.
    case unavailable(String)
    /// A file or directory cannot be created or written: read-only file system, permission
    /// denied (73). The message names the file and what to do.
    case cannotCreate(String)
    /// Reading or writing a file failed: disk full, I/O error, a damaged database (74).
    case ioError(String)
    /// A transient condition: lock busy, timeout with no fallback allowed (75).
    case temporary(String)
    /// A write needs confirmation but the run is headless without `--yes` (77).
    case confirmationRequired
    /// The person at the terminal declined (77).
    case declined
    /// Consent or policy forbids what the run needs (77).
    case notPermitted(String)
    /// Configuration is missing or wrong (78).
    case configuration(String)
    /// Interrupted by SIGINT (130).
    case cancelled
    /// A bug or an unexpected failure (1).
    case internalError(String)

    public var exitCode: ExitCode {
        switch self {
        case .usage, .missingValue: return .usage
        case .invalidValue, .invalidInput: return .dataError
        case .unavailable: return .unavailable
        case .cannotCreate: return .cannotCreate
        case .ioError: return .ioError
        case .temporary: return .temporary
        case .confirmationRequired, .declined, .notPermitted: return .notPermitted
        case .configuration: return .configuration
        case .cancelled: return .cancelled
        case .internalError: return .internalError
        }
    }

    public var status: RunStatus {
        switch self {
        case .missingValue: return .needsValue
        case .confirmationRequired: return .needsConfirmation
        case .declined, .notPermitted: return .denied
        case .cancelled: return .cancelled
        default: return .failed
        }
    }

    /// A stable machine-readable code for the envelope's `error.code`.
    public var code: String {
        switch self {
        case .usage: return "usage"
        case .missingValue: return "missing_value"
        case .invalidValue: return "invalid_value"
        case .invalidInput: return "invalid_input"
        case .unavailable: return "unavailable"
        case .cannotCreate: return "cannot_create"
        case .ioError: return "io_error"
        case .temporary: return "temporary"
        case .confirmationRequired: return "confirmation_required"
        case .declined: return "declined"
        case .notPermitted: return "not_permitted"
        case .configuration: return "configuration"
        case .cancelled: return "cancelled"
        case .internalError: return "internal"
        }
    }

    public var description: String {
        switch self {
        case .usage(let m): return m
        case .missingValue(let p): return "missing value for --\(p) (no terminal to ask; pass --\(p) VALUE)"
        case .invalidValue(let p, let r): return "invalid value for --\(p): \(r)"
        case .invalidInput(let m): return m
        case .unavailable(let m): return m
        case .cannotCreate(let m): return m
        case .ioError(let m): return m
        case .temporary(let m): return m
        case .confirmationRequired: return "this intent writes data and needs confirmation; nobody is at the terminal — rerun with --yes to approve, or --dry-run to preview"
        case .declined: return "declined; nothing was written"
        case .notPermitted(let m): return m
        case .configuration(let m): return m
        case .cancelled: return "cancelled"
        case .internalError(let m): return "internal error: \(m)"
        }
    }
}
