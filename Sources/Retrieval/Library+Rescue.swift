import Foundation

extension Library {
    /// Below gate A's bar on its words, an answer may still say what was asked in other words
    /// ("How heavy was the spaniel after the holidays?" — "The spaniel is 14.2 kg now"). The
    /// chosen answer (its sentences
    /// together) and the next `sentenceRescueCandidates` ranked sentences are embedded in one
    /// batch and compared with the question's vector from the search: the chosen answer at a
    /// cosine of `sentenceRescueCosine` or more stands, else the closest other sentence at that
    /// cosine answers alone; either lifts retrieval's confidence to τ and the other gates decide.
    /// Returns the best cosine seen and the answer to keep (nil: none reached the bar), or nil
    /// when it is off or nothing could be embedded.
    func rescue(question: String, pack: EvidencePack, chosen: [ScoredSentence],
                ranked: [ScoredSentence]) -> (cosine: Double, chosen: [ScoredSentence]?)? {
        let bar = configuration.sentenceRescueCosine
        guard bar > 0, !chosen.isEmpty else { return nil }
        let others = ranked.filter { s in !chosen.contains { $0.chunk.chunkId == s.chunk.chunkId && $0.range == s.range } }
            .prefix(configuration.sentenceRescueCandidates)
        let texts = [chosen.map(\.answerText).joined(separator: " ")] + others.map(\.answerText)
        guard let query = pack.queryVector ?? (try? embedder.embed([question]))?.first,
              let vectors = try? embedder.embed(texts), vectors.count == texts.count,
              vectors.allSatisfy({ $0.count == query.count }) else { return nil }
        let cosines = vectors.map { v in Double(zip(query, v).reduce(Float(0)) { $0 + $1.0 * $1.1 }) }
        if cosines[0] >= bar { return (cosines[0], chosen) }
        let best = cosines.indices.dropFirst().max { cosines[$0] < cosines[$1] }
        guard let best, cosines[best] >= bar else { return (cosines.max() ?? cosines[0], nil) }
        return (cosines[best], [others[others.startIndex + best - 1]])
    }
}
