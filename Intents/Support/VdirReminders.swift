import Agenda
import Foundation
import IntentKit
import Store

/// The vdir backend: one VTODO per `.ics` file, each subfolder of `root` a list (todoman's
/// layout, what vdirsyncer syncs with CalDAV). Parsed items are cached in the store keyed by
/// path, size and mtime, so a warm listing of thousands of files costs a `stat` each.
struct VdirReminders: RemindersBackend {
    let root: String
    let store: IntentStore
    let timeZone: TimeZone
    /// Start of the run's day: a recurring item shows its first occurrence not passed by then.
    let today: Date
    let log: any DiagnosticLog

    var kind: String { "vdir" }
    var location: String { root }

    static let prodID = "-//intent//reminders//EN"

    /// A list: its display name and folder.
    struct Collection: Sendable { var name: String; var folder: String }

    func collections() throws -> [Collection] {
        do {
            return try VdirFiles.collections(in: root).map { c in
                let folder = root + "/" + c
                return Collection(name: VdirFiles.displayName(of: folder), folder: folder)
            }
        } catch {
            throw IntentError.configuration("the reminders vdir \(error); set another with 'intent reminders use DIR' or 'intent reminders use --store'")
        }
    }

    func lists() throws -> [String] { try collections().map(\.name) }

    func reminders(includeCompleted: Bool, list: String?, limit: Int) throws -> [ReminderRecord] {
        let all = try scan().filter { (includeCompleted || $0.completedAt == nil) && (list == nil || $0.list == list) }
        return Array(Self.sorted(all).prefix(limit))
    }

    func reminder(id: String) throws -> ReminderRecord? { try scan().first { $0.id == id } }

    /// Soonest due first, undated last; then creation; subtasks right after their parent.
    static func sorted(_ items: [ReminderRecord]) -> [ReminderRecord] {
        let ordered = items.sorted {
            switch ($0.dueAt, $1.dueAt) {
            case let (a?, b?) where a != b: return a < b
            case (nil, _?): return false
            case (_?, nil): return true
            default: return ($0.createdAt, $0.id) < ($1.createdAt, $1.id)
            }
        }
        let ids = Set(ordered.map(\.id))
        var children: [String: [ReminderRecord]] = [:]
        for r in ordered { if let p = r.parentID, p != r.id, ids.contains(p) { children[p, default: []].append(r) } }
        var out: [ReminderRecord] = []
        var placed = Set<String>()
        func place(_ r: ReminderRecord, depth: Int) {
            guard placed.insert(r.id).inserted else { return }
            out.append(r)
            if depth < 8 { for c in children[r.id] ?? [] { place(c, depth: depth + 1) } }
        }
        for r in ordered where !(r.parentID.map { ids.contains($0) && $0 != r.id } ?? false) { place(r, depth: 0) }
        for r in ordered { place(r, depth: 0) }  // cycles of RELATED-TO
        return out
    }

    /// Every item of every list: cached rows for unchanged files, parsed files otherwise. Files
    /// vanishing mid-scan (a sync) are skipped; a broken file costs one warning naming it.
    func scan() throws -> [ReminderRecord] {
        let zone = timeZone.identifier
        let cached = (try? store.cachedTodos(under: root + "/")) ?? [:]
        var seen = Set<String>()
        var upserts: [CachedTodo] = []
        var out: [ReminderRecord] = []
        for c in try collections() {
            let entries = (try? VdirFiles.items(in: c.folder)) ?? []
            for e in entries {
                seen.insert(e.path)
                if let hit = cached[e.path], hit.size == e.size, hit.mtimeNanos == e.mtimeNanos, hit.zone == zone {
                    out.append(Self.record(hit, list: c.name))
                    continue
                }
                guard let (todos, cacheable) = parse(e) else { continue }
                out += todos.map { Self.record($0, list: c.name, path: e.path) }
                if cacheable, todos.count == 1 { upserts.append(Self.cached(todos[0], entry: e, zone: zone)) }
            }
        }
        let removed = cached.keys.filter { !seen.contains($0) }
        do { try store.updateTodoCache(upserts: upserts, removed: removed) } catch {
            log.warning("the vdir cache could not be updated; the next run parses again")
        }
        return out
    }

