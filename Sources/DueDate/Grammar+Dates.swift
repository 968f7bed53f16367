import Foundation

extension Grammar {
    /// Numeric dates: ISO `2026-03-04` (with `T10:00:00+01:00`), `2012/8/10`, `8/10/2012`, `8/10/12`,
    /// `08.25.2006`, `10-31-74`, `8/10`, `2/2013`. Day-first is used only when the month-first
    /// reading is impossible and the day-first one is not (`25/12/2026`).
    func parseNumericDate(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        guard let first = number(i), first.text.count <= 4 else {
            if let t = number(i), t.text.count == 8, !freeText { return try compactDate(i, t) }
            return nil
        }
        if i > 0, tokens[i - 1].isSymbol("$") || tokens[i - 1].isSymbol("."), !tokens[i].spaced { return nil }
        var fields = [first]
        var separator: String?
        var j = i + 1
        while fields.count < 3, j + 1 < tokens.count, tokens[j].kind == .symbol, attached(j), attached(j + 1),
              ["/", "-", "."].contains(tokens[j].text), separator == nil || tokens[j].text == separator,
              let next = number(j + 1), next.text.count <= 4 {
            separator = tokens[j].text
            fields.append(next)
            j += 2
        }
        guard fields.count >= 2, let sep = separator else { return nil }
        // a fourth field or a trailing percent sign means this is not a date ("1.1.3.4", "12.53%")
        if j + 1 < tokens.count, tokens[j].isSymbol(sep), attached(j), number(j + 1) != nil { return nil }
        if isSymbol(j, "%") { return nil }
        let lengths = fields.map(\.text.count)
        let values = fields.map { Int($0.text) ?? 0 }
        if fields.count == 3 {
            if lengths[0] == 4 {
                // year first
                guard lengths[1] <= 2, lengths[2] <= 2 else { return nil }
                try validate(year: values[0], month: values[1], day: values[2])
                let day = Day(year: values[0], month: values[1], day: values[2])
                return isoTail(j, day: day)
            }
            guard lengths[0] <= 2, lengths[1] <= 2, lengths[2] == 4 || lengths[2] == 2 else { return nil }
            if sep == "." && lengths[2] != 4 { return nil }
            if sep == "-" && lengths[2] != 4 && (lengths[0] != 2 || lengths[1] != 2) { return nil }
            let year = lengths[2] == 4 ? values[2] : expandYear(values[2])
            let (month, day) = try monthFirst(values[0], values[1], year: year)
            return Match(parts: [.day(DayValue(day: Day(year: year, month: month, day: day)))], end: j)
        }
        // two fields
        if lengths[0] == 4, lengths[1] <= 2, sep != ".", !freeText {
            guard (1...12).contains(values[1]) else { throw .impossibleDate("there is no month \(values[1])") }
            return Match(parts: [.day(monthSpan(year: values[0], month: values[1]))], end: j)
        }
        if lengths[1] == 4, lengths[0] <= 2, sep != "." {
            guard (1...12).contains(values[0]) else { throw .impossibleDate("there is no month \(values[0])") }
            let start = Day(year: values[1], month: values[0], day: 1)
            return Match(parts: [.day(DayValue(day: start, granularity: .month))], end: j)
        }
        guard lengths[0] <= 2, lengths[1] <= 2, sep == "/" || (sep == "." && !freeText) else { return nil }
        if sep == "." && isWord(j, ["am", "pm", "a", "p"]) { return nil }
        if isSymbol(j, ":") { return nil }
        let (month, day) = try monthFirst(values[0], values[1], year: nil)
        return Match(parts: [.day(DayValue(day: upcoming(month: month, day: day)))], end: j)
    }

    /// Month-first reading of two numbers, day-first when only that one exists.
    private func monthFirst(_ a: Int, _ b: Int, year: Int?) throws(DueDateError) -> (Int, Int) {
        do {
            try validate(year: year, month: a, day: b)
            return (a, b)
        } catch {
            if a > 12, (1...12).contains(b), (try? validate(year: year, month: b, day: a)) != nil { return (b, a) }
            throw error
        }
    }

