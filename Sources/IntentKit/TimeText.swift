import Foundation
import Primitives

/// Fast, exact formatting and parsing of the few timestamp shapes the product writes and shows.
///
/// `ISO8601DateFormatter` and `DateFormatter` load ICU's calendar and pattern machinery on first
/// use, several million instructions — more than the rest of a warm `CaptureThought`. These
/// functions do civil-day arithmetic instead (proleptic Gregorian, as Foundation does), and
/// return nil for any shape they do not handle so callers can fall back to a formatter.
public enum TimeText {
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `2026-12-01T09:30:05.123Z`: UTC with milliseconds (truncated), the store's timestamp form.
    public static func utcMilliseconds(_ date: Date) -> String {
        let ms = Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
        let (seconds, milli) = floorDivision(ms, 1_000)
        return stamp(seconds: seconds) + "." + pad(Int(milli), 3) + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil for anything else (or an
    /// impossible date or time, which is never rolled over).
    public static func parseTimestamp(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count >= 20, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 116, b[13] == 58, b[16] == 58,
              let year = number(b, 0, 4), let month = number(b, 5, 2), let day = number(b, 8, 2),
              let hour = number(b, 11, 2), let minute = number(b, 14, 2), let second = number(b, 17, 2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var fraction = 0.0
        if b[index] == 46 {
            var scale = 0.1
            index += 1
            let start = index
            while index < b.count, (48...57).contains(b[index]) {
                fraction += Double(b[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < b.count else { return nil }
        var offset = 0
        if b[index] == 90 || b[index] == 122 {
            guard index + 1 == b.count else { return nil }
        } else {
            guard b[index] == 43 || b[index] == 45, index + 6 == b.count, b[index + 3] == 58,
                  let oh = number(b, index + 1, 2), let om = number(b, index + 4, 2), oh < 24, om < 60 else { return nil }
            offset = (oh * 3_600 + om * 60) * (b[index] == 45 ? -1 : 1)
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3_600 + minute * 60 + second - offset)
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// "Tue 1 Dec 2026 09:30" (or "Tue 1 Dec 2026" without the time) in `zone`, with " +01:00"
    /// when `offset` is set: the human form of dates in output.
    public static func human(_ date: Date, in zone: TimeZone, time: Bool = true, offset: Bool = false) -> String {
        let zoneOffset = zone.secondsFromGMT(for: date)
        let local = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(zoneOffset)
        let (days, secondOfDay) = floorDivision(local, 86_400)
        let (year, month, day) = civilFromDays(days)
        let weekday = Int(floorDivision(days + 3, 7).1)  // 1970-01-01 was a Thursday; 0 = Monday
        var text = "\(weekdays[weekday]) \(day) \(months[month - 1]) \(year)"
        if time { text += " " + pad(Int(secondOfDay / 3_600), 2) + ":" + pad(Int(secondOfDay % 3_600 / 60), 2) }
        if offset { text += " " + self.offset(zoneOffset) }
        return text
    }

    /// "+05:30", "-03:00", "+00:00" for an offset from UTC in seconds.
    public static func offset(_ seconds: Int) -> String {
        let magnitude = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + pad(magnitude / 60, 2) + ":" + pad(magnitude % 60, 2)
    }

    // MARK: - Civil days (see `Civil`)

    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        Int64(Civil.dayNumber(year: year, month: month, day: day))
    }

    public static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) { Civil.date(of: Int(days)) }

    public static func daysIn(month: Int, year: Int) -> Int { Civil.daysInMonth(year: year, month: month) }

    // MARK: - Helpers

    private static func stamp(seconds: Int64) -> String {
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilFromDays(days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(Int(secondOfDay / 3_600), 2) + ":"
            + pad(Int(secondOfDay % 3_600 / 60), 2) + ":" + pad(Int(secondOfDay % 60), 2)
    }

    private static func floorDivision(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a >= 0 ? a / b : (a - b + 1) / b
        return (q, a - q * b)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for i in start..<(start + count) {
            guard (48...57).contains(bytes[i]) else { return nil }
            value = value * 10 + Int(bytes[i] - 48)
        }
        return value
    }
}
