import Foundation
import Store

/// A question's word that no chunk holds, read as the library's word it is one slip away from
/// ("name of the hygenist at plas dental": the letter's `hygienist`; "koyana express": `KOYNA`;
/// "jordan whitfeld phone": `Whitfield`). People type names and rare words from memory; the
/// search, the answer and the gates then all read the word the files write.
///
/// Only long words (`minimumLength` letters) that no chunk holds are respelled, and only by a slip
/// that keeps a word's sound — a vowel, an `h` or a doubled letter left out or put in, two
/// neighbours swapped — so that a word of its own ("playing", "paying"; "picking", "packing")
/// is never read as another. The library's FTS5 vocabulary gives the
/// stems that open like the word; a chunk holding the stem gives the word as written.
enum Respelling {
    static let minimumLength = 6
    /// Candidate stems of the vocabulary checked per word, most frequent first.
    static let candidateLimit = 8

    /// `question` with each slipped word replaced by the library's, and how many were replaced.
    static func respelled(_ question: String, _ c: Connection) throws -> (question: String, count: Int) {
        let words = TextTerms.contentWords(question).filter { word in
            word.utf8.count >= minimumLength && word.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
        }
        guard !words.isEmpty else { return (question, 0) }
        let unknown = try LexicalSearch.documentFrequencies(words, cap: 1, c).filter { $0.value == 0 }.map(\.key).sorted()
        guard !unknown.isEmpty else { return (question, 0) }
        try c.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.library_vocab USING fts5vocab(main, 'library_fts', 'row')")
        var result = question
        var count = 0
        for word in unknown {
            guard let written = try libraryWord(for: word, c) else { continue }
            result = replacing(word, with: written, in: result)
            count += 1
        }
        return (result, count)
    }

    /// The library's word `typed` is a slip of, from the most frequent stem that opens like it.
    static func libraryWord(for typed: String, _ c: Connection) throws -> String? {
        let t = Array(typed.utf8)
        let prefix = String(decoding: t.prefix(2), as: UTF8.self)
        let after = String(decoding: [t[0], t[1] + 1], as: UTF8.self)
        let stems = try c.rows("SELECT term, doc FROM temp.library_vocab WHERE term >= ? AND term < ?", [prefix, after]) {
            (Array($0.text(0).utf8), $0.int(1))
        }
        // a stem is the written word less a suffix (porter): it must be a slip of the typed word's
        // opening of about its length
        let near = stems.filter { stem, _ in
            stem.count >= 4 && (max(stem.count - 1, 1)...(stem.count + 1)).contains { k in
                k <= t.count && editDistance(Array(t.prefix(k)), stem) <= 1
            }
        }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.lexicographicallyPrecedes($1.0) }.prefix(candidateLimit)
        for (stem, _) in near {
            let text = try c.first("""
                SELECT c.text FROM library_fts f JOIN library_chunks c ON c.id = f.rowid
                WHERE library_fts MATCH ? LIMIT 1
                """, ["\"\(String(decoding: stem, as: UTF8.self))\""]) { $0.text(0) }
            guard let text else { continue }
            if let word = TextTerms.words(text).first(where: { isSlip(typed, of: $0) }) { return word }
        }
        return nil
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
        guard Array(long[(i + 1)...]) == Array(short[i...]) else { return false }
        let extra = long[i]
        let doubled = i > 0 && long[i - 1] == extra || i + 1 < long.count && long[i + 1] == extra
        return isVowel(extra) || extra == UInt8(ascii: "h") || doubled
    }

    /// The edit distance of two byte strings (a swap of neighbours counts one).
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
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
