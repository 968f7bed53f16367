import Foundation
import Grounding
import Primitives

/// "When was the last service?", "what's in the savings account now?": a question about the
/// latest of a document's dated records is answered by the latest one, not by the one whose words
/// happen to match best. When the question says so (`asksLatest`) and the best sentence is a
/// record, the record of the same document with the latest date — among those that hold as much
/// of the question as the best one does — is moved to the front of the ranking.
enum LatestRecord {
    static let latestWords: Set<String> = ["last", "latest", "now", "current", "currently", "recent", "newest"]
    /// Words that ask for the next of a document's dated records: the first on or after today
    /// ("when's biscuit's next vet appt": `date: 2026-04-21; status: booked`; the next bin
    /// collection of a year's schedule), or the latest when none is.
    static let nextWords: Set<String> = ["next", "upcoming"]

    /// Whether the question asks for the latest ("the last service", "the balance now", "the
    /// balance at the end of february"), not a date in it ("last year", "last month" name a period).
    static func asksLatest(_ question: String) -> Bool {
        asks(question, latestWords, orEndOf: true) || asksNext(question)
    }

    /// Whether the question asks for the next record ("the next vet appt"), not a period or a
    /// place ("next week", "next to the shed").
    static func asksNext(_ question: String) -> Bool { asks(question, nextWords) }

    /// Whether a word of `asking` asks for a record (not a period after it), or, `orEndOf`, "end of" does.
    private static func asks(_ question: String, _ asking: Set<String>, orEndOf: Bool = false) -> Bool {
        let words = TextSignals.words(question)
        return words.indices.contains { i in
            let next = i + 1 < words.count ? words[i + 1] : ""
            if orEndOf, words[i] == "end", next == "of" { return true }
            guard asking.contains(words[i]) else { return false }
            return !["year", "month", "week", "season", "night", "time", "term", "day", "weekend", "name", "to", "door"]
                .contains(next)
        }
    }

    /// The months the question names (1…12): the latest record asked for in "the balance at the
    /// end of february" is February's.
    static func months(_ question: String) -> Set<Int> {
        Set(QuestionAnalysis.calendarWords(of: question).compactMap { DayMonths.months[$0] })
    }

    /// `ranked` with the latest record of the best sentence's document first (`Order`: by date,
    /// then by the export's own order; of the months the question names, if any), when the
    /// question asks for the latest; otherwise `ranked`. With `terms`, a record holds as much of
    /// the question as the best when it holds each of the best's words but the asking word itself
    /// (the heat pump's rows for "the last heat pump service", not the boiler's noted "Last
    /// service before heat pump").
    /// A question that names its month ("the balance at the end of feb") asks for that month's
    /// last record that holds the noun asked (`askedNoun`), whatever other words the best holds
    /// (`ACCOUNTING` for "account").
    /// `today` (yyyymmdd in the run's zone) is what "next" counts from; without it, "next" is the latest.
    static func first(_ ranked: [ScoredSentence], question: String, terms: QuestionTerms? = nil,
                      askedNoun: [String] = [], today: Int? = nil) -> [ScoredSentence] {
        guard let best = ranked.first, TextSignals.isRecord(best.text), asksLatest(question),
              date(in: best.text) != nil else { return ranked }
        // (the asking words: "last", "latest"…, and "end" of "the end of february")
        let asking = terms.map { t in
            t.terms.indices.filter { latestWords.contains(t.terms[$0].word) || nextWords.contains(t.terms[$0].word)
                || t.terms[$0].word == "end" }
        } ?? []
        let months = months(question)
        func holdsAsMuch(_ s: ScoredSentence) -> Bool {
            if !months.isEmpty, ExtractiveAnswerer.holdsNoun(s, askedNoun) { return true }
            guard !asking.isEmpty, s.found.count == best.found.count else { return s.coverage >= best.coverage - 1e-9 }
            return best.found.indices.allSatisfy { !best.found[$0] || s.found[$0] || asking.contains($0) }
        }
        let order = Order(ranked, doc: best.chunk.docId, months: months)
        let keyed = ranked.enumerated().compactMap { i, s -> (index: Int, key: Order.Key)? in
            guard i == 0 || s.chunk.docId == best.chunk.docId && holdsAsMuch(s), let key = order.key(s) else { return nil }
            return (i, key)
        }
        let from = asksNext(question) ? today : nil
        guard let index = Order.chosen(keyed.map(\.key), from: from).map({ keyed[$0].index }), index > 0 else { return ranked }
        var reordered = ranked
        reordered.insert(reordered.remove(at: index), at: 0)
        return reordered
    }

