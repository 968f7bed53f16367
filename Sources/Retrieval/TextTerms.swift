import Foundation
import Grounding

/// Word-level helpers shared by the lexical arm and the answerer: content terms of a text
/// (lowercased, stop words removed, lightly stemmed so "rivers" meets "river").
enum TextTerms {
    static let stopWords = Set([
        "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "as", "at",
        "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "could",
        "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from", "further", "had", "has",
        "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how", "i", "if",
        "in", "into", "is", "it", "its", "itself", "just", "me", "more", "most", "my", "myself", "no", "nor",
        "not", "now", "of", "off", "on", "once", "only", "or", "other", "our", "ours", "ourselves", "out",
        "over", "own", "same", "she", "should", "so", "some", "such", "than", "that", "the", "their",
        "theirs", "them", "themselves", "then", "there", "these", "they", "this", "those", "through", "to",
        "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while",
        "who", "whom", "whose", "why", "will", "with", "would", "you", "your", "yours", "yourself", "also",
        "many", "much", "one", "ones", "s", "t", "whats", "called", "name", "kind", "type", "used",
        "use", "known", "get", "got", "make", "made", "may", "might", "must", "shall", "us", "year", "years",
    ]).union(QuestionAnalysis.spokenWords)

    /// Lowercased words of `text`, in order: runs of letters, digits and combining marks, a Latin
    /// letter's mark dropped ("Sekulić" is one word, "sekulic"; `LatinFolding`).
    static func words(_ text: String) -> [String] {
        var out: [String] = []
        forEachWord(text) { out.append(String(decoding: $0, as: UTF8.self)) }
        return out
    }

    /// Calls `body` with the lowercased UTF-8 bytes of each word of `text` (see `words`).
    /// `joiningHyphens`: a hyphenated pair of words is also read as one ("Wi-Fi": wi, fi and
    /// wifi; "check-out": checkout), as people type them.
    static func forEachWord(_ text: String, joiningHyphens: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64)
        // the word before a lone hyphen while the word after it is read; then the two as one
        var joined: [UInt8] = []
        var hyphenated = false
        /// Reads the word in `buffer`; `beforeHyphen`: a hyphen follows it.
        func flush(beforeHyphen: Bool = false) {
            guard !buffer.isEmpty else {
                hyphenated = false
                joined.removeAll(keepingCapacity: true)
                return
            }
            buffer.withUnsafeBufferPointer { body($0) }
            if hyphenated {
                if buffer.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
                    joined.append(contentsOf: buffer)
                    joined.withUnsafeBufferPointer { body($0) }
                }
                joined.removeAll(keepingCapacity: true)
                hyphenated = false
            }
            if beforeHyphen, buffer.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
                joined.append(contentsOf: buffer)
                hyphenated = true
            }
            buffer.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 {
                switch v {
                case 0x41...0x5A: buffer.append(UInt8(v | 0x20))
                case 0x61...0x7A, 0x30...0x39: buffer.append(UInt8(v))
                case 0x2D where joiningHyphens: flush(beforeHyphen: true)
                default: flush()
                }
            } else if isWordScalar(scalar) {
                LatinFolding.appendFolded(scalar, to: &buffer)
            } else {
                flush()
            }
        }
        flush()
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let p = scalar.properties
        if p.isAlphabetic || p.numericType != nil { return true }
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Lowercased words of `text` that start with a capital letter, the first word excepted.
    static func capitalisedWords(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var capitalised = false
        var index = 0
        func flush() {
            if !current.isEmpty {
                if capitalised, index > 0 { result.append(LatinFolding.key(current)) }
                index += 1
            }
            current = ""
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if current.isEmpty { capitalised = scalar.properties.isUppercase }
                current.unicodeScalars.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return result
    }

    /// Content words of `text` (stop words dropped), unstemmed, in order, without duplicates.
    static func contentWords(_ text: String) -> [String] {
        var seen = Set<String>()
        return words(text).filter { !stopWords.contains($0) && seen.insert($0).inserted }
    }

    /// A light suffix-stripping stem of a lowercased word, packed as a match key: plural and verb
    /// endings are stripped (`ies`→`y`, `sses`→`ss`, `ing`, `edly`, `ed`, `ly`, `es`, `s`; the stem
    /// keeps at least three bytes; words of up to four bytes are kept whole), then the first six
    /// bytes and the stem's length (capped at six) form the key. Two words match when their keys
    /// are equal: the same stem, or, for long stems, the same first six bytes ("rivers" meets
    /// "river", "constitutional" meets "constitution").
    static func stemKey(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var length = word.count
        var replacement: UInt8 = 0
        if length > 4 {
            func ends(_ suffix: StaticString) -> Bool {
                let n = suffix.utf8CodeUnitCount
                guard length >= n else { return false }
                let p = suffix.utf8Start
                for i in 0..<n where word[length - n + i] != p[i] { return false }
                return true
            }
            let rules: [(StaticString, Int, UInt8)] = [("ies", 3, UInt8(ascii: "y")), ("sses", 2, 0), ("ing", 3, 0),
                                                       ("edly", 4, 0), ("ed", 2, 0), ("ly", 2, 0), ("es", 2, 0), ("s", 1, 0)]
            for (suffix, cut, add) in rules where ends(suffix) {
                if suffix.utf8CodeUnitCount == 1, ends("ss") || ends("us") || ends("is") { continue }
                let stemLength = length - cut + (add == 0 ? 0 : 1)
                guard stemLength >= 3 else { continue }
                length -= cut
                replacement = add
                break
            }
        }
        let total = length + (replacement == 0 ? 0 : 1)
        var key = UInt64(min(total, 6)) << 56
        for i in 0..<min(total, 6) {
            let byte = i < length ? word[i] : replacement
            key |= UInt64(byte) << (8 * UInt64(i))
        }
        return key
    }

    /// `stemKey` of a word given as a string.
    static func stemKey(_ word: String) -> UInt64 {
        var bytes = Array(word.utf8)
        return bytes.withUnsafeMutableBufferPointer { stemKey(UnsafeBufferPointer($0)) }
    }
}
