import Foundation
import Grounding

/// An answer sentence too long to be an answer, narrowed to the clauses that answer.
///
/// Some sentences run past the answer's word limit: a list of figures joined by commas ("an
/// average 182 million tons of dust are windblown out of the Sahara each year, …, 132 million
/// tons of dust remain in the air, 43 million tons …"). Quoting all of it hides the answer.
/// The sentence is cut at its clause boundaries (", ", "; ", ": ", a spaced dash) and the answer
/// becomes the run of consecutive clauses, at most `maxWords` long, that holds the most of the
/// question's weight (half a question's weight more when it holds the asked-for kind of answer),
/// and of those the fewest words. Its range lies inside the sentence's, so the citation stays the
/// exact source bytes.
struct ClauseWindow {
    let terms: QuestionTerms
    let maxWords: Int
    /// Whether a window's text holds the kind of answer asked for (a number, a date, …).
    let typed: (String) -> Bool

    /// `sentence` narrowed, or `sentence` itself when it is within the limit, a record (whose
    /// fields answer together), or has no clause boundary to cut at.
    func narrowed(_ sentence: ScoredSentence, limit: Int) -> ScoredSentence {
        guard sentence.words > limit, sentence.chunk.record.kind != .csv, !TextSignals.isRecord(sentence.text) else { return sentence }
        let bytes = Array(sentence.text.utf8)
        let clauses = Self.clauses(bytes)
        guard clauses.count > 1 else { return sentence }
        let counts = clauses.map { SentenceSplitter.wordCount(bytes[$0]) }
        var best: (range: Range<Int>, score: Double, words: Int)?
        for i in clauses.indices {
            var words = 0
            for j in i..<clauses.count {
                words += counts[j]
                guard words <= maxWords else { break }
                let range = clauses[i].lowerBound..<clauses[j].upperBound
                let text = String(decoding: bytes[range], as: UTF8.self)
                let score = terms.coverage(ofText: text) + (typed(text) ? 0.5 : 0)
                if best.map({ score > $0.score + 1e-9 || abs(score - $0.score) <= 1e-9 && words < $0.words }) ?? true {
                    best = (range, score, words)
                }
            }
        }
        guard let best, best.score > 0 else { return sentence }
        let range = Self.trimmed(best.range, in: bytes)
        guard !range.isEmpty else { return sentence }
        var narrowed = sentence
        narrowed.range = (sentence.range.lowerBound + range.lowerBound)..<(sentence.range.lowerBound + range.upperBound)
        narrowed.text = String(decoding: bytes[range], as: UTF8.self)
        narrowed.words = SentenceSplitter.wordCount(bytes[range])
        return narrowed
    }

    /// Byte ranges of the clauses of `bytes`, each ending after its separator, together covering
    /// all of it. A separator is ", ", "; " or ": " (not "1,600" or "10:30"), or a dash between spaces.
    static func clauses(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var depth = 0
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") { depth = max(0, depth - 1) }
            var end: Int?
            if depth == 0, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: " ") || bytes[i + 1] == UInt8(ascii: "\n"),
               c == UInt8(ascii: ",") || c == UInt8(ascii: ";") || c == UInt8(ascii: ":") {
                end = i + 1
            } else if depth == 0, c == UInt8(ascii: " "), let dash = Self.dashLength(bytes, at: i + 1),
                      i + 1 + dash < bytes.count, bytes[i + 1 + dash] == UInt8(ascii: " ") {
                end = i + 1 + dash
            }
            if let end, end > start {
                ranges.append(start..<end)
                start = end
                i = end
                continue
            }
            i += 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    /// The byte length of an en or em dash (or "-", "--") at `index`, or nil.
    private static func dashLength(_ bytes: [UInt8], at index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "-") {
            return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-") ? 2 : 1
        }
        // U+2013 and U+2014 are E2 80 93 and E2 80 94.
        if index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x80,
           bytes[index + 2] == 0x93 || bytes[index + 2] == 0x94 {
            return 3
        }
        return nil
    }

    /// `range` without white space at either end and without a trailing separator.
    static func trimmed(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) || [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(bytes[upper - 1]) {
            upper -= 1
        }
        // A window ending before a dash keeps no dash.
        while upper > lower {
            if bytes[upper - 1] == UInt8(ascii: "-") {
                upper -= 1
            } else if upper - lower >= 3, bytes[upper - 3] == 0xE2, bytes[upper - 2] == 0x80,
                      bytes[upper - 1] == 0x93 || bytes[upper - 1] == 0x94 {
                upper -= 3
            } else {
                break
            }
            while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        }
        return lower..<upper
    }
}
