import Foundation

extension Grammar {
    /// am/pm marker at `i` ("pm", "p", "p.m."); returns isPM and next index.
    func meridiem(_ i: Int) -> (Bool, Int)? {
        guard let w = word(i) else { return nil }
        switch w {
        case "am": return (false, i + 1)
        case "pm": return (true, i + 1)
        case "a", "p":
            // single letters only when attached ("3:15p", "11a")
            return attached(i) ? (w == "p", i + 1) : nil
        default: return nil
        }
    }

    /// Times of day: "5pm", "17:30", "5.30pm", "at 9", "noon", "midnight", "3 o'clock",
    /// "half past 3", "quarter to noon", "seven thirty pm", ISO zones and offsets after them.
    func parseTime(_ i: Int, _ afterPart: Bool) throws(DueDateError) -> Match? {
        if freeText, numberIsLabel(at: i) { return nil }
        var j = i
        var atPrefix = false
        if isWord(j, ["at"]) || isSymbol(j, "@") {
            atPrefix = true
            j += 1
            j = skip(j, ["around", "about", "approximately", "approx"])
        } else if !freeText, isWord(j, ["around", "about", "approximately", "approx"]) {
            atPrefix = true
            j += 1
        }
        let fromPrefix = isWord(j, ["between", "from"])
        if fromPrefix { j += 1 }
        guard var (time, next) = try clockReading(j, atPrefix: atPrefix || fromPrefix) else { return nil }
        if isWord(next, ["ish"]) { next += 1 }
        // numeric offsets only after a reading with minutes ("15:00-05:00", not "3-4pm")
        if let (zone, afterZone) = zoneSuffix(next), word(next) != nil || time.granularity != .hour {
            time.zone = zone
            next = afterZone
        }
        // a range keeps its start: "3-4pm", "9:30 - 11:00", "between 9:30 and 11:00"
        let bareHour = number(next - 1) != nil && !isSymbol(next - 2, ":") && !atPrefix
        if isSymbol(next, "-") || isWord(next, ["to", "till", "until", "untill", "til", "through", "thru", "and"]),
           let (last, afterRange) = try? clockReading(next + 1, atPrefix: true) {
            if time.ambiguous, !last.ambiguous, last.hour >= 12, time.hour + 12 <= last.hour {
                time.hour += 12
                time.ambiguous = false
            }
            next = afterRange
            if let (zone, afterZone) = zoneSuffix(next), word(next) != nil || last.granularity != .hour {
                if time.zone == nil { time.zone = zone }
                next = afterZone
            }
        } else if fromPrefix && bareHour {
            return nil  // "from 13 to 15th of July" is a day range
        }
        // "13 to 15 July", "from 13 July": bare numbers before a month name are days
        if next > 0, tokens[next - 1].isNumber, !isSymbol(next - 2, ":"),
           word(next).flatMap(Lexicon.month) != nil || (isWord(next, ["of"]) && word(next + 1).flatMap(Lexicon.month) != nil) {
            return nil
        }
        return Match(parts: [.time(time)], end: next)
    }

    private func clockReading(_ i: Int, atPrefix: Bool) throws(DueDateError) -> (TimeValue, Int)? {
        if let w = word(i) {
            switch w {
            case "noon", "midday": return (TimeValue(hour: 12, granularity: .hour), i + 1)
            case "midnight": return (TimeValue(hour: 0, granularity: .hour, endOfDay: true), i + 1)
            case "half", "quarter":
                return try relativeToHour(i)
            default: break
            }
            if isWord(i, ["a"]), isWord(i + 1, ["quarter"]) { return try relativeToHour(i + 1) }
        }
        if let result = try relativeToHour(i) { return result }
        if let result = try numericClock(i, atPrefix: atPrefix) { return result }
        return try wordClock(i, atPrefix: atPrefix)
    }

    /// "12 noon" / "12 midnight" and "<n> o'clock".
    private func hourWord(_ i: Int) -> (Int, Int)? {
        if let t = number(i), t.text.count <= 2, let n = t.intValue { return (n, i + 1) }
        if let (n, next) = wordNumber(i), n <= 24 { return (n, next) }
        return nil
    }

