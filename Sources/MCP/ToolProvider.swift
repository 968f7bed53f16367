import Foundation
import IntentKit

/// How a tool call ended, in the server's terms. The provider builds it; the server renders it
/// as a `CallToolResult`.
public struct ToolOutcome: Sendable, Equatable {
    public var isError: Bool
    /// The text block (the dialog, or the error message).
    public var text: String
    /// `structuredContent`: the result value; valid against the tool's `outputSchema` when not an error.
    public var structured: JSONValue?
    /// `_meta` of the result (route, receipt id, run id, error code).
    public var meta: [String: JSONValue]

    public init(isError: Bool, text: String, structured: JSONValue? = nil, meta: [String: JSONValue] = [:]) {
        self.isError = isError
        self.text = text
        self.structured = structured
        self.meta = meta
    }
}

/// A value the person must supply before a call can run.
public struct MissingValue: Sendable, Equatable {
    /// The argument key (`due_date`).
    public var parameter: String
    /// An elicitation primitive schema (`string`, `number`, `integer`, `boolean`, `enum`).
    public var schema: JSONValue
    /// What the value is for: the schema's `description`, or empty.
    public var description: String { schema.objectValue?["description"]?.stringValue ?? "" }

    public init(parameter: String, schema: JSONValue) {
        self.parameter = parameter
        self.schema = schema
    }
}

/// What a first look at a call found.
public enum Preparation: Sendable {
    /// The call ran (or failed); nothing more to ask.
    case finished(ToolOutcome)
    /// A required value is missing.
    case needsValue(MissingValue)
    /// A write is ready; `preview` is what the person must confirm (the lines the terminal shows).
    case needsConfirmation(preview: String)
}

/// Why a write was not done.
public enum NotConfirmedReason: String, Sendable {
    case declined, cancelled, noCapability = "no_capability", timeout, error
}

/// The tools behind the server: `intent`'s registry in the CLI, a fake in tests.
public protocol ToolProvider: Sendable {
    /// Tool definitions (`name`, `title`, `description`, `inputSchema`, `outputSchema`, `annotations`) in order.
    func tools() -> [JSONValue]
    func hasTool(_ name: String) -> Bool
    /// Checks the arguments and either runs the call (reads, pre-approved writes, failures),
    /// or says what is needed first: a missing value or a confirmation (nothing written yet).
    func prepare(_ name: String, arguments: [String: JSONValue]) async -> Preparation
    /// Runs a write the person confirmed.
    func commit(_ name: String, arguments: [String: JSONValue]) async -> ToolOutcome
    /// Records a write that was not confirmed and returns its error outcome; nothing is written.
    func refuse(_ name: String, arguments: [String: JSONValue], reason: NotConfirmedReason) async -> ToolOutcome
    /// The outcome for a missing value nobody could supply.
    func missing(_ name: String, value: MissingValue) async -> ToolOutcome
}
