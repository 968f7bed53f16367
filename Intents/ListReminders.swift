import Foundation
import IntentKit
import Store

/// Lists reminders: open ones by default, ordered by due date, each with a handle that
/// CompleteReminder, UpdateReminder and DeleteReminder accept.
public struct ListReminders: Intent {
    public static let description = IntentDescription(
        name: "ListReminders",
        summary: "List open reminders (or all with --include-completed), soonest due first, with handles.",
        discussion: "Reads the reminders backend (`intent reminders where`): the built-in store or a vdir. "
            + "Each reminder has a short handle (`k3f9`) to type instead of its id. On a vdir, subtasks "
            + "(RELATED-TO) follow their parent, and a recurring reminder shows its next open occurrence.",
        sideEffect: .none,
        phrases: ["what are my reminders", "show my todo list"],
        examples: ["", "--list Work --json"])

    @Parameter("list", description: "Only this list")
    var list: String?

    @Parameter("includeCompleted", description: "Include completed reminders")
    var includeCompleted: Bool = false

    @Parameter("limit", description: "At most this many")
    var limit: Int = 100

    public init() {}

    public func validate() throws {
        guard (1...10_000).contains(limit) else {
            throw IntentError.invalidValue(parameter: "limit", reason: "must be between 1 and 10000")
        }
    }

    public func perform(in context: RunContext) async throws -> IntentResult<ReminderListValue> {
        try await context.store.ensureConfigured()
        let backend = try RemindersBackends.current(for: context)
        let all = try backend.reminders(includeCompleted: true, list: nil, limit: Int.max)
        let handles = ReminderHandles.handles(for: all.map(\.id))
        let shown = all.filter { (includeCompleted || $0.completedAt == nil) && (list == nil || $0.list == list) }
        let ids = Set(shown.map(\.id))
        let items = shown.prefix(limit).map { r in
            ReminderListValue.Item(r, handle: handles[r.id] ?? r.id, parentShown: r.parentID.map(ids.contains) ?? false)
        }
        let more = shown.count > limit ? " (first \(limit) of \(shown.count))" : ""
        let dialog = items.isEmpty ? "No reminders." : "\(items.count) reminder\(items.count == 1 ? "" : "s")\(more)."
        return IntentResult(value: ReminderListValue(reminders: Array(items)), dialog: dialog,
                            display: Self.display(Array(items), dialog))
    }

    /// `  k3f9  Pay rent — due 2026-12-03 (Home)`, subtasks indented under their parent.
    static func display(_ items: [ReminderListValue.Item], _ dialog: String) -> String {
        var lines = [dialog]
        for i in items {
            let indent = i.parent != nil ? "    ↳ " : "  "
            let mark = i.completed ? "[x] " : ""
            let due = i.due.map { " — due \($0)" } ?? ""
            let extra = [i.recurring ? "repeats" : nil, i.priority.map { "priority \($0)" }].compactMap { $0 }
            lines.append("\(indent)\(i.handle)  \(mark)\(i.title)\(due) (\(([i.list] + extra).joined(separator: ", ")))")
        }
        return lines.joined(separator: "\n")
    }
}

/// The result of `ListReminders`.
public struct ReminderListValue: IntentValue {
    public struct Item: Codable, Sendable, Equatable {
        public var id: String
        /// What to type instead of the id.
        public var handle: String
        public var title: String
        public var due: String?
        public var list: String
        public var notes: String?
        public var completed: Bool
        public var priority: Int?
        /// The parent's id when the parent is in the same listing (a subtask).
        public var parent: String?
        public var recurring: Bool

        init(_ r: ReminderRecord, handle: String, parentShown: Bool) {
            id = r.id; self.handle = handle; title = r.title; due = r.due; list = r.list; notes = r.notes
            completed = r.completedAt != nil; priority = r.priority; parent = parentShown ? r.parentID : nil
            recurring = r.recurring
        }
    }

    public var reminders: [Item]

    public static var schema: JSONSchema {
        .object([
            .init("reminders", .array(of: .object([
                .init("id", .string()), .init("handle", .string().described("Short handle CompleteReminder accepts")),
                .init("title", .string()), .init("due", .nullable(.string())),
                .init("list", .string()), .init("notes", .nullable(.string())), .init("completed", .boolean),
                .init("priority", .nullable(.integer())), .init("parent", .nullable(.string())), .init("recurring", .boolean),
            ], optional: ["due", "notes", "priority", "parent"]))),
        ])
    }
}
