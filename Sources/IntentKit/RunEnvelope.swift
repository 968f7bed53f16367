/// The one JSON object `intent run --json` prints (`intent.run/1`).
public struct RunEnvelope: Codable, Sendable {
    public struct ErrorInfo: Codable, Sendable, Equatable {
        public var code: String
        public var message: String
        public var exitCode: Int32
        enum CodingKeys: String, CodingKey { case code, message, exitCode = "exit_code" }
    }

    public static let schemaVersion = "intent.run/1"

    public var schema = RunEnvelope.schemaVersion
    public var runID: String
    public var intent: String
    public var status: RunStatus
    public var dialog: String
    public var value: JSONValue?
    public var route: RouteSummary?
    public var receiptID: String?
    public var error: ErrorInfo?
    /// The intent's own human rendering; not part of the JSON envelope.
    public var display: String?

    enum CodingKeys: String, CodingKey {
        case schema, intent, status, dialog, value, route, error
        case runID = "run_id"
        case receiptID = "receipt_id"
    }

    /// The exit code this envelope stands for.
    public var exitCode: ExitCode {
        if let error { return ExitCode(rawValue: error.exitCode) ?? .internalError }
        return .success
    }
}
