/// How much an intent changes the world.
public enum SideEffect: String, Sendable, Codable {
    /// Reads only.
    case none
    /// Adds to the user's local data (a new thought, a new reminder); confirmation may be required.
    case writesLocal
    /// Changes or removes what is already there (completes, edits, deletes, undoes).
    case modifiesLocal
    /// Sends data off the machine.
    case sendsRemote
}

/// The static description of an intent: what the catalog, `--help` and the docs show.
public struct IntentDescription: Sendable {
    public var name: String
    public var summary: String
    public var discussion: String?
    public var sideEffect: SideEffect
    /// Whether writes must be confirmed (`[y/N]`, `--yes`, `--dry-run`).
    public var requiresConfirmation: Bool
    /// Example phrases a person might say for this intent.
    public var phrases: [String]
    /// Example command lines, without the leading `intent run NAME`.
    public var examples: [String]

    public init(name: String, summary: String, discussion: String? = nil, sideEffect: SideEffect,
                requiresConfirmation: Bool = false, phrases: [String] = [], examples: [String] = []) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.sideEffect = sideEffect
        self.requiresConfirmation = requiresConfirmation
        self.phrases = phrases
        self.examples = examples
    }
}

/// A result value type: Codable, with a JSON Schema for the catalog.
public protocol IntentValue: Codable, Sendable {
    static var schema: JSONSchema { get }
}

extension IntentValue {
    /// The value as JSON, with every nullable key of the schema present (`null` when nil).
    public func jsonValue() throws -> JSONValue {
        Self.schema.completingNulls(try JSONValue.encoding(self))
    }
}

/// What `perform` returns.
public struct IntentResult<Value: IntentValue>: Sendable {
    public var value: Value
    /// One or two sentences for a person.
    public var dialog: String
    /// `.completed` or `.abstained`.
    public var status: RunStatus
    /// Which rung answered; nil for intents that involve no model (the runner reports deterministic).
    public var route: RouteSummary?
    public var receiptID: String?
    /// The full human rendering (e.g. a morning note); when nil the CLI prints the dialog and a
    /// compact rendering of the value.
    public var display: String?

    public init(value: Value, dialog: String, status: RunStatus = .completed,
                route: RouteSummary? = nil, receiptID: String? = nil, display: String? = nil) {
        self.value = value
        self.dialog = dialog
        self.status = status
        self.route = route
        self.receiptID = receiptID
        self.display = display
    }
}

/// An App-Intent-style action: a static description, typed `@Parameter`s, `validate()`, `perform`.
///
/// `perform` starts with `try await context.store.ensureConfigured()` (or the equivalent for the
/// services it uses), so a cold cron start behaves like a warm interactive one.
public protocol Intent: Sendable {
    associatedtype Value: IntentValue
    static var description: IntentDescription { get }
    init()
    /// Checks parameter combinations after they are resolved; throw `IntentError.invalidValue`.
    func validate() throws
    func perform(in context: RunContext) async throws -> IntentResult<Value>
}

extension Intent {
    public func validate() throws {}
}
