import Foundation
import IntentKit
import Store

/// Lists reminders: open ones by default, ordered by due date.
public struct ListReminders: Intent {
    public static let description = IntentDescription(
        name: "ListReminders",
        summary: "List open reminders (or all with --include-completed), soonest due first.",
        sideEffect: .none,
        phrases: ["what are my reminders", "show my todo list"],
        examples: ["", "--list Work --json"])

    @Parameter(description: "Only this list")
    var list: String?

    @Parameter(description: "Include completed reminders")
    var includeCompleted: Bool = false

    @Parameter(description: "At most this many")
    var limit: Int = 100

    public init() {}

    public func validate() throws {
        guard (1...10_000).contains(limit) else {
            throw IntentError.invalidValue(parameter: "limit", reason: "must be between 1 and 10000")
        }
    }

    public func perform(in context: RunContext) async throws -> IntentResult<ReminderListValue> {
        try await context.store.ensureConfigured()
        let records = try context.store.reminders(includeCompleted: includeCompleted, list: list, limit: limit)
        let items = records.map(ReminderListValue.Item.init)
        let dialog = items.isEmpty ? "No reminders." : "\(items.count) reminder\(items.count == 1 ? "" : "s")."
        return IntentResult(value: ReminderListValue(reminders: items), dialog: dialog)
    }
}

/// The result of `ListReminders`.
public struct ReminderListValue: IntentValue {
    public struct Item: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var due: String?
        public var list: String
        public var notes: String?
        public var completed: Bool

        init(_ r: ReminderRecord) {
            id = r.id; title = r.title; due = r.due; list = r.list; notes = r.notes
            completed = r.completedAt != nil
        }
    }

    public var reminders: [Item]

    public static var schema: JSONSchema {
        .object([
            .init("reminders", .array(of: .object([
                .init("id", .string()), .init("title", .string()), .init("due", .nullable(.string())),
                .init("list", .string()), .init("notes", .nullable(.string())), .init("completed", .boolean),
            ]))),
        ])
    }
}
