import Foundation
import Grounding
import Store

/// A question's word that no chunk holds, read as the library's word it is one slip away from
/// ("name of the hygenist at plas dental": the letter's `hygienist`; "koyana express": `KOYNA`;
/// "jordan whitfeld phone": `Whitfield`). People type names and rare words from memory; the
/// search, the answer and the gates then all read the word the files write.
///
/// Only words of `minimumLength` letters or more ("membr": `member`) that no chunk holds are
/// respelled, and only by a slip that keeps a word's sound — a vowel, an `h` or a doubled letter
/// left out or put in after the first letter, two neighbours swapped — so that a word of its own ("playing", "paying"; "picking", "packing")
/// is never read as another. Each word the typed one may be a slip of (about a hundred for a word
/// of ten letters) is looked up in the full-text index: a lookup each, no scan of the vocabulary.
enum Respelling {
    static let minimumLength = 5

    /// `question` with each slipped word replaced by the library's, and how many were replaced.
    static func respelled(_ question: String, _ c: Connection) throws -> (question: String, count: Int) {
        // (a word typed with a letter the index keeps, "skłodowska", is the library's as typed)
        let typed = LatinFolding.typedForms(question)
        let words = TextTerms.contentWords(question).filter { word in
            word.utf8.count >= markedMinimumLength && word.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } && typed[word] == nil
        }
        guard !words.isEmpty else { return (question, 0) }
        let unknown = try LexicalSearch.documentFrequencies(words, cap: 1, c).filter { $0.value == 0 }.map(\.key).sorted()
        var result = question
        var count = 0
        for word in unknown {
            let slipped = word.utf8.count >= minimumLength ? try libraryWord(for: word, c) : nil
            guard let written = try slipped ?? markedWord(for: word, c) else { continue }
            result = replacing(word, with: written, in: result)
            count += 1
        }
        return (result, count)
    }

    /// The library's word `typed` is a slip of: of the words it may be a slip of (`slips`), the
    /// one most chunks hold (counted up to `frequencyCap`), or nil when no chunk holds any.
    static func libraryWord(for typed: String, _ c: Connection) throws -> String? {
        let slips = slips(of: typed)
        let held = try c.prepare("SELECT 1 FROM library_fts WHERE library_fts MATCH ? LIMIT 1")
        // one query for all first: most words no chunk holds are slips of nothing
        guard try !held.rows([slips.map { "\"\($0)\"" }.joined(separator: " OR ")]) { $0.int(0) }.isEmpty else { return nil }
        // the index matches by stem, so a chunk must write the very word ("marred" is no `Mar`)
        let chunk = try c.prepare("""
            SELECT c.text FROM library_fts f JOIN library_chunks c ON c.id = f.rowid WHERE library_fts MATCH ? LIMIT 3
            """)
        let found = try slips.filter { slip in
            try chunk.rows(["\"\(slip)\""]) { $0.text(0) }.contains { TextTerms.words($0).contains(slip) }
        }
        guard found.count > 1 else { return found.first }
        let counts = try LexicalSearch.documentFrequencies(found, cap: frequencyCap, c)
        return found.max { (counts[$0] ?? 0, $1) < (counts[$1] ?? 0, $0) }
    }
    static let frequencyCap = 50

    /// The library's word that `typed` is written plain of, with a letter the full-text index
    /// keeps apart from its plain spelling ("sklodowska": `Skłodowska`; "strasse": `Straße`;
    /// "orsted": `Ørsted`): of `markedSpellings`, the first a chunk holds, or nil.
    static func markedWord(for typed: String, _ c: Connection) throws -> String? {
        let spellings = markedSpellings(of: typed)
        guard !spellings.isEmpty else { return nil }
        // the index matches by stem and folded ("gös" is `go`): a chunk must write the very word
        let chunk = try c.prepare("""
            SELECT c.text FROM library_fts f JOIN library_chunks c ON c.id = f.rowid WHERE library_fts MATCH ? LIMIT 3
            """)
        return try spellings.first { spelling in
            try chunk.rows(["\"\(spelling)\""]) { $0.text(0) }.contains { text in
                text.split { !$0.isLetter }.contains { $0.lowercased() == spelling }
            }
        }
    }
    /// Words this short are read for a marked letter (`markedWord`), not for a slip.
    static let markedMinimumLength = 4

    /// `typed` with one of its plain letters written as the letter a name may hold in its stead
    /// (`LatinFolding.plain`): an "l" as "ł", an "o" as "ø", "ss" as "ß", "ae" as "æ" or "ä"…
    static func markedSpellings(of typed: String) -> [String] {
        var out: [String] = []
        for (plain, marked) in markedLetters {
            var search = typed.startIndex
            while let found = typed.range(of: plain, range: search..<typed.endIndex) {
                out.append(typed.replacingCharacters(in: found, with: marked))
                search = found.upperBound
            }
        }
        return out
    }
    /// (and German's "ae", "oe", "ue" for ä, ö, ü: "muenchen" is the file's `München`)
    static let markedLetters = [("l", "ł"), ("o", "ø"), ("ss", "ß"), ("ae", "æ"), ("oe", "œ"), ("d", "đ"), ("th", "þ"),
                                ("ae", "ä"), ("oe", "ö"), ("ue", "ü")]

    /// The words `typed` may be a slip of (`isSlip`): with a vowel, an `h` or a doubled letter
    /// left out or put in, or two neighbours swapped; each is looked up, so none is guessed.
    static func slips(of typed: String) -> [String] {
        let t = Array(typed.utf8)
        var out: [[UInt8]] = []
        for i in t.indices {
            out.append(Array(t[..<i] + t[(i + 1)...]))
            if i + 1 < t.count { var s = t; s.swapAt(i, i + 1); out.append(s) }
        }
        for i in 0...t.count {
            let letters = Array("aeiouyh".utf8) + (i > 0 ? [t[i - 1]] : [])
            for letter in letters { out.append(Array(t[..<i] + [letter] + t[i...])) }
        }
        var seen = Set<[UInt8]>()
        return out.filter { seen.insert($0).inserted }.map { String(decoding: $0, as: UTF8.self) }.filter { isSlip(typed, of: $0) }
    }

    /// Whether `typed` is `word` with one slip that keeps its sound (see the type's note).
    static func isSlip(_ typed: String, of word: String) -> Bool {
        let a = Array(typed.utf8), b = Array(word.utf8)
        guard a != b, a.count >= minimumLength, b.count >= minimumLength - 1, b.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return false }
        if a.count == b.count {
            let differ = a.indices.filter { a[$0] != b[$0] }
            return differ.count == 2 && differ[1] == differ[0] + 1 && a[differ[0]] == b[differ[1]] && a[differ[1]] == b[differ[0]]
        }
        guard abs(a.count - b.count) == 1 else { return false }
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        // the one letter the longer has: where the two first part
        var i = 0
        while i < short.count, long[i] == short[i] { i += 1 }
        // (a word's first letter is typed as it is written: "ohare" is no slip of `hare`)
        guard i > 0, Array(long[(i + 1)...]) == Array(short[i...]) else { return false }
        let extra = long[i]
        let doubled = i > 0 && long[i - 1] == extra || i + 1 < long.count && long[i + 1] == extra
        return isVowel(extra) || extra == UInt8(ascii: "h") || doubled
    }

    private static func isVowel(_ c: UInt8) -> Bool { "aeiouy".utf8.contains(c) }

    /// `text` with each whole-word occurrence of `word` (any case) replaced by `replacement`.
    static func replacing(_ word: String, with replacement: String, in text: String) -> String {
        var out = ""
        var current = ""
        func flush() {
            out += current.lowercased() == word ? replacement : current
            current = ""
        }
        for ch in text {
            if ch.isLetter || ch.isNumber { current.append(ch) } else { flush(); out.append(ch) }
        }
        flush()
        return out
    }
}
