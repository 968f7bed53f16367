import Foundation
import IntentKit
import Store

/// Reverts one of the product's own reminder writes (the App Intents `UndoableIntent`
/// analogue): create → delete, complete → reopen, update → the previous values, delete → the
/// item restored. Refused when the item changed since that write. A write: confirmed first.
public struct UndoWrite: Intent {
    public static let description = IntentDescription(
        name: "UndoWrite",
        summary: "Undo a reminder write (create, complete, update, delete) made by intent; `intent undo`.",
        discussion: "Takes the undo id a write printed (`undo_…`) or the run id; without one, the latest write "
            + "not yet undone. Works on both backends; refused when the reminder changed since (edited, "
            + "completed elsewhere or synced), so nothing is ever overwritten blind.",
        sideEffect: .modifiesLocal,
        requiresConfirmation: true,
        phrases: ["undo that", "take it back"],
        examples: ["--yes", "undo_01jd0000000000000000000000 --dry-run"])

    @Parameter("receipt", description: "The undo id (or run id) of the write; default: the latest", primary: true)
    var receipt: String?

    public init() {}

    public func perform(in context: RunContext) async throws -> IntentResult<UndoValue> {
        try await context.store.ensureConfigured()
        let entry: UndoEntry
        if let receipt = receipt?.trimmingCharacters(in: .whitespaces), !receipt.isEmpty {
            guard let e = try context.store.undoEntry(receipt) else {
                throw IntentError.invalidValue(parameter: "receipt", reason: "no undoable write has that id")
            }
            entry = e
        } else {
            guard let e = try context.store.latestUndo() else {
                throw IntentError.invalidInput("there is no write to undo")
            }
            entry = e
        }
        if let when = entry.undoneAt {
            throw IntentError.invalidValue(parameter: "receipt", reason: "that \(entry.action) was already undone (\(when))")
        }
        let backend = try Self.backend(for: entry, in: context)
        let value = UndoValue(undoID: entry.id, intent: entry.intent, action: entry.action, reminderID: entry.itemID)
        try context.confirmWrite(WritePreview(lines: ["Undo \(entry.intent) of \(entry.createdAt): \(ReminderUndo.describe(entry))"],
                                              value: try value.jsonValue()), question: "Undo it?")
        try backend.undo(entry)
        _ = try context.store.markUndone(entry.id, at: context.now)
        return IntentResult(value: value, dialog: "Undone: \(ReminderUndo.describe(entry)).")
    }

    /// The backend the write went to (even when `intent reminders use` changed since).
    static func backend(for e: UndoEntry, in context: RunContext) throws -> any RemindersBackend {
        guard e.backend == "vdir" else { return StoreReminders(store: context.store) }
        let path = e.afterPath ?? e.beforePath ?? "/"
        let root = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        return VdirReminders(root: root, store: context.store, timeZone: context.timeZone,
                             today: context.calendar.startOfDay(for: context.now), log: context.log)
    }
}

/// The result of `UndoWrite`.
public struct UndoValue: IntentValue, Equatable {
    public var undoID: String
    public var intent: String
    public var action: String
    public var reminderID: String
    enum CodingKeys: String, CodingKey { case undoID = "undo_id", intent, action, reminderID = "reminder_id" }

    public static var schema: JSONSchema {
        .object([.init("undo_id", .string()), .init("intent", .string()), .init("action", .string()),
                 .init("reminder_id", .string())])
    }
}
