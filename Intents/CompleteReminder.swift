import Foundation
import IntentKit
import Store

/// A reminder as an intent parameter: by id, or by a unique part of its title.
public struct ReminderEntity: IntentEntity, Codable {
    public static let kindName = "reminder"
    public var id: String
    public var title: String
    public var displayTitle: String { title }

    public struct Query: EntityQuery {
        public init() {}
        public func entities(for ids: [String], in context: RunContext) async throws -> [ReminderEntity] {
            try await context.store.ensureConfigured()
            return try ids.compactMap { try context.store.reminder(id: $0) }.map(ReminderEntity.init)
        }
        public func entities(matching text: String, in context: RunContext) async throws -> [ReminderEntity] {
            try await context.store.ensureConfigured()
            return try context.store.reminders(matching: text).map(ReminderEntity.init)
        }
    }

    init(_ r: ReminderRecord) {
        id = r.id
        title = r.title
    }
}

/// Marks a reminder as done. A write: confirmed first.
public struct CompleteReminder: Intent {
    public static let description = IntentDescription(
        name: "CompleteReminder",
        summary: "Mark a reminder as done, by id or by a unique part of its title.",
        sideEffect: .writesLocal,
        requiresConfirmation: true,
        phrases: ["I did …", "mark … as done"],
        examples: ["rem_01jd0000000000000000000000 --yes", "\"passport\" --yes"])

    @Parameter(description: "The reminder: its id or a unique part of its title", primary: true, inputAliases: ["id"])
    var reminder: ReminderEntity

    public init() {}

    public func perform(in context: RunContext) async throws -> IntentResult<CompletedValue> {
        try await context.store.ensureConfigured()
        let value = CompletedValue(id: reminder.id, title: reminder.title, completedAt: StoreTime.string(context.now))
        try context.confirmWrite(WritePreview(lines: ["Complete: \(reminder.title)"], value: try value.jsonValue()),
                                 question: "Mark it done?")
        guard try context.store.completeReminder(id: reminder.id, at: context.now) else {
            throw IntentError.invalidValue(parameter: "reminder", reason: "it is already completed")
        }
        return IntentResult(value: value, dialog: "Marked as done.")
    }
}

/// The result of `CompleteReminder`.
public struct CompletedValue: IntentValue, Equatable {
    public var id: String
    public var title: String
    public var completedAt: String
    enum CodingKeys: String, CodingKey { case id, title, completedAt = "completed_at" }

    public static var schema: JSONSchema {
        .object([.init("id", .string()), .init("title", .string()), .init("completed_at", .string(format: "date-time"))])
    }
}
