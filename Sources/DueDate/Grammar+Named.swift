import Foundation

extension Grammar {
    /// Named days: now, today, tomorrow, yesterday, the day after tomorrow, last night, eod/cob,
    /// eom / end of (next) month, eoy, eow / end of week, start of next month.
    func parseRelativeWord(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        guard let w = word(i) else { return nil }
        let dayMatch = { (offset: Int, end: Int) in Match(parts: [.day(DayValue(day: today.adding(days: offset)))], end: end) }
        switch w {
        case "now":
            if freeText { return nil }
            return Match(parts: [.instant(now, .second)], end: i + 1)
        case "right", "just":
            if isWord(i + 1, ["now"]) { return Match(parts: [.instant(now, .second)], end: i + 2) }
            return nil
        case "till", "until", "to":
            return isWord(i + 1, ["date"]) && !freeText ? dayMatch(0, i + 2) : nil
        case "atm":
            return freeText ? nil : Match(parts: [.instant(now, .second)], end: i + 1)
        case "at":
            if isWord(i + 1, ["the"]), isWord(i + 2, ["moment"]) { return Match(parts: [.instant(now, .second)], end: i + 3) }
            if isWord(i + 1, ["this"]), isWord(i + 2, ["time"]), !freeText { return Match(parts: [.instant(now, .second)], end: i + 3) }
            return nil
        case "today", "tod", "tdy": return dayMatch(0, i + 1)
        case "tomorrow", "tomorrows", "tmrw", "tmr", "tomorow", "tommorow", "tommorrow", "tmw": return dayMatch(1, i + 1)
        case "yesterday", "yday", "yesterdays": return dayMatch(-1, i + 1)
        case "overmorrow": return dayMatch(2, i + 1)
        case "day":
            if isWord(i + 1, ["after"]), isWord(i + 2, ["tomorrow", "tomorrows"]) { return dayMatch(2, i + 3) }
            if isWord(i + 1, ["before"]), isWord(i + 2, ["yesterday"]) { return dayMatch(-2, i + 3) }
            return nil
        case "next", "following", "last", "previous":
            if w == "next" || w == "following", isWord(i + 1, ["day"]) { return dayMatch(1, i + 2) }
            let business = isWord(i + 1, ["weekday"]) ? 2 : (isWord(i + 1, ["business", "working", "work"]) && isWord(i + 2, ["day"])) ? 3 : 0
            if business > 0 {
                let step = (w == "last" || w == "previous") ? -1 : 1
                var day = today.adding(days: step)
                while day.weekday > 5 { day = day.adding(days: step) }
                return Match(parts: [.day(DayValue(day: day))], end: i + business)
            }
            if w == "last", isWord(i + 1, ["day"]), !isWord(i + 2, ["of", "in"]) { return dayMatch(-1, i + 2) }
            if w == "next" || w == "last", isWord(i + 1, ["hour", "minute"]) {
                var d = Duration()
                d.add(isWord(i + 1, ["hour"]) ? .hour : .minute, w == "next" ? 1 : -1)
                return Match(parts: [fromNow(d)], end: i + 2)
            }
            if w == "last", isWord(i + 1, ["night"]) {
                return Match(parts: [.day(DayValue(day: today.adding(days: -1))), .dayPart(.night)], end: i + 2)
            }
            return nil
        case "yester":
            if isWord(i + 1, ["night"]) {
                return Match(parts: [.day(DayValue(day: today.adding(days: -1))), .dayPart(.night)], end: i + 2)
            }
            return nil
        case "eod", "cob", "eob":
            return Match(parts: [.time(TimeValue(hour: config.endOfDayHour, granularity: .minute))], end: i + 1)
        case "eom": return Match(parts: [.day(DayValue(day: today.lastOfMonth))], end: i + 1)
        case "eoy": return Match(parts: [.day(DayValue(day: Day(year: today.year, month: 12, day: 31)))], end: i + 1)
        case "eow": return Match(parts: [.day(DayValue(day: endOfWeek(today.mondayOfWeek)))], end: i + 1)
        case "close":
            if isWord(i + 1, ["of"]), isWord(i + 2, ["business", "play"]) {
                return Match(parts: [.time(TimeValue(hour: config.endOfDayHour, granularity: .minute))], end: i + 3)
            }
            return nil
        case "end", "beginning", "start":
            return try boundary(i, end: w == "end")
        default:
            return nil
        }
    }

