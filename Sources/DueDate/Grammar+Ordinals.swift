import Foundation

extension Grammar {
    /// Ordinals: "the 3rd", "on the 15th", "20 of next month", "first tuesday of october",
    /// "last Monday of March 2014", "third day of october", "last day of the month",
    /// "first week of october 2014" (the first Monday-to-Sunday week inside the month).
    func parseOrdinalDate(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        var n: Int
        var j: Int
        var ordinal: Bool
        if isWord(i, ["last", "final"]) {
            n = -1
            j = i + 1
            ordinal = true
        } else if let (value, isOrdinal, next) = dayOfMonth(i) {
            n = value
            j = next
            ordinal = isOrdinal
        } else {
            return nil
        }
        // nth weekday / day / week of a month
        // "third quarter", "4th qtr of 2018"
        if ordinal, (1...4).contains(n), isWord(j, ["quarter", "qtr"]) {
            var k = j + 1
            var year = today.year
            if let (y, after) = self.year(skip(k, ["of"]), allowShort: false) { year = y; k = after }
            let first = Day(year: year, month: 3 * (n - 1) + 1, day: 1)
            return Match(parts: [.day(DayValue(day: first, granularity: .month, end: first.adding(months: 3)))], end: k)
        }
        var targetEnd = j + 1
        var target = word(j).flatMap(ordinalTarget)
        if isWord(j, ["week"]), isSymbol(j + 1, "-"), isWord(j + 2, ["end"]) { target = 9; targetEnd = j + 3 }
        if isWord(j, ["week"]), isWord(j + 1, ["end"]) { target = 9; targetEnd = j + 2 }
        if let what = target, ordinal {
            let k = skip(targetEnd, ["of", "in"])
            guard k > targetEnd, let ref = monthReference(k) else { return nil }
            guard n == -1 || (1...5).contains(n) || (what == 0 && n <= 31) else { return nil }
            func resolve(_ year: Int) throws(DueDateError) -> DayValue? {
                switch what {
                case 0:
                    if n == -1 { return DayValue(day: Day(year: year, month: ref.month, day: Day.daysIn(month: ref.month, year: year))) }
                    try validate(year: year, month: ref.month, day: n)
                    return DayValue(day: Day(year: year, month: ref.month, day: n))
                case 8:
                    let first = Day(year: year, month: ref.month, day: 1)
                    let firstMonday = first.adding(days: (8 - first.weekday) % 7)
                    var monday = firstMonday.adding(days: 7 * (n - 1))
                    if n == -1 {
                        let last = first.lastOfMonth
                        monday = last.adding(days: -(last.weekday % 7) - 6)
                    }
                    guard monday.month == ref.month, monday.adding(days: 6).month == ref.month else { return nil }
                    return DayValue(day: monday, granularity: .week, end: monday.adding(days: 7))
                case 9:
                    return Day.nthWeekday(n, weekday: 6, month: ref.month, year: year).map {
                        DayValue(day: $0, granularity: .day, end: $0.adding(days: 2))
                    }
                default:
                    return Day.nthWeekday(n, weekday: what, month: ref.month, year: year).map { DayValue(day: $0) }
                }
            }
            guard var value = try resolve(ref.year ?? today.year) else {
                throw .impossibleDate("that month has no such weekday")
            }
            if ref.year == nil, value.day < today, let later = try resolve(today.year + 1) { value = later }
            return Match(parts: [.day(value)], end: ref.end)
        }
        guard n >= 1 else { return nil }
        // "20 of next month", "the 3rd of this month"
        if isWord(j, ["of"]), let ref = monthReference(j + 1), !ref.named {
            try validate(year: ref.year, month: ref.month, day: n)
            return Match(parts: [.day(DayValue(day: Day(year: ref.year ?? today.year, month: ref.month, day: n)))], end: ref.end)
        }
        // the ordinal alone: next such day of the month on or after today ("the 24" too)
        guard ordinal || (!freeText && isWord(i - 1, ["the"])) else { return nil }
        if freeText && (!isWord(i - 1, ["the"]) || number(i) == nil) { return nil }
        guard n <= 31 else { throw .impossibleDate("no month has a day \(n)") }
        var candidate = today.firstOfMonth
        for _ in 0..<12 {
            if n <= Day.daysIn(month: candidate.month, year: candidate.year) {
                let day = Day(year: candidate.year, month: candidate.month, day: n)
                if day >= today { return Match(parts: [.day(DayValue(day: day, inferred: .month))], end: j) }
            }
            candidate = candidate.adding(months: 1)
        }
        return nil
    }

    /// 1...7 for a weekday, 0 for "day", 8 for "week".
    private func ordinalTarget(_ word: String) -> Int? {
        if word == "day" { return 0 }
        if word == "week" { return 8 }
        if word == "weekend" || word == "wkend" { return 9 }
        if let wd = Lexicon.weekday(word), !word.hasSuffix("s") || word == "tues" || word == "thurs" || word == "weds" { return wd }
        return nil
    }

    struct MonthReference {
        var year: Int?
        var month: Int
        var end: Int
        /// Named by a month name (as opposed to "next month").
        var named: Bool
    }

