import Foundation

/// A day of the year a text names, without its year.
public struct DayMonth: Hashable, Sendable {
    public let day: Int
    public let month: Int
    public init(day: Int, month: Int) { self.day = day; self.month = month }
}

/// The days of the year a text names: "30 April", "April 30th", "6th of May", "30/04/2026",
/// "14.03.26", "2026-04-30". A numeric date that could be either way round ("04/05") names both
/// days: a question's date meets a row whichever order the file writes. A day alone ("the 14th")
/// or a month alone names none.
public enum DayMonths {
    static let months: [String: Int] = {
        var map: [String: Int] = [:]
        let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                     "november", "december"]
        for (i, name) in names.enumerated() {
            map[name] = i + 1
            map[String(name.prefix(3))] = i + 1
        }
        map["sept"] = 9
        return map
    }()

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

    public static func of(_ text: String) -> Set<DayMonth> {
        let t = tokens(text)
        var found = Set<DayMonth>()
        func add(_ day: Int, _ month: Int) {
            if (1...31).contains(day), (1...12).contains(month) { found.insert(DayMonth(day: day, month: month)) }
        }
        func number(_ i: Int, digits: ClosedRange<Int>) -> Int? {
            guard i < t.count, t[i].isNumber, digits.contains(t[i].text.count) else { return nil }
            return Int(t[i].text)
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
                if j < t.count, let month = months[t[j].text] { add(day, month) }
                continue
            }
            if let month = months[t[i].text], let day = number(i + 1, digits: 1...2), !joined(i + 2) {
                add(day, month)  // April 30th
            }
        }
        return found
    }
}
