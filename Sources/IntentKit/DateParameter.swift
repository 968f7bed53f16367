import Foundation

/// A date given as ISO-8601 or as a phrase ("friday 5pm"), resolved against the run's clock and
/// time zone, keeping how precise it is.
public struct IntentDate: Sendable, Equatable, Codable {
    /// The instant the date starts.
    public var start: Date
    /// Exclusive end when the phrase names a span (a week, a month).
    public var end: Date?
    /// `year`, `month`, `week`, `day`, `hour`, `minute` or `second`.
    public var granularity: String
    /// True when a time of day is known.
    public var hasTime: Bool
    /// `YYYY-MM-DD` when only a day is known, else ISO-8601 with offset.
    public var iso: String

    public init(start: Date, end: Date? = nil, granularity: String, hasTime: Bool, iso: String) {
        self.start = start
        self.end = end
        self.granularity = granularity
        self.hasTime = hasTime
        self.iso = iso
    }
}

/// Resolves date phrases; the live implementation is the agenda's due-date parser.
public protocol DatePhraseResolver: Sendable {
    /// Resolves a whole phrase or ISO-8601 value; throws `ParameterProblem` with the reason.
    func resolve(_ phrase: String, now: Date, timeZone: TimeZone) throws -> IntentDate
    /// Finds a date phrase inside free text, returning the phrase's range and its resolution.
    func find(in text: String, now: Date, timeZone: TimeZone) -> (range: Range<String.Index>, date: IntentDate)?
}

/// The service key for the date resolver. Untouched in tests that don't give one: reading it
/// without providing one is a bug, reported loudly.
public enum DateResolverKey: ServiceKey {
    public static var defaultValue: any DatePhraseResolver { MissingDateResolver() }
}

struct MissingDateResolver: DatePhraseResolver {
    func resolve(_ phrase: String, now: Date, timeZone: TimeZone) throws -> IntentDate {
        preconditionFailure("no DatePhraseResolver was provided to this RunContext")
    }
    func find(in text: String, now: Date, timeZone: TimeZone) -> (range: Range<String.Index>, date: IntentDate)? {
        preconditionFailure("no DatePhraseResolver was provided to this RunContext")
    }
}

extension RunContext {
    public var dates: any DatePhraseResolver {
        get { services[DateResolverKey.self] }
        set { services[DateResolverKey.self] = newValue }
    }
}

extension IntentDate: ParameterValue {
    public static var parameterSchema: JSONSchema {
        .string(maxLength: 200, format: "date-phrase")
            .described("ISO-8601 date or date-time, or a phrase such as 'tomorrow 5pm'")
    }
    public static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> IntentDate {
        let text = try scalarText(input)
        return try context.dates.resolve(text, now: context.now, timeZone: context.timeZone)
    }
    public var jsonValue: JSONValue { .string(iso) }
}

extension Date: ParameterValue {
    public static var parameterSchema: JSONSchema { IntentDate.parameterSchema }
    public static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> Date {
        try await IntentDate.resolve(input, in: context).start
    }
    public var jsonValue: JSONValue {
        .string(ISO8601DateFormatter.string(from: self, timeZone: .gmt, formatOptions: [.withInternetDateTime]))
    }
}