    /// Digits: H, H:MM[:SS[.fff]], H.MM, HMM, with am/pm, o'clock, or an "at" in front.
    private func numericClock(_ i: Int, atPrefix: Bool) throws(DueDateError) -> (TimeValue, Int)? {
        guard let t = number(i), let n = t.intValue else { return nil }
        if let w = word(i + 1), attached(i + 1), Lexicon.ordinalSuffixes.contains(w) { return nil }
        if i > 0, tokens[i - 1].isSymbol("$") || (tokens[i - 1].isNumber && !tokens[i].spaced) { return nil }
        var hour = n
        var minute = 0
        var second = 0
        var nanos = 0
        var granularity = Granularity.hour
        var j = i + 1
        var zeroPadded = t.text.count == 2 && t.text.hasPrefix("0")
        var dotted = false
        var hMarker = false
        if t.text.count <= 2, isWord(j, ["h"]), attached(j) {
            // 24-hour "15h", "15h30", "9h30"
            hMarker = true
            zeroPadded = true
            j += 1
            if let m = number(j), attached(j), m.text.count == 2, let mv = m.intValue {
                minute = mv
                granularity = .minute
                j += 1
            }
        } else if t.text.count <= 2, (isSymbol(j, ":", attached: true) || isSymbol(j, ".", attached: true)),
           let m = number(j + 1), attached(j + 1), m.text.count == 2, let mv = m.intValue {
            dotted = isSymbol(j, ".")
            minute = mv
            granularity = .minute
            j += 2
            if !dotted, isSymbol(j, ":", attached: true), let s = number(j + 1), attached(j + 1), s.text.count == 2, let sv = s.intValue {
                second = sv
                granularity = .second
                j += 2
                if isSymbol(j, ".", attached: true), let f = number(j + 1), attached(j + 1), let fv = Double("0." + f.text) {
                    nanos = Int(fv * 1_000_000_000)
                    j += 2
                }
            }
        } else if t.text.count == 3 || t.text.count == 4 {
            hour = n / 100
            minute = n % 100
            granularity = .minute
            zeroPadded = t.text.hasPrefix("0") || t.text.count == 4 && hour >= 13
        } else if t.text.count > 2 {
            return nil
        } else if atPrefix, !freeText, let m = number(j), m.text.count == 2, let mv = m.intValue, mv <= 59,
                  word(j + 1).flatMap(TimeUnit.parse) == nil {
            minute = mv
            granularity = .minute
            j += 1
        }
        if isWord(j, ["ish"]), meridiem(j + 1) != nil { j += 1 }
        // a decimal or a longer number is not a clock reading ("6.5 kilograms", "650.650")
        if j + 1 < tokens.count, tokens[j].kind == .symbol, attached(j), attached(j + 1), number(j + 1) != nil,
           [".", ",", ":", "/"].contains(tokens[j].text) {
            return nil
        }
        if hMarker {
            try checkClock(hour: hour, minute: minute, second: 0)
            if hour == 24 { return (TimeValue(hour: 0, granularity: granularity, endOfDay: true), j) }
            return (TimeValue(hour: hour, minute: minute, granularity: granularity), j)
        }
        if isWord(j, ["oclock"]) || (isWord(j, ["o"]) && isWord(j + 1, ["clock"])) {
            j += isWord(j, ["oclock"]) ? 1 : 2
            if t.text.count > 2 { return nil }
        } else if meridiem(j) == nil {
            // without am/pm: H:MM stands on its own; H, HMM and H.MM need an "at" (HMM never in free text)
            if granularity == .hour || dotted || t.text.count > 2 {
                guard atPrefix || dayPartFollows(j) || meridiemRangeFollows(j)
                    || (granularity == .hour && !dotted && t.text.count <= 2 && hourAfterDay(i, next: j)) else { return nil }
                if freeText && t.text.count > 2 { return nil }
                if dotted && freeText { return nil }
            }
            if granularity != .hour && !dotted && t.text.count <= 2 {
                try checkClock(hour: hour, minute: minute, second: second)
            }
            if hour > 24 || minute > 99 { return nil }
        }
        if let (pm, afterMeridiem) = meridiem(j) {
            guard hour >= 1, hour <= 12 else {
                throw .impossibleTime("with am/pm the hour must be 1 to 12, not \(hour)")
            }
            guard minute <= 59 else { throw .impossibleTime("minute \(minute) does not exist") }
            var value = TimeValue(hour: (hour % 12) + (pm ? 12 : 0), minute: minute, second: second,
                                  nanosecond: nanos, granularity: granularity)
            value.ambiguous = false
            return (value, afterMeridiem)
        }
        try checkClock(hour: hour, minute: minute, second: second)
        if hour == 24 {
            return (TimeValue(hour: 0, minute: 0, granularity: granularity, endOfDay: true), j)
        }
        let ambiguous = hour >= 1 && hour <= 12 && !zeroPadded
        return (TimeValue(hour: hour, minute: minute, second: second, nanosecond: nanos, ambiguous: ambiguous,
                          granularity: granularity), j)
    }

    /// An hour right after a named day ("tomorrow 9", "sunday 10", "next friday 14") that ends
    /// the phrase or is followed by punctuation, a filler or another date word — not a count
    /// ("friday 5 items").
    private func hourAfterDay(_ i: Int, next j: Int) -> Bool {
        guard i > 0, tokens[i].spaced, let previous = word(i - 1),
              Lexicon.weekday(previous) != nil || ["today", "tomorrow", "tonight", "tmrw", "tmr", "tommorow", "tomorow"].contains(previous)
        else { return false }
        guard j < tokens.count else { return true }
        let after = tokens[j]
        if after.isNumber { return false }
        if after.isWord { return Grammar.fillers.contains(after.text) || Lexicon.isDateWord(after.text) }
        return ![":", "/", ".", "-", "$", "%"].contains(after.text)
    }

