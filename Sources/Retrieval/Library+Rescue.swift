import Foundation

extension Library {
    /// Below gate A's bar on its words, an answer may still say what was asked in other words
    /// ("How heavy was the spaniel after the holidays?" — "The spaniel is 14.2 kg now"). The
    /// chosen answer (its sentences together) is embedded and compared with the question's vector
    /// from the search; the cosine is returned (nil when the rescue is off or the embedder
    /// fails), and at `sentenceRescueCosine` or more the caller lifts retrieval's confidence to τ
    /// and the other gates decide. Embedding further ranked sentences, one of which could answer
    /// instead, is what `rescoreSemantically` does for the head of the ranking; measured here
    /// with three and not kept (Docs/RETRIEVAL.md).
    func rescueCosine(question: String, pack: EvidencePack, chosen: [ScoredSentence]) -> Double? {
        guard configuration.sentenceRescueCosine > 0, !chosen.isEmpty,
              let query = pack.queryVector ?? (try? embedder.embed([question]))?.first,
              let vector = (try? embedder.embed([chosen.map(\.answerText).joined(separator: " ")]))?.first,
              vector.count == query.count else { return nil }
        return Double(zip(query, vector).reduce(Float(0)) { $0 + $1.0 * $1.1 })
    }
}
