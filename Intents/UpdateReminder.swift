import Foundation
import IntentKit
import Store

/// Changes a reminder's title, due date, notes, list or alert. A write: confirmed first.
public struct UpdateReminder: Intent {
    public static let description = IntentDescription(
        name: "UpdateReminder",
        summary: "Change a reminder's title, due date, notes, list or alert.",
        discussion: "On a vdir the file is edited in place: only the changed properties are rewritten, "
            + "SEQUENCE and LAST-MODIFIED are bumped, everything else stays byte for byte; a new list moves "
            + "the file (same name) to that collection. `--due none`, `--notes \"\"` and `--alert none` remove. "
            + "`intent undo` puts the previous values back.",
        sideEffect: .modifiesLocal,
        requiresConfirmation: true,
        phrases: ["move … to friday", "rename the reminder …"],
        examples: ["k3f9 --due \"friday 9am\" --yes", "\"passport\" --title \"Renew passport\" --list Admin --yes"])

    @Parameter("reminder", description: "The reminder: its id, handle, title or a unique part of its title", primary: true, inputAliases: ["id"])
    var reminder: ReminderEntity

    @Parameter("title", description: "The new title")
    var title: String?

    @Parameter("due", description: "The new due date (ISO-8601 or a phrase), or 'none'")
    var due: String?

    @Parameter("notes", description: "The new notes (empty removes them)")
    var notes: String?

    @Parameter("list", description: "Move it to this list")
    var list: String?

    @Parameter("alert", description: "Notify this long before the due time (15m, 1h, 2d, 0), or 'none'")
    var alert: String?

    public init() {}

    public func validate() throws {
        if title == nil, due == nil, notes == nil, list == nil, alert == nil {
            throw IntentError.usage("nothing to change: give --title, --due, --notes, --list or --alert")
        }
        if let title, title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw IntentError.invalidValue(parameter: "title", reason: "it is empty")
        }
        if let title, title.utf8.count > Limits.maxTitleBytes {
            throw IntentError.invalidValue(parameter: "title", reason: "longer than \(Limits.maxTitleBytes) bytes")
        }
        if let alert, alert.lowercased() != "none" { _ = try AlertOffset.minutes(alert) }
    }

    public func perform(in context: RunContext) async throws -> IntentResult<UpdatedValue> {
        try await context.store.ensureConfigured()
        let backend = try RemindersBackends.current(for: context)
        guard let record = try reminder.record ?? backend.reminder(id: reminder.id) else { throw RemindersError.notFound(reminder.id) }
        var changes = ReminderChanges()
        var lines: [String] = ["Reminder: \(record.title)"]
        if let t = title?.trimmingCharacters(in: .whitespacesAndNewlines) { changes.title = t; lines.append("Title: \(t)") }
        if let d = due {
            if d.lowercased() == "none" { changes.due = .some(nil); lines.append("Due:   — (removed)") } else {
                let resolved: IntentDate
                do { resolved = try context.dates.resolve(d, now: context.now, timeZone: context.timeZone) } catch let p as ParameterProblem {
                    throw IntentError.invalidValue(parameter: "due", reason: p.reason)
                }
                changes.due = .some(resolved)
                lines.append("Due:   \(DueText.describe(resolved, in: context))")
            }
        }
        if let n = notes { changes.notes = .some(n.isEmpty ? nil : n); lines.append(n.isEmpty ? "Notes: — (removed)" : "Notes: \(n)") }
        if let l = list?.trimmingCharacters(in: .whitespaces), l != record.list {
            guard try backend.kind != "vdir" || backend.lists().contains(l) else {
                throw RemindersError.unknownList(l, existing: try backend.lists())
            }
            changes.list = l
            lines.append("List:  \(l)")
        }
        if let a = alert {
            let minutes = a.lowercased() == "none" ? nil : try AlertOffset.minutes(a)
            if minutes != nil, record.due == nil, changes.due == nil {
                throw IntentError.invalidValue(parameter: "alert", reason: "an alert needs a due date (--due)")
            }
            changes.alertMinutes = .some(minutes)
            lines.append("Alert: \(minutes.map(AlertOffset.describe) ?? "— (removed)")")
        }
        var value = UpdatedValue(id: record.id, title: changes.title ?? record.title,
                                 due: changes.due.map { $0?.iso } ?? record.due,
                                 notes: changes.notes ?? record.notes, list: changes.list ?? record.list)
        try context.confirmWrite(WritePreview(lines: lines, value: try value.jsonValue()), question: "Update this reminder?")
        let snapshot = try backend.update(record, changes, now: context.now)
        value.undoID = try ReminderUndo.record(snapshot, action: "update", intent: "UpdateReminder", backend: backend, in: context)
        return IntentResult(value: value, dialog: "Reminder updated.")
    }
}

/// The result of `UpdateReminder`: the reminder as it now is.
public struct UpdatedValue: IntentValue, Equatable {
    public var id: String
    public var title: String
    public var due: String?
    public var notes: String?
    public var list: String
    public var undoID: String?
    enum CodingKeys: String, CodingKey { case id, title, due, notes, list, undoID = "undo_id" }

    public static var schema: JSONSchema {
        .object([.init("id", .string()), .init("title", .string()), .init("due", .nullable(.string())),
                 .init("notes", .nullable(.string())), .init("list", .string()), .init("undo_id", .nullable(.string()))],
                optional: ["due", "notes", "undo_id"])
    }
}
