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

    /// Whether the question asks for the latest ("the last service", "the balance now"), not a
    /// date in it ("last year", "last month" name a period).
    static func asksLatest(_ question: String) -> Bool {
        let words = TextSignals.words(question)
        return words.indices.contains { i in
            guard latestWords.contains(words[i]) else { return false }
            let next = i + 1 < words.count ? words[i + 1] : ""
            return !["year", "month", "week", "season", "night", "time", "term", "day", "weekend"].contains(next)
        }
    }

    /// `ranked` with the latest-dated record of the best sentence's document first, when the
    /// question asks for the latest; otherwise `ranked`. With `terms`, a record holds as much of
    /// the question as the best when it holds each of the best's words but the asking word itself
    /// (the heat pump's rows for "the last heat pump service", not the boiler's noted "Last
    /// service before heat pump").
    static func first(_ ranked: [ScoredSentence], question: String, terms: QuestionTerms? = nil) -> [ScoredSentence] {
        guard let best = ranked.first, TextSignals.isRecord(best.text), asksLatest(question),
              let bestDate = date(in: best.text) else { return ranked }
        let asking = terms.map { t in t.terms.indices.filter { latestWords.contains(t.terms[$0].word) } } ?? []
        func holdsAsMuch(_ s: ScoredSentence) -> Bool {
            guard !asking.isEmpty, s.found.count == best.found.count else { return s.coverage >= best.coverage - 1e-9 }
            return best.found.indices.allSatisfy { !best.found[$0] || s.found[$0] || asking.contains($0) }
        }
        var latest = (index: 0, date: bestDate)
        for (i, s) in ranked.enumerated().dropFirst() where s.chunk.docId == best.chunk.docId
            && TextSignals.isRecord(s.text) && holdsAsMuch(s) {
            if let d = date(in: s.text), d > latest.date { latest = (i, d) }
        }
        guard latest.index > 0 else { return ranked }
        var reordered = ranked
        reordered.insert(reordered.remove(at: latest.index), at: 0)
        return reordered
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