    /// `20150924` as a whole-phrase date.
    private func compactDate(_ i: Int, _ t: Token) throws(DueDateError) -> Match? {
        guard let n = t.intValue else { return nil }
        let y = n / 10_000, m = (n / 100) % 100, d = n % 100
        guard (1000...2999).contains(y) else { return nil }
        try validate(year: y, month: m, day: d)
        return isoTail(i + 1, day: Day(year: y, month: m, day: d))
    }

    /// Optional ISO time after a date: `T12:00:00Z`, `T10:30+02:00`.
    private func isoTail(_ j: Int, day: Day) -> Match {
        let dayPart = Part.day(DayValue(day: day))
        guard isWord(j, ["t"]), attached(j), let h = number(j + 1), attached(j + 1), h.text.count == 2,
              isSymbol(j + 2, ":", attached: true), let m = number(j + 3), m.text.count == 2,
              let hv = h.intValue, let mv = m.intValue, hv <= 23, mv <= 59 else {
            return Match(parts: [dayPart], end: j)
        }
        var time = TimeValue(hour: hv, minute: mv)
        var k = j + 4
        if isSymbol(k, ":", attached: true), let s = number(k + 1), s.text.count == 2, let sv = s.intValue, sv <= 59 {
            time.second = sv
            time.granularity = .second
            k += 2
            if isSymbol(k, ".", attached: true), let f = number(k + 1), let fv = Double("0." + f.text) {
                time.nanosecond = Int(fv * 1_000_000_000)
                k += 2
            }
        }
        if let (zone, after) = zoneSuffix(k) {
            time.zone = zone
            k = after
        }
        return Match(parts: [dayPart, .time(time)], end: k)
    }

    /// Month names: "March 3", "mar 3rd, 2027", "3rd of march 2027", "14april 2015", "the 1st of
    /// march", "march first", "October 2014", "in January", "next March", "mid March".
    func parseMonthDate(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        // month first
        if let w = word(i), let month = Lexicon.month(w) {
            var j = skipDot(i + 1)
            j = skip(j, ["the"])
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
        var j = skip(afterDay, ["of"])
        j = skip(j, ["the"])
        guard let name = word(j), let month = Lexicon.month(name) else { return nil }
        if !ordinal, !attached(j) || number(i) == nil, j == afterDay, isWord(j, ["may", "march"]), freeText { return nil }
        var k = skipDot(j + 1)
        if isSymbol(k, ",") { k += 1 }
        var value: DayValue
        if let (y, afterYear) = year(k, allowShort: ordinal) {
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
        }
        return Match(parts: [.day(value)], end: k)
    }

    /// "July 13-15", "July 13 to 15", "Aug 8 - Aug 12": the span keeps its first day as the answer.
    private func rangeTail(_ i: Int, start: DayValue) -> Match {
        guard isSymbol(i, "-") || isWord(i, ["to", "through", "thru", "till", "until"]) else {
            return Match(parts: [.day(start)], end: i)
        }
        var j = i + 1
        var month = start.day.month
        if let w = word(j), let m = Lexicon.month(w) { month = m; j = skipDot(j + 1) }
        guard let (d, _, after) = dayOfMonth(j), Day.isValid(year: start.day.year, month: month, day: d) else {
            return Match(parts: [.day(start)], end: i)
        }
        let last = Day(year: start.day.year, month: month, day: d)
        guard last >= start.day else { return Match(parts: [.day(start)], end: i) }
        var span = start
        span.end = last.adding(days: 1)
        return Match(parts: [.day(span)], end: after)
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

    /// A bare four-digit year as the whole phrase ("2027"), or "in 2027".
    func parseYear(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        var j = i
        if isWord(j, ["in", "during"]) { j += 1 }
        guard let t = number(j), t.text.count == 4, let y = t.intValue, config.bareYearRange.contains(y) else { return nil }
        if freeText && j == i { return nil }
        if j + 1 < tokens.count, tokens[j + 1].kind == .symbol, attached(j + 1), !tokens[j + 1].isSymbol(",") { return nil }
        let start = Day(year: y, month: 1, day: 1)
        return Match(parts: [.day(DayValue(day: start, granularity: .year, end: Day(year: y + 1, month: 1, day: 1)))], end: j + 1)
    }
}
