import Foundation

extension Grammar {
    /// Month names: "March 3", "mar 3rd, 2027", "3rd of march 2027", "14april 2015", "the 1st of
    /// march", "march first", "October 2014", "in January", "next March", "mid March".
    func parseMonthDate(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        // year first: "2012/Aug/10", "2018 March 18"
        if let t = number(i), t.text.count == 4, let y = t.intValue, (1000...2999).contains(y), !freeText {
            var j = i + 1
            let sep = isSymbol(j, "/", attached: true) || isSymbol(j, "-", attached: true)
            if sep { j += 1 }
            if let w = word(j), let month = Lexicon.month(w) {
                var k = skipDot(j + 1)
                if sep, isSymbol(k, tokens[i + 1].text, attached: true) { k += 1 }
                if let (d, _, afterDay) = dayOfMonth(k) {
                    try validate(year: y, month: month, day: d)
                    return Match(parts: [.day(DayValue(day: Day(year: y, month: month, day: d)))], end: afterDay)
                }
            }
        }
        // month first
        if let w = word(i), let month = Lexicon.month(w) {
            var j = skipDot(i + 1)
            if isSymbol(j, ","), dayOfMonth(j + 1) != nil { j += 1 }
            j = skip(j, ["the"])
            // "Aug 96": two digits that cannot be a day are a year
            if !freeText, let t = number(j), t.text.count == 2, let n = t.intValue, n > 31, word(j + 1).flatMap(TimeUnit.parse) == nil {
                return Match(parts: [.day(monthSpan(year: expandYear(n), month: month))], end: j + 1)
            }
            if let (d, ordinal, afterDay) = dayOfMonth(j) {
                var k = afterDay
                if isSymbol(k, ",") { k += 1 }
                let yearSpan = year(k, allowShort: ordinal || isSymbol(k - 1, ","))
                if let (y, afterYear) = yearSpan {
                    try validate(year: y, month: month, day: d)
                    return Match(parts: [.day(DayValue(day: Day(year: y, month: month, day: d)))], end: afterYear)
                }
                if d > 31 || d == 0 {
                    if ordinal || !freeText { try validate(year: nil, month: month, day: d) }
                    return nil
                }
                try validate(year: nil, month: month, day: d)
                return rangeTail(afterDay, start: DayValue(day: upcoming(month: month, day: d), inferred: .year))
            }
            var k = j
            if isSymbol(k, ",") || isSymbol(k, "-", attached: true) { k += 1 }
            if let (y, afterYear) = year(k, allowShort: false) {
                return Match(parts: [.day(monthSpan(year: y, month: month))], end: afterYear)
            }
            if freeText && Lexicon.ambiguousMonthWords.contains(w) && !afterPart { return nil }
            if freeText && !monthAloneIsDate(at: i, end: skipDot(i + 1), afterPart: afterPart) { return nil }
            return monthAlone(month, i: i, end: skipDot(i + 1), modifier: nil)
        }
        // "next August 17", "last March 3rd"
        if let w = word(i), ["next", "last", "this", "coming"].contains(w), let name = word(i + 1),
           let month = Lexicon.month(name), let (d, _, afterDay) = dayOfMonth(skip(skipDot(i + 2), ["the"])) {
            try validate(year: nil, month: month, day: d)
            var day = upcoming(month: month, day: d)
            if w == "next", day == today { day = upcoming(month: month, day: d).adding(days: 1); day = upcomingAfter(day, month: month, day: d) }
            if w == "last" { day = Day(year: today.year, month: month, day: min(d, Day.daysIn(month: month, year: today.year))); if day >= today { day.year -= 1 } }
            if w == "last", !Day.isValid(year: day.year, month: month, day: d) { throw .impossibleDate("\(Day.monthNames[month - 1]) \(day.year) has no day \(d)") }
            return Match(parts: [.day(DayValue(day: day))], end: afterDay)
        }
        // modifiers before a bare month name
        if let w = word(i), ["in", "next", "last", "this", "coming", "early", "mid", "late", "during"].contains(w),
           let name = word(i + 1), let month = Lexicon.month(name) {
            if let (y, afterYear) = year(skipDot(i + 2), allowShort: false), w != "next", w != "last" {
                var span = monthSpan(year: y, month: month)
                applyPortion(w, to: &span)
                return Match(parts: [.day(span)], end: afterYear)
            }
            if w == "in" || w == "during", dayOfMonth(skipDot(i + 2)) != nil { return nil }
            return monthAlone(month, i: i, end: skipDot(i + 2), modifier: w)
        }
        // day first
        guard let (d, ordinal, firstEnd) = dayOfMonth(i) else { return nil }
        var afterDay = firstEnd
        var lastDay: Int?
        // "13 to 15 July", "23rd to 26th Oct", "1-8 september", "the 13th to the 15th of July"
        if isSymbol(afterDay, "-") || isWord(afterDay, ["to", "through", "thru", "till", "until"]),
           let (d2, _, after2) = dayOfMonth(skip(afterDay + 1, ["the"])), d2 > d, d2 <= 31 {
            lastDay = d2
            afterDay = after2
        }
        var separated = false
        if lastDay == nil, isSymbol(afterDay, "/", attached: true) || isSymbol(afterDay, "-", attached: true) {
            afterDay += 1
            separated = true
        }
        var j = skip(afterDay, ["of"])
        j = skip(j, ["the"])
        guard let name = word(j), let month = Lexicon.month(name) else { return nil }
        if !ordinal, !attached(j) || number(i) == nil, j == afterDay, isWord(j, ["may", "march"]), freeText { return nil }
        var k = skipDot(j + 1)
        if isSymbol(k, ",") || (separated && (isSymbol(k, "/", attached: true) || isSymbol(k, "-", attached: true))) { k += 1 }
        var value: DayValue
        if let (y, afterYear) = year(k, allowShort: ordinal || separated) {
            try validate(year: y, month: month, day: d)
            value = DayValue(day: Day(year: y, month: month, day: d))
            k = afterYear
        } else {
            try validate(year: nil, month: month, day: d)
            value = DayValue(day: upcoming(month: month, day: d), inferred: .year)
            k = skipDot(j + 1)
        }
        if let lastDay {
            try validate(year: value.day.year, month: month, day: lastDay)
            value.end = Day(year: value.day.year, month: month, day: lastDay).adding(days: 1)
            value.inferred = .nothing
        } else if value.inferred == .year {
            return rangeTail(k, start: value)
        }
        return Match(parts: [.day(value)], end: k)
    }

