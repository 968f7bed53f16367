import Foundation

/// A due or start value of a VTODO, resolved to an instant.
public struct TodoTime: Sendable, Hashable, Codable {
    /// The instant; for a date (`VALUE=DATE`) the start of that day in the reader's zone.
    public var instant: Date
    /// A calendar day rather than a moment.
    public var isDate: Bool
    /// `YYYY-MM-DD` for a date; ISO-8601 with offset (in the reader's zone) for a time.
    public var text: String

    public init(instant: Date, isDate: Bool, text: String) {
        self.instant = instant; self.isDate = isDate; self.text = text
    }
}

/// A VTODO as read from a file written by anyone (intent, todoman, Nextcloud Tasks, Thunderbird,
/// Apple Reminders through CalDAV). Only what a reminder list needs; the file itself is never
/// rewritten from this value (edits go through `VTodoEditor`).
public struct VTodo: Sendable, Hashable {
    public var uid: String
    public var summary: String
    public var notes: String?
    /// STATUS as written (NEEDS-ACTION, IN-PROCESS, COMPLETED, CANCELLED), upper-cased.
    public var status: String?
    public var completedAt: Date?
    public var percentComplete: Int?
    /// 1 (highest) … 9 (lowest); nil when absent or 0 (undefined).
    public var priority: Int?
    /// DUE (or DTSTART + DURATION). For a recurring item: its next open occurrence.
    public var due: TodoTime?
    public var start: TodoTime?
    /// Carries an RRULE.
    public var recurring: Bool
    /// The parent's UID (RELATED-TO with RELTYPE=PARENT, the default).
    public var parentUID: String?
    public var categories: [String]
    public var created: Date?
    public var hasAlarm: Bool

    public init(uid: String, summary: String) {
        self.uid = uid; self.summary = summary; recurring = false; categories = []; hasAlarm = false
    }

    /// Completed or cancelled (STATUS, or a COMPLETED stamp, as todoman decides).
    public var isDone: Bool {
        completedAt != nil || status == "COMPLETED" || status == "CANCELLED"
    }
}

/// What one file yielded: its VTODOs and the problems met while reading it.
public struct VTodoFile: Sendable {
    public var todos: [VTodo]
    public var issues: [ICSIssue]
    /// Holds a component whose value depends on the day it is read (a recurring VTODO), so a
    /// parse cache must not keep it.
    public var dependsOnDay: Bool
}
