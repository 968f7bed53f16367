import Foundation

extension Grammar {
    /// Offsets from now or from another date: "in 3 days", "within two weeks", "3 weeks from now",
    /// "2 days ago", "2 weeks after yesterday", "one hour from Thursday", "+10 days", "-2h",
    /// "3 fridays from now", "next 3 days"; a bare "5 minutes" only as a whole phrase.
    func parseRelative(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        if isWord(i, ["in", "within", "after", "for"]), let (d, j) = try duration(hedged(i + 1)) {
            var k = j
            if isSymbol(k, "'"), isWord(k + 1, ["time"]) { k += 1 }
            if isWord(k, ["from"]), isWord(k + 1, ["now"]) { k += 2 } else if isWord(k, ["later", "time"]) { k += 1 }
            return Match(parts: [fromNow(d)], end: k)
        }
        if isSymbol(i, "+") || isSymbol(i, "-") || isWord(i, ["plus", "minus"]), let (d, j) = try duration(i + 1) {
            let negative = isSymbol(i, "-") || isWord(i, ["minus"])
            return Match(parts: [.offset(negative ? d.negated() : d)], end: j)
        }
        if let m = try rollingSpan(i) { return m }
        if let m = countedWeekdays(i) { return m }
        guard let (d, j) = try duration(i) else { return nil }
        if isWord(j, ["ago", "back", "earlier", "prior"]) {
            return Match(parts: [fromNow(d.negated())], end: j + 1)
        }
        if isWord(j, ["hence", "later", "afterwards", "thereafter"]) {
            return Match(parts: [fromNow(d)], end: j + 1)
        }
        if isWord(j, ["from", "after", "before", "since"]) {
            let negative = isWord(j, ["before"])
            if isWord(j + 1, ["now"]) {
                return Match(parts: [fromNow(negative ? d.negated() : d)], end: j + 2)
            }
            let nested = sequence(from: j + 1)
            if nested.parts.isEmpty {
                if let error = nested.error { throw error }
                return nil
            }
            let anchor = try Resolver(grammar: self).resolve(nested.parts)
            return Match(parts: [shift(anchor, by: negative ? d.negated() : d)], end: nested.end)
        }
        if !freeText { return Match(parts: [fromNow(d)], end: j) }
        return nil
    }

    /// Skips hedges between "in" and a quantity: "in about ~5 hours", "within around 3 hours".
    func hedged(_ i: Int) -> Int {
        var j = i
        while isWord(j, ["about", "around", "approximately", "approx", "roughly", "just", "another", "only"]) || isSymbol(j, "~") {
            j += 1
        }
        return j
    }

    /// The reference instant shifted by `d`: a day when `d` has no sub-day part.
    func fromNow(_ d: Duration) -> Part {
        if !d.hasSubDay {
            return .day(DayValue(day: today.adding(months: d.months).adding(days: d.days)))
        }
        var wall = nowWall
        wall.day = wall.day.adding(months: d.months).adding(days: d.days)
        return .instant(wall.instant(in: zone).addingTimeInterval(d.seconds), d.granularity)
    }

    /// A resolved anchor shifted by `d`; a day-only anchor takes the reference time of day when
    /// `d` has a sub-day part ("tomorrow -2h" is 22 hours from now).
    func shift(_ anchor: ResolvedDate, by d: Duration) -> Part {
        var wall = WallClock(anchor.start, in: zone)
        if !anchor.hasTime {
            if !d.hasSubDay {
                return .day(DayValue(day: wall.day.adding(months: d.months).adding(days: d.days)))
            }
            wall = WallClock(day: wall.day, hour: nowWall.hour, minute: nowWall.minute, second: nowWall.second)
        }
        wall.day = wall.day.adding(months: d.months).adding(days: d.days)
        let granularity = d.hasSubDay ? max(d.granularity, anchor.hasTime ? anchor.granularity : .minute) : anchor.granularity
        return .instant(wall.instant(in: zone).addingTimeInterval(d.seconds), granularity)
    }