    /// Saturday of the week (the last day of a Sunday-to-Saturday week, as chrono reads it);
    /// on a Sunday "end of week" is that Sunday.
    private func endOfWeek(_ monday: Day) -> Day {
        let saturday = monday.adding(days: 5)
        return saturday >= today || monday != today.mondayOfWeek ? saturday : monday.adding(days: 6)
    }

    /// "end of (the) month", "end of next week", "end of day", "start of next month", "end of March".
    private func boundary(_ i: Int, end: Bool) throws(DueDateError) -> Match? {
        var j = i + 1
        guard isWord(j, ["of"]) else { return nil }
        j = skip(j + 1, ["the"])
        var modifier = "this"
        if let w = word(j), ["this", "next", "last", "current", "following", "coming", "previous", "past"].contains(w) {
            modifier = w
            j += 1
        }
        let forward = ["next", "following", "coming"].contains(modifier)
        let backward = ["last", "previous", "past"].contains(modifier)
        guard let unitWord = word(j) else { return nil }
        switch unitWord {
        case "day":
            guard end, modifier == "this" else { return nil }
            return Match(parts: [.time(TimeValue(hour: config.endOfDayHour, granularity: .minute))], end: j + 1)
        case "business":
            guard end, isWord(j + 1, ["day"]) else { return nil }
            return Match(parts: [.time(TimeValue(hour: config.endOfDayHour, granularity: .minute))], end: j + 2)
        case "week", "wk":
            let monday = weekOf(modifier)
            let day = end ? endOfWeek(monday) : monday
            return Match(parts: [.day(DayValue(day: day))], end: j + 1)
        case "month", "mo":
            let base = today.firstOfMonth.adding(months: forward ? 1 : backward ? -1 : 0)
            return Match(parts: [.day(DayValue(day: end ? base.lastOfMonth : base))], end: j + 1)
        case "year", "yr":
            let y = today.year + (forward ? 1 : backward ? -1 : 0)
            return Match(parts: [.day(DayValue(day: end ? Day(year: y, month: 12, day: 31) : Day(year: y, month: 1, day: 1)))], end: j + 1)
        default:
            guard modifier == "this", let m = Lexicon.month(unitWord) else { return nil }
            var year = m < today.month ? today.year + 1 : today.year
            var k = skipDot(j + 1)
            if let (y, after) = self.year(k, allowShort: false) { year = y; k = after }
            let first = Day(year: year, month: m, day: 1)
            return Match(parts: [.day(DayValue(day: end ? first.lastOfMonth : first))], end: k)
        }
    }

    /// Astronomical seasons (northern hemisphere): spring from Mar 20, summer Jun 21, fall Sep 23,
    /// winter Dec 21. A named season is the current or next one; "season" is the current one.
    private func season(_ name: String, steps: Int) -> DayValue {
        let starts = [(3, 20), (6, 21), (9, 23), (12, 21)]
        func start(_ index: Int, _ year: Int) -> Day { Day(year: year, month: starts[index].0, day: starts[index].1) }
        // the season containing today: index and year of its start
        var index = 3
        var year = today.year - 1
        for (n, _) in starts.enumerated() where start(n, today.year) <= today {
            index = n
            year = today.year
        }
        let named = ["spring": 0, "summer": 1, "fall": 2, "autumn": 2, "winter": 3][name]
        if let named {
            // this = current or next, next = the next one to start, last = the last one to end
            let spans = ((today.year - 2)...(today.year + 2)).map { y in
                (start(named, y), start((named + 1) % 4, named == 3 ? y + 1 : y))
            }
            let pick = steps == 0 ? spans.first { $0.1 > today } : steps > 0 ? spans.first { $0.0 > today } : spans.last { $0.1 <= today }
            let (s, e) = pick ?? spans[2]
            return DayValue(day: s, granularity: .day, end: e)
        }
        var n = index + steps
        var y = year
        while n < 0 { n += 4; y -= 1 }
        while n > 3 { n -= 4; y += 1 }
        let e = start((n + 1) % 4, n == 3 ? y + 1 : y)
        return DayValue(day: start(n, y), granularity: .day, end: e)
    }

