import Foundation
import Grounding

/// Term weights of a question: inverse document frequency of each content word over the library.
struct QuestionTerms {
    struct Term { var word: String; var key: UInt64; var idf: Double; var df: Int = 0 }
    let terms: [Term]
    /// The stem keys a text's word may match, each with its term's index: every term's own key
    /// and those of its other forms ("thomas" for "Tom", "sat" for "Saturday", `WordVariants`).
    private let matchKeys: [UInt64: [Int]]
    /// Two adjacent words of the question as one (`trisuit`), by its key, and the terms it holds.
    private let joined: [UInt64: Joined]
    private struct Joined { let word: [UInt8]; let terms: [Int] }
    /// Capitalised words of the question (after its first word) that occur in no chunk: names
    /// the library knows nothing about.
    let unknownNames: [String]
    /// The question's words typed with a letter the full-text index keeps ("skłodowska"), by
    /// their folded spelling (`LatinFolding.typedForms`): looked up as typed too.
    let typed: [String: String]
    var totalWeight: Double { terms.reduce(0) { $0 + $1.idf } }

    /// The lexical arm's FTS5 queries, tried in order until one matches. Words go in rarest
    /// first while the sum of their chunk frequencies stays within `postingBudget` (bm25 costs a
    /// lookup per matching chunk, and common words rank nothing), joined with OR; words counted at
    /// `cap` (whose true frequency is unknown) never join. When even the rarest word is in `cap`
    /// chunks or more, all the words are joined with AND — selective, so bm25 scores few rows
    /// (three common words joined with AND can match most of a large library) — and, should
    /// nothing hold them all, the three rarest.
    func lexicalQueries(frequencies: [String: Int], postingBudget: Int, cap: Int) -> [String] {
        // a word with its written forms: "on the 28th" is the `28` of a row's `28/03/2026`; a
        // word typed with "ł" as typed too (`typed`); a word the library never writes, as other
        // languages write it ("rent": `Miete`, `ForeignLabels`)
        func forms(_ word: String) -> [String] {
            [word] + [WordVariants.ordinalDay(word), typed[word]].compactMap { $0 }
                + ((frequencies[word] ?? 0) == 0 ? ForeignLabels.forms(of: word) : [])
        }
        let counts = Dictionary(terms.map { term in (term.word, forms(term.word).reduce(0) { $0 + (frequencies[$1] ?? 0) }) },
                                uniquingKeysWith: { a, _ in a })
        func df(_ word: String) -> Int { counts[word] ?? 0 }
        let sorted = terms.map(\.word).sorted { (df($0), $0) < (df($1), $1) }
        guard let rarest = sorted.first else { return [] }
        func quoted(_ words: [String]) -> [String] {
            words.map { word in
                let written = forms(word).map { "\"\($0)\"" }
                return written.count == 1 ? written[0] : "(" + written.joined(separator: " OR ") + ")"
            }
        }
        if df(rarest) >= cap {
            var queries = [quoted(sorted).joined(separator: " AND ")]
            if sorted.count > 3 { queries.append(quoted(Array(sorted.prefix(3))).joined(separator: " AND ")) }
            return queries
        }
        var words: [String] = []
        var postings = 0
        for word in sorted {
            let count = df(word)
            guard count < cap, words.isEmpty || postings + count <= postingBudget else { break }
            words.append(word)
            postings += count
        }
        return [quoted(words).joined(separator: " OR ")]
    }

    /// The words whose chunk frequencies `lexicalQueries` reads for `question`: its content
    /// words, the days its ordinals name ("28th": `28`), the words as typed where the
    /// full-text index does not fold them ("skłodowska", `LatinFolding.typedForms`) and their
    /// forms in other languages (`ForeignLabels`).
    static func frequencyWords(_ question: String) -> [String] {
        let words = TextTerms.contentWords(question)
        let typed = LatinFolding.typedForms(question)
        return words + words.compactMap(WordVariants.ordinalDay) + words.compactMap { typed[$0] } + words.flatMap(ForeignLabels.forms)
    }

