import Foundation

/// Deterministic English due-date parser. The reference instant and the zone are injected; all
/// calendar work uses the Gregorian calendar with the POSIX locale, never `Locale.current`.
///
/// Conventions (see Docs/DATES.md): "next tuesday" is the Tuesday of the following week; a bare
/// weekday is the next one after today; dates without a year and times without a day are the
/// next ones on or after the reference; "eod" is 17:00; calendar-invalid input is rejected.
public struct DueDateParser: Sendable {
    public let now: Date
    public let timeZone: TimeZone
    public let configuration: DueDateConfiguration

    public init(now: Date, timeZone: TimeZone) {
        self.init(now: now, timeZone: timeZone, configuration: DueDateConfiguration())
    }

    public init(now: Date, timeZone: TimeZone, configuration: DueDateConfiguration) {
        self.now = now
        self.timeZone = timeZone
        self.configuration = configuration
    }

    /// Resolves a whole phrase ("next friday 14:00"). Words that carry no date are tolerated
    /// before it ("the deadline is 8/10/2012", "let's finish this by tomorrow") and, when lowercase,
    /// after it ("eod meeting"); a stray number next to the date or a capitalised word after it
    /// makes the phrase a non-date.
    /// - Throws: `DueDateError` with a reason; calendar-invalid dates and times are never rolled over.
    public func parse(_ phrase: String) throws(DueDateError) -> ResolvedDate {
        let tokens = Tokenizer.tokenize(phrase)
        guard !tokens.isEmpty else { throw .empty }
        guard tokens.count <= configuration.maxPhraseTokens else {
            throw .outOfRange("phrases longer than \(configuration.maxPhraseTokens) tokens are not parsed")
        }
        let strict = grammar(tokens, freeText: false)
        if tokens.count == 1, let t = tokens.first, t.isNumber {
            return try bareNumber(t, grammar: strict)
        }
        let seq = strict.sequence(from: 0)
        if !seq.parts.isEmpty, (seq.end..<tokens.count).allSatisfy({ strict.isFiller($0) }) {
            return try checked(Resolver(grammar: strict).resolve(seq.parts))
        }
        if let error = seq.error, error.priority > 1 { throw error }
        // fall back to a date phrase inside surrounding words
        var worst: DueDateError?
        let loose = grammar(tokens, freeText: true)
        for start in tokens.indices {
            let found = loose.sequence(from: start)
            if let error = found.error, error.priority > (worst?.priority ?? 1) { worst = error }
            guard !found.parts.isEmpty, let first = found.firstStart else { continue }
            if let error = worst, error.priority > 1 { throw error }
            // words around the date are tolerated, stray numbers are not ("8 tonight" is not "tonight"),
            // and neither are capitalised words or numbers after it ("15th of Aug, 2014 Diane Bennett")
            let trailing = (found.end..<tokens.count).allSatisfy { index in
                strict.isFiller(index) || (tokens[index].isWord && phrase[tokens[index].range] == tokens[index].text
                    && !Lexicon.isDateWord(tokens[index].text))
            }
            guard !strayNumber(tokens, before: first), trailing else { throw .notADate }
            return try checked(Resolver(grammar: loose).resolve(found.parts))
        }
        throw worst ?? .notADate
    }

    /// Finds the first date phrase inside free text ("call mom tomorrow at 5 #family"). Plain
    /// numbers and words that are usually not dates ("may", "second", "march" without a day)
    /// do not fire. Returns the phrase's range in `text` and its resolution, or nil.
    public func find(in text: String) -> (range: Range<String.Index>, date: ResolvedDate)? {
        let tokens = Tokenizer.tokenize(text)
        guard !tokens.isEmpty, tokens.count <= configuration.maxTextTokens else { return nil }
        let loose = grammar(tokens, freeText: true)
        var start = 0
        while start < tokens.count {
            let found = loose.sequence(from: start)
            if let first = found.firstStart, !found.parts.isEmpty,
               let date = try? checked(Resolver(grammar: loose).resolve(found.parts)) {
                return (tokens[first].range.lowerBound..<tokens[found.end - 1].range.upperBound, date)
            }
            start = max(start + 1, found.firstStart.map { $0 + 1 } ?? start + 1)
        }
        return nil
    }