    /// Periods: this/next/last week, month, year, quarter, weekend; "the week after next".
    func parsePeriod(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        var j = i
        var modifier = "this"
        if let w = word(j), ["this", "next", "last", "current", "coming", "following", "past", "previous", "upcoming"].contains(w) {
            modifier = w
            j += 1
            if w == "this", isWord(j, ["past", "coming"]) { modifier = word(j)!; j += 1 }
        }
        guard var unitWord = word(j) else { return nil }
        if unitWord == "week", isSymbol(j + 1, "-", attached: true), isWord(j + 2, ["end"]) { unitWord = "weekend"; j += 2 }
        if unitWord == "week", isWord(j + 1, ["end"]) { unitWord = "weekend"; j += 1 }
        var steps: Int
        switch modifier {
        case "next", "coming", "following", "upcoming": steps = 1
        case "last", "past", "previous": steps = -1
        default: steps = 0
        }
        var k = j + 1
        if isWord(k, ["after"]), isWord(k + 1, ["next"]) {
            guard modifier == "this", j == i else { return nil }
            steps = 2
            k += 2
        }
        // "the week of october 7th": the week containing that day
        if unitWord == "week", j == i, isWord(j + 1, ["of"]) {
            var inner = try parseMonthDate(j + 2, true)
            if inner == nil { inner = try parseNumericDate(j + 2, true) }
            if let inner, case .day(let value)? = inner.parts.first {
                let monday = value.day.mondayOfWeek
                return Match(parts: [.day(DayValue(day: value.day, granularity: .week, end: monday.adding(days: 7)))], end: inner.end)
            }
        }
        let seasons: Set<String> = ["spring", "summer", "fall", "autumn", "winter"]
        if modifier == "this" && j == i && steps == 0 && unitWord != "weekend" && unitWord != "weekends"
            && !(seasons.contains(unitWord) && !freeText) { return nil }
        switch unitWord {
        case "week", "wk":
            let day = today.adding(days: 7 * steps)
            return Match(parts: [.day(DayValue(day: day, granularity: .week, end: day.mondayOfWeek.adding(days: 7)))], end: k)
        case "month", "mo":
            let day = steps == 0 ? today.firstOfMonth : today.adding(months: steps)
            return Match(parts: [.day(DayValue(day: day, granularity: .month, end: day.firstOfMonth.adding(months: 1)))], end: k)
        case "year", "yr":
            let day = steps == 0 ? Day(year: today.year, month: 1, day: 1) : today.adding(months: 12 * steps)
            return Match(parts: [.day(DayValue(day: day, granularity: .year, end: Day(year: day.year + 1, month: 1, day: 1)))], end: k)
        case "spring", "summer", "fall", "autumn", "winter", "season", "seasons":
            if freeText && j == i { return nil }
            let span = season(unitWord, steps: steps)
            return Match(parts: [.day(span)], end: k)
        case "decade":
            return Match(parts: [.day(DayValue(day: today.adding(months: 120 * steps), granularity: .year))], end: k)
        case "fortnight":
            return Match(parts: [.day(DayValue(day: today.adding(days: 14 * steps)))], end: k)
        case "quarter", "qtr":
            // the same day of the month in the first month of the named quarter
            let first = Day(year: today.year, month: (today.month - 1) / 3 * 3 + 1, day: 1)
            let target = first.adding(months: 3 * steps)
            let day = steps == 0 ? first : Day(year: target.year, month: target.month,
                                               day: min(today.day, Day.daysIn(month: target.month, year: target.year)))
            return Match(parts: [.day(DayValue(day: day, granularity: .month, end: first.adding(months: 3 * steps + 3)))], end: k)
        case "weekend", "wkend", "weekends":
            if freeText && j == i && !isWord(i - 1, ["the"]) { return nil }
            let monday = today.mondayOfWeek
            var saturday = monday.adding(days: 5)
            if steps > 0 { saturday = saturday.adding(days: 7) }
            if steps < 0 {
                let sunday = monday.adding(days: -1)
                return Match(parts: [.day(DayValue(day: sunday, granularity: .day, end: monday))], end: k)
            }
            return Match(parts: [.day(DayValue(day: saturday, granularity: .day, end: saturday.adding(days: 2)))], end: k)
        default:
            return nil
        }
    }
}
