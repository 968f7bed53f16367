import Foundation

/// How the reader treats malformed content.
public enum ParseMode: String, Sendable, Codable {
    /// The first malformed line, value or structure throws `ICalendarError`.
    case strict
    /// Malformed properties are dropped and reported in `ICalendar.issues` (and on the
    /// component they belong to); everything usable is kept. Only a file with no VCALENDAR throws.
    case tolerant
}

/// A problem found while reading: where it is and why. Never quotes file content.
public struct ICSIssue: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// The property concerned (`DTSTART`, `RRULE`...), when there is one.
    public var property: String?
    public var message: String

    public init(file: String, line: Int, property: String? = nil, message: String) {
        self.file = file; self.line = line; self.property = property; self.message = message
    }

    public var description: String {
        "\(file):\(line): " + (property.map { "\($0): " } ?? "") + message
    }
}

/// Errors of the iCalendar reader (strict mode, unreadable files, files with no calendar).
public enum ICalendarError: Error, CustomStringConvertible, Sendable, Equatable {
    case invalid(ICSIssue)
    case unreadable(file: String, reason: String)

    public var description: String {
        switch self {
        case .invalid(let issue): return issue.description
        case .unreadable(let file, let reason): return "\(file): \(reason)"
        }
    }

    public var issue: ICSIssue? { if case .invalid(let i) = self { return i } else { return nil } }
}

/// A component (`VCALENDAR`, `VEVENT`, `VTIMEZONE`, `STANDARD`, `VALARM`...) with its raw
/// properties in file order, its sub-components and the problems found inside it.
public struct ICSComponent: Sendable, Hashable {
    public var name: String
    public var properties: [ContentLine] = []
    public var children: [ICSComponent] = []
    /// 1-based line of `BEGIN`.
    public var line: Int
    public var issues: [ICSIssue] = []

    public init(name: String, line: Int) { self.name = name; self.line = line }

    public func first(_ name: String) -> ContentLine? { properties.first { $0.name == name } }
    public func all(_ name: String) -> [ContentLine] { properties.filter { $0.name == name } }
}

/// A VEVENT or VTODO read into typed values. Values that failed to parse are nil and the
/// reason is in `issues`.
public struct CalendarComponent: Sendable, Hashable {
    public var kind: String
    public var uid: String?
    public var summary: String?
    public var description: String?
    public var location: String?
    public var organizer: String?
    public var status: String?
    public var categories: [String] = []
    public var sequence = 0
    public var start: ICSTime?
    public var end: ICSTime?
    /// VTODO DUE.
    public var due: ICSTime?
    public var duration: ICSDuration?
    public var rrules: [RecurrenceRule] = []
    public var rdates: [RecurrenceDate] = []
    public var exdates: [ICSTime] = []
    public var recurrenceID: ICSTime?
    /// RECURRENCE-ID carried RANGE=THISANDFUTURE: the change applies to later instances too.
    public var appliesToFuture = false
    public var created: ICSTime?
    public var completed: ICSTime?
    /// True when an RRULE could not be read: the series is not expanded (tolerant mode skips it).
    public var badRecurrence = false
    public var line: Int
    public var issues: [ICSIssue] = []

    public init(kind: String, line: Int) { self.kind = kind; self.line = line }
}

/// One RDATE value. A PERIOD gives the instance its own end or duration.
public struct RecurrenceDate: Sendable, Hashable {
    public var start: ICSTime
    public var end: ICSTime?
    public var duration: ICSDuration?
    public init(start: ICSTime, end: ICSTime? = nil, duration: ICSDuration? = nil) {
        self.start = start; self.end = end; self.duration = duration
    }
}

/// A parsed calendar file.
public struct ICalendar: Sendable {
    public var fileName: String
    /// Top-level VCALENDAR properties (X-WR-TIMEZONE, PRODID...).
    public var properties: [ContentLine]
    /// All components under VCALENDAR in file order, raw.
    public var components: [ICSComponent]
    public var events: [CalendarComponent]
    public var todos: [CalendarComponent]
    /// Every TZID used in the file, resolved.
    public var zones: [String: ResolvedZone]
    /// The calendar's default zone (a valid X-WR-TIMEZONE), if any.
    public var defaultZone: TimeZone?
    /// Warnings (tolerant mode): calendar-level problems and those of every component.
    public var issues: [ICSIssue]

    /// The zone of a value's anchor; nil means floating (use the viewer's zone).
    public func zone(for anchor: TimeAnchor) -> ResolvedZone? {
        switch anchor {
        case .utc: return ResolvedZone(identifier: "UTC", kind: .system(TimeZone(secondsFromGMT: 0)!))
        case .floating: return nil
        case .zoned(let id):
            guard let z = zones[id], z.kind != .floating else { return nil }
            return z
        }
    }
}
