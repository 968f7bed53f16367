import Foundation

/// A new reminder to be written as a VTODO file.
public struct NewTodo: Sendable, Hashable {
    public var uid: String
    public var title: String
    public var notes: String?
    /// A time is written in UTC; a date as `VALUE=DATE`.
    public var due: DueValue?
    public var categories: [String]
    /// Minutes before DUE for a display alarm.
    public var alertMinutes: Int?
    public var priority: Int?

    public init(uid: String, title: String, notes: String? = nil, due: DueValue? = nil, categories: [String] = [],
                alertMinutes: Int? = nil, priority: Int? = nil) {
        self.uid = uid; self.title = title; self.notes = notes; self.due = due
        self.categories = categories; self.alertMinutes = alertMinutes; self.priority = priority
    }
}

/// A due value to write: a calendar day, or an instant.
public enum DueValue: Sendable, Hashable {
    case day(year: Int, month: Int, day: Int)
    case instant(Date)

    /// The content line (`DUE;VALUE=DATE:20261203` or `DUE:20261203T090000Z`).
    public func line(_ name: String = "DUE") -> String {
        switch self {
        case .day(let y, let m, let d): return "\(name);VALUE=DATE:" + ISODates.pad(y, 4) + ISODates.pad(m, 2) + ISODates.pad(d, 2)
        case .instant(let t): return "\(name):" + ICSWriter.utcStamp(t)
        }
    }
}

/// Serialises new VTODO files and the pieces edits insert (RFC 5545: CRLF, folded at 75 octets).
public enum VTodoWriter {
    /// The content of a new `<UID>.ics` holding one VTODO with every property a CalDAV client
    /// expects: PRODID, UID, DTSTAMP, CREATED, LAST-MODIFIED, SUMMARY, STATUS, SEQUENCE, and DUE,
    /// DESCRIPTION, CATEGORIES, PRIORITY, VALARM when given.
    public static func file(_ todo: NewTodo, prodID: String, now: Date) -> Data {
        let stamp = ICSWriter.utcStamp(now)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + ICSText.escape(prodID), "BEGIN:VTODO",
                     "UID:" + ICSText.escape(todo.uid), "DTSTAMP:" + stamp, "CREATED:" + stamp,
                     "LAST-MODIFIED:" + stamp, "SEQUENCE:0", "SUMMARY:" + ICSText.escape(todo.title),
                     "STATUS:NEEDS-ACTION"]
        if let due = todo.due { lines.append(due.line()) }
        if let notes = todo.notes, !notes.isEmpty { lines.append("DESCRIPTION:" + ICSText.escape(notes)) }
        if !todo.categories.isEmpty { lines.append("CATEGORIES:" + todo.categories.map(ICSText.escape).joined(separator: ",")) }
        if let p = todo.priority { lines.append("PRIORITY:\(p)") }
        if let minutes = todo.alertMinutes, todo.due != nil { lines += alarm(minutes: minutes, title: todo.title) }
        lines += ["END:VTODO", "END:VCALENDAR"]
        return Data((lines.map(ICSWriter.fold).joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// A display VALARM firing `minutes` before DUE (`TRIGGER;RELATED=END`).
    public static func alarm(minutes: Int, title: String) -> [String] {
        ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + ICSText.escape(title),
         "TRIGGER;RELATED=END:" + (minutes == 0 ? "PT0S" : "-" + duration(minutes: minutes)), "END:VALARM"]
    }

    /// `PT15M`, `PT2H`, `P1D`, `P1DT2H30M`.
    public static func duration(minutes: Int) -> String {
        let d = minutes / 1440, h = (minutes % 1440) / 60, m = minutes % 60
        var s = "P" + (d > 0 ? "\(d)D" : "")
        if h > 0 || m > 0 { s += "T" + (h > 0 ? "\(h)H" : "") + (m > 0 ? "\(m)M" : "") }
        return s
    }

    /// A safe file name for a UID: the UID itself when it is made of portable characters
    /// (letters, digits, `-`, `_`, `.`, `@`), otherwise a hash of it.
    public static func fileName(forUID uid: String) -> String {
        let portable = !uid.isEmpty && uid.utf8.count <= 200 && !uid.hasPrefix(".")
            && uid.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.@".unicodeScalars.contains($0)) }
        if portable { return uid + ".ics" }
        var h: UInt64 = 0xcbf29ce484222325
        for b in uid.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return String(h, radix: 16) + ".ics"
    }
}
