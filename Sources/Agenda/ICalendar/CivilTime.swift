/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01),
/// independent of Foundation's `Calendar` so recurrence expansion is deterministic and fast.
public enum Civil {
    /// Day number of a civil date. Month 1...12; the day is not range-checked.
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Civil date of a day number.
    public static func date(of dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Weekday of a day number: 0 = Monday ... 6 = Sunday.
    public static func weekday(_ dayNumber: Int) -> Int {
        ((dayNumber + 3) % 7 + 7) % 7
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// True when the triple names a real calendar day.
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysInMonth(year: year, month: month)
    }
}

/// A wall-clock time with no zone: a day number and the seconds into that day.
public struct LocalDateTime: Hashable, Comparable, Sendable, Codable {
    public var day: Int
    public var second: Int

    public init(day: Int, second: Int = 0) {
        self.day = day + second.floorDiv(86_400)
        self.second = second.floorMod(86_400)
    }

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.init(day: Civil.dayNumber(year: year, month: month, day: day),
                  second: hour * 3600 + minute * 60 + second)
    }

    /// Seconds since 1970-01-01T00:00 of the same wall clock.
    public var localSeconds: Int { day * 86_400 + second }

    public init(localSeconds: Int) { self.init(day: 0, second: localSeconds) }

    public var hour: Int { second / 3600 }
    public var minute: Int { (second / 60) % 60 }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.day, a.second) < (b.day, b.second)
    }

    public func adding(seconds: Int) -> LocalDateTime { LocalDateTime(day: day, second: second + seconds) }
    public func adding(days: Int) -> LocalDateTime { LocalDateTime(day: day + days, second: second) }
}

extension Int {
    func floorDiv(_ d: Int) -> Int { (self >= 0 ? self : self - d + 1) / d }
    func floorMod(_ d: Int) -> Int { ((self % d) + d) % d }
}
