import Foundation

/// A reminder as stored.
public struct ReminderRecord: Sendable, Equatable {
    public var id: String
    public var title: String
    public var notes: String?
    public var list: String
    /// `YYYY-MM-DD` (day only) or ISO-8601 with offset.
    public var due: String?
    /// The due instant (start of the day for day-only dues), for ordering and windows.
    public var dueAt: Date?
    public var createdAt: String
    public var completedAt: String?
    public var runID: String?
    /// 1 (highest) … 9 (lowest), when a vdir item carries one.
    public var priority: Int?
    /// The parent reminder's id (a vdir item's RELATED-TO).
    public var parentID: String?
    /// A vdir item's DTSTART (same format as `due`).
    public var start: String?
    /// A vdir item recurs (its due date is the next open occurrence).
    public var recurring = false
    /// A vdir item carries an alarm.
    public var hasAlarm = false
    /// Minutes before the due time a display alarm fires (exported as a VALARM).
    public var alertMinutes: Int?
    /// The file of a vdir item.
    public var path: String?

    public init(id: String, title: String, notes: String?, list: String, due: String?, dueAt: Date?,
                createdAt: String, completedAt: String? = nil, runID: String? = nil, alertMinutes: Int? = nil) {
        self.alertMinutes = alertMinutes
        self.id = id
        self.title = title
        self.notes = notes
        self.list = list
        self.due = due
        self.dueAt = dueAt
        self.createdAt = createdAt
        self.completedAt = completedAt
        self.runID = runID
    }
}

extension IntentStore {
    public func insertReminder(_ r: ReminderRecord) throws {
        try database().write { conn in
            try conn.run("""
                INSERT INTO reminders(id, title, notes, list, due, due_at, created_at, completed_at, run_id, alert_minutes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [r.id, r.title, r.notes, r.list, r.due, r.dueAt?.timeIntervalSince1970,
                      r.createdAt, r.completedAt, r.runID, r.alertMinutes])
        }
    }

    /// Reminders, open ones only unless `includeCompleted`; ordered by due (undated last), then creation.
    public func reminders(includeCompleted: Bool = false, list: String? = nil, limit: Int = 10_000) throws -> [ReminderRecord] {
        try database().read { conn in
            try conn.rows("""
                SELECT \(Self.reminderColumns) FROM reminders
                WHERE (? OR completed_at IS NULL) AND (? IS NULL OR list = ?)
                ORDER BY due_at IS NULL, due_at, created_at LIMIT ?
                """, [includeCompleted, list, list, limit], Self.reminder)
        }
    }

    public func reminder(id: String) throws -> ReminderRecord? {
        try database().read { conn in
            try conn.first("SELECT \(Self.reminderColumns) FROM reminders WHERE id = ?", [id], Self.reminder)
        }
    }

    /// Open reminders whose title contains `text` (case-insensitive).
    public func reminders(matching text: String) throws -> [ReminderRecord] {
        try database().read { conn in
            try conn.rows("""
                SELECT \(Self.reminderColumns) FROM reminders
                WHERE completed_at IS NULL AND instr(lower(title), lower(?)) > 0 ORDER BY created_at
                """, [text], Self.reminder)
        }
    }

    /// Marks a reminder done; returns false when it does not exist or was already done.
    public func completeReminder(id: String, at date: Date) throws -> Bool {
        try database().write { conn in
            try conn.run("UPDATE reminders SET completed_at = ? WHERE id = ? AND completed_at IS NULL",
                         [StoreTime.string(date), id])
            return conn.changes == 1
        }
    }

    public func reminderCount() throws -> Int {
        try database().read { try $0.first("SELECT count(*) FROM reminders") { $0.int(0) } ?? 0 }
    }

    static let reminderColumns = "id, title, notes, list, due, due_at, created_at, completed_at, run_id, alert_minutes"

    static func reminder(_ row: Row) -> ReminderRecord {
        ReminderRecord(id: row.text(0), title: row.text(1), notes: row.optionalText(2), list: row.text(3),
                       due: row.optionalText(4),
                       dueAt: row.optionalDouble(5).map { Date(timeIntervalSince1970: $0) },
                       createdAt: row.text(6), completedAt: row.optionalText(7), runID: row.optionalText(8),
                       alertMinutes: row.optionalInt(9))
    }
}

extension IntentStore {
    /// Replaces (or inserts) a reminder as a whole: updates and undo restore through this.
    public func saveReminder(_ r: ReminderRecord) throws {
        try database().write { conn in
            try conn.run("""
                INSERT OR REPLACE INTO reminders(id, title, notes, list, due, due_at, created_at, completed_at, run_id, alert_minutes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [r.id, r.title, r.notes, r.list, r.due, r.dueAt?.timeIntervalSince1970,
                      r.createdAt, r.completedAt, r.runID, r.alertMinutes])
        }
    }

    /// Deletes a reminder; false when there was none.
    public func deleteReminder(id: String) throws -> Bool {
        try database().write { conn in
            try conn.run("DELETE FROM reminders WHERE id = ?", [id])
            return conn.changes == 1
        }
    }

    /// Every list name in use, sorted.
    public func reminderLists() throws -> [String] {
        try database().read { try $0.rows("SELECT DISTINCT list FROM reminders ORDER BY list") { $0.text(0) } }
    }

    /// Reminders (open and completed) whose title contains `text`, case-insensitive.
    public func allReminders(matching text: String) throws -> [ReminderRecord] {
        try database().read { conn in
            try conn.rows("""
                SELECT \(Self.reminderColumns) FROM reminders
                WHERE instr(lower(title), lower(?)) > 0 ORDER BY created_at
                """, [text], Self.reminder)
        }
    }
}
