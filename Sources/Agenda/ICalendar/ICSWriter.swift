import Foundation
import Primitives

/// A reminder as exported to iCalendar (one VTODO).
public struct TodoItem: Sendable, Codable, Hashable {
    public var uid: String
    public var title: String
    public var notes: String?
    /// Due instant; for date-only reminders, any instant on the due day in the export zone.
    public var due: Date?
    public var dueIsDateOnly: Bool
    /// List name, written as CATEGORIES.
    public var list: String?
    public var completed: Bool
    public var created: Date

    public init(uid: String, title: String, notes: String? = nil, due: Date? = nil, dueIsDateOnly: Bool = false,
                list: String? = nil, completed: Bool = false, created: Date) {
        self.uid = uid; self.title = title; self.notes = notes; self.due = due
        self.dueIsDateOnly = dueIsDateOnly; self.list = list; self.completed = completed; self.created = created
    }
}

/// RFC 5545 output: CRLF line ends, lines folded at 75 octets without splitting a UTF-8
/// sequence, TEXT values escaped.
public enum ICSWriter {
    /// A VCALENDAR holding one VTODO per item. Timed DUE values are written in UTC; date-only
    /// ones as `DUE;VALUE=DATE` taking the day in `dateZone`.
    public static func todos(_ items: [TodoItem], prodID: String, dateZone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + ICSText.escape(prodID), "CALSCALE:GREGORIAN"]
        for item in items {
            lines.append("BEGIN:VTODO")
            lines.append("UID:" + ICSText.escape(item.uid))
            lines.append("DTSTAMP:" + utcStamp(item.created))
            lines.append("CREATED:" + utcStamp(item.created))
            lines.append("SUMMARY:" + ICSText.escape(item.title))
            if let notes = item.notes, !notes.isEmpty { lines.append("DESCRIPTION:" + ICSText.escape(notes)) }
            if let due = item.due {
                if item.dueIsDateOnly {
                    let off = dateZone.secondsFromGMT(for: due)
                    let day = LocalDateTime(localSeconds: Int(due.timeIntervalSince1970.rounded(.down)) + off).day
                    let (y, m, d) = Civil.date(of: day)
                    lines.append("DUE;VALUE=DATE:" + ISODates.pad(y, 4) + ISODates.pad(m, 2) + ISODates.pad(d, 2))
                } else {
                    lines.append("DUE:" + utcStamp(due))
                }
            }
            if let list = item.list, !list.isEmpty { lines.append("CATEGORIES:" + ICSText.escape(list)) }
            lines.append("STATUS:" + (item.completed ? "COMPLETED" : "NEEDS-ACTION"))
            lines.append("END:VTODO")
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// Re-serialises a parsed calendar from its raw properties (values are written as read).
    public static func serialize(_ calendar: ICalendar) -> String {
        var lines = ["BEGIN:VCALENDAR"]
        lines += calendar.properties.map(contentLine)
        for c in calendar.components { append(c, to: &lines) }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    private static func append(_ c: ICSComponent, to lines: inout [String]) {
        lines.append("BEGIN:" + c.name)
        lines += c.properties.map(contentLine)
        for child in c.children { append(child, to: &lines) }
        lines.append("END:" + c.name)
    }

    /// One unfolded line from a parsed property; parameter values are quoted when needed.
    public static func contentLine(_ p: ContentLine) -> String {
        var s = (p.group.map { $0 + "." } ?? "") + p.name
        for param in p.parameters {
            let values = param.values.map { v -> String in
                let clean = v.replacingOccurrences(of: "\"", with: "'")
                return clean.contains(where: { $0 == ";" || $0 == ":" || $0 == "," }) ? "\"\(clean)\"" : clean
            }
            s += ";" + param.name + "=" + values.joined(separator: ",")
        }
        return s + ":" + p.value
    }

    /// Folds a line to at most 75 octets per physical line (continuations start with a space).
    public static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var out = ""
        var current = 0
        var limit = 75
        for scalar in line.unicodeScalars {
            let n = String(scalar).utf8.count
            if current + n > limit {
                out += "\r\n "
                current = 0
                limit = 74
            }
            out.unicodeScalars.append(scalar)
            current += n
        }
        return out
    }

    static func utcStamp(_ date: Date) -> String {
        let l = LocalDateTime(localSeconds: Int(date.timeIntervalSince1970.rounded(.down)))
        let (y, m, d) = Civil.date(of: l.day)
        return ISODates.pad(y, 4) + ISODates.pad(m, 2) + ISODates.pad(d, 2) + "T" + ISODates.pad(l.hour, 2)
            + ISODates.pad(l.minute, 2) + ISODates.pad(l.second % 60, 2) + "Z"
    }
}
