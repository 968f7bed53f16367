import Embeddings
import Foundation
import Grounding
import Store

/// Hybrid retrieval (DESIGN §9): vector arm (`vectorFactor × target`) and lexical arm (up to
/// `lexicalLimit`), reciprocal rank fusion, similarity floor, a rerank that blends the fused score
/// with the idf-weighted share of question terms each candidate contains, MMR diversity,
/// neighbouring chunks, then packing under the token budget.
struct HybridSearcher {
    let configuration: RetrievalConfiguration
    let embedder: any Embedder

    private struct Candidate {
        var id: Int64
        var fused: Double = 0
        var cosine: Float = 0
        var slot: Int?
        var vectorRank: Int?
        var lexicalRank: Int?
        /// The idf-weighted share of the question's terms the chunk holds.
        var coverage: Double = 0
    }

    /// `verifyVectors`: the vector file is not of the transaction's generation, so every
    /// candidate's vector in the file is compared with the one in its chunk row, and a candidate
    /// whose vectors differ (or whose row is gone) loses its vector score and slot.
    func search(_ question: String, target: Int, vectors: VectorFile, verifyVectors: Bool = false,
                _ c: Connection) throws -> EvidencePack {
        let cfg = configuration
        var trace = RetrievalTrace(embedder: embedder.identifier, generation: vectors.generation, target: target,
                                   tokenBudget: cfg.evidenceTokenBudget)
        var t = ContinuousClock.now
        guard let query = try embedder.embed([question]).first, query.count == vectors.dimension else {
            throw RetrievalError.embedderShape(expected: vectors.dimension, got: 0)
        }
        trace.record("embed", ids: [], scores: [], since: t)

        t = ContinuousClock.now
        let wanted = cfg.vectorFactor * target
        let vectorHits = vectors.search(query, k: wanted,
                                        shortlist: max(cfg.vectorShortlistFactor * wanted, cfg.vectorShortlistMinimum),
                                        threads: cfg.vectorScanThreads)
        var candidates: [Int64: Candidate] = [:]
        for (rank, hit) in vectorHits.enumerated() {
            let id = vectors.id(at: hit.slot)
            candidates[id] = Candidate(id: id, fused: Self.reciprocalRank(rank + 1, weight: cfg.vectorWeight, k: cfg.rrfK),
                                       cosine: hit.score, slot: hit.slot, vectorRank: rank + 1)
        }
        trace.record("vector", ids: vectorHits.map { vectors.id(at: $0.slot) }, scores: vectorHits.map { Double($0.score) }, since: t)

        t = ContinuousClock.now
        let frequencies = try LexicalSearch.documentFrequencies(QuestionTerms.frequencyWords(question), cap: cfg.frequencyCap, c)
        let terms = QuestionTerms(question: question, frequencies: frequencies, chunkCount: vectors.count)
        trace.record("frequencies", ids: [], scores: terms.terms.map(\.idf), since: t)

        t = ContinuousClock.now
        var lexicalHits: [(id: Int64, bm25: Double)] = []
        for query in terms.lexicalQueries(frequencies: frequencies, postingBudget: cfg.lexicalPostingBudget, cap: cfg.frequencyCap)
        where lexicalHits.isEmpty {
            lexicalHits = try LexicalSearch.search(query, limit: cfg.lexicalLimit, c)
        }
        trace.record("lexical", ids: lexicalHits.map(\.id), scores: lexicalHits.map(\.bm25), since: t)

        t = ContinuousClock.now
        for (rank, hit) in lexicalHits.enumerated() {
            var candidate = candidates[hit.id] ?? Candidate(id: hit.id)
            if candidate.slot == nil, let slot = vectors.slot(of: hit.id) {
                candidate.slot = slot
                candidate.cosine = vectors.cosine(query, slot: slot)
            }
            candidate.lexicalRank = rank + 1
            candidate.fused += Self.reciprocalRank(rank + 1, weight: cfg.lexicalWeight, k: cfg.rrfK)
            candidates[hit.id] = candidate
        }
        if verifyVectors {
            let stored = try LibraryCatalog.vectors(ids: candidates.values.compactMap { $0.slot == nil ? nil : $0.id }, c)
            for (id, candidate) in candidates {
                if let slot = candidate.slot, let blob = stored[id], vectors.matches(blob, slot: slot) { continue }
                candidates[id]?.slot = nil
                candidates[id]?.cosine = 0
            }
        }
        var fused = candidates.values.sorted { ($0.fused, -$0.id) > ($1.fused, -$1.id) }
        trace.record("fusion", ids: fused.map(\.id), scores: fused.map(\.fused), since: t)

        t = ContinuousClock.now
        fused = fused.filter { $0.slot != nil && ($0.cosine >= cfg.similarityFloor || $0.lexicalRank != nil) }
        trace.record("floor", ids: fused.map(\.id), scores: fused.map { Double($0.cosine) }, since: t)

        t = ContinuousClock.now
        var records = try LibraryCatalog.chunks(ids: fused.map(\.id), c)
        trace.record("fetch", ids: [], scores: [], since: t)
        t = ContinuousClock.now
        let topFused = fused.first?.fused ?? 1
        var titles: [String: [Bool]] = [:]
        for i in fused.indices {
            fused[i].coverage = records[fused[i].id].map { Self.coverage(of: $0, terms, titles: &titles) } ?? 0
            fused[i].fused = (1 - cfg.rerankWeight) * fused[i].fused / topFused + cfg.rerankWeight * fused[i].coverage
        }
        fused.sort { ($0.fused, -$0.id) > ($1.fused, -$1.id) }
        trace.record("rerank", ids: fused.map(\.id), scores: fused.map(\.fused), since: t)

        t = ContinuousClock.now
        var selected = mmr(fused, target: target, vectors: vectors)
        // The chunk holding most of the question's weight is never left out: a lexical hit on the
        // rarest words ("clifton" in a gear list) that no vector found fuses low all the same.
        if let best = fused.max(by: { ($0.coverage, -$0.id) < ($1.coverage, -$1.id) }),
           best.coverage > (selected.map(\.coverage).max() ?? 0) + cfg.uncoveredMargin {
            selected.append(best)
        }
        trace.record("mmr", ids: selected.map(\.id), scores: selected.map(\.fused), since: t)

        t = ContinuousClock.now
        var items: [(id: Int64, score: Double, candidate: Candidate?, neighbour: Bool)] =
            selected.map { ($0.id, $0.fused, $0, false) }
        var seen = Set(selected.map(\.id))
        if cfg.neighbourRadius > 0 {
            for parent in selected {
                for id in try LibraryCatalog.neighbours(of: parent.id, radius: cfg.neighbourRadius, c)
                where seen.insert(id).inserted {
                    items.append((id, parent.fused * cfg.neighbourScoreFactor, candidates[id], true))
                }
            }
        }
        // A total asked ("the grand total of the shared bills") or the latest ("the balance at the
        // end of feb"): a spreadsheet's row of totals is its last, and its latest rows its last or
        // its first, whose words seldom match the question's; the first and last chunks of each
        // spreadsheet found come with it.
        // (packed before the chunks around the others, which the token budget may leave out)
        var packedFirst = Set<Int64>()
        if QuestionAnalysis.asksTotal(question) || LatestRecord.asksLatest(question) {
            var docs = Set<Int64>()
            for parent in selected {
                guard let record = records[parent.id], record.kind == .csv, docs.insert(record.docId).inserted,
                      docs.count <= cfg.endChunkDocuments else { continue }
                for id in try LibraryCatalog.endChunks(of: record.docId, c) where seen.insert(id).inserted {
                    items.append((id, parent.fused * cfg.neighbourScoreFactor, candidates[id], true))
                    packedFirst.insert(id)
                }
            }
        }
        let neighbourIds = items.filter(\.neighbour).map(\.id)
        trace.record("neighbours", ids: neighbourIds, scores: [], since: t)

        t = ContinuousClock.now
        let missing = items.map(\.id).filter { records[$0] == nil }
        records.merge(try LibraryCatalog.chunks(ids: missing, c)) { a, _ in a }
        var packed: [EvidenceChunk] = []
        var dropped: [Int64] = []
        var used = 0
        // (an end chunk is packed as its spreadsheet's found chunk is, scored as a neighbour)
        func priority(_ item: (id: Int64, score: Double, candidate: Candidate?, neighbour: Bool)) -> Double {
            packedFirst.contains(item.id) ? item.score / cfg.neighbourScoreFactor : item.score
        }
        for item in items.sorted(by: { priority($0) > priority($1) }) {
            guard let record = records[item.id] else { continue }
            guard used + record.tokenCount <= cfg.evidenceTokenBudget else { dropped.append(item.id); continue }
            used += record.tokenCount
            let cosine = item.candidate?.cosine
                ?? (verifyVectors ? nil : vectors.slot(of: item.id).map { vectors.cosine(query, slot: $0) }) ?? 0
            packed.append(EvidenceChunk(chunkId: record.id, docId: record.docId, path: record.path,
                                        ordinal: record.ordinal, start: record.start, end: record.end,
                                        text: record.text, tokenCount: record.tokenCount, score: item.score,
                                        cosine: cosine, vectorRank: item.candidate?.vectorRank,
                                        lexicalRank: item.candidate?.lexicalRank, isNeighbour: item.neighbour,
                                        record: record))
        }
        let ordered = Self.strongestFirstAndLast(packed)
        trace.record("pack", ids: ordered.map(\.chunkId), scores: ordered.map(\.score), since: t)
        trace.tokensUsed = used
        trace.droppedChunkIds = dropped
        var pack = EvidencePack(question: question, chunks: ordered, droppedChunkIds: dropped, tokensUsed: used, trace: trace,
                                terms: terms)
        pack.queryVector = query
        return pack
    }

