import DueDate
import Foundation
import Routing
import IntentKit
import Store

/// Creates a reminder. A write: shown and confirmed first (`--yes` pre-approves, `--dry-run` previews).
public struct CreateReminder: Intent {
    public static let description = IntentDescription(
        name: "CreateReminder",
        summary: "Create a reminder with a title, an optional due date, notes and a list.",
        discussion: "The due date is ISO-8601 or a phrase (\"tomorrow 9am\", \"next friday\", \"in 3 days\") "
            + "resolved against --now and --tz. A day-only phrase gives a YYYY-MM-DD due date; a timed "
            + "one gives ISO-8601 with offset. Calendar-invalid dates are rejected (exit 65). With a vdir "
            + "backend (`intent reminders use DIR`) it writes one VTODO file per reminder; --alert adds a "
            + "VALARM so phones notify after a sync; a list that does not exist is an error naming those "
            + "that do, unless --create-list. `intent undo` deletes it again.",
        sideEffect: .writesLocal,
        requiresConfirmation: true,
        phrases: ["remind me to …", "add a reminder …"],
        examples: ["\"renew passport\" --due \"next friday 9am\" --yes", "--title \"pay rent\" --due 2026-12-01 --dry-run"])

    @Parameter("title", description: "What to be reminded of", primary: true)
    var title: String?

    @Parameter("text", description: "A free-text command instead of --title/--due, e.g. 'remind me to call Mira friday at 5'")
    var text: String?

    @Parameter("due", description: "When it is due: ISO-8601 or a phrase such as 'friday 5pm'")
    var due: IntentDate?

    @Parameter("notes", description: "Longer notes")
    var notes: String?

    @Parameter("list", description: "The list to put it in (default: Reminders, or a vdir's only list)")
    var list: String?

    @Parameter("alert", description: "Notify this long before the due time: 15m, 1h, 2d, 0")
    var alert: String?

    @Parameter("createList", description: "Create the list when it does not exist (vdir backend)")
    var createList: Bool = false

    public init() {}

    public func validate() throws {
        for (name, value) in [("title", title), ("text", text)] {
            guard let value else { continue }
            if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw IntentError.invalidValue(parameter: name, reason: "it is empty")
            }
            if value.utf8.count > Limits.maxTitleBytes {
                throw IntentError.invalidValue(parameter: name, reason: "longer than \(Limits.maxTitleBytes) bytes")
            }
        }
        if let list, list.trimmingCharacters(in: .whitespaces).isEmpty {
            throw IntentError.invalidValue(parameter: "list", reason: "the list name is empty")
        }
        if let alert { _ = try AlertOffset.minutes(alert) }
    }

    public func perform(in context: RunContext) async throws -> IntentResult<ReminderValue> {
        try await context.store.ensureConfigured()
        var route: RouteSummary?
        var receiptID: String?
        var resolvedTitle = title?.trimmingCharacters(in: .whitespacesAndNewlines)
        var due = self.due
        if resolvedTitle == nil, let text {
            if due == nil, let problem = (context.dates as? DueDateResolver)?.impossibleDate(in: text, now: context.now, timeZone: context.timeZone) {
                throw IntentError.invalidValue(parameter: "text", reason: problem)
            }
            let outcome = try await context.ladder.run(ReminderCommand(text: text, context: context).request(), in: context)
            resolvedTitle = outcome.value.title
            due = due ?? outcome.value.due
            route = outcome.route
            receiptID = outcome.receiptID
        }
        if resolvedTitle?.isEmpty ?? true, context.presence == .interactive {
            resolvedTitle = context.terminal.ask("What to be reminded of: ")?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if resolvedTitle?.isEmpty ?? true, title == nil, text != nil {
            throw IntentError.invalidValue(parameter: "text", reason: "it names no task once its date and request words are removed")
        }
        guard let resolvedTitle, !resolvedTitle.isEmpty else { throw IntentError.missingValue(parameter: "title") }
        let backend = try RemindersBackends.current(for: context)
        let alertMinutes = try alert.map(AlertOffset.minutes)
        if alertMinutes != nil, due == nil {
            throw IntentError.invalidValue(parameter: "alert", reason: "an alert needs a due date (--due)")
        }
        var value = ReminderValue(id: context.ids.make("rem"), title: resolvedTitle,
                                  due: due?.iso, notes: notes, list: try Self.listName(list, backend: backend, createList: createList),
                                  createdAt: StoreTime.string(context.now))
        if let due, (due.end ?? due.start.addingTimeInterval(due.hasTime ? 60 : 86_400)) <= context.now {
            context.log.warning("the due date is in the past; the reminder is created anyway")
        }
        let lines = [
            "Title: \(value.title)",
            "Due:   \(due.map { DueText.describe($0, in: context) } ?? "—")",
            "List:  \(value.list)",
        ] + (notes.map { ["Notes: \($0)"] } ?? []) + (alertMinutes.map { ["Alert: \(AlertOffset.describe($0))"] } ?? [])
        try context.confirmWrite(WritePreview(lines: lines, value: try value.jsonValue(), route: route, receiptID: receiptID),
                                 question: "Create this reminder?")
        let snapshot = try backend.create(ReminderDraft(id: value.id, title: value.title, notes: value.notes, list: value.list,
                                                        due: due, alertMinutes: alertMinutes, runID: context.runID),
                                          createList: createList, now: context.now)
        value.undoID = try ReminderUndo.record(snapshot, action: "create", intent: "CreateReminder", backend: backend, in: context)
        let when = due.map { " for \(DueText.describe($0, in: context))" } ?? ""
        return IntentResult(value: value, dialog: "Reminder created in \(value.list)\(when).", route: route, receiptID: receiptID)
    }
}

