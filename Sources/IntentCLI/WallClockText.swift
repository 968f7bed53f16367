import Foundation
import IntentKit
import Primitives

/// Strict ISO-8601 for `--now`: every field is checked against the Gregorian calendar, so
/// `2026-02-30` and `25:00` are refused instead of rolled over, and a wall-clock time the zone
/// skips (a daylight-saving gap) is refused with the time that exists.
struct WallClockText {
    var date: Date
    /// The other instant when the wall-clock time occurs twice (a daylight-saving overlap):
    /// `date` is the first occurrence.
    var secondOccurrence: Date?

    static let firstYear = 1583

    func description(in zone: TimeZone) -> String {
        PosixDateFormat.string(date, "yyyy-MM-dd'T'HH:mm:ssxxx", timeZone: zone)
    }

    /// `failure`: not ISO-8601 (a usage error); `invalid`: well-formed but not on the calendar or
    /// the zone's clock (invalid data).
    enum Outcome { case success(WallClockText), failure(String), invalid(String) }

    static func parse(_ raw: String, zone: TimeZone) -> Outcome {
        let text = raw.trimmingCharacters(in: .whitespaces)
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let m = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
            return .failure("not an ISO-8601 date or date-time")
        }
        func group(_ i: Int) -> String? {
            guard let r = Range(m.range(at: i), in: text) else { return nil }
            return String(text[r])
        }
        let year = Int(group(1)!)!, month = Int(group(2)!)!, day = Int(group(3)!)!
        let hour = group(4).flatMap(Int.init) ?? 0, minute = group(5).flatMap(Int.init) ?? 0
        let second = group(6).flatMap(Int.init) ?? 0
        let fraction = group(7).map { Double("0." + $0) ?? 0 } ?? 0
        guard year >= firstYear else { return .invalid("dates before \(firstYear) (the Gregorian calendar) are not supported") }
        guard (1...12).contains(month) else { return .invalid("there is no month \(month)") }
        guard (1...daysIn(month, year)).contains(day) else {
            return .invalid("\(monthName(month)) \(year) has \(daysIn(month, year)) days, not \(day)")
        }
        guard hour < 24, minute < 60, second < 60 else { return .invalid("\(hour):\(minute) is not a time of day") }
        if group(4) == nil, group(8) != nil { return .failure("an offset needs a time") }
        let localSeconds = Double(daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second) + fraction
        if let offsetText = group(8) {
            guard let offset = offsetSeconds(offsetText) else { return .failure("'\(offsetText)' is not a UTC offset") }
            return .success(WallClockText(date: Date(timeIntervalSince1970: localSeconds - Double(offset))))
        }
        // Wall-clock time in the zone: the first occurrence in an overlap; a gap is refused.
        switch LocalTime.resolve(localSeconds: localSeconds, in: zone) {
        case .unique(let date):
            return .success(WallClockText(date: date))
        case .repeated(let first, let second):
            return .success(WallClockText(date: first, secondOccurrence: second))
        case .skipped(let gap):
            let written = String(format: "%04d-%02d-%02dT%02d:%02d", year, month, day, hour, minute)
            return .invalid(gap.explanation(written, zone: zone))
        }
    }

    static func offsetSeconds(_ text: String) -> Int? {
        if text.uppercased() == "Z" { return 0 }
        let sign = text.hasPrefix("-") ? -1 : 1
        let digits = text.dropFirst().filter(\.isNumber)
        guard digits.count == 2 || digits.count == 4, let h = Int(digits.prefix(2)), let mm = Int(digits.dropFirst(2).isEmpty ? "0" : String(digits.dropFirst(2))),
              h <= 18, mm < 60 else { return nil }
        return sign * (h * 3600 + mm * 60)
    }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func monthName(_ month: Int) -> String { Civil.monthNames[month - 1] }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