    /// Reads and parses one file; nil (with a warning for a broken one) when it yields nothing.
    func parse(_ e: VdirEntry) -> (todos: [VTodo], cacheable: Bool)? {
        let name = Self.displayPath(e.path, root: root)
        do {
            guard let data = try VdirFiles.read(e.path) else { return nil }
            let file = try VTodoReader.read(data, fileName: name, timeZone: timeZone, today: today)
            if file.todos.isEmpty, !file.issues.isEmpty { log.warning("skipped \(name): \(file.issues[0].message)") }
            return (file.todos, !file.dependsOnDay)
        } catch {
            log.warning("skipped \(name): \(error)")
            return nil
        }
    }

    /// `StoreTime.string` without a formatter per call (thousands of items per listing):
    /// `2026-12-01T10:35:26.591Z`.
    static func stamp(_ date: Date) -> String {
        let ms = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        let secs = Int((Double(ms) / 1000).rounded(.down))
        let base = ISODates.string(for: Date(timeIntervalSince1970: TimeInterval(secs)), allDay: false, timeZone: utc)
        let frac = ms - secs * 1000
        return base.prefix(19) + "." + String(repeating: "0", count: frac < 10 ? 2 : frac < 100 ? 1 : 0) + String(frac) + "Z"
    }

    static let utc = TimeZone(secondsFromGMT: 0)!

    static func displayPath(_ path: String, root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    static func record(_ t: VTodo, list: String, path: String) -> ReminderRecord {
        var r = ReminderRecord(id: t.uid, title: t.summary, notes: t.notes, list: list, due: t.due?.text,
                               dueAt: t.due?.instant, createdAt: Self.stamp(t.created ?? Date(timeIntervalSince1970: 0)),
                               completedAt: t.isDone ? Self.stamp(t.completedAt ?? t.created ?? Date(timeIntervalSince1970: 0)) : nil)
        r.priority = t.priority; r.parentID = t.parentUID; r.start = t.start?.text
        r.recurring = t.recurring; r.hasAlarm = t.hasAlarm; r.path = path
        return r
    }

    static func cached(_ t: VTodo, entry e: VdirEntry, zone: String) -> CachedTodo {
        var c = CachedTodo(path: e.path, size: e.size, mtimeNanos: e.mtimeNanos, zone: zone, uid: t.uid, summary: t.summary)
        c.notes = t.notes; c.status = t.isDone ? "DONE" : t.status; c.completedAt = t.isDone ? (t.completedAt ?? t.created ?? Date(timeIntervalSince1970: 0)) : nil
        c.percent = t.percentComplete; c.priority = t.priority; c.due = t.due?.text; c.dueAt = t.due?.instant
        c.dueIsDate = t.due?.isDate ?? false; c.start = t.start?.text; c.startAt = t.start?.instant
        c.parent = t.parentUID; c.categories = t.categories.isEmpty ? nil : t.categories.joined(separator: ",")
        c.createdAt = t.created; c.hasAlarm = t.hasAlarm
        return c
    }

    static func record(_ c: CachedTodo, list: String) -> ReminderRecord {
        var r = ReminderRecord(id: c.uid, title: c.summary, notes: c.notes, list: list, due: c.due, dueAt: c.dueAt,
                               createdAt: Self.stamp(c.createdAt ?? Date(timeIntervalSince1970: 0)),
                               completedAt: c.completedAt.map(Self.stamp))
        r.priority = c.priority; r.parentID = c.parent; r.start = c.start; r.hasAlarm = c.hasAlarm; r.path = c.path
        return r
    }
}

extension VdirError: IntentErrorConvertible {
    public var intentError: IntentError {
        switch self {
        case .notADirectory: return .configuration(description)
        case .exists: return .temporary(description)
        case .unreadable, .cannotWrite: return .unavailable(description)
        }
    }
}

extension VTodoEditError: IntentErrorConvertible {
    public var intentError: IntentError { .temporary(description) }
}
