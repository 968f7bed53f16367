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
                // with slashes, year-day-month when year-month-day is impossible ("2024/13/1");
                // ISO dashes and dots are strict
                if sep == "/" {
                    let (month, dayOfMonth) = try monthFirst(values[1], values[2], year: values[0])
                    return isoTail(j, day: Day(year: values[0], month: month, day: dayOfMonth))
                }
                try validate(year: values[0], month: values[1], day: values[2])
                return isoTail(j, day: Day(year: values[0], month: values[1], day: values[2]))
            }
            guard lengths[0] <= 2, lengths[1] <= 2, lengths[2] == 4 || lengths[2] == 2 else { return nil }
            if sep == "." && lengths[2] != 4 { return nil }
            if sep == "-" && lengths[2] != 4 && (lengths[0] != 2 || lengths[1] != 2) { return nil }
            let year = lengths[2] == 4 ? values[2] : expandYear(values[2])
            let (month, day) = try monthFirst(values[0], values[1], year: year)
            let dayPart = Part.day(DayValue(day: Day(year: year, month: month, day: day)))
            // "05/31/2024-14:15", "05/31/2024.14:15": a clock reading glued to the date
            if j + 3 < tokens.count, attached(j), tokens[j].kind == .symbol, ["-", ".", ":"].contains(tokens[j].text),
               let h = number(j + 1), attached(j + 1), h.text.count <= 2, isSymbol(j + 2, ":", attached: true),
               let m = number(j + 3), attached(j + 3), m.text.count == 2, let hv = h.intValue, let mv = m.intValue {
                try checkClock(hour: hv, minute: mv, second: 0)
                return Match(parts: [dayPart, .time(TimeValue(hour: hv % 24, minute: mv))], end: j + 4)
            }
            return Match(parts: [dayPart], end: j)
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

    /// Month-first reading of two numbers, day-first when only that one exists; with
    /// `configuration.dayFirst` (en_GB, fr, de… locales) the other way round.
    private func monthFirst(_ a: Int, _ b: Int, year: Int?) throws(DueDateError) -> (Int, Int) {
        if config.dayFirst {
            do {
                try validate(year: year, month: b, day: a)
                return (b, a)
            } catch {
                if b > 12, (1...12).contains(a), (try? validate(year: year, month: a, day: b)) != nil { return (a, b) }
                throw error
            }
        }
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
