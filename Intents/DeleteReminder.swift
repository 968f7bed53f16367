import Foundation
import IntentKit
import Store

/// Deletes a reminder. A write: confirmed first; `intent undo` restores it.
public struct DeleteReminder: Intent {
    public static let description = IntentDescription(
        name: "DeleteReminder",
        summary: "Delete a reminder, by id, handle, exact title or a unique part of its title.",
        discussion: "On a vdir the item's file is removed (or, when the file holds other components, only "
            + "its VTODO). `intent undo` restores it exactly as it was.",
        sideEffect: .modifiesLocal,
        requiresConfirmation: true,
        phrases: ["delete the reminder …", "forget about …"],
        examples: ["k3f9 --yes", "\"old task\" --dry-run"])

    @Parameter("reminder", description: "The reminder: its id, handle, title or a unique part of its title", primary: true, inputAliases: ["id"])
    var reminder: ReminderEntity

    public init() {}

    public func perform(in context: RunContext) async throws -> IntentResult<DeletedValue> {
        try await context.store.ensureConfigured()
        let backend = try RemindersBackends.current(for: context)
        guard let record = try reminder.record ?? backend.reminder(id: reminder.id) else { throw RemindersError.notFound(reminder.id) }
        var value = DeletedValue(id: record.id, title: record.title, list: record.list)
        try context.confirmWrite(WritePreview(lines: ["Delete: \(record.title) (\(record.list))"], value: try value.jsonValue()),
                                 question: "Delete this reminder?")
        let snapshot = try backend.delete(record, now: context.now)
        value.undoID = try ReminderUndo.record(snapshot, action: "delete", intent: "DeleteReminder", backend: backend, in: context)
        return IntentResult(value: value, dialog: "Reminder deleted (intent undo restores it).")
    }
}

/// The result of `DeleteReminder`.
public struct DeletedValue: IntentValue, Equatable {
    public var id: String
    public var title: String
    public var list: String
    public var undoID: String?
    enum CodingKeys: String, CodingKey { case id, title, list, undoID = "undo_id" }

    public static var schema: JSONSchema {
        .object([.init("id", .string()), .init("title", .string()), .init("list", .string()),
                 .init("undo_id", .nullable(.string()))], optional: ["undo_id"])
    }
}