    /// "october", "october 2014", "next month", "this month", "the month", "last month".
    func monthReference(_ i: Int) -> MonthReference? {
        let j = skip(i, ["the"])
        if let w = word(j), let month = Lexicon.month(w) {
            let k = skipDot(j + 1)
            if let (y, after) = year(isSymbol(k, ",") ? k + 1 : k, allowShort: false) {
                return MonthReference(year: y, month: month, end: after, named: true)
            }
            return MonthReference(year: nil, month: month, end: k, named: true)
        }
        var k = j
        var steps = 0
        if let w = word(k), ["this", "next", "last", "current", "following", "previous", "coming"].contains(w) {
            steps = ["next", "following", "coming"].contains(w) ? 1 : ["last", "previous"].contains(w) ? -1 : 0
            k += 1
        }
        guard isWord(k, ["month"]) else { return nil }
        let first = today.firstOfMonth.adding(months: steps)
        return MonthReference(year: first.year, month: first.month, end: k + 1, named: false)
    }

    /// Holidays with fixed or weekday-based dates: christmas, new year's day/eve, valentine's,
    /// halloween, independence day, thanksgiving, black friday, memorial/labor day, mother's and
    /// father's day, MLK day. Next occurrence unless a year or next/last is given.
    func parseHoliday(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        var j = i
        var steps = 0
        if let w = word(j), ["next", "last", "this"].contains(w) {
            steps = w == "next" ? 1 : w == "last" ? -1 : 0
            j += 1
        }
        guard let (rule, afterName) = holidayName(j) else { return nil }
        var k = skip(afterName, ["day"])
        if freeText, j == i, holidayModifiesNoun(at: i, end: k) { return nil }
        var year: Int?
        if let (y, after) = self.year(k, allowShort: false) {
            year = y
            k = after
        } else if isWord(k, ["of"]), let w = word(k + 1), ["last", "next", "this"].contains(w), isWord(k + 2, ["year"]) {
            year = today.year + (w == "last" ? -1 : w == "next" ? 1 : 0)
            k += 3
        }
        var day: Day
        if let year {
            day = rule(year)
        } else {
            day = rule(today.year)
            if day < today { day = rule(today.year + 1) }
            if steps < 0 {
                day = rule(today.year)
                if day >= today { day = rule(today.year - 1) }
            } else if steps > 0, day == today {
                day = rule(today.year + 1)
            }
        }
        return Match(parts: [.day(DayValue(day: day))], end: k)
    }

    /// Easter Sunday of a Gregorian year (anonymous Gregorian computus).
    static func easter(_ y: Int) -> Day {
        let a = y % 19, b = y / 100, c = y % 100, d = b / 4, e = b % 4
        let f = (b + 8) / 25, g = (b - f + 1) / 3, h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7, m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        return Day(year: y, month: month, day: day)
    }

    private func holidayName(_ i: Int) -> ((Int) -> Day, Int)? {
        guard let w = word(i) else { return nil }
        let fixed = { (m: Int, d: Int) in { (y: Int) in Day(year: y, month: m, day: d) } }
        let nth = { (n: Int, wd: Int, m: Int) in { (y: Int) in Day.nthWeekday(n, weekday: wd, month: m, year: y)! } }
        switch w {
        case "christmas", "xmas":
            if isWord(i + 1, ["eve"]) { return (fixed(12, 24), i + 2) }
            return (fixed(12, 25), i + 1)
        case "new":
            guard isWord(i + 1, ["years", "year"]) else { return nil }
            if isWord(i + 2, ["eve"]) { return (fixed(12, 31), i + 3) }
            if isWord(i + 2, ["day"]) { return ({ y in Day(year: y + 1, month: 1, day: 1) }, i + 3) }
            return nil
        case "valentines", "valentine": return (fixed(2, 14), i + 1)
        case "halloween": return (fixed(10, 31), i + 1)
        case "independence": return isWord(i + 1, ["day"]) ? (fixed(7, 4), i + 2) : nil
        case "thanksgiving": return (nth(4, 4, 11), i + 1)
        case "black": return isWord(i + 1, ["friday"]) ? ({ y in Day.nthWeekday(4, weekday: 4, month: 11, year: y)!.adding(days: 1) }, i + 2) : nil
        case "memorial": return isWord(i + 1, ["day"]) ? (nth(-1, 1, 5), i + 2) : nil
        case "labor", "labour": return isWord(i + 1, ["day"]) ? (nth(1, 1, 9), i + 2) : nil
        case "mothers", "mother": return isWord(i + 1, ["day"]) ? (nth(2, 7, 5), i + 2) : nil
        case "fathers", "father": return isWord(i + 1, ["day"]) ? (nth(3, 7, 6), i + 2) : nil
        case "mlk": return (nth(3, 1, 1), i + 1)
        case "easter":
            if isWord(i + 1, ["monday"]) { return ({ y in Grammar.easter(y).adding(days: 1) }, i + 2) }
            return ({ y in Grammar.easter(y) }, skip(i + 1, ["sunday"]))
        case "good": return isWord(i + 1, ["friday"]) ? ({ y in Grammar.easter(y).adding(days: -2) }, i + 2) : nil
        case "martin":
            guard isWord(i + 1, ["luther"]), isWord(i + 2, ["king"]) else { return nil }
            return (nth(3, 1, 1), i + 3)
        default: return nil
        }
    }
}
