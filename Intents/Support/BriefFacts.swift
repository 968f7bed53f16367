import Agenda
import Foundation
import IntentKit
import Store

/// Everything a daily brief is made from, gathered once: the day's window, events, reminders
/// and recent thoughts. Pure data, so the composer can be tested without a store.
struct BriefFacts: Sendable {
    var day: Date
    var dayEnd: Date
    /// The run's clock.
    var now: Date
    var timeZone: TimeZone
    /// Events of the day, then of the next morning (until `BriefRules.nextMorningHour`).
    var events: [EventOccurrence]
    var nextMorning: [EventOccurrence]
    /// Open reminders due by the end of the day (overdue ones included).
    var dueReminders: [ReminderRecord]
    /// All open reminders (for de-duplicating suggested tasks).
    var openReminders: [ReminderRecord]
    /// Thoughts captured the day before the brief's day or on it, newest first, then those
    /// due on the brief's day (captured earlier).
    var thoughts: [ThoughtRecord]
    /// Ids of `thoughts` that are there because they are due on the brief's day.
    var dueThoughtIDs: Set<String> = []
    /// Registered calendars that were skipped, one sentence each.
    var warnings: [String] = []

    /// The brief's day as `YYYY-MM-DD` in the run's zone.
    var dayString: String { ISODates.string(for: day, allDay: true, timeZone: timeZone) }

    var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = timeZone
        c.locale = Locale(identifier: "en_US_POSIX")
        return c
    }

    /// Overdue on the brief's day: a day-only due date is a calendar day (overdue once that day
    /// has passed wherever the brief is read); a timed one is an instant, overdue once it passed
    /// (before the day's start for a brief of a later day).
    func isOverdue(_ r: ReminderRecord) -> Bool {
        if let text = r.due, !text.contains("T") { return text < dayString }
        guard let due = r.dueAt else { return false }
        return due < max(now, day)
    }

    /// Due by the end of the brief's day (overdue ones included), by the same rules.
    func isDue(_ r: ReminderRecord) -> Bool {
        if let text = r.due, !text.contains("T") { return text <= dayString }
        return r.dueAt.map { $0 < dayEnd } ?? false
    }
}

/// The numbers that shape a brief.
enum BriefRules {
    static let nextMorningHour = 12
    static let maxTasks = 5
    static let maxThoughts = 20
    /// Thoughts captured this many days before the brief's day (and on it) appear in it.
    static let thoughtLookbackDays = 1
    /// A headline has at most this many characters (the result schema, the model's reply schema
    /// and the composer all read it).
    static let headlineLimit = 119
    /// Event words that suggest preparing.
    static let prepWords: Set<String> = ["meeting", "review", "interview", "presentation", "demo", "appointment",
                                         "exam", "pitch", "workshop", "call", "1:1", "sync", "planning", "talk"]
    /// Words that make a thought actionable.
    static let actionWords: Set<String> = ["call", "email", "buy", "pay", "send", "book", "schedule", "renew", "fix",
                                           "write", "review", "prepare", "ask", "pick", "order", "submit", "finish",
                                           "read", "clean", "cancel", "check", "update", "reply", "text", "contact",
                                           "plan", "file", "return", "print", "sign", "todo", "remember", "get"]
}

extension BriefFacts {
    /// Reads the facts for `date` from the calendars and the store.
    static func gather(date: Date, calendars: [ICalendar], context: RunContext) throws -> BriefFacts {
        var cal = context.calendar
        cal.timeZone = context.timeZone
        let day = cal.startOfDay(for: date)
        let dayEnd = cal.date(byAdding: .day, value: 1, to: day)!
        let morningEnd = cal.date(byAdding: .hour, value: BriefRules.nextMorningHour, to: dayEnd)!
        let all = occurrences(in: calendars, from: day, to: morningEnd, timeZone: context.timeZone)
            .filter { $0.status != "CANCELLED" }
        let store = context.store
        let open = try RemindersBackends.current(for: context).reminders(includeCompleted: false, list: nil, limit: 10_000)
        // Only the brief's day decides what it shows: no earlier run (a preview of another day
        // included) changes it.
        let since = cal.date(byAdding: .day, value: -BriefRules.thoughtLookbackDays, to: day)!
        var thoughts = try store.thoughts(since: since, until: dayEnd, limit: BriefRules.maxThoughts)
        let dayText = ISODates.string(for: day, allDay: true, timeZone: context.timeZone)
        let dueThoughts = try store.thoughts(dueOn: dayText, start: day, end: dayEnd, limit: BriefRules.maxThoughts)
            .filter { t in !thoughts.contains { $0.id == t.id } }
        thoughts += dueThoughts.prefix(max(0, BriefRules.maxThoughts - thoughts.count))
        var facts = BriefFacts(day: day, dayEnd: dayEnd, now: context.now, timeZone: context.timeZone,
                          events: all.filter { $0.start < dayEnd },
                          nextMorning: all.filter { $0.start >= dayEnd && !$0.allDay },
                          dueReminders: [], openReminders: open, thoughts: thoughts,
                          dueThoughtIDs: Set(dueThoughts.map(\.id)))
        facts.dueReminders = open.filter(facts.isDue)
        return facts
    }
}
