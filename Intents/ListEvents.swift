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
            + "Occurrences overlapping [from, to) are listed; without --to the window is unbounded and "
            + "without both the whole recurrence set is listed (infinite rules are capped). Times are shown "
            + "in --tz; all-day events as YYYY-MM-DD.",
        sideEffect: .none,
        phrases: ["what's on my calendar", "show my events this week"],
        examples: ["--calendar work.ics --from today --to \"in 7 days\"", "--from 2026-12-01 --to 2026-12-02 --tz Europe/Paris --json"])

    @Parameter(description: "An .ics file (repeatable); default: the registered calendars")
    var calendar: [String]

    @Parameter(description: "Start of the window (date or date-time); default: unbounded")
    var from: IntentDate?

    @Parameter(description: "End of the window, exclusive (date or date-time); default: unbounded")
    var to: IntentDate?

    @Parameter(description: "At most this many events")
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
        let calendars = try Calendars.load(calendar, in: context)
        if calendars.isEmpty {
            context.log.warning("no calendars: pass --calendar FILE or register one with 'intent calendars add FILE'")
        }
        let found = occurrences(in: calendars, from: from?.start, to: to?.start, timeZone: context.timeZone)
        let events = found.prefix(limit).map { EventListValue.Event($0, zone: context.timeZone) }
        let more = found.count > limit ? " (first \(limit) of \(found.count))" : ""
        let dialog = events.isEmpty ? "No events." : "\(events.count) event\(events.count == 1 ? "" : "s")\(more)."
        let value = EventListValue(events: Array(events))
        return IntentResult(value: value, dialog: dialog, display: Self.display(found.prefix(limit), dialog, context))
    }

    /// One line per event: `Mon 30 Nov 09:30–09:45  Team standup (Room 4)`.
    static func display(_ events: ArraySlice<EventOccurrence>, _ dialog: String, _ context: RunContext) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = context.timeZone
        var lines = [dialog]
        for e in events {
            f.dateFormat = "EEE d MMM yyyy"
            let day = f.string(from: e.start)
            f.dateFormat = "HH:mm"
            let time = e.allDay ? "all day    " : "\(f.string(from: e.start))–\(f.string(from: e.end))"
            lines.append("  \(day) \(time)  \(e.title)\(e.location.map { " (\($0))" } ?? "")")
        }
        return lines.joined(separator: "\n")
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
        .object([.init("events", .array(of: eventSchema))])
    }
}
