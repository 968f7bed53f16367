import Foundation

/// A day of the year a text names, without its year; month 0 for a day of no month named ("the
/// 14th").
public struct DayMonth: Hashable, Sendable {
    public let day: Int
    public let month: Int
    public init(day: Int, month: Int) { self.day = day; self.month = month }
}

/// The days of the year a text names: "30 April", "April 30th", "6th of May", "30/04/2026",
/// "14.03.26", "2026-04-30", "Paddy's Day". A numeric date that could be either way round ("04/05") names both
/// days: a question's date meets a row whichever order the file writes. An ordinal day alone ("on
/// the 14th") names that day of any month; a bare number or a month alone names none.
public enum DayMonths {
    /// Whether a day of `asked` is one of `written`: the same day and month, or the same day where
    /// either names no month.
    public static func matches(_ asked: Set<DayMonth>, _ written: Set<DayMonth>) -> Bool {
        asked.contains { a in written.contains { $0.day == a.day && ($0.month == a.month || $0.month == 0 || a.month == 0) } }
    }

    /// Month names and their abbreviations → the month's number (`TextSignals.monthNames` is their set).
    public static let months: [String: Int] = {
        var map: [String: Int] = [:]
        for (i, name) in monthNames.enumerated() {
            map[name] = i + 1
            for short in WordVariants.calendar[name] ?? [] { map[short] = i + 1 }
        }
        return map
    }()

    /// Whether the lowercased `word` is a weekday or its abbreviation (a dot after it allowed).
    public static func isWeekday(_ word: String) -> Bool {
        weekdays.contains(word.hasSuffix(".") || word.hasSuffix(",") ? String(word.dropLast()) : word)
    }

    /// Weekdays and their abbreviations.
    static let weekdays = TextSignals.weekdays.union(TextSignals.weekdays.flatMap { WordVariants.calendar[$0] ?? [] })

    private struct Token {
        var text: String
        var isNumber: Bool
        /// The character before the token when it is one of `/`, `.`, `-` right after the last token.
        var joiner: Character?
    }

    private static func tokens(_ text: String) -> [Token] {
        var out: [Token] = []
        var current = ""
        var currentIsNumber = false
        var pendingJoiner: Character?
        var gap = 0
        func flush() {
            guard !current.isEmpty else { return }
            out.append(Token(text: current.lowercased(), isNumber: currentIsNumber, joiner: gap == 1 ? pendingJoiner : nil))
            current = ""
            pendingJoiner = nil
            gap = 0
        }
        for ch in text {
            let isDigit = ch.isASCII && ch.isNumber
            let isLetter = ch.isLetter
            if isDigit || isLetter {
                if !current.isEmpty, isDigit != currentIsNumber {
                    // "30th": the ordinal's letters are a token of their own, joined to the number
                    flush()
                    pendingJoiner = "#"
                    gap = 1
                }
                if current.isEmpty { currentIsNumber = isDigit }
                current.append(ch)
            } else {
                flush()
                gap += 1
                pendingJoiner = "/.-".contains(ch) && gap == 1 ? ch : nil
            }
        }
        flush()
        return out
    }

    /// Days of the year known by name ("paddy's day": 17 March), as the words a text spells them
    /// in (an apostrophe's "s" a word of its own).
    static let holidays: [(words: [String], day: Int, month: Int)] = {
        let named: [(String, Int, Int)] = [
            ("paddy s day", 17, 3), ("patrick s day", 17, 3), ("christmas day", 25, 12), ("christmas eve", 24, 12),
            ("boxing day", 26, 12), ("new year s day", 1, 1), ("new year s eve", 31, 12), ("hogmanay", 31, 12),
            ("valentine s day", 14, 2), ("halloween", 31, 10), ("hallowe en", 31, 10), ("bonfire night", 5, 11),
            ("burns night", 25, 1), ("andrew s day", 30, 11), ("david s day", 1, 3), ("george s day", 23, 4),
            ("independence day", 4, 7),
        ]
        var out: [(words: [String], day: Int, month: Int)] = []
        for (name, day, month) in named {
            let words = name.split(separator: " ").map(String.init)
            out.append((words, day, month))
            // written without the apostrophe ("paddys day", "new years eve")
            if let s = words.firstIndex(of: "s") {
                var joined = words
                joined[s - 1] += "s"
                joined.remove(at: s)
                out.append((joined, day, month))
            }
        }
        return out
    }()