    /// "-4pm", "to 11am", "- 11 at night": a range whose end carries am/pm or a part of the day.
    private func meridiemRangeFollows(_ i: Int) -> Bool {
        guard isSymbol(i, "-") || isWord(i, ["to", "till", "until"]), number(i + 1) != nil else { return false }
        var j = i + 2
        if isSymbol(j, ":"), number(j + 1) != nil { j += 2 }
        return meridiem(j) != nil || dayPartFollows(j)
    }

    func checkClock(hour: Int, minute: Int, second: Int) throws(DueDateError) {
        guard hour <= 24, hour >= 0 else { throw .impossibleTime("hour \(hour) does not exist") }
        guard minute <= 59 else { throw .impossibleTime("minute \(minute) does not exist") }
        guard second <= 59 else { throw .impossibleTime("second \(second) does not exist") }
        if hour == 24 && (minute != 0 || second != 0) { throw .impossibleTime("hour 24 has no minutes") }
    }

    /// Word numbers: "three pm", "seven thirty p.m.", "nine fifty nine am", "eight o'clock".
    private func wordClock(_ i: Int, atPrefix: Bool) throws(DueDateError) -> (TimeValue, Int)? {
        guard number(i) == nil, let (hour, afterHour) = wordNumber(i), hour >= 1, hour <= 12 else { return nil }
        var minute = 0
        var j = afterHour
        var granularity = Granularity.hour
        if let (m, afterMinute) = wordNumber(j), m >= 10, m <= 59 {
            minute = m
            j = afterMinute
            granularity = .minute
        } else if isWord(j, ["oh", "o"]), let (m, afterMinute) = wordNumber(j + 1), m >= 1, m <= 9 {
            minute = m
            j = afterMinute
            granularity = .minute
        }
        if isWord(j, ["oclock"]) || (isWord(j, ["o"]) && isWord(j + 1, ["clock"])) {
            j += isWord(j, ["oclock"]) ? 1 : 2
            if let (pm, after) = meridiem(j) {
                return (TimeValue(hour: hour % 12 + (pm ? 12 : 0), minute: minute, granularity: granularity), after)
            }
            return (TimeValue(hour: hour, minute: minute, ambiguous: true, granularity: granularity), j)
        }
        if let (pm, after) = meridiem(j) {
            return (TimeValue(hour: hour % 12 + (pm ? 12 : 0), minute: minute, granularity: granularity), after)
        }
        if (atPrefix && !freeText) || dayPartFollows(j) {
            return (TimeValue(hour: hour, minute: minute, ambiguous: true, granularity: granularity), j)
        }
        return nil
    }

    /// "half past 3", "quarter to noon", "20 past 3pm", "twenty after 3", "15 to noon".
    private func relativeToHour(_ i: Int) throws(DueDateError) -> (TimeValue, Int)? {
        var minutes: Int
        var j: Int
        if isWord(i, ["half"]) { minutes = 30; j = i + 1 }
        else if isWord(i, ["quarter"]) { minutes = 15; j = i + 1 }
        else if let t = number(i), t.text.count <= 2, let n = t.intValue { minutes = n; j = i + 1 }
        else if let (n, next) = wordNumber(i) { minutes = n; j = next }
        else { return nil }
        j = skip(j, ["minutes", "minute", "mins", "min"])
        guard let w = word(j), ["past", "after", "to", "till", "til", "before", "of"].contains(w) else { return nil }
        guard minutes >= 1, minutes <= 59 else { return nil }
        let before = ["to", "till", "til", "before", "of"].contains(w)
        // "3 to 4" is a range of hours, not three minutes to four
        if before, number(i) != nil, minutes <= 12, j == i + 1 { return nil }
        var target: TimeValue
        var next: Int
        if isWord(j + 1, ["noon", "midday"]) {
            target = TimeValue(hour: 12)
            next = j + 2
        } else if isWord(j + 1, ["midnight"]) {
            target = TimeValue(hour: 0, endOfDay: true)
            next = j + 2
        } else if let (h, after) = hourWord(j + 1), h <= 12 {
            next = after
            if let (pm, afterMeridiem) = meridiem(after) {
                guard h >= 1, h <= 12 else { throw .impossibleTime("with am/pm the hour must be 1 to 12, not \(h)") }
                target = TimeValue(hour: h % 12 + (pm ? 12 : 0))
                next = afterMeridiem
            } else {
                target = TimeValue(hour: h, ambiguous: h >= 1 && h <= 12)
            }
        } else {
            return nil
        }
        var total = target.hour * 60 + (before ? -minutes : minutes)
        if total < 0 { total += 24 * 60 }
        target.hour = total / 60
        target.minute = total % 60
        target.granularity = .minute
        if before && target.endOfDay { target.endOfDay = false; target.ambiguous = false }
        return (target, next)
    }
}
