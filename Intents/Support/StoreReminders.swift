import Agenda
import Foundation
import IntentKit
import Primitives
import Store

/// The built-in backend: the `reminders` table of the store.
struct StoreReminders: RemindersBackend {
    let store: IntentStore
    /// The zone dates of imported items are read in.
    var timeZone = TimeZone(secondsFromGMT: 0)!
    var kind: String { "store" }
    var location: String { store.paths.databaseURL.path }

    func reminders(includeCompleted: Bool, list: String?, limit: Int) throws -> [ReminderRecord] {
        try store.reminders(includeCompleted: includeCompleted, list: list, limit: limit)
    }

    func reminder(id: String) throws -> ReminderRecord? { try store.reminder(id: id) }

    func lists() throws -> [String] { try store.reminderLists() }

    func create(_ r: ReminderDraft, createList: Bool, now: Date) throws -> UndoSnapshot {
        // Lists of the built-in store come into being with their first reminder.
        let record = ReminderRecord(id: r.id, title: r.title, notes: r.notes, list: r.list, due: r.due?.iso,
                                    dueAt: r.due?.start, createdAt: StoreTime.string(now), runID: r.runID,
                                    alertMinutes: r.alertMinutes)
        try store.insertReminder(record)
        return UndoSnapshot(itemID: r.id, before: nil, after: try Self.encode(record))
    }

    func complete(_ expected: ReminderRecord, now: Date) throws -> (UndoSnapshot, CompletionOutcome) {
        let current = try fresh(expected)
        guard try store.completeReminder(id: current.id, at: now) else { throw RemindersError.changedOnDisk("the reminder") }
        let after = try store.reminder(id: current.id)
        return (UndoSnapshot(itemID: current.id, before: try Self.encode(current), after: try after.map(Self.encode)), .completed)
    }

    func update(_ expected: ReminderRecord, _ c: ReminderChanges, now: Date) throws -> UndoSnapshot {
        let current = try fresh(expected)
        var r = current
        if let t = c.title { r.title = t }
        if let d = c.due { r.due = d?.iso; r.dueAt = d?.start }
        if let n = c.notes { r.notes = n }
        if let l = c.list { r.list = l }
        if let a = c.alertMinutes { r.alertMinutes = a }
        try store.saveReminder(r)
        return UndoSnapshot(itemID: r.id, before: try Self.encode(current), after: try Self.encode(r))
    }

    func delete(_ expected: ReminderRecord, now: Date) throws -> UndoSnapshot {
        let current = try fresh(expected)
        guard try store.deleteReminder(id: current.id) else { throw RemindersError.notFound(current.id) }
        return UndoSnapshot(itemID: current.id, before: try Self.encode(current), after: nil)
    }

    func undo(_ e: UndoEntry) throws {
        let now = try store.reminder(id: e.itemID).map(Self.encode)
        guard now.map(SHA256.hex) == e.afterHash else {
            throw RemindersError.undoRefused("the reminder changed since that \(e.action)")
        }
        if let before = e.before { try store.saveReminder(try Self.decode(before)) } else {
            _ = try store.deleteReminder(id: e.itemID)
        }
    }

    func export(includeCompleted: Bool) throws -> Data {
        let files = try store.reminders(includeCompleted: includeCompleted).map { r -> Data in
            let parts = (r.due ?? "").split(separator: "-").compactMap { Int($0) }
            let due: DueValue? = r.due == nil ? nil : (r.due!.contains("T") || parts.count != 3)
                ? r.dueAt.map(DueValue.instant) : .day(year: parts[0], month: parts[1], day: parts[2])
            let created = StoreTime.date(r.createdAt) ?? Date(timeIntervalSince1970: 0)
            var data = VTodoWriter.file(NewTodo(uid: r.id, title: r.title, notes: r.notes, due: due, categories: [r.list],
                                                alertMinutes: r.alertMinutes), prodID: VdirReminders.prodID, now: created)
            if let done = r.completedAt.flatMap(StoreTime.date) {
                let change = VTodoChange(set: ["STATUS:COMPLETED", "COMPLETED:" + VdirReminders.utc(done), "PERCENT-COMPLETE:100"])
                data = (try? VTodoEditor.apply(change, uid: r.id, to: data, now: done, fileName: r.id)) ?? data
            }
            return data
        }
        return VTodoBundle.combine(files, prodID: VdirReminders.prodID)
    }

    func importItem(uid: String, calendar: Data, list: String, now: Date) throws -> Bool {
        guard try store.reminder(id: uid) == nil else { return false }
        let file = try VTodoReader.read(calendar, fileName: uid, timeZone: timeZone, today: now)
        guard let t = file.todos.first(where: { $0.uid == uid }) else { return false }
        var r = VdirReminders.record(t, list: t.categories.first ?? list, path: "")
        r.path = nil
        if t.created == nil { r.createdAt = StoreTime.string(now) }
        r.alertMinutes = VTodoReader.alertMinutes(uid: uid, in: calendar)
        try store.insertReminder(r)
        return true
    }

    /// The stored record, refused when it differs from what the person confirmed.
    private func fresh(_ expected: ReminderRecord) throws -> ReminderRecord {
        guard let current = try store.reminder(id: expected.id) else { throw RemindersError.notFound(expected.id) }
        guard current == expected else { throw RemindersError.changedOnDisk("the reminder") }
        return current
    }

    struct Coded: Codable {
        var id, title, list, createdAt: String
        var notes, due, completedAt, runID: String?
        var dueAt: Double?
        var alertMinutes: Int?
    }

    static func encode(_ r: ReminderRecord) throws -> Data {
        try JSONCoding.encoder(pretty: false).encode(Coded(id: r.id, title: r.title, list: r.list, createdAt: r.createdAt,
                                                           notes: r.notes, due: r.due, completedAt: r.completedAt,
                                                           runID: r.runID, dueAt: r.dueAt?.timeIntervalSince1970,
                                                           alertMinutes: r.alertMinutes))
    }

    static func decode(_ d: Data) throws -> ReminderRecord {
        let c = try JSONDecoder().decode(Coded.self, from: d)
        return ReminderRecord(id: c.id, title: c.title, notes: c.notes, list: c.list, due: c.due,
                              dueAt: c.dueAt.map { Date(timeIntervalSince1970: $0) }, createdAt: c.createdAt,
                              completedAt: c.completedAt, runID: c.runID, alertMinutes: c.alertMinutes)
    }
}