    /// An impossible calendar date written in free text ("pay rent on Feb 30", "June 31st"):
    /// a month that exists with a day it does not have; or the date `find` would return when it
    /// is a time the clocks skip ("call mum tomorrow 2:30am" the day before a spring-forward
    /// jump). Shapes that only look like dates ("50/50", "no month 13") are not reported. Nil
    /// when the text has none, or when it has a valid date phrase before the impossible one.
    public func impossibleDate(in text: String) -> DueDateError? {
        let tokens = Tokenizer.tokenize(text)
        guard !tokens.isEmpty, tokens.count <= configuration.maxTextTokens else { return nil }
        let loose = grammar(tokens, freeText: true)
        for start in tokens.indices {
            let found = loose.sequence(from: start)
            if case .impossibleDate(let why)? = found.error, why.contains("has no day") { return found.error }
            if found.firstStart != nil, !found.parts.isEmpty,
               let resolved = try? checked(Resolver(grammar: loose).resolve(found.parts)) {
                return resolved.skippedTimeProblem
            }
        }
        return nil
    }

    /// Rejects results outside the supported years.
    private func checked(_ result: ResolvedDate) throws(DueDateError) -> ResolvedDate {
        let years = configuration.supportedYears
        let low = WallClock(day: Day(year: years.lowerBound, month: 1, day: 1)).instant(in: timeZone)
        let high = WallClock(day: Day(year: years.upperBound + 1, month: 1, day: 1)).instant(in: timeZone)
        guard result.start >= low, result.start < high else {
            throw .outOfRange("only years \(years.lowerBound) to \(years.upperBound) are supported (the Gregorian calendar began in 1582)")
        }
        return result
    }

    /// A number right next to the found phrase, possibly joined by one symbol ("3-" in "3-4pm").
    private func strayNumber(_ tokens: [Token], before index: Int) -> Bool {
        guard index > 0 else { return false }
        if tokens[index - 1].isNumber { return true }
        let joined = tokens[index - 1].isSymbol("-") || (!tokens[index].spaced && !tokens[index - 1].spaced)
        return index > 1 && tokens[index - 1].kind == .symbol && joined && tokens[index - 2].isNumber
    }

    private func strayNumber(_ tokens: [Token], after index: Int) -> Bool {
        guard index < tokens.count else { return false }
        if tokens[index].isNumber { return true }
        return index + 1 < tokens.count && tokens[index].kind == .symbol && !tokens[index].spaced
            && !tokens[index + 1].spaced && tokens[index + 1].isNumber
    }

    private func grammar(_ tokens: [Token], freeText: Bool) -> Grammar {
        Grammar(parser: self, tokens: tokens, freeText: freeText)
    }

    /// A phrase that is one number: a year ("2027"), a clock reading ("1730", "0730"), or nothing.
    private func bareNumber(_ t: Token, grammar: Grammar) throws(DueDateError) -> ResolvedDate {
        guard let n = t.intValue else { throw .notADate }
        if t.text.count == 4, !t.text.hasPrefix("0"), configuration.bareYearRange.contains(n) {
            return Resolver(grammar: grammar).spanned(DayValue(day: Day(year: n, month: 1, day: 1), granularity: .year))
        }
        if t.text.count == 8, let m = try grammar.parseNumericDate(0, false) {
            return try Resolver(grammar: grammar).resolve(m.parts)
        }
        if t.text.count == 3 || t.text.count == 4 {
            let hour = n / 100, minute = n % 100
            try grammar.checkClock(hour: hour, minute: minute, second: 0)
            let time = TimeValue(hour: hour % 24, minute: minute, granularity: .minute, endOfDay: hour == 24)
            return try Resolver(grammar: grammar).resolve([.time(time)])
        }
        throw .notADate
    }
}
