import Foundation

/// Misspelt day words ("wensday", "thrusday", "tomorrw"), read as the word meant. A word is
/// corrected only when it is close to exactly one candidate: at most `maxEdits` insertions,
/// deletions, substitutions or swaps of neighbours (Damerau–Levenshtein), the same first letter
/// and the shape of a day word (a weekday ends in "day"; "tomorrow" starts "to" or "tm"). Short
/// words are never corrected, so "wed", "sat" and "today" keep their own readings.
extension Lexicon {
    static let spellingCandidates = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "tomorrow"]
    /// Largest edit distance corrected.
    static let maxEdits = 2
    /// Shortest word corrected.
    static let minCorrectedLength = 6

    /// The day word `word` is a misspelling of, or nil (also for correctly spelt words).
    static func corrected(_ word: String) -> String? {
        guard word.count >= minCorrectedLength, word.allSatisfy({ $0.isASCII && $0.isLetter }),
              weekday(word) == nil, !knownDayWords.contains(word) else { return nil }
        let weekdayShape = word.hasSuffix("day") || word.hasSuffix("dya")
        let tomorrowShape = word.hasPrefix("to") || word.hasPrefix("tm")
        guard weekdayShape || tomorrowShape else { return nil }
        var best: (word: String, distance: Int)?
        var tie = false
        for candidate in spellingCandidates where candidate.first == word.first {
            guard candidate == "tomorrow" ? tomorrowShape : weekdayShape else { continue }
            let d = editDistance(word, candidate)
            guard d <= maxEdits else { continue }
            if let b = best, d == b.distance { tie = true } else if best.map({ d < $0.distance }) ?? true { best = (candidate, d); tie = false }
        }
        return tie ? nil : best?.word
    }

    /// Day words spelt right that look like a misspelling of another ("today", "tomorrows").
    static let knownDayWords: Set<String> = ["today", "tonight", "tomorrows", "todays", "yesterday", "weekday", "weekdays",
                                             "someday", "midday", "mayday", "holiday", "birthday"]

    /// Optimal-string-alignment distance (adjacent swaps count one edit).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let s = Array(a.utf8), t = Array(b.utf8)
        if s.isEmpty || t.isEmpty { return max(s.count, t.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
        for i in 0...s.count { d[i][0] = i }
        for j in 0...t.count { d[0][j] = j }
        for i in 1...s.count {
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[s.count][t.count]
    }
}
