import Foundation
import Primitives

/// An iCalendar date or date-time value (`20261114`, `20261114T093000`, `20261114T223000Z`),
/// spelled out as a person reads it.
struct ICSDateTime {
    let day: Int
    /// Minutes after midnight, nil for a date.
    let minutes: Int?
    let utc: Bool

    init?(_ line: ContentLine, _ bytes: [UInt8]) {
        let value = Array(line.valueBytes(bytes).prefix(16))
        guard value.count >= 8, let year = Self.number(value[0..<4]), let month = Self.number(value[4..<6]),
              let day = Self.number(value[6..<8]), Civil.isValid(year: year, month: month, day: day) else { return nil }
        self.day = Civil.dayNumber(year: year, month: month, day: day)
        if value.count >= 13, value[8] == UInt8(ascii: "T"), let h = Self.number(value[9..<11]), let m = Self.number(value[11..<13]),
           h < 24, m < 60, line.parameter("VALUE")?.uppercased() != "DATE" {
            minutes = h * 60 + m
            utc = value.count > 15 && value[15] == UInt8(ascii: "Z")
        } else {
            minutes = nil
            utc = false
        }
    }

    private init(day: Int, minutes: Int?, utc: Bool) {
        self.day = day
        self.minutes = minutes
        self.utc = utc
    }

    /// "Saturday 14 November 2026, 09:30"; a UTC time is given in `zone` when there is one.
    func spelled(zone: TimeZone?) -> String {
        let local = inZone(zone)
        guard let minutes = local.minutes else { return Self.spelledDay(day) }
        let time = Self.clock(minutes)
        let suffix = utc ? (zone.map { " (\($0.identifier) time)" } ?? " UTC") : ""
        return "\(Self.spelledDay(local.day)), \(time)\(suffix)"
    }

    /// An end after `start`: its time alone on the start's day (`17:00`); for an all-day event,
    /// whose end is the day after its last, the last day, or nil when that is the start's day.
    func spelledEnd(after start: ICSDateTime, zone: TimeZone?) -> String? {
        let local = inZone(zone)
        guard let minutes = local.minutes else {
            let last = day - 1
            return last > start.day ? Self.spelledDay(last) : nil
        }
        if start.inZone(zone).day == local.day { return Self.clock(minutes) + (utc && zone == nil ? " UTC" : "") }
        return spelled(zone: zone)
    }

    /// A UTC time moved into `zone` (others are as written).
    private func inZone(_ zone: TimeZone?) -> ICSDateTime {
        guard utc, let zone, let minutes else { return self }
        let seconds = Double((day * 1440 + minutes) * 60)
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)) / 60
        let total = day * 1440 + minutes + offset
        let d = total >= 0 ? total / 1440 : (total - 1439) / 1440
        return ICSDateTime(day: d, minutes: total - d * 1440, utc: true)
    }

    static func spelledDay(_ day: Int) -> String {
        let date = Civil.date(of: day)
        let weekday = RecurrenceWords.weekdays[Civil.isoWeekday(day) - 1]
        return "\(weekday) \(date.day) \(Civil.monthNames[date.month - 1]) \(date.year)"
    }

    static func clock(_ minutes: Int) -> String {
        let h = minutes / 60, m = minutes % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}

/// A recurrence rule in words: `FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20261215` is "every week on Tuesday
/// and Thursday until Tuesday 15 December 2026"; nil for a rule it cannot say.
enum RecurrenceWords {
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    private static let units = ["DAILY": "day", "WEEKLY": "week", "MONTHLY": "month", "YEARLY": "year"]

    static func spelled(_ rule: String) -> String? {
        var parts: [String: String] = [:]
        for pair in rule.split(separator: ";") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { parts[kv[0].uppercased()] = String(kv[1]) }
        }
        guard let freq = parts["FREQ"], let unit = units[freq.uppercased()] else { return nil }
        let interval = parts["INTERVAL"].flatMap { Int($0) } ?? 1
        var words = interval == 1 ? "every \(unit)" : interval == 2 ? "every other \(unit)" : "every \(interval) \(unit)s"
        if let byday = parts["BYDAY"] {
            var days: [String] = []
            for code in byday.uppercased().split(separator: ",") {
                // `2MO` (the second Monday), `-1FR` (the last Friday)
                let name = code.suffix(2)
                guard let index = codes.firstIndex(of: String(name)) else { return nil }
                let ordinal = Int(code.dropLast(2))
                days.append((ordinal.map { Self.ordinal($0) + " " } ?? "") + weekdays[index])
            }
            guard !days.isEmpty else { return nil }
            words += " on " + (days.count == 1 ? days[0] : days.dropLast().joined(separator: ", ") + " and " + days.last!)
        }
        if let until = parts["UNTIL"], until.count >= 8, let y = Int(until.prefix(4)),
           let m = Int(until.dropFirst(4).prefix(2)), let d = Int(until.dropFirst(6).prefix(2)), Civil.isValid(year: y, month: m, day: d) {
            words += " until " + ICSDateTime.spelledDay(Civil.dayNumber(year: y, month: m, day: d))
        } else if let count = parts["COUNT"].flatMap({ Int($0) }) {
            words += ", \(count) times"
        }
        return words
    }

    private static func ordinal(_ n: Int) -> String {
        switch n {
        case -1: "last"
        case 1: "first"
        case 2: "second"
        case 3: "third"
        case 4: "fourth"
        default: "\(n)th"
        }
    }
}
