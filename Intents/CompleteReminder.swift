import Foundation
import IntentKit
import Store

/// Marks a reminder as done. A write: confirmed first. On a vdir the file is edited in place;
/// a recurring reminder completes its current occurrence and moves on to the next one.
public struct CompleteReminder: Intent {
    public static let description = IntentDescription(
        name: "CompleteReminder",
        summary: "Mark a reminder as done, by id, handle, exact title or a unique part of its title.",
        discussion: "ListReminders shows each reminder's handle. An exact title beats a part of one; when "
            + "several match, they are listed with their handles. A recurring reminder (RRULE) completes its "
            + "current occurrence: its due date moves to the next occurrence and it stays open. "
            + "`intent undo` reopens it.",
        sideEffect: .modifiesLocal,
        requiresConfirmation: true,
        phrases: ["I did …", "mark … as done"],
        examples: ["k3f9 --yes", "\"passport\" --yes"])

    @Parameter("reminder", description: "The reminder: its id, handle, title or a unique part of its title", primary: true, inputAliases: ["id"])
    var reminder: ReminderEntity

    public init() {}

    public func perform(in context: RunContext) async throws -> IntentResult<CompletedValue> {
        try await context.store.ensureConfigured()
        let backend = try RemindersBackends.current(for: context)
        guard let record = try reminder.record ?? backend.reminder(id: reminder.id) else {
            throw RemindersError.notFound(reminder.id)
        }
        if let done = record.completedAt {
            throw IntentError.invalidValue(parameter: "reminder", reason: "'\(record.title)' is already completed (\(done))")
        }
        var value = CompletedValue(id: record.id, title: record.title, completedAt: StoreTime.string(context.now))
        let what = record.recurring ? "Complete this occurrence of: \(record.title)" : "Complete: \(record.title)"
        try context.confirmWrite(WritePreview(lines: [what], value: try value.jsonValue()), question: "Mark it done?")
        let (snapshot, outcome) = try backend.complete(record, now: context.now)
        value.undoID = try ReminderUndo.record(snapshot, action: "complete", intent: "CompleteReminder", backend: backend, in: context)
        switch outcome {
        case .completed:
            return IntentResult(value: value, dialog: "Marked as done.")
        case .advanced(let next):
            value.nextDue = next
            return IntentResult(value: value, dialog: "This occurrence is done; next due \(next ?? "—").")
        }
    }
}

/// The result of `CompleteReminder`.
public struct CompletedValue: IntentValue, Equatable {
    public var id: String
    public var title: String
    public var completedAt: String
    /// A recurring reminder's next due date after this completion.
    public var nextDue: String?
    /// `intent undo UNDO_ID` reopens it.
    public var undoID: String?
    enum CodingKeys: String, CodingKey { case id, title, completedAt = "completed_at", nextDue = "next_due", undoID = "undo_id" }

    public static var schema: JSONSchema {
        .object([.init("id", .string()), .init("title", .string()), .init("completed_at", .string(format: "date-time")),
                 .init("next_due", .nullable(.string())), .init("undo_id", .nullable(.string()))],
                optional: ["next_due", "undo_id"])
    }
}
