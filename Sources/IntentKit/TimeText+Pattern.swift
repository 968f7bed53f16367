import Foundation
import Primitives

extension TimeText {
    private static let fullWeekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let shortWeekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `date` in `zone` by a `DateFormatter` pattern of English (POSIX) fields: `EEE`/`EEEE`,
    /// `d`/`dd`, `MM`/`MMM`/`MMMM`, `yyyy`, `HH`, `mm`, `ss`, `xxx`; other characters are copied
    /// (letters other than these fall back to a `DateFormatter`, as does a quoted literal).
    public static func format(_ date: Date, _ pattern: String, zone: TimeZone) -> String {
        guard let fields = fields(of: pattern) else { return foundationFormat(date, pattern, zone: zone) }
        let zoneOffset = zone.secondsFromGMT(for: date)
        let local = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(zoneOffset)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = Int(local - days * 86_400)
        let (year, month, day) = civilFromDays(days)
        let weekday = Int(((days + 3) % 7 + 7) % 7)
        var text = ""
        for (letter, count) in fields {
            switch (letter, count) {
            case ("E", 4): text += fullWeekdays[weekday]
            case ("E", _): text += shortWeekdays[weekday]
            case ("d", 1): text += String(day)
            case ("d", _): text += twoDigits(day)
            case ("M", 4): text += Civil.monthNames[month - 1]
            case ("M", 3): text += shortMonths[month - 1]
            case ("M", _): text += twoDigits(month)
            case ("y", _): text += year >= 1000 ? String(year) : String(String(year + 10_000).dropFirst())
            case ("H", _): text += twoDigits(secondOfDay / 3_600)
            case ("m", _): text += twoDigits(secondOfDay % 3_600 / 60)
            case ("s", _): text += twoDigits(secondOfDay % 60)
            case ("x", _): text += offset(zoneOffset)
            default: text += String(repeating: letter, count: count)
            }
        }
        return text
    }

    /// The pattern as (field letter or literal character, repeat count); nil when it uses a
    /// field this formatter does not render.
    private static func fields(of pattern: String) -> [(Character, Int)]? {
        var fields: [(Character, Int)] = []
        for character in pattern {
            if let last = fields.last, last.0 == character, character.isLetter {
                fields[fields.count - 1].1 += 1
            } else {
                fields.append((character, 1))
            }
        }
        for (letter, count) in fields where letter.isLetter || letter == "'" {
            switch (letter, count) {
            case ("E", 3...4), ("d", 1...2), ("M", 2...4), ("y", 4), ("H", 2), ("m", 2), ("s", 2), ("x", 3): continue
            default: return nil
            }
        }
        return fields
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    private static func foundationFormat(_ date: Date, _ pattern: String, zone: TimeZone) -> String {
        PosixDateFormat.string(date, pattern, timeZone: zone)
    }

    /// A `YYYY-MM-DD` day as the instant of its midnight in UTC; nil when it is not a real day.
    public static func parseDay(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == 45, b[7] == 45 else { return nil }
        var parts: [Int] = []
        for (start, count) in [(0, 4), (5, 2), (8, 2)] {
            var value = 0
            for byte in b[start..<(start + count)] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            parts.append(value)
        }
        guard (1...12).contains(parts[1]), parts[2] >= 1, parts[2] <= daysIn(month: parts[1], year: parts[0]) else { return nil }
        return Date(timeIntervalSince1970: Double(daysFromCivil(year: parts[0], month: parts[1], day: parts[2]) * 86_400))
    }
}