    /// Maximal marginal relevance over fused candidates (relevance = fused score scaled to 0…1).
    private func mmr(_ candidates: [Candidate], target: Int, vectors: VectorFile) -> [Candidate] {
        guard let top = candidates.first?.fused, top > 0 else { return [] }
        let pool = Array(candidates.prefix(max(target * configuration.mmrPoolFactor, target)))
        let order = Self.mmrOrder(relevance: pool.map { $0.fused / top }, target: target, lambda: configuration.mmrLambda) {
            Double(vectors.cosine(slot: pool[$0].slot!, slot: pool[$1].slot!))
        }
        return order.map { pool[$0] }
    }

    /// Maximal marginal relevance: repeatedly the index maximising `λ·relevance − (1−λ)·max
    /// similarity to those already chosen` (ties: the earlier index), until `target` are chosen.
    static func mmrOrder(relevance: [Double], target: Int, lambda: Double,
                         similarity: (Int, Int) -> Double) -> [Int] {
        var pool = Array(relevance.indices)
        var chosen: [Int] = []
        while chosen.count < target, !pool.isEmpty {
            var bestIndex = 0
            var bestValue = -Double.infinity
            for (i, candidate) in pool.enumerated() {
                let redundancy = chosen.map { similarity(candidate, $0) }.max() ?? 0
                let value = lambda * relevance[candidate] - (1 - lambda) * redundancy
                if value > bestValue { bestValue = value; bestIndex = i }
            }
            chosen.append(pool.remove(at: bestIndex))
        }
        return chosen
    }

