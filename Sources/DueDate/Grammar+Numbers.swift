import Foundation

extension Grammar {
    /// A cardinal written in words ("five", "twenty five", "twenty-five"), 0...99.
    func wordNumber(_ i: Int) -> (Int, Int)? {
        guard let w = word(i) else { return nil }
        if let tens = Lexicon.tens(w) {
            var j = i + 1
            if isSymbol(j, "-", attached: true) { j += 1 }
            if let u = word(j).flatMap(Lexicon.smallNumber), u >= 1, u <= 9 { return (tens + u, j + 1) }
            return (tens, i + 1)
        }
        if let n = Lexicon.smallNumber(w) { return (n, i + 1) }
        return nil
    }

    /// A quantity for a relative offset: digits (with decimals), words, "a", "a couple of",
    /// "a few", "half an", "a quarter of an", "2 and a half". Returns value and next index.
    func quantity(_ i: Int) -> (Double, Int)? {
        var value: Double
        var j: Int
        if isWord(i, ["three"]), isSymbol(i + 1, "-"), isWord(i + 2, ["quarters"]) {
            return (0.75, skip(skip(i + 3, ["of"]), ["an", "a"]))
        }
        if let t = number(i) {
            guard t.text.count <= 6, let n = Double(t.text) else { return nil }
            value = n
            j = i + 1
            if isSymbol(j, ".", attached: true), let frac = number(j + 1), attached(j + 1),
               let f = Double("0." + frac.text) {
                value += f
                j += 2
            } else if isSymbol(j, "/", attached: true), let den = number(j + 1).flatMap({ Double($0.text) }), den > 0,
                      t.text.count == 1, den <= 4 {
                value /= den
                j += 2
            }
        } else if let (n, next) = wordNumber(i) {
            value = Double(n)
            j = next
        } else if isWord(i, ["a", "an"]) {
            if isWord(i + 1, ["couple", "pair"]) {
                return (2, skip(i + 2, ["of"]))
            }
            if isWord(i + 1, ["few"]) { return (3, i + 2) }
            if isWord(i + 1, ["quarter"]), isWord(i + 2, ["of"]), isWord(i + 3, ["an", "a"]) { return (0.25, i + 4) }
            if isWord(i + 1, ["half"]) { return (0.5, skip(i + 2, ["of", "an", "a"])) }
            return (1, i + 1)
        } else if isWord(i, ["couple"]) {
            return (2, skip(i + 1, ["of"]))
        } else if isWord(i, ["few"]) {
            return (3, i + 1)
        } else if isWord(i, ["half"]) {
            return (0.5, skip(skip(i + 1, ["of"]), ["an", "a"]))
        } else if isWord(i, ["several"]) {
            return (7, i + 1)
        } else if isWord(i, ["three"]), isSymbol(i + 1, "-"), isWord(i + 2, ["quarters"]) {
            return (0.75, skip(skip(i + 3, ["of"]), ["an", "a"]))
        } else {
            return nil
        }
        // "2 and a half", "2 and an half"
        if isWord(j, ["and"]), isWord(j + 1, ["a", "an"]), isWord(j + 2, ["half"]) {
            value += 0.5
            j += 3
        }
        return (value, j)
    }

    /// A unit word ("minutes", "h", "fortnight"), optionally preceded by "more".
    func unit(_ i: Int) -> (TimeUnit, Double, Int)? {
        let j = skip(i, ["more", "additional", "extra"])
        if let w = word(j), let (u, factor) = TimeUnit.parse(w) {
            // single-letter units must be attached to the number ("5m", "2h")
            if w.count == 1 && tokens[j].spaced { return nil }
            return (u, factor, j + 1)
        }
        return nil
    }

    /// One or more "quantity unit" groups joined by "and" or commas ("1 hour and 30 minutes").
    func duration(_ i: Int) throws(DueDateError) -> (Duration, Int)? {
        var total = Duration()
        var j = i
        var groups = 0
        while true {
            var k = j
            if groups > 0 {
                if isWord(k, ["and"]) || isSymbol(k, ",") { k += 1 }
            }
            if groups == 0, isWord(k, ["a", "an"]), let (u, factor, next) = unit(k + 1) {
                total.add(u, factor)
                j = next
                groups += 1
                continue
            }
            guard let (value, afterQuantity) = quantity(k), let (u, factor, next) = unit(afterQuantity) else { break }
            guard value <= config.maxQuantity else { throw .outOfRange("quantities above \(Int(config.maxQuantity)) are not supported") }
            total.add(u, value * factor)
            j = next
            groups += 1
        }
        if groups == 0, let w = word(i), let (u, factor) = TimeUnit.parse(w), u == .day, factor == 14 {
            total.add(.day, 14)  // bare "fortnight"
            return (total, i + 1)
        }
        return groups > 0 ? (total, j) : nil
    }

