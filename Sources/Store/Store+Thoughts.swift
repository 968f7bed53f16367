import Foundation

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
    public func insertThought(_ thought: ThoughtRecord) throws {
        let tags = String(decoding: try JSONEncoder().encode(thought.tags), as: UTF8.self)
        try database().write { conn in
            try conn.run("INSERT INTO thoughts(id, text, tags, due, created_at, run_id) VALUES (?, ?, ?, ?, ?, ?)",
                         [thought.id, thought.text, tags, thought.due, thought.createdAt, thought.runID])
        }
    }

    /// Thoughts created at or after `since` (all when nil), newest first.
    public func thoughts(since: Date? = nil, limit: Int = 1_000) throws -> [ThoughtRecord] {
        let cutoff = since.map(StoreTime.string) ?? ""
        return try database().read { conn in
            try conn.rows("""
                SELECT id, text, tags, due, created_at, run_id FROM thoughts
                WHERE created_at >= ? ORDER BY created_at DESC, rowid DESC LIMIT ?
                """, [cutoff, limit]) { row in
                ThoughtRecord(id: row.text(0), text: row.text(1),
                              tags: (try? JSONDecoder().decode([String].self, from: Data(row.text(2).utf8))) ?? [],
                              due: row.optionalText(3), createdAt: row.text(4), runID: row.optionalText(5))
            }
        }
    }

    public func thoughtCount() throws -> Int {
        try database().read { try $0.first("SELECT count(*) FROM thoughts") { $0.int(0) } ?? 0 }
    }
}

/// Timestamps in the store: ISO-8601 UTC with milliseconds, which sort as text.
public enum StoreTime {
    public static func string(_ date: Date) -> String {
        ISO8601DateFormatter.string(from: date, timeZone: .gmt,
                                    formatOptions: [.withInternetDateTime, .withFractionalSeconds])
    }

    public static func date(_ text: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: text) { return d }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: text)
    }
}