    /// The share of the question's weight a chunk holds, its file's name with it: a file's name
    /// says what its chunks are about (`Kirkgate Lettings - Owner Statement ….csv`, whose rows
    /// never say "Kirkgate"). `titles` keeps each file name's terms, read once per search.
    static func coverage(of record: ChunkRecord, _ terms: QuestionTerms, titles: inout [String: [Bool]]) -> Double {
        var found = terms.matches(record.text).found
        let title: [Bool]
        if let known = titles[record.path] {
            title = known
        } else {
            title = terms.matches(ExtractiveAnswerer.fileTitle(record.path)).found
            titles[record.path] = title
        }
        for (i, inTitle) in title.enumerated() where inTitle { found[i] = true }
        return terms.coverage(of: found)
    }

    /// Weighted reciprocal-rank fusion: the score one list gives its item at 1-based `rank`.
    static func reciprocalRank(_ rank: Int, weight: Double, k: Double) -> Double {
        weight / (k + Double(rank))
    }

    /// Orders chunks so the strongest comes first and the second strongest last, weaker ones in
    /// the middle (models attend best to the ends of their context).
    static func strongestFirstAndLast(_ chunks: [EvidenceChunk]) -> [EvidenceChunk] {
        let sorted = chunks.sorted { $0.score > $1.score }
        var front: [EvidenceChunk] = []
        var back: [EvidenceChunk] = []
        for (i, chunk) in sorted.enumerated() {
            if i % 2 == 0 { front.append(chunk) } else { back.insert(chunk, at: 0) }
        }
        return front + back
    }
}