    /// The latest record of `anchor`'s file that holds as much of the question as `anchor` does
    /// (`first`, with `anchor` as the best); `anchor` when there is none later.
    static func latest(of anchor: ScoredSentence, in ranked: [ScoredSentence], question: String, terms: QuestionTerms?,
                       askedNoun: [String], today: Int? = nil) -> ScoredSentence {
        let others = ranked.filter { !($0.chunk.chunkId == anchor.chunk.chunkId && $0.range == anchor.range) }
        return first([anchor] + others, question: question, terms: terms, askedNoun: askedNoun, today: today).first ?? anchor
    }

    /// Whether `sentence` is the record the question asks for as the latest (or the next, from
    /// `today`): it asks so, and of the records of its document that hold as much of the question
    /// (`first`), it is the one chosen — a later general waste collection does not make the next
    /// recycling one any less the next.
    static func isLatest(_ sentence: ScoredSentence, in ranked: [ScoredSentence], question: String,
                         terms: QuestionTerms? = nil, today: Int? = nil) -> Bool {
        guard asksLatest(question), TextSignals.isRecord(sentence.text), date(in: sentence.text) != nil else { return false }
        let chosen = latest(of: sentence, in: ranked, question: question, terms: terms, askedNoun: [], today: today)
        return chosen.chunk.chunkId == sentence.chunk.chunkId && chosen.range == sentence.range
    }

    /// The order of a document's dated records: by date, and of one day's, by place in the file —
    /// the last of an export listed oldest first, the first of one listed newest first (a bank's).
    struct Order {
        typealias Key = (date: Int, place: Int)
        let doc: Int64
        let months: Set<Int>
        let newestFirst: Bool

        init(_ ranked: [ScoredSentence], doc: Int64, months: Set<Int>) {
            self.doc = doc
            self.months = months
            let dated = ranked.compactMap { s -> (place: Int, date: Int)? in
                guard s.chunk.docId == doc, TextSignals.isRecord(s.text), let d = LatestRecord.date(in: s.text) else { return nil }
                return (Self.place(s), d)
            }
            let byPlace = dated.sorted { $0.place < $1.place }
            newestFirst = (byPlace.first?.date ?? 0) > (byPlace.last?.date ?? 0)
        }

        /// Which of `keys` is asked for: the latest, or, `from` a day, the first on or after it
        /// (the latest when none is); the first of equal keys.
        static func chosen(_ keys: [Key], from day: Int? = nil) -> Int? {
            if let day, let next = keys.indices.filter({ keys[$0].date >= day }).min(by: { keys[$0] < keys[$1] }) {
                return next
            }
            return keys.indices.reduce(nil as Int?) { best, i in best.map { keys[i] > keys[$0] ? i : $0 } ?? i }
        }

        /// Where `s` is in its file: its chunk's place, then its own in the chunk.
        static func place(_ s: ScoredSentence) -> Int { s.chunk.ordinal * 1_000_000 + s.range.lowerBound }

        /// `s`'s key, when it is a dated record of the document in a month asked (any without one).
        func key(_ s: ScoredSentence) -> Key? {
            guard s.chunk.docId == doc, TextSignals.isRecord(s.text), let d = LatestRecord.date(in: s.text),
                  months.isEmpty || months.contains(d / 100 % 100) else { return nil }
            return (d, newestFirst ? -Self.place(s) : Self.place(s))
        }
    }

    /// The first date of a record as the extractors spell it out ("(17 November 2025)"), as
    /// yyyymmdd; nil when it has none.
    static func date(in text: String) -> Int? {
        guard let match = text.range(of: #"\((\d{1,2}) ([A-Z][a-z]+) (\d{4})\)"#, options: .regularExpression) else { return nil }
        let parts = text[match].dropFirst().dropLast().split(separator: " ")
        guard parts.count == 3, let day = Int(parts[0]), let year = Int(parts[2]),
              let month = Civil.monthNames.firstIndex(of: String(parts[1])) else { return nil }
        return year * 10_000 + (month + 1) * 100 + day
    }
}