    /// The words of the named days (`holidays`), but the "s" of an apostrophe and "day".
    public static let holidayWords: Set<String> = Set(holidays.flatMap(\.words)).subtracting(["s", "day", "new", "eve", "night"])

    /// The named days of `text`, in order ("paddy's day": 17 March).
    public static func named(in text: String) -> [DayMonth] {
        named(tokens(text))
    }

    private static func named(_ t: [Token]) -> [DayMonth] {
        var found: [DayMonth] = []
        for i in t.indices {
            for holiday in holidays where t.count - i >= holiday.words.count
                && zip(holiday.words, t[i...]).allSatisfy({ $0 == $1.text }) {
                found.append(DayMonth(day: holiday.day, month: holiday.month))
            }
        }
        return found
    }

    /// The English name of month `number` (1…12).
    public static func monthName(_ number: Int) -> String { monthNames[number - 1].capitalized }
    static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                             "october", "november", "december"]

    public static func of(_ text: String) -> Set<DayMonth> {
        let t = tokens(text)
        var found = Set(named(t))
        func add(_ day: Int, _ month: Int) {
            if (1...31).contains(day), (0...12).contains(month) { found.insert(DayMonth(day: day, month: month)) }
        }
        func number(_ i: Int, digits: ClosedRange<Int>) -> Int? {
            guard i < t.count, t[i].isNumber, digits.contains(t[i].text.count) else { return nil }
            return Int(t[i].text)
        }
        // "on the 14th", "Sat 14th – KO 10:30": a day; "the 20th century", "her 9th birthday": not
        func dayAlone(after j: Int, weekdayBefore: Bool) -> Bool {
            weekdayBefore || j >= t.count || t[j].isNumber || QuestionAnalysis.stopWords.contains(t[j].text)
        }
        func joined(_ i: Int) -> Bool { i < t.count && t[i].joiner.map { "/.-".contains($0) } == true }
        func ordinal(_ i: Int) -> Bool { i < t.count && t[i].joiner == "#" && ["st", "nd", "rd", "th"].contains(t[i].text) }
        var i = 0
        while i < t.count {
            defer { i += 1 }
            if number(i, digits: 4...4) != nil, joined(i + 1), let b = number(i + 1, digits: 1...2), joined(i + 2),
               let c = number(i + 2, digits: 1...2) {
                add(c, b)  // 2026-04-30
                i += 2
                continue
            }
            if let a = number(i, digits: 1...2), joined(i + 1), let b = number(i + 1, digits: 1...2),
               !(i > 0 && joined(i) && t[i - 1].isNumber) {
                // 30/04/2026, 04/30, 14.03.26: a clock time ("10.30") is no date unless a year follows
                let year = joined(i + 2) && number(i + 2, digits: 2...4) != nil
                if year || t[i + 1].joiner == "/" {
                    if a > 12 || b > 12 { a > 12 ? add(a, b) : add(b, a) } else { add(a, b); add(b, a) }
                }
                i += year ? 2 : 1
                continue
            }
            if let day = number(i, digits: 1...2) {
                var j = i + 1
                if ordinal(j) { j += 1 }
                if j < t.count, t[j].text == "of" { j += 1 }
                if j < t.count, let month = months[t[j].text] {
                    add(day, month)
                } else if ordinal(i + 1), dayAlone(after: j, weekdayBefore: i > 0 && weekdays.contains(t[i - 1].text)) {
                    add(day, 0)
                }
                continue
            }
            if let month = months[t[i].text], let day = number(i + 1, digits: 1...2), !joined(i + 2) {
                add(day, month)  // April 30th
                i += ordinal(i + 2) ? 2 : 1
            }
        }
        return found
    }
}
