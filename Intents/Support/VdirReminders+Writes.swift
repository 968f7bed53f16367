import Agenda
import Foundation
import IntentKit
import Primitives
import Store

/// Writes of the vdir backend. New items are `<UID>.ics` written to a hidden temporary file in
/// the collection and linked into place; edits rewrite only the lines they change, keep the
/// file name, and are made against the file as it is now: when it changed since it was shown
/// (a sync landed), the edit is redone on the new content if the reminder itself is unchanged,
/// and refused otherwise.
extension VdirReminders {
    func create(_ r: ReminderDraft, createList: Bool, now: Date) throws -> UndoSnapshot {
        let existing = try collections()
        var folder = existing.first { $0.name == r.list }?.folder
            ?? existing.first { ($0.folder as NSString).lastPathComponent == r.list }?.folder
        if folder == nil {
            guard createList else { throw RemindersError.unknownList(r.list, existing: existing.map(\.name)) }
            guard !r.list.contains("/"), !r.list.hasPrefix(".") else {
                throw IntentError.invalidValue(parameter: "list", reason: "a list name cannot contain '/' or start with '.'")
            }
            let path = root + "/" + r.list
            try VdirFiles.makeCollection(path)
            folder = path
        }
        let todo = NewTodo(uid: r.id, title: r.title, notes: r.notes, due: r.due.map(Self.dueValue),
                           alertMinutes: r.alertMinutes)
        let data = VTodoWriter.file(todo, prodID: Self.prodID, now: now)
        let path = folder! + "/" + VTodoWriter.fileName(forUID: r.id)
        try VdirFiles.writeAtomically(data, to: path, exclusive: true)
        return UndoSnapshot(itemID: r.id, beforePath: nil, afterPath: path, before: nil, after: data)
    }

    func complete(_ expected: ReminderRecord, now: Date) throws -> (UndoSnapshot, CompletionOutcome) {
        var outcome = CompletionOutcome.completed
        let snap = try edit(expected, now: now) { data, name in
            if expected.recurring, let advance = VTodoRecurrence.advance(uid: expected.id, in: data, fileName: name,
                                                                          timeZone: timeZone, today: today) {
                let next = try? VTodoReader.read(VTodoEditor.apply(advance, uid: expected.id, to: data, now: now, fileName: name),
                                                 fileName: name, timeZone: timeZone, today: today)
                outcome = .advanced(nextDue: next?.todos.first { $0.uid == expected.id }?.due?.text)
                return advance
            }
            outcome = .completed
            return VTodoChange(set: ["STATUS:COMPLETED", "COMPLETED:" + Self.utc(now), "PERCENT-COMPLETE:100"])
        }
        return (snap, outcome)
    }

    func update(_ expected: ReminderRecord, _ c: ReminderChanges, now: Date) throws -> UndoSnapshot {
        var targetFolder: String?
        if let list = c.list, list != expected.list {
            guard let col = try collections().first(where: { $0.name == list }) else {
                throw RemindersError.unknownList(list, existing: try lists())
            }
            targetFolder = col.folder
        }
        return try edit(expected, now: now, moveTo: targetFolder) { _, _ in
            var change = VTodoChange()
            if let t = c.title { change.set.append("SUMMARY:" + ICSText.escape(t)) }
            if let d = c.due {
                if let d { change.set.append(Self.dueValue(d).line()) } else { change.remove.insert("DUE") }
            }
            if let n = c.notes {
                if let n, !n.isEmpty { change.set.append("DESCRIPTION:" + ICSText.escape(n)) } else { change.remove.insert("DESCRIPTION") }
            }
            if let a = c.alertMinutes {
                change.alarms = a.map { VTodoWriter.alarm(minutes: $0, title: c.title ?? expected.title) } ?? []
            }
            return change
        }
    }

    func delete(_ expected: ReminderRecord, now: Date) throws -> UndoSnapshot {
        guard let path = expected.path else { throw RemindersError.notFound(expected.id) }
        let name = Self.displayPath(path, root: root)
        let data = try current(expected, path: path)
        if let rest = try VTodoEditor.removing(uid: expected.id, from: data, fileName: name) {
            try guardUnchanged(path, data)
            try VdirFiles.writeAtomically(rest, to: path)
            return UndoSnapshot(itemID: expected.id, beforePath: path, afterPath: path, before: data, after: rest)
        }
        try guardUnchanged(path, data)
        try VdirFiles.remove(path)
        return UndoSnapshot(itemID: expected.id, beforePath: path, afterPath: nil, before: data, after: nil)
    }

