import Foundation
import IntentKit

/// A captured thought as stored.
public struct ThoughtRecord: Sendable, Equatable {
    public var id: String
    public var text: String
    public var tags: [String]
    /// The due hint found in the text: `YYYY-MM-DD` or ISO-8601 with offset.
    public var due: String?
    /// ISO-8601 UTC.
    public var createdAt: String
    public var runID: String?

    public init(id: String, text: String, tags: [String], due: String?, createdAt: String, runID: String?) {
        self.id = id
        self.text = text
        self.tags = tags
        self.due = due
        self.createdAt = createdAt
        self.runID = runID
    }
}

extension IntentStore {
    /// Saves a thought; with `writes`, as part of the run's transaction (`recordRun(_:with:)`).
    public func insertThought(_ thought: ThoughtRecord, deferredTo writes: RunWrites? = nil) throws {
        let tags = String(decoding: try JSONEncoder().encode(thought.tags), as: UTF8.self)
        try insert(into: "thoughts", ["id", "text", "tags", "due", "created_at", "run_id"],
                   [thought.id, thought.text, tags, thought.due, thought.createdAt, thought.runID], deferredTo: writes)
    }

    /// Thoughts created at or after `since` (all when nil) and before `until` (no bound when
    /// nil), newest first.
    public func thoughts(since: Date? = nil, until: Date? = nil, limit: Int = 1_000) throws -> [ThoughtRecord] {
        let cutoff = since.map(StoreTime.string) ?? ""
        let end = until.map(StoreTime.string) ?? "~"
        return try database().read { conn in
            try conn.rows("""
                SELECT id, text, tags, due, created_at, run_id FROM thoughts
                WHERE created_at >= ? AND created_at < ? ORDER BY created_at DESC, rowid DESC LIMIT ?
                """, [cutoff, end, limit], Self.thought)
        }
    }

    /// Thoughts due on `day` (`YYYY-MM-DD`, or a timed due inside `[start, end)`), newest first.
    public func thoughts(dueOn day: String, start: Date, end: Date, limit: Int = 1_000) throws -> [ThoughtRecord] {
        try thoughts(where: "due IS NOT NULL", []).filter { t in
            guard let due = t.due else { return false }
            if !due.contains("T") { return due == day }
            guard let at = StoreTime.date(due) else { return false }
            return at >= start && at < end
        }.prefix(limit).map { $0 }
    }

    /// The thought with this id, or those whose id ends with `handle` (at least 4 characters:
    /// the short handle `intent thoughts list` shows is the id's last 6).
    public func thoughts(idOrHandle handle: String) throws -> [ThoughtRecord] {
        if let exact = try thoughts(where: "id = ?", [handle]).first { return [exact] }
        guard handle.count >= 4 else { return [] }
        return try thoughts(where: "substr(id, -?) = ?", [handle.count, handle])
    }

    /// Deletes one thought; false when it was not there.
    @discardableResult
    public func deleteThought(id: String) throws -> Bool {
        try database().write { conn in
            try conn.run("DELETE FROM thoughts WHERE id = ?", [id])
            return conn.changes > 0
        }
    }

    private func thoughts(where clause: String, _ values: [any SQLBindable]) throws -> [ThoughtRecord] {
        try database().read { conn in
            try conn.rows("""
                SELECT id, text, tags, due, created_at, run_id FROM thoughts
                WHERE \(clause) ORDER BY created_at DESC, rowid DESC
                """, values, Self.thought)
        }
    }

    static func thought(_ row: Row) -> ThoughtRecord {
        ThoughtRecord(id: row.text(0), text: row.text(1),
                      tags: (try? JSONDecoder().decode([String].self, from: Data(row.text(2).utf8))) ?? [],
                      due: row.optionalText(3), createdAt: row.text(4), runID: row.optionalText(5))
    }

    public func thoughtCount() throws -> Int {
        try database().read { try $0.first("SELECT count(*) FROM thoughts") { $0.int(0) } ?? 0 }
    }
}

/// Timestamps in the store: ISO-8601 UTC with milliseconds, which sort as text.
public enum StoreTime {
    public static func string(_ date: Date) -> String { TimeText.utcMilliseconds(date) }

    public static func date(_ text: String) -> Date? {
        if let date = TimeText.parseTimestamp(text) { return date }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: text) { return d }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: text)
    }
}