    /// A day-of-month written "3", "3rd", "23nd", "third", "thirty first". `ordinalOnly` demands a
    /// suffix or an ordinal word. Returns the day, whether it was ordinal, and the next index.
    func dayOfMonth(_ i: Int, ordinalOnly: Bool = false) -> (Int, Bool, Int)? {
        if let t = number(i), t.text.count <= 2, let n = t.intValue {
            if let w = word(i + 1), attached(i + 1), Lexicon.ordinalSuffixes.contains(w) {
                return (n, true, i + 2)
            }
            if ordinalOnly { return nil }
            // not followed by a time marker or a unit
            if isSymbol(i + 1, ":") || isWord(i + 1, ["am", "pm", "a", "p", "h", "oclock"]) { return nil }
            if let w = word(i + 1), TimeUnit.parse(w) != nil { return nil }
            return (n, false, i + 1)
        }
        if let w = word(i) {
            if let tens = Lexicon.tens(w), tens <= 30 {
                var j = i + 1
                if isSymbol(j, "-", attached: true) { j += 1 }
                if let o = word(j).flatMap(Lexicon.ordinalWord), o <= 9 { return (tens + o, true, j + 1) }
            }
            if let o = Lexicon.ordinalWord(w) { return (o, true, i + 1) }
        }
        return nil
    }

    /// A year: four digits, "'15", or (when `allowShort`) two digits not followed by a time marker.
    func year(_ i: Int, allowShort: Bool) -> (Int, Int)? {
        if isSymbol(i, "'"), let t = number(i + 1), attached(i + 1), t.text.count == 2, let n = t.intValue {
            return (expandYear(n), i + 2)
        }
        guard let t = number(i), let n = t.intValue else { return nil }
        if isSymbol(i + 1, ":") || isWord(i + 1, ["am", "pm", "a", "p", "h", "oclock"]) { return nil }
        if let w = word(i + 1), TimeUnit.parse(w) != nil, attached(i + 1) || w.count > 1 { return nil }
        if t.text.count == 4, (1000...2999).contains(n) { return (n, i + 1) }
        // two digits: when the context allows, or when they cannot be a day ("Aug 9 96")
        if t.text.count == 2, allowShort || (n > 31 && !freeText) { return (expandYear(n), i + 1) }
        return nil
    }

    /// The year ending in `n` nearest to the reference year (ties go to the future).
    func expandYear(_ n: Int) -> Int {
        let century = today.year - today.year % 100
        var best = century + n
        for candidate in [century - 100 + n, century + 100 + n] {
            let distance = abs(candidate - today.year), bestDistance = abs(best - today.year)
            if distance < bestDistance || (distance == bestDistance && candidate > best) { best = candidate }
        }
        return best
    }

    /// Throws the calendar reason when `year-month-day` does not exist.
    func validate(year: Int?, month: Int, day: Int) throws(DueDateError) {
        guard (1...12).contains(month) else { throw .impossibleDate("there is no month \(month)") }
        let name = Day.monthNames[month - 1]
        guard day >= 1, day <= 31 else { throw .impossibleDate("no month has a day \(day)") }
        if let year {
            if !Day.isValid(year: year, month: month, day: day) {
                throw .impossibleDate("\(name) \(year) has no day \(day)")
            }
        } else if day > Day.daysIn(month: month, year: 2000) {
            throw .impossibleDate("\(name) has no day \(day)")
        }
    }

    /// The next `month/day` on or after today (Feb 29 waits for a leap year).
    func upcoming(month: Int, day: Int) -> Day {
        for offset in 0...8 {
            let y = today.year + offset
            if Day.isValid(year: y, month: month, day: day) {
                let d = Day(year: y, month: month, day: day)
                if d >= today { return d }
            }
        }
        return Day(year: today.year + 1, month: month, day: min(day, 28))
    }
}
