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
    /// Thoughts captured since the last brief, newest first.
    var thoughts: [ThoughtRecord]

    var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = timeZone
        c.locale = Locale(identifier: "en_US_POSIX")
        return c
    }

    func isOverdue(_ r: ReminderRecord) -> Bool {
        guard let due = r.dueAt else { return false }
        let timed = r.due?.contains("T") ?? false
        return timed ? due < max(now, day) : due < day
    }
}

/// The numbers that shape a brief.
enum BriefRules {
    static let nextMorningHour = 12
    static let maxTasks = 5
    static let maxThoughts = 20
    static let thoughtLookbackDays = 7
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
        let due = open.filter { r in r.dueAt.map { $0 < dayEnd } ?? false }
        let lookback = cal.date(byAdding: .day, value: -BriefRules.thoughtLookbackDays, to: context.now)!
        let lastBrief = try store.runs(limit: 1, intent: "DailyBrief", status: "completed").first
            .flatMap { StoreTime.date($0.startedAt) }
        let since = max(lookback, lastBrief ?? lookback)
        let thoughts = try store.thoughts(since: since, limit: BriefRules.maxThoughts)
        return BriefFacts(day: day, dayEnd: dayEnd, now: context.now, timeZone: context.timeZone,
                          events: all.filter { $0.start < dayEnd },
                          nextMorning: all.filter { $0.start >= dayEnd && !$0.allDay },
                          dueReminders: due, openReminders: open, thoughts: thoughts)
    }
}
