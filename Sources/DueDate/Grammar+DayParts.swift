import Foundation

extension Grammar {
    /// "tonight", "this evening", "in the morning", "at night" right after a clock reading.
    func dayPartFollows(_ i: Int) -> Bool {
        if isWord(i, ["tonight", "tonite"]) { return true }
        if !freeText, isWord(i, ["tomorrow", "today"]) { return true }
        if isWord(i, ["this", "at"]), word(i + 1).flatMap(DayPart.parse) != nil { return true }
        if isWord(i, ["in"]), isWord(i + 1, ["the"]), let w = word(i + 2), DayPart.parse(w) != nil || w == "am" || w == "pm" {
            return true
        }
        return false
    }

    /// "Z", "UTC", "GMT", "+02:00", "-0500", "PST" after a clock reading.
    func zoneSuffix(_ i: Int) -> (TimeZone, Int)? {
        if let w = word(i) {
            let table: [String: Int] = ["z": 0, "utc": 0, "gmt": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5,
                                        "mst": -7, "mdt": -6, "pst": -8, "pdt": -7, "cet": 1, "cest": 2,
                                        "eet": 2, "eest": 3, "wet": 0, "west": 1, "jst": 9, "bst": 1]
            guard let hours = table[w], w != "z" || attached(i) else { return nil }
            var j = i + 1
            var offset = hours * 3600
            if hours == 0, let (extra, after) = numericOffset(j) {
                offset = extra
                j = after
            }
            return TimeZone(secondsFromGMT: offset).map { ($0, j) }
        }
        if let (offset, after) = numericOffset(i), attached(i) || isSymbol(i, "+") || isSymbol(i, "-") {
            if let w = word(after), TimeUnit.parse(w) != nil || meridiem(after) != nil { return nil }
            return TimeZone(secondsFromGMT: offset).map { ($0, after) }
        }
        return nil
    }

    /// "+07:00", "+0700", "-05".
    private func numericOffset(_ i: Int) -> (Int, Int)? {
        guard isSymbol(i, "+") || isSymbol(i, "-") else { return nil }
        let sign = isSymbol(i, "-") ? -1 : 1
        guard let t = number(i + 1), attached(i + 1), let n = t.intValue else { return nil }
        var hours = n
        var minutes = 0
        var j = i + 2
        if t.text.count == 4 {
            hours = n / 100
            minutes = n % 100
        } else if t.text.count == 2 || t.text.count == 1 {
            if isSymbol(j, ":", attached: true), let m = number(j + 1), m.text.count == 2, let mv = m.intValue {
                minutes = mv
                j += 2
            }
        } else {
            return nil
        }
        guard hours <= 14, minutes <= 59 else { return nil }
        return (sign * (hours * 3600 + minutes * 60), j)
    }

    /// Parts of the day: "tonight", "this morning", "in the afternoon", "at night", "evening".
    func parseDayPart(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        var j = i
        var today = false
        var prefixed = false
        // "early in the morning", "in the early hours of the morning"
        if isWord(j, ["early", "late"]), isWord(j + 1, ["in"]), isWord(j + 2, ["the"]) { j += 1 }
        if isWord(j, ["in"]), isWord(j + 1, ["the"]), isWord(j + 2, ["early", "wee", "small"]), isWord(j + 3, ["hours"]),
           isWord(j + 4, ["of"]) {
            j = skip(j + 5, ["the"])
            prefixed = true
        }
        if isWord(j, ["this", "today"]) { today = true; prefixed = true; j += 1 }
        else if isWord(j, ["mid"]), isWord(j + 1, ["day"]) {
            return Match(parts: [.time(TimeValue(hour: 12, granularity: .hour))], end: j + 2)
        }
        else if isWord(j, ["in"]), isWord(j + 1, ["the"]) { prefixed = true; j += 2 }
        else if isWord(j, ["at", "for"]) { prefixed = true; j += 1 }
        j = skip(j, ["early", "late"])
        if prefixed, !today, let w = word(j), w == "am" || w == "pm", isWord(i, ["in"]) {
            return Match(parts: [.dayPart(w == "am" ? .morning : .afternoon)], end: j + 1)
        }
        guard let w = word(j), let part = DayPart.parse(w) else { return nil }
        if w == "eve" && !prefixed { return nil }
        let standalone = w == "tonight" || w == "tonite"
        if freeText && !prefixed && !standalone && !afterPart { return nil }
        // "book a table for dinner": in a command, a meal after "for" is what the thing is for
        if freeText, !afterPart, isWord(i, ["for"]), [.breakfast, .lunch, .dinner].contains(part) { return nil }
        var parts: [Part] = [.dayPart(part)]
        if today || standalone { parts.insert(.day(DayValue(day: self.today)), at: 0) }
        return Match(parts: parts, end: j + 1)
    }
}
