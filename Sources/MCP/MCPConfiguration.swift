import Foundation

/// Every number that tunes the MCP server, in one place.
public struct MCPConfiguration: Sendable {
    /// Longest accepted message line; longer lines are answered with a parse error and skipped.
    public var maxLineBytes: Int
    /// How long a handshake-era `elicitation/create` may wait for the person before it counts as
    /// not confirmed.
    public var elicitationTimeout: Duration
    /// How long a 2026-07-28 `requestState` stays valid.
    public var requestStateLifetime: Duration
    /// Rounds of "missing value" questions one call may ask before it gives up.
    public var maxValueRounds: Int
    /// Interval between `notifications/progress` while a call with a progress token runs.
    public var progressInterval: Duration
    /// After stdin ends or SIGTERM arrives, how long running calls get to finish their cancellation.
    public var shutdownGrace: Duration
    /// How long a 2026-07-28 client may cache `tools/list` and `server/discover`.
    public var toolListTTLMilliseconds: Int

    public init(maxLineBytes: Int = 4 << 20, elicitationTimeout: Duration = .seconds(600),
                requestStateLifetime: Duration = .seconds(600), maxValueRounds: Int = 4,
                progressInterval: Duration = .seconds(1), shutdownGrace: Duration = .seconds(2),
                toolListTTLMilliseconds: Int = 60_000) {
        self.maxLineBytes = maxLineBytes
        self.elicitationTimeout = elicitationTimeout
        self.requestStateLifetime = requestStateLifetime
        self.maxValueRounds = maxValueRounds
        self.progressInterval = progressInterval
        self.shutdownGrace = shutdownGrace
        self.toolListTTLMilliseconds = toolListTTLMilliseconds
    }

    public static let standard = MCPConfiguration()
}

/// Protocol versions and reserved names of the specification.
public enum MCPProtocol {
    /// Versions reachable through the `initialize` handshake, oldest first.
    public static let handshakeVersions = ["2025-06-18", "2025-11-25"]
    /// Stateless revisions (per-request `_meta`, `server/discover`), oldest first.
    public static let statelessVersions = ["2026-07-28"]
    public static var allVersions: [String] { handshakeVersions + statelessVersions }

    public static let protocolVersionKey = "io.modelcontextprotocol/protocolVersion"
    public static let clientCapabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    public static let clientInfoKey = "io.modelcontextprotocol/clientInfo"
    public static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
}