    /// "July 13-15", "July 13 to 15", "Aug 8 - Aug 12", "Aug 10 - Nov 12, 2013": the span keeps
    /// its first day as the answer; a year after the end belongs to both ends. An end that is not
    /// on the calendar leaves the start alone.
    private func rangeTail(_ i: Int, start: DayValue) -> Match {
        guard isSymbol(i, "-") || isWord(i, ["to", "through", "thru", "till", "until"]) else {
            return Match(parts: [.day(start)], end: i)
        }
        var j = i + 1
        var month = start.day.month
        if let w = word(j), let m = Lexicon.month(w) { month = m; j = skipDot(j + 1) }
        guard let (d, _, afterDay) = dayOfMonth(j), d >= 1, d <= 31 else { return Match(parts: [.day(start)], end: i) }
        var after = afterDay
        // day-first end: "10 August - 12 September 2013"
        if let w = word(after), let m = Lexicon.month(w) {
            month = m
            after = skipDot(after + 1)
        }
        var span = start
        var end = after
        var k = after
        if isSymbol(k, ",") { k += 1 }
        if let (y, afterYear) = year(k, allowShort: false), Day.isValid(year: y, month: start.day.month, day: start.day.day) {
            // "Aug 10 - Nov 12, 2013": the year belongs to both ends
            span.day = Day(year: y, month: start.day.month, day: start.day.day)
            span.inferred = .nothing
            end = afterYear
        }
        guard Day.isValid(year: span.day.year, month: month, day: d) else { return Match(parts: [.day(start)], end: i) }
        var last = Day(year: span.day.year, month: month, day: d)
        if last < span.day { last.year += 1 }
        span.end = last.adding(days: 1)
        return Match(parts: [.day(span)], end: end)
    }

    /// The first `month/day` on or after `from`.
    private func upcomingAfter(_ from: Day, month: Int, day: Int) -> Day {
        for y in from.year...(from.year + 8) where Day.isValid(year: y, month: month, day: day) {
            let candidate = Day(year: y, month: month, day: day)
            if candidate >= from { return candidate }
        }
        return from
    }

    func monthSpan(year: Int, month: Int) -> DayValue {
        let start = Day(year: year, month: month, day: 1)
        return DayValue(day: start, granularity: .month, end: start.adding(months: 1))
    }

    private func applyPortion(_ modifier: String, to span: inout DayValue) {
        let start = span.day
        switch modifier {
        case "early": span = DayValue(day: start, granularity: .day, end: start.adding(days: 10))
        case "mid": span = DayValue(day: start.adding(days: 14), granularity: .day, end: start.adding(days: 20))
        case "late": span = DayValue(day: start.adding(days: 24), granularity: .day, end: start.adding(months: 1))
        default: break
        }
    }

    /// A month without a day: the next one (this month counts) unless next/last say otherwise;
    /// "March after next" skips one year more.
    private func monthAlone(_ month: Int, i: Int, end: Int, modifier: String?) -> Match {
        var year = today.year
        var j = end
        switch modifier {
        case "next":
            if month <= today.month { year += 1 }
        case "last":
            if month >= today.month { year -= 1 }
        default:
            if month < today.month { year += 1 }
        }
        if isWord(j, ["after"]), isWord(j + 1, ["next"]) {
            if modifier == nil, month <= today.month, year == today.year { year += 1 }
            year += 1
            j += 2
        }
        var span = monthSpan(year: year, month: month)
        if let modifier { applyPortion(modifier, to: &span) }
        return Match(parts: [.day(span)], end: j)
    }
}
