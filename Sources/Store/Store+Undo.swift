import Foundation

/// One reversible reminder write made by the product (the App Intents `UndoableIntent` analogue).
/// `before` is what undoing restores (the file's bytes, or the stored record); `afterHash`
/// identifies what the write left, so an undo is refused once someone changed the item since.
public struct UndoEntry: Sendable, Equatable {
    public var id: String
    public var runID: String?
    public var intent: String
    /// `create`, `complete`, `update`, `delete`.
    public var action: String
    /// `store` or `vdir`.
    public var backend: String
    public var itemID: String
    public var beforePath: String?
    public var afterPath: String?
    public var before: Data?
    public var afterHash: String?
    public var createdAt: String
    public var undoneAt: String?

    public init(id: String, runID: String?, intent: String, action: String, backend: String, itemID: String,
                beforePath: String? = nil, afterPath: String? = nil, before: Data? = nil, afterHash: String? = nil,
                createdAt: String, undoneAt: String? = nil) {
        self.id = id; self.runID = runID; self.intent = intent; self.action = action; self.backend = backend
        self.itemID = itemID; self.beforePath = beforePath; self.afterPath = afterPath; self.before = before
        self.afterHash = afterHash; self.createdAt = createdAt; self.undoneAt = undoneAt
    }
}

extension IntentStore {
    public func recordUndo(_ e: UndoEntry) throws {
        try database().write { conn in
            try conn.run("""
                INSERT INTO undo_log(id, run_id, intent, action, backend, item_id, before_path, after_path, before,
                                     after_hash, created_at, undone_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [e.id, e.runID, e.intent, e.action, e.backend, e.itemID, e.beforePath, e.afterPath, e.before,
                      e.afterHash, e.createdAt, e.undoneAt])
        }
    }

    /// The entry with this id, or the one written by this run id.
    public func undoEntry(_ key: String) throws -> UndoEntry? {
        try database().read { conn in
            try conn.first("SELECT \(Self.undoColumns) FROM undo_log WHERE id = ? OR run_id = ? ORDER BY created_at DESC, rowid DESC",
                           [key, key], Self.undoEntry)
        }
    }

    /// The newest entry not yet undone.
    public func latestUndo() throws -> UndoEntry? {
        try database().read { conn in
            try conn.first("SELECT \(Self.undoColumns) FROM undo_log WHERE undone_at IS NULL ORDER BY created_at DESC, rowid DESC",
                           [], Self.undoEntry)
        }
    }

    /// Marks an entry undone; false when it already was (another process got there first).
    public func markUndone(_ id: String, at date: Date) throws -> Bool {
        try database().write { conn in
            try conn.run("UPDATE undo_log SET undone_at = ? WHERE id = ? AND undone_at IS NULL", [StoreTime.string(date), id])
            return conn.changes == 1
        }
    }

    static let undoColumns = "id, run_id, intent, action, backend, item_id, before_path, after_path, before, after_hash, created_at, undone_at"

    static func undoEntry(_ row: Row) -> UndoEntry {
        UndoEntry(id: row.text(0), runID: row.optionalText(1), intent: row.text(2), action: row.text(3),
                  backend: row.text(4), itemID: row.text(5), beforePath: row.optionalText(6), afterPath: row.optionalText(7),
                  before: row.isNull(8) ? nil : row.blob(8), afterHash: row.optionalText(9), createdAt: row.text(10),
                  undoneAt: row.optionalText(11))
    }
}