    func undo(_ e: UndoEntry) throws {
        let now = try e.afterPath.flatMap { try VdirFiles.read($0) }
        guard now.map(SHA256.hex) == e.afterHash else {
            throw RemindersError.undoRefused("the file changed since that \(e.action) (edited or synced since)")
        }
        if let before = e.before, let path = e.beforePath {
            if path == e.afterPath { try VdirFiles.writeAtomically(before, to: path) } else {
                try VdirFiles.writeAtomically(before, to: path, exclusive: true)
                if let after = e.afterPath { try VdirFiles.remove(after) }
            }
        } else if let after = e.afterPath {
            try VdirFiles.remove(after)
        }
    }

    func export(includeCompleted: Bool) throws -> Data {
        let files = try reminders(includeCompleted: includeCompleted, list: nil, limit: Int.max).compactMap(\.path)
        var seen = Set<String>()
        let data = try files.filter { seen.insert($0).inserted }.compactMap { try VdirFiles.read($0) }
        return VTodoBundle.combine(data, prodID: Self.prodID)
    }

    func importItem(uid: String, calendar: Data, list: String, now: Date) throws -> Bool {
        guard try reminder(id: uid) == nil else { return false }
        guard let folder = try collections().first(where: { $0.name == list })?.folder else {
            throw RemindersError.unknownList(list, existing: try lists())
        }
        let path = folder + "/" + VTodoWriter.fileName(forUID: uid)
        if VdirFiles.entry(path) != nil { return false }
        try VdirFiles.writeAtomically(calendar, to: path, exclusive: true)
        return true
    }

    /// Applies `change` to the item's file as it is now and writes it back under the same name
    /// (or the same name in `moveTo`).
    private func edit(_ expected: ReminderRecord, now: Date, moveTo: String? = nil,
                      _ change: (Data, String) throws -> VTodoChange) throws -> UndoSnapshot {
        guard let path = expected.path else { throw RemindersError.notFound(expected.id) }
        let name = Self.displayPath(path, root: root)
        let data = try current(expected, path: path)
        let edited = try VTodoEditor.apply(try change(data, name), uid: expected.id, to: data, now: now, fileName: name)
        try guardUnchanged(path, data)
        if let folder = moveTo {
            let target = folder + "/" + (path as NSString).lastPathComponent
            try VdirFiles.writeAtomically(edited, to: target, exclusive: true)
            try VdirFiles.remove(path)
            return UndoSnapshot(itemID: expected.id, beforePath: path, afterPath: target, before: data, after: edited)
        }
        try VdirFiles.writeAtomically(edited, to: path)
        return UndoSnapshot(itemID: expected.id, beforePath: path, afterPath: path, before: data, after: edited)
    }

    /// The file's bytes now, provided the reminder in it still reads as `expected` (what was
    /// shown and confirmed); a file changed elsewhere in it is fine — the edit is made on it.
    private func current(_ expected: ReminderRecord, path: String) throws -> Data {
        let name = Self.displayPath(path, root: root)
        guard let data = try VdirFiles.read(path) else { throw RemindersError.changedOnDisk(name) }
        let file = try VTodoReader.read(data, fileName: name, timeZone: timeZone, today: today)
        guard let t = file.todos.first(where: { $0.uid == expected.id }) else { throw RemindersError.changedOnDisk(name) }
        let now = Self.record(t, list: expected.list, path: path)
        guard now.title == expected.title, now.due == expected.due, now.notes == expected.notes,
              (now.completedAt == nil) == (expected.completedAt == nil) else { throw RemindersError.changedOnDisk(name) }
        return data
    }

    /// Refuses when the file no longer holds exactly `data` (checked right before the rename).
    private func guardUnchanged(_ path: String, _ data: Data) throws {
        guard try VdirFiles.read(path) == data else { throw RemindersError.changedOnDisk(Self.displayPath(path, root: root)) }
    }

    static func dueValue(_ d: IntentDate) -> DueValue {
        let parts = d.iso.split(separator: "-").compactMap { Int($0) }
        guard !d.hasTime, !d.iso.contains("T"), parts.count == 3 else { return .instant(d.start) }
        return .day(year: parts[0], month: parts[1], day: parts[2])
    }

    static func utc(_ date: Date) -> String {
        let s = ISODates.string(for: date, allDay: false, timeZone: TimeZone(secondsFromGMT: 0)!)
        return s.prefix(19).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "") + "Z"
    }
}
