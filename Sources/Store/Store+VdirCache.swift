import Foundation

/// One parsed vdir item as cached: valid while the file keeps its size and mtime and the
/// reader's zone is the same (dates and floating times are read in it).
public struct CachedTodo: Sendable, Equatable {
    public var path: String
    public var size: Int
    public var mtimeNanos: Int64
    public var zone: String
    public var uid: String
    public var summary: String
    public var notes: String?
    public var status: String?
    public var completedAt: Date?
    public var percent: Int?
    public var priority: Int?
    public var due: String?
    public var dueAt: Date?
    public var dueIsDate: Bool
    public var start: String?
    public var startAt: Date?
    public var parent: String?
    /// Comma-joined CATEGORIES.
    public var categories: String?
    public var createdAt: Date?
    public var hasAlarm: Bool

    public init(path: String, size: Int, mtimeNanos: Int64, zone: String, uid: String, summary: String) {
        self.path = path; self.size = size; self.mtimeNanos = mtimeNanos; self.zone = zone
        self.uid = uid; self.summary = summary; dueIsDate = false; hasAlarm = false
    }
}

extension IntentStore {
    /// Every cached item whose path starts with `prefix` (a vdir root ending in `/`).
    public func cachedTodos(under prefix: String) throws -> [String: CachedTodo] {
        try database().read { conn in
            var out: [String: CachedTodo] = [:]
            let rows = try conn.rows("""
                SELECT \(Self.cacheColumns) FROM vdir_items WHERE path >= ? AND path < ?
                """, [prefix, prefix + "\u{10FFFF}"], Self.cachedTodo)
            out.reserveCapacity(rows.count)
            for r in rows { out[r.path] = r }
            return out
        }
    }

    /// Replaces the cache rows of `upserts` and drops those of `removed`, in one transaction.
    public func updateTodoCache(upserts: [CachedTodo], removed: [String]) throws {
        guard !upserts.isEmpty || !removed.isEmpty else { return }
        try database().write { conn in
            let insert = try conn.prepare("INSERT OR REPLACE INTO vdir_items(\(Self.cacheColumns)) VALUES (\(Array(repeating: "?", count: 20).joined(separator: ",")))")
            for t in upserts {
                try insert.run([t.path, t.size, t.mtimeNanos, t.zone, t.uid, t.summary, t.notes, t.status,
                                t.completedAt?.timeIntervalSince1970, t.percent, t.priority, t.due,
                                t.dueAt?.timeIntervalSince1970, t.dueIsDate, t.start, t.startAt?.timeIntervalSince1970,
                                t.parent, t.categories, t.createdAt?.timeIntervalSince1970, t.hasAlarm])
            }
            let delete = try conn.prepare("DELETE FROM vdir_items WHERE path = ?")
            for p in removed { try delete.run([p]) }
        }
    }

    static let cacheColumns = """
        path, size, mtime_ns, zone, uid, summary, notes, status, completed_at, percent, priority, due, due_at, \
        due_is_date, start, start_at, parent, categories, created_at, has_alarm
        """

    static func cachedTodo(_ row: Row) -> CachedTodo {
        func date(_ i: Int) -> Date? { row.optionalDouble(i).map { Date(timeIntervalSince1970: $0) } }
        var t = CachedTodo(path: row.text(0), size: row.int(1), mtimeNanos: row.int64(2), zone: row.text(3),
                           uid: row.text(4), summary: row.text(5))
        t.notes = row.optionalText(6); t.status = row.optionalText(7); t.completedAt = date(8)
        t.percent = row.optionalInt(9); t.priority = row.optionalInt(10); t.due = row.optionalText(11)
        t.dueAt = date(12); t.dueIsDate = row.int(13) != 0; t.start = row.optionalText(14); t.startAt = date(15)
        t.parent = row.optionalText(16); t.categories = row.optionalText(17); t.createdAt = date(18)
        t.hasAlarm = row.int(19) != 0
        return t
    }
}
