import Foundation

/// Everything a run may touch, built once by the composition root and passed to `perform`.
///
/// The clock is frozen for the run (`--now`/`INTENT_NOW` set it; otherwise the start time), so
/// every phrase in one run resolves against the same instant.
public struct RunContext: Sendable {
    public var runID: String
    public var now: Date
    public var timeZone: TimeZone
    public var presence: Presence
    public var policy: RoutingPolicy
    /// `--yes`: writes are pre-approved.
    public var assumeYes: Bool
    /// `--dry-run`: show what would be written, write nothing.
    public var dryRun: Bool
    public var terminal: any Terminal
    public var ids: any IDGenerator
    public var log: any DiagnosticLog
    public var services: ServiceValues

    public init(runID: String, now: Date, timeZone: TimeZone, presence: Presence,
                policy: RoutingPolicy = .preferLocal, assumeYes: Bool = false, dryRun: Bool = false,
                terminal: any Terminal, ids: any IDGenerator, log: any DiagnosticLog = SilentLog(),
                services: ServiceValues = ServiceValues()) {
        self.runID = runID
        self.now = now
        self.timeZone = timeZone
        self.presence = presence
        self.policy = policy
        self.assumeYes = assumeYes
        self.dryRun = dryRun
        self.terminal = terminal
        self.ids = ids
        self.log = log
        self.services = services
    }

    /// A Gregorian calendar in the run's time zone (never `Locale.current`, which ignores LANG on Linux).
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
}
