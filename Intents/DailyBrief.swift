import Agenda
import Foundation
import Routing
import IntentKit
import Store

/// A morning note for a day: headline, key points and suggested tasks from calendars,
/// reminders and recent thoughts. Complete without any model.
public struct DailyBrief: Intent {
    public static let description = IntentDescription(
        name: "DailyBrief",
        summary: "A brief for a day: headline, key points and suggested tasks from calendars, reminders and thoughts.",
        discussion: "Reads the day's events (and the next morning's) from --calendar files or the registered "
            + "calendars, open reminders due or overdue on that day (a day-only due date is a calendar day), "
            + "thoughts captured the day before or on it, and thoughts due on it. It changes nothing: a brief "
            + "of another day never changes today's. A registered calendar that cannot be read is skipped with "
            + "a warning (stderr and `warnings`). Tasks are suggested from actionable thoughts and events worth "
            + "preparing for; each cites its source and none repeats an open reminder. Works headless from "
            + "cron with no model.",
        sideEffect: .none,
        phrases: ["what's my day", "morning brief", "what do I have today"],
        examples: ["", "--date tomorrow --calendar work.ics --json"])

    @Parameter("date", description: "The day to brief (default: today in --tz)")
    var date: IntentDate?

    @Parameter("calendar", description: "An .ics file (repeatable); default: the registered calendars")
    var calendar: [String]

    public init() {}

    public func perform(in context: RunContext) async throws -> IntentResult<DailyBriefValue> {
        try await context.store.ensureConfigured()
        let loaded = try Calendars.load(calendar, in: context)
        var facts = try BriefFacts.gather(date: date?.start ?? context.now, calendars: loaded.calendars, context: context)
        facts.warnings = loaded.warnings
        let draft = BriefComposer(facts: facts, dates: context.dates).compose()
        let outcome = try await context.ladder.run(
            BriefModel(facts: facts, deterministic: draft, dates: context.dates).request(), in: context)
        var value = outcome.value
        value.warnings = loaded.warnings
        return IntentResult(value: value, dialog: value.headline, route: outcome.route,
                            receiptID: outcome.receiptID, display: Self.note(value, facts: facts))
    }

    /// "Good morning" before noon, "Good afternoon" until 18:00, "Good evening" after, for
    /// today's brief; a brief of another day is titled with that day.
    static func greeting(_ facts: BriefFacts) -> String {
        let cal = facts.calendar
        guard cal.isDate(facts.day, inSameDayAs: facts.now) else {
            return "Brief for \(TimeText.format(facts.day, "EEEE d MMMM", zone: facts.timeZone))"
        }
        switch cal.component(.hour, from: facts.now) {
        case 4..<12: return "Good morning"
        case 12..<18: return "Good afternoon"
        default: return "Good evening"
        }
    }

    /// The human rendering: reads like a morning note.
    static func note(_ v: DailyBriefValue, facts: BriefFacts) -> String {
        var text = "\(greeting(facts)) — \(v.headline)\n\n"
        text += v.keyPoints.map { "  • \($0)\n" }.joined()
        if !facts.events.isEmpty {
            text += "\nCalendar:\n"
            for e in facts.events {
                let time = EventText.span(e, facts.timeZone)
                text += "  \(time.padding(toLength: max(11, time.count), withPad: " ", startingAt: 0)) \(e.title)\(e.location.map { " (\($0))" } ?? "")\n"
            }
        }
        if !v.reminders.isEmpty {
            text += "\nReminders:\n" + v.reminders.map { r in
                "  \(r.overdue ? "!" : "-") \(r.title)\(r.due.map { " — due \(BriefDue.text($0, zone: facts.timeZone))" } ?? "")\n"
            }.joined()
        }
        if !v.tasks.isEmpty {
            text += "\nSuggested tasks:\n"
            for (i, t) in v.tasks.enumerated() {
                text += "  \(i + 1). \(t.title)\(t.due.map { " (due \(BriefDue.text($0, zone: facts.timeZone)))" } ?? "")\n"
            }
        }
        if !v.warnings.isEmpty {
            text += "\nNot read:\n" + v.warnings.map { "  ! \($0)\n" }.joined()
        }
        return text
    }
}

/// Due dates in the brief's text: a day-only date as that calendar day ("Thu 3 Dec"), a timed
/// one in the run's zone ("Thu 3 Dec 17:00").
enum BriefDue {
    static func text(_ due: String, zone: TimeZone) -> String {
        if !due.contains("T") {
            guard let day = TimeText.parseDay(due) else { return due }
            return TimeText.format(day, "EEE d MMM", zone: .gmt)
        }
        guard let at = TimeText.parseTimestamp(due) ?? ISO8601DateFormatter().date(from: due) else { return due }
        return TimeText.format(at, "EEE d MMM HH:mm", zone: zone)
    }
}
