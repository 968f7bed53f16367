/// Civil-day arithmetic shared by the date parser, the calendar reader and the timestamp text:
/// one implementation and one weekday convention, ISO 8601's (`isoWeekday`: 1 = Monday ... 7 = Sunday).
/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01),
/// independent of Foundation's `Calendar` so recurrence expansion is deterministic and fast.
public enum Civil {
    /// English month names, January first (the one list the date parser, the timestamp text and
    /// the library's spelled-out dates share).
    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                    "September", "October", "November", "December"]

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

    /// ISO weekday of a day number: 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday).
    public static func isoWeekday(_ dayNumber: Int) -> Int {
        ((dayNumber + 3) % 7 + 7) % 7 + 1
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

