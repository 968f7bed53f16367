import Foundation
import IntentKit
import Primitives

/// A proleptic Gregorian calendar day, with arithmetic done on day numbers (no zone, no DST).
struct Day: Sendable, Equatable, Comparable, Hashable {
    var year: Int
    var month: Int
    var day: Int

    static func < (lhs: Day, rhs: Day) -> Bool { lhs.ordinal < rhs.ordinal }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether `year-month-day` exists on the calendar.
    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysIn(month: month, year: year)
    }

    /// Days since 1970-01-01 (negative before).
    var ordinal: Int { Civil.dayNumber(year: year, month: month, day: day) }

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    init(ordinal: Int) {
        let (year, month, day) = Civil.date(of: ordinal)
        self.init(year: year, month: month, day: day)
    }

    /// ISO weekday: 1 = Monday ... 7 = Sunday.
    var weekday: Int { Civil.isoWeekday(ordinal) }

    func adding(days: Int) -> Day { Day(ordinal: ordinal + days) }

    /// Calendar month arithmetic; the day is clamped to the target month's length
    /// (Jan 31 + 1 month = Feb 28/29). Used for relative offsets only, never for parsed input.
    func adding(months: Int) -> Day {
        let index = year * 12 + (month - 1) + months
        let y = index >= 0 ? index / 12 : (index - 11) / 12
        let m = index - y * 12 + 1
        return Day(year: y, month: m, day: min(day, Day.daysIn(month: m, year: y)))
    }

    /// Monday of this day's ISO week.
    var mondayOfWeek: Day { adding(days: 1 - weekday) }

    var firstOfMonth: Day { Day(year: year, month: month, day: 1) }
    var lastOfMonth: Day { Day(year: year, month: month, day: Day.daysIn(month: month, year: year)) }

    /// The `n`-th (1-based) `weekday` of a month, or the last one when `n` is -1; nil when absent.
    static func nthWeekday(_ n: Int, weekday: Int, month: Int, year: Int) -> Day? {
        if n < 0 {
            let last = Day(year: year, month: month, day: daysIn(month: month, year: year))
            return last.adding(days: -((last.weekday - weekday + 7) % 7))
        }
        let first = Day(year: year, month: month, day: 1)
        let candidate = first.adding(days: (weekday - first.weekday + 7) % 7 + (n - 1) * 7)
        return candidate.month == month ? candidate : nil
    }

    static let monthNames = Civil.monthNames
}
