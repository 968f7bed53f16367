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
            + "calendars, open reminders due or overdue, and thoughts captured since the last brief. Tasks "
            + "are suggested from actionable thoughts and events worth preparing for; each cites its source "
            + "and none repeats an open reminder. Works headless from cron with no model.",
        sideEffect: .none,
        phrases: ["what's my day", "morning brief", "what do I have today"],
        examples: ["", "--date tomorrow --calendar work.ics --json"])

    @Parameter(description: "The day to brief (default: today in --tz)")
    var date: IntentDate?

    @Parameter(description: "An .ics file (repeatable); default: the registered calendars")
    var calendar: [String]

    public init() {}

    public func perform(in context: RunContext) async throws -> IntentResult<DailyBriefValue> {
        try await context.store.ensureConfigured()
        let calendars = try Calendars.load(calendar, in: context)
        let facts = try BriefFacts.gather(date: date?.start ?? context.now, calendars: calendars, context: context)
        let draft = BriefComposer(facts: facts, dates: context.dates).compose()
        let outcome = try await context.ladder.run(
            BriefModel(facts: facts, deterministic: draft, dates: context.dates).request(), in: context)
        let value = outcome.value
        return IntentResult(value: value, dialog: value.headline, route: outcome.route,
                            receiptID: outcome.receiptID, display: Self.note(value))
    }

    /// The human rendering: reads like a morning note.
    static func note(_ v: DailyBriefValue) -> String {
        var text = "Good morning — \(v.headline)\n\n"
        text += v.keyPoints.map { "  • \($0)\n" }.joined()
        if !v.events.isEmpty {
            text += "\nCalendar:\n"
            for e in v.events {
                let time = e.allDay ? "all day" : String(e.start.dropFirst(11).prefix(5)) + "–" + String(e.end.dropFirst(11).prefix(5))
                text += "  \(time.padding(toLength: 11, withPad: " ", startingAt: 0)) \(e.title)\(e.location.map { " (\($0))" } ?? "")\n"
            }
        }
        if !v.reminders.isEmpty {
            text += "\nReminders:\n" + v.reminders.map { "  \($0.overdue ? "!" : "-") \($0.title)\($0.due.map { " — due \($0)" } ?? "")\n" }.joined()
        }
        if !v.tasks.isEmpty {
            text += "\nSuggested tasks:\n"
            for (i, t) in v.tasks.enumerated() {
                text += "  \(i + 1). \(t.title)\(t.due.map { " (due \($0))" } ?? "")\n"
            }
        }
        return text
    }
}