    /// `frequencies` are chunk counts per word, `chunkCount` the library's size.
    init(question: String, frequencies: [String: Int], chunkCount: Int) {
        let n = Double(max(chunkCount, 1))
        let frame = Self.measureWords(question)
        let names = Set(TextTerms.capitalisedWords(question))
        // "May" written as a name, or where a month goes ("in may", "when's may half term"), is the
        // month, not the modal verb the stop words leave out.
        let all = TextSignals.words(question)
        let month = names.contains("may") || all.indices.contains { all[$0] == "may" && TextSignals.mayIsMonth(all, $0) }
        // "will" after a possessive or a determiner is the document ("what date is dad's will",
        // "who witnessed the will"), not the verb
        let will = all.indices.contains { all[$0] == "will" && $0 > 0 && Self.willOwners.contains(all[$0 - 1]) }
        let words = TextTerms.contentWords(question) + (month ? ["may"] : []) + (will ? ["will"] : [])
        let typed = LatinFolding.typedForms(question)
        self.typed = typed
        // (a word typed with a letter the index does not fold counts as typed: `typedForms`)
        let frequency = { (word: String) in max(frequencies[word] ?? 0, typed[word].flatMap { frequencies[$0] } ?? 0) }
        terms = words.filter { !frame.contains($0) }.map { word in
            let df = Double(frequency(word))
            return Term(word: word, key: TextTerms.stemKey(word), idf: log(1 + (n - df + 0.5) / (df + 0.5)), df: Int(df))
        }
        var keys = Dictionary(terms.enumerated().flatMap { i, term in
            [(term.key, [i])] + WordVariants.variants(of: term.word, capitalised: names.contains(term.word)).map { (TextTerms.stemKey($0), [i]) }
        }, uniquingKeysWith: { a, b in Array(Set(a + b)).sorted() })
        // "per head" asked, `€38 per person` or `€3.20 pp` written: a rate's unit by its other names
        let written = TextTerms.words(question)
        for (per, unit) in zip(written, written.dropFirst()) where per == "per" {
            guard let i = terms.firstIndex(where: { $0.word == unit }) else { continue }
            for other in WordVariants.perPerson(unit) { keys[TextTerms.stemKey(other), default: []].append(i) }
        }
        // Two words typed apart meet the one word a file writes them as, exactly ("tri suit":
        // `TRISUIT`), which holds both; a key keeps only six bytes ("rain force" is no "rainforest").
        let index = Dictionary(terms.enumerated().map { ($1.word, $0) }, uniquingKeysWith: min)
        joined = Dictionary(zip(written, written.dropFirst()).compactMap { a, b -> (UInt64, Joined)? in
            guard let i = index[a], let j = index[b], i != j, a.count >= 2, b.count >= 2,
                  (a + b).allSatisfy(\.isLetter) else { return nil }
            return (TextTerms.stemKey(a + b), Joined(word: Array((a + b).utf8), terms: [i, j]))
        }, uniquingKeysWith: { a, _ in a })
        // a joined word's key is among the keys, so that a word of no key costs one lookup
        for key in joined.keys where keys[key] == nil { keys[key] = [] }
        matchKeys = keys
        unknownNames = terms.map(\.word).filter { names.contains($0) && frequency($0) == 0 }
    }

    /// Words before "will" the document: a possessive's `s`, a determiner, a kind of will.
    static let willOwners: Set<String> = ["s", "the", "a", "my", "his", "her", "their", "our", "your", "living", "last"]

