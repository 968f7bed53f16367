import Agenda
import Foundation
import IntentKit
import Store

/// Lists calendar events (recurrences expanded) overlapping a window.
public struct ListEvents: Intent {
    public static let description = IntentDescription(
        name: "ListEvents",
        summary: "List calendar events (recurrences expanded) overlapping a window.",
        discussion: "Reads .ics files given with --calendar, or those registered with 'intent calendars add'. "
            + "Occurrences overlapping [from, to) are listed; without --from and --to the window is today "
            + "and the next 7 days; with only one of them the other side is unbounded (infinite rules are "
            + "capped). Times are shown in the run's zone; all-day events as YYYY-MM-DD. A registered "
            + "calendar that is missing or unreadable is skipped with a warning.",
        sideEffect: .none,
        phrases: ["what's on my calendar", "show my events this week"],
        examples: ["--calendar work.ics --from today --to \"in 7 days\"", "--from 2026-12-01 --to 2026-12-02 --tz Europe/Paris --json"])

    @Parameter("calendar", description: "An .ics file (repeatable); default: the registered calendars")
    var calendar: [String]

    @Parameter("from", description: "Start of the window (date or date-time); default: today (unbounded when only --to is given)")
    var from: IntentDate?

    @Parameter("to", description: "End of the window, exclusive (date or date-time); default: 7 days after today (unbounded when only --from is given)")
    var to: IntentDate?

    @Parameter("limit", description: "At most this many events")
    var limit: Int = 10_000

    public init() {}

    public func validate() throws {
        if let from, let to, to.start < from.start {
            throw IntentError.invalidValue(parameter: "to", reason: "the window ends before it starts")
        }
        guard limit > 0 else { throw IntentError.invalidValue(parameter: "limit", reason: "must be positive") }
    }

    public func perform(in context: RunContext) async throws -> IntentResult<EventListValue> {
        try await context.store.ensureConfigured()
        let loaded = try Calendars.load(calendar, in: context)
        let calendars = loaded.calendars
        if calendars.isEmpty && loaded.warnings.isEmpty {
            context.log.warning("no calendars: pass --calendar FILE or register one with 'intent calendars add FILE'")
        }
        var window = (from: from?.start, to: to?.start)
        if from == nil && to == nil {
            let today = context.calendar.startOfDay(for: context.now)
            window = (today, context.calendar.date(byAdding: .day, value: Self.defaultDays + 1, to: today))
        }
        let found = occurrences(in: calendars, from: window.from, to: window.to, timeZone: context.timeZone)
        let events = found.prefix(limit).map { EventListValue.Event($0, zone: context.timeZone) }
        let more = found.count > limit ? " (first \(limit) of \(found.count))" : ""
        let dialog = events.isEmpty ? "No events." : "\(events.count) event\(events.count == 1 ? "" : "s")\(more)."
        let value = EventListValue(events: Array(events), warnings: loaded.warnings)
        return IntentResult(value: value, dialog: dialog, display: Self.display(found.prefix(limit), dialog, context))
    }

    /// Days after today that the default window covers.
    static let defaultDays = 7

    /// One line per event: `Mon 30 Nov 2026 09:30–09:45  Team standup (Room 4)`; an event that
    /// ends on a later day shows that day (`Fri 4 Dec 2026 22:00–Sat 5 Dec 02:00`).
    static func display(_ events: ArraySlice<EventOccurrence>, _ dialog: String, _ context: RunContext) -> String {
        var lines = [dialog]
        for e in events {
            let day = EventText.format(e.start, "EEE d MMM yyyy", context.timeZone, allDay: e.allDay)
            lines.append("  \(day) \(EventText.span(e, context.timeZone))  \(e.title)\(e.location.map { " (\($0))" } ?? "")")
        }
        return lines.joined(separator: "\n")
    }
}

/// How an event's time reads in a list.
enum EventText {
    /// `09:30–09:45`, `22:00–Sat 5 Dec 02:00`, `all day`, `all day until Thu 3 Dec` (inclusive).
    static func span(_ e: EventOccurrence, _ zone: TimeZone) -> String {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        if e.allDay {
            let lastDay = e.end.addingTimeInterval(-1)
            guard !cal.isDate(lastDay, inSameDayAs: e.start), lastDay > e.start else { return "all day" }
            return "all day until \(format(lastDay, "EEE d MMM", zone, allDay: true))"
        }
        let start = format(e.start, "HH:mm", zone, allDay: false)
        if cal.isDate(e.end, inSameDayAs: e.start) || e.end <= e.start {
            return "\(start)–\(format(e.end, "HH:mm", zone, allDay: false))"
        }
        return "\(start)–\(format(e.end, "EEE d MMM HH:mm", zone, allDay: false))"
    }

    /// All-day occurrences start at midnight in the listing zone, so one zone serves both.
    static func format(_ date: Date, _ pattern: String, _ zone: TimeZone, allDay: Bool) -> String {
        TimeText.format(date, pattern, zone: zone)
    }
}

/// The result of `ListEvents`.
public struct EventListValue: IntentValue {
    public struct Event: Codable, Sendable, Equatable {
        public var uid: String
        public var title: String
        public var start: String
        public var end: String
        public var allDay: Bool
        public var location: String?
        public var description: String?
        public var organizer: String?

        enum CodingKeys: String, CodingKey { case uid, title, start, end, location, description, organizer, allDay = "all_day" }

        init(_ o: EventOccurrence, zone: TimeZone) {
            uid = o.uid
            title = o.title
            start = ISODates.string(for: o.start, allDay: o.allDay, timeZone: zone)
            end = ISODates.string(for: o.end, allDay: o.allDay, timeZone: zone)
            allDay = o.allDay
            location = o.location
            description = o.description
            organizer = o.organizer
        }
    }

    public var events: [Event]
    /// Calendars that could not be read (named), so the list may be incomplete.
    public var warnings: [String] = []

    public init(events: [Event], warnings: [String] = []) { self.events = events; self.warnings = warnings }

    enum CodingKeys: String, CodingKey { case events, warnings }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        events = try c.decode([Event].self, forKey: .events)
        warnings = try c.decodeIfPresent([String].self, forKey: .warnings) ?? []
    }

    static var eventSchema: JSONSchema {
        .object([
            .init("uid", .string()), .init("title", .string()),
            .init("start", .string().described("ISO-8601 with offset; YYYY-MM-DD for all-day events")),
            .init("end", .string().described("exclusive end; ISO-8601 with offset, YYYY-MM-DD for all-day events")),
            .init("all_day", .boolean), .init("location", .nullable(.string())), .init("description", .nullable(.string())),
            .init("organizer", .nullable(.string())),
        ])
    }

    public static var schema: JSONSchema {
        .object([.init("events", .array(of: eventSchema)),
                 .init("warnings", .array(of: .string().described("a registered calendar that was skipped, and why")))])
    }
}
