import Foundation
import IntentKit
import Store

/// A reminder as an intent parameter: its id, its handle (`k3f9`, shown by ListReminders), its
/// exact title, or a unique part of its title — in that order; an exact title beats a part.
/// Open reminders are preferred; a completed one is found only when no open one matches.
public struct ReminderEntity: IntentEntity, Codable {
    public static let kindName = "reminder"
    public var id: String
    public var title: String
    public var displayTitle: String { title }
    /// The reminder as read when resolved: writes check it is still what the person saw.
    var record: ReminderRecord?

    enum CodingKeys: String, CodingKey { case id, title }

    public struct Query: EntityQuery {
        public init() {}
        public func entities(for ids: [String], in context: RunContext) async throws -> [ReminderEntity] {
            try await context.store.ensureConfigured()
            let backend = try RemindersBackends.current(for: context)
            return try ids.compactMap { try backend.reminder(id: $0) }.map(ReminderEntity.init)
        }
        public func entities(matching text: String, in context: RunContext) async throws -> [ReminderEntity] {
            try await context.store.ensureConfigured()
            let all = try RemindersBackends.current(for: context).reminders(includeCompleted: true, list: nil, limit: Int.max)
            return try ReminderEntity.candidates(text, in: all).map(ReminderEntity.init)
        }
    }

    init(_ r: ReminderRecord) {
        id = r.id
        title = r.title
        record = r
    }

    public static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> ReminderEntity {
        let text: String
        switch input {
        case .text(let s): text = s
        case .json(.string(let s)): text = s
        default: throw ParameterProblem("expected the id, handle or title of a reminder")
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { throw ParameterProblem("it is empty") }
        try await context.store.ensureConfigured()
        let all = try RemindersBackends.current(for: context).reminders(includeCompleted: true, list: nil, limit: Int.max)
        let found = try candidates(key, in: all)
        switch found.count {
        case 1: return ReminderEntity(found[0])
        case 0: throw ParameterProblem("no reminder matches (ListReminders shows ids and handles)")
        default:
            let handles = ReminderHandles.handles(for: all.map(\.id))
            let lines = found.prefix(10).map { r in
                "\(handles[r.id] ?? r.id)  \(r.title) (\(r.list)\(r.due.map { ", due \($0)" } ?? "")\(r.completedAt == nil ? "" : ", done"))"
            }
            throw ParameterProblem("\(found.count) reminders match; give a handle:\n  " + lines.joined(separator: "\n  ")
                                   + (found.count > 10 ? "\n  …" : ""))
        }
    }

    /// The matches of `key` by the precedence above (all of the first kind that matches).
    static func candidates(_ key: String, in all: [ReminderRecord]) throws -> [ReminderRecord] {
        if let byID = all.first(where: { $0.id == key }) { return [byID] }
        let byHandle = ReminderHandles.matching(key, in: all)
        if !byHandle.isEmpty { return byHandle }
        let lower = key.lowercased()
        let open = all.filter { $0.completedAt == nil }
        let done = all.filter { $0.completedAt != nil }
        for pool in [open, done] {
            let exact = pool.filter { $0.title.lowercased() == lower }
            if !exact.isEmpty { return exact }
            let part = pool.filter { $0.title.lowercased().contains(lower) }
            if !part.isEmpty { return part }
        }
        return []
    }
}
