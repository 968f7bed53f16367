import Foundation

/// Recursive-descent recogniser over tokens. Each component parser tries one phrase family at a
/// token index and returns the parts it recognised with the index after it, nil when the family
/// does not apply, or throws when the structure matches but the calendar says no ("June 31").
struct Grammar {
    /// The parser this grammar serves: its reference instant, zone and configuration.
    let parser: DueDateParser
    let tokens: [Token]
    /// Free-text mode (`find`): words that are usually not dates need more context.
    let freeText: Bool
    let nowWall: WallClock

    var now: Date { parser.now }
    var zone: TimeZone { parser.timeZone }
    var config: DueDateConfiguration { parser.configuration }
    var today: Day { nowWall.day }

    init(parser: DueDateParser, tokens: [Token], freeText: Bool) {
        self.parser = parser
        self.tokens = tokens
        self.freeText = freeText
        nowWall = WallClock(parser.now, in: parser.timeZone)
    }

    // MARK: token access

    func word(_ i: Int) -> String? {
        i >= 0 && i < tokens.count && tokens[i].isWord ? tokens[i].text : nil
    }

    func number(_ i: Int) -> Token? {
        i >= 0 && i < tokens.count && tokens[i].isNumber ? tokens[i] : nil
    }

    func isWord(_ i: Int, _ words: Set<String>) -> Bool {
        guard let w = word(i) else { return false }
        return words.contains(w)
    }

    func isSymbol(_ i: Int, _ s: String, attached: Bool = false) -> Bool {
        i >= 0 && i < tokens.count && tokens[i].isSymbol(s) && (!attached || !tokens[i].spaced)
    }

    func attached(_ i: Int) -> Bool { i < tokens.count && !tokens[i].spaced }

    /// Skips an optional word; returns the index after it.
    func skip(_ i: Int, _ words: Set<String>) -> Int { isWord(i, words) ? i + 1 : i }

    /// Skips a full stop attached to an abbreviation ("Aug.", "mon.").
    func skipDot(_ i: Int) -> Int { isSymbol(i, ".", attached: true) ? i + 1 : i }

    static let fillers: Set<String> = ["at", "on", "by", "due", "around", "about", "approximately", "approx",
                                       "ish", "the", "for", "of", "until", "till", "til", "before", "and",
                                       "sometime", "some", "time", "date", "deadline", "is", "no", "later", "than",
                                       "from", "starting", "start", "beginning", "please", "o", "in", "after", "since"]
    static let fillerSymbols: Set<String> = [",", "@", "(", ")", "[", "]", "\"", "'", ";", "-", "~", "!", "?", "\u{2219}", "\u{2022}", "|"]

    func isFiller(_ i: Int) -> Bool {
        guard i < tokens.count else { return false }
        let t = tokens[i]
        if t.isWord { return Grammar.fillers.contains(t.text) }
        if t.kind == .symbol {
            if t.text == "." { return i > 0 && tokens[i - 1].isWord }
            return Grammar.fillerSymbols.contains(t.text)
        }
        return false
    }

    // MARK: sequence

    /// Component families, tried in this order; the longest match wins (earlier wins ties).
    enum Component: CaseIterable {
        case numericDate, monthDate, ordinalDate, time, relative, relativeWord, weekday, period, holiday, dayPart, year
    }

    func match(_ component: Component, at i: Int, afterPart: Bool) throws(DueDateError) -> Match? {
        switch component {
        case .numericDate: return try parseNumericDate(i, afterPart)
        case .monthDate: return try parseMonthDate(i, afterPart)
        case .ordinalDate: return try parseOrdinalDate(i, afterPart)
        case .relative: return try parseRelative(i, afterPart)
        case .relativeWord: return try parseRelativeWord(i, afterPart)
        case .weekday: return try parseWeekday(i, afterPart)
        case .period: return try parsePeriod(i, afterPart)
        case .holiday: return try parseHoliday(i, afterPart)
        case .time: return try parseTime(i, afterPart)
        case .dayPart: return try parseDayPart(i, afterPart)
        case .year: return try parseYear(i, afterPart)
        }
    }

    /// End index of the components that close a range ("to 01/01/2023 07:00"), if any start at `i`.
    private func rangeEnd(_ i: Int) -> Int? {
        var best: Int?
        for component in Component.allCases where component != .relative {
            if let m = try? match(component, at: i, afterPart: true), m.end > (best ?? i) { best = m.end }
        }
        guard var end = best else { return nil }
        // the closing side may carry a date and a time
        while end < tokens.count {
            var next: Int?
            for component in Component.allCases where component == .time || component == .numericDate || component == .monthDate {
                if let m = try? match(component, at: end, afterPart: true), m.end > (next ?? end) { next = m.end }
            }
            guard let n = next else { break }
            end = n
        }
        return end
    }

    struct Sequence {
        var parts: [Part] = []
        /// Index of the first token of the first component (leading fillers excluded).
        var firstStart: Int?
        /// Index after the last token of the last component.
        var end: Int
        var error: DueDateError?
    }

    /// Reads components from `start`, skipping fillers between them, until nothing matches.
    func sequence(from start: Int) -> Sequence {
        var seq = Sequence(end: start)
        var i = start
        while i < tokens.count {
            // "4pm for 30 mins", "18th Dec for 10 days": a length, not a second date
            if !seq.parts.isEmpty, isWord(i, ["for"]), let (_, after) = try? duration(i + 1) {
                i = after
                seq.end = i
                continue
            }
            var best: Match?
            for component in Component.allCases {
                do {
                    if let m = try match(component, at: i, afterPart: !seq.parts.isEmpty), m.end > i, m.end > (best?.end ?? i) {
                        best = m
                    }
                } catch {
                    if error.priority > (seq.error?.priority ?? 0) { seq.error = error }
                }
            }
            if let best {
                if seq.firstStart == nil { seq.firstStart = i }
                seq.parts += best.parts
                i = best.end
                seq.end = i
            } else if !seq.parts.isEmpty, isSymbol(i, "-") || isWord(i, ["to", "through", "thru", "until", "till", "til"]),
                      let rangeEnd = rangeEnd(i + 1) {
                // "monday - friday", "this Friday to this Monday": the answer is the start
                i = rangeEnd
                seq.end = i
            } else if isFiller(i) {
                i += 1
            } else {
                break
            }
        }
        return seq
    }
}