extension CreateReminder {
    /// The list a new reminder goes to: the one named (checked against a vdir's lists unless
    /// `createList`), else "Reminders", else a vdir's only list.
    static func listName(_ given: String?, backend: any RemindersBackend, createList: Bool) throws -> String {
        if let given = given?.trimmingCharacters(in: .whitespaces) {
            if backend.kind == "vdir", !createList {
                let lists = try backend.lists()
                guard lists.contains(given) else { throw RemindersError.unknownList(given, existing: lists) }
            }
            return given
        }
        guard backend.kind == "vdir" else { return "Reminders" }
        let lists = try backend.lists()
        if let r = lists.first(where: { $0.lowercased() == "reminders" }) { return r }
        if lists.count == 1 { return lists[0] }
        if createList { return "Reminders" }
        throw RemindersError.unknownList("Reminders", existing: lists)
    }
}

/// The result of `CreateReminder` (and the preview of a dry run).
public struct ReminderValue: IntentValue, Equatable {
    public var id: String
    public var title: String
    public var due: String?
    public var notes: String?
    public var list: String
    public var createdAt: String
    /// `intent undo UNDO_ID` deletes it again (absent in a dry run's preview).
    public var undoID: String?

    enum CodingKeys: String, CodingKey { case id, title, due, notes, list, createdAt = "created_at", undoID = "undo_id" }

    public static var schema: JSONSchema {
        .object([
            .init("id", .string().described("Stable id of the reminder")),
            .init("title", .string()),
            .init("due", .nullable(.string().described("YYYY-MM-DD for a day, ISO-8601 with offset when a time is known"))),
            .init("notes", .nullable(.string())),
            .init("list", .string()),
            .init("created_at", .string(format: "date-time")),
            .init("undo_id", .nullable(.string())),
        ], optional: ["undo_id"])
    }
}

/// Human renderings of due dates: "Fri 4 Dec 2026 17:00 (+01:00)" or "Fri 4 Dec 2026".
enum DueText {
    static func describe(_ date: IntentDate, in context: RunContext) -> String {
        TimeText.format(date.start, date.hasTime ? "EEE d MMM yyyy HH:mm (xxx)" : "EEE d MMM yyyy", zone: context.timeZone)
    }
}