    /// "next 3 days", "last 2 weeks", "past 2 months": the reference shifted by that much;
    /// "upcoming two weeks" / "2 upcoming weeks": the unit N ahead, at that unit's granularity.
    private func rollingSpan(_ i: Int) throws(DueDateError) -> Match? {
        let leads: Set<String> = ["next", "last", "past", "previous", "coming", "following", "upcoming"]
        var mode: String
        var count: (Double, Int)
        var unitStart: Int
        if let w = word(i), leads.contains(w), let q = quantity(i + 1), isCount(i + 1) {
            mode = w
            count = q
            unitStart = q.1
        } else if let q = quantity(i), isCount(i), isWord(q.1, ["upcoming", "coming", "next"]) {
            mode = "upcoming"
            count = q
            unitStart = q.1 + 1
        } else {
            return nil
        }
        var unit: TimeUnit
        var factor: Double
        var end: Int
        if let (u, f, e) = self.unit(unitStart) {
            (unit, factor, end) = (u, f, e)
        } else if isWord(unitStart, ["quarter", "quarters", "qtr", "qtrs"]) {
            (unit, factor, end) = (.month, 3, unitStart + 1)
        } else {
            return nil
        }
        guard count.0 >= 1, count.0 <= config.maxQuantity, count.0 == count.0.rounded() else { return nil }
        let n = Int(count.0 * factor)
        var d = Duration()
        d.add(unit, Double(n))
        if mode == "upcoming" {
            if d.hasSubDay { return Match(parts: [fromNow(d)], end: end) }
            var day = today.adding(months: d.months).adding(days: d.days)
            if factor == 3 { day = Day(year: today.year, month: (today.month - 1) / 3 * 3 + 1, day: 1).adding(months: d.months) }
            let granularity: Granularity = unit == .week ? .week : unit == .month ? .month : unit == .year ? .year : .day
            return Match(parts: [.day(DayValue(day: day, granularity: granularity))], end: end)
        }
        // "next 2 weeks 3 days", "last two weeks": the reference shifted by the whole duration
        // (this point lies inside the span of whole units that Duckling reads, too)
        var total = d
        var k = end
        if let (more, after) = try duration(k) {
            total = total + more
            k = after
        }
        let forward = ["next", "coming", "following"].contains(mode)
        return Match(parts: [fromNow(forward ? total : total.negated())], end: k)
    }

    /// A count written as digits or words ("3", "three", "a few"), not a bare "a".
    private func isCount(_ i: Int) -> Bool {
        number(i) != nil || wordNumber(i) != nil || isWord(i, ["few", "couple", "several"])
    }

    /// "3 fridays from now", "2 mondays ago".
    private func countedWeekdays(_ i: Int) -> Match? {
        guard let (q, j) = quantity(i), q >= 1, q == q.rounded(), let w = word(j), let wd = Lexicon.weekday(w) else { return nil }
        let n = Int(q)
        if isWord(j + 1, ["from"]), isWord(j + 2, ["now", "today"]) {
            let first = today.adding(days: (wd - today.weekday + 6) % 7 + 1)
            return Match(parts: [.day(DayValue(day: first.adding(days: (n - 1) * 7)))], end: j + 3)
        }
        if isWord(j + 1, ["ago", "back"]) {
            let last = today.adding(days: -((today.weekday - wd + 6) % 7 + 1))
            return Match(parts: [.day(DayValue(day: last.adding(days: -(n - 1) * 7)))], end: j + 2)
        }
        return nil
    }

    /// Weekdays: "friday", "this friday", "next tuesday" (the following week's), "last monday",
    /// "friday after next", "tuesday of next week", "wednesday next week", "last week's sunday".
    func parseWeekday(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        let modifiers: Set<String> = ["this", "next", "last", "coming", "upcoming", "past", "previous", "following"]
        var j = i
        var modifier: String?
        if let w = word(j), modifiers.contains(w) {
            modifier = w
            j += 1
            if w == "this", isWord(j, ["past", "coming"]) { modifier = word(j); j += 1 }
            if isWord(j, ["weeks"]), let wd = word(j + 1).flatMap(Lexicon.weekday) {
                return Match(parts: [.day(DayValue(day: weekOf(w).adding(days: wd - 1)))], end: skipDot(j + 2))
            }
        }
        guard let w = word(j), let wd = Lexicon.weekday(w), !w.hasSuffix("days") || w.count <= 3 else { return nil }
        if freeText, Lexicon.ambiguousWeekdayWords.contains(w), modifier == nil, !isSymbol(j + 1, ","), !afterPart { return nil }
        j = skipDot(j + 1)
        if modifier == nil, isWord(j, ["after"]), isWord(j + 1, ["next"]) {
            let next = today.adding(days: (wd - today.weekday + 6) % 7 + 1)
            return Match(parts: [.day(DayValue(day: next.adding(days: 7)))], end: j + 2)
        }
        var k = skip(skip(j, ["of", "in", "from"]), ["the"])
        if isSymbol(j, ",") { k = j + 1 }
        if modifier == nil, let m = word(k), modifiers.contains(m) || m == "current", isWord(k + 1, ["week"]) {
            var monday = weekOf(m)
            var end = k + 2
            if isWord(end, ["after"]), isWord(end + 1, ["next"]) { monday = monday.adding(days: 7); end += 2 }
            return Match(parts: [.day(DayValue(day: monday.adding(days: wd - 1)))], end: end)
        }
        guard let modifier else { return Match(parts: [.weekday(wd)], end: j) }
        let offset: Int
        switch modifier {
        case "this", "coming", "upcoming": offset = (wd - today.weekday + 7) % 7
        case "next", "following": offset = 7 - today.weekday + wd
        default: offset = -((today.weekday - wd + 6) % 7 + 1)
        }
        return Match(parts: [.day(DayValue(day: today.adding(days: offset)))], end: j)
    }

    /// Monday of the week a modifier names ("this", "next", "last").
    func weekOf(_ modifier: String) -> Day {
        let monday = today.mondayOfWeek
        switch modifier {
        case "next", "following", "coming": return monday.adding(days: 7)
        case "last", "past", "previous": return monday.adding(days: -7)
        default: return monday
        }
    }
}
