/// How a run ended (`status` in the run envelope).
public enum RunStatus: String, Sendable, Codable, CaseIterable {
    case completed, abstained
    case dryRun = "dry_run"
    case needsConfirmation = "needs_confirmation"
    case needsValue = "needs_value"
    case denied, failed, cancelled
}

/// Exit codes of DESIGN §4 (sysexits-style).
public enum ExitCode: Int32, Sendable, Codable {
    case success = 0
    case internalError = 1
    case usage = 64
    case dataError = 65
    case unavailable = 69
    case cannotCreate = 73
    case ioError = 74
    case temporary = 75
    case notPermitted = 77
    case configuration = 78
    case cancelled = 130
}