    /// The words "how" turns into the question's frame ("how long", "how far", "how old"), and a
    /// measure "what" names ("what temperature"): they say what kind of answer is asked for, and
    /// the answer rarely repeats them ("Bake for 45 minutes" answers "how long does it bake"), so
    /// they are no terms to cover.
    static let measures: Set<String> = ["long", "far", "old", "big", "large", "tall", "high", "often", "soon", "early",
                                        "late", "wide", "deep", "heavy", "fast", "hot", "cold", "warm"]
    static func measureWords(_ question: String) -> Set<String> {
        let words = TextTerms.words(question)
        var frame = Set<String>()
        for (word, next) in zip(words, words.dropFirst()) {
            if word == "how" && measures.contains(next) { frame.insert(next) }
            // "What temperature…" asks for degrees: "Heat the oven to 180°C" answers it.
            if (word == "what" || word == "which") && namedMeasures.contains(WordVariants.fullForm(next)) { frame.insert(next) }
        }
        // "How much did I spend…", "what did I pay…": the verb asks for an amount; a row or a
        // receipt states the amount ("fuel; amount: 58.75"), not the verb.
        if words.contains("what") || zip(words, words.dropFirst()).contains(where: { $0 == "how" && $1 == "much" }) {
            frame.formUnion(Set(words).intersection(amountVerbs))
        }
        return frame
    }

    /// "owe" is no such verb: what is still owed is written as a balance (`WordVariants`).
    static let amountVerbs: Set<String> = ["spend", "spent", "pay", "paid", "cost", "costs", "charge", "charged"]

    /// Measures a "what …" question names that the answer states as a value, not as the word.
    static let namedMeasures: Set<String> = ["temperature"]

    /// Share of the question's weight whose terms occur in `text` (matched by `TextTerms.stemKey`).
    func coverage(ofText text: String) -> Double { matches(text).coverage }

    /// The share of the question's weight carried by the terms `found` marks.
    func coverage(of found: [Bool]) -> Double {
        let total = totalWeight
        guard total > 0 else { return 0 }
        return zip(terms, found).reduce(0) { $0 + ($1.1 ? $1.0.idf : 0) } / total
    }

    /// Which terms occur in `text`, and the share of the question's weight they carry.
    func matches(_ text: String) -> (coverage: Double, found: [Bool]) {
        var found = [Bool](repeating: false, count: terms.count)
        let total = totalWeight
        guard total > 0 else { return (0, found) }
        TextTerms.forEachWord(text, joiningHyphens: true) { bytes in
            let key = TextTerms.stemKey(bytes)
            guard let hits = matchKeys[key] else { return }
            for term in hits { found[term] = true }
            if !joined.isEmpty, let pair = joined[key],
               bytes.elementsEqual(pair.word) || bytes.count == pair.word.count + 1 && bytes.last == 0x73 && bytes.dropLast().elementsEqual(pair.word) {
                for term in pair.terms { found[term] = true }
            }
        }
        var hit = 0.0
        for (i, term) in terms.enumerated() where found[i] { hit += term.idf }
        return (hit / total, found)
    }
}

/// Term weights among the evidence's own sentences: a word most of them hold ("boiler" in a boiler
/// manual) says which document, not which sentence; a word few hold ("pressure") picks the
/// sentence. A sentence's coverage blends the library's weights with these by `weight`
/// (`RetrievalConfiguration.localTermWeight`; 0 keeps the library's).
struct LocalTermWeights {
    let idf: [Double]
    let total: Double
    let weight: Double

    init(terms: QuestionTerms, found: [[Bool]], weight: Double) {
        self.weight = weight
        let n = Double(found.count)
        var counts = [Int](repeating: 0, count: terms.terms.count)
        for sentence in found { for (t, hit) in sentence.enumerated() where hit { counts[t] += 1 } }
        // terms no sentence holds weigh nothing here (the library's coverage already counts them)
        idf = counts.map { $0 == 0 ? 0 : log(1 + (n - Double($0) + 0.5) / (Double($0) + 0.5)) }
        total = idf.reduce(0, +)
    }

    /// The sentence's coverage: the library's share, blended with its share of the local weights.
    func coverage(_ lexical: Double, _ found: [Bool]) -> Double {
        guard weight > 0, total > 0 else { return lexical }
        var hit = 0.0
        for (t, isFound) in found.enumerated() where isFound { hit += idf[t] }
        return (1 - weight) * lexical + weight * hit / total
    }
}
