import Foundation
import Store

/// Diagnostics of one answer: the features behind its confidence (no text).
public struct AnswerDiagnostics: Sendable, Equatable {
    public var bestCoverage: Double
    public var bestContextCoverage: Double
    public var confidence: Double
    public var retrievalMilliseconds: Double
}

extension Library {
    /// Retrieves and packs the evidence for `question` (hybrid search, DESIGN §9).
    /// `topK` overrides the mode's target number of chunks.
    public func evidence(for question: String, mode: SearchMode = .standard, topK: Int? = nil) throws -> EvidencePack {
        if let topK, topK <= 0 { throw RetrievalError.invalidParameter(name: "topK", reason: "must be positive") }
        let db = try store.database()
        let vectors = try currentVectors(db)
        let target = configuration.target(mode: mode, topK: topK)
        return try db.read { c in
            try HybridSearcher(configuration: configuration, embedder: embedder)
                .search(question, target: target, vectors: vectors, c)
        }
    }

    /// Answers `question` from the library: the best sentence(s) as claims with exact citations,
    /// or an abstention (no quotes) when the evidence does not support an answer.
    public func ask(question: String, mode: SearchMode = .standard, topK: Int? = nil) throws -> LibraryAnswer {
        try answerWithDiagnostics(question: question, mode: mode, topK: topK).answer
    }

    /// `ask`, plus the features behind the confidence (for evaluation and calibration).
    public func answerWithDiagnostics(question: String, mode: SearchMode = .standard,
                                      topK: Int? = nil) throws -> (answer: LibraryAnswer, diagnostics: AnswerDiagnostics) {
        let pack = try evidence(for: question, mode: mode, topK: topK)
        let terms = pack.terms
        let answerer = ExtractiveAnswerer(configuration: configuration)
        let ranked = answerer.rank(pack, terms: terms)
        let confidence = answerer.confidence(ranked.first, terms: terms)
        var diagnostics = AnswerDiagnostics(bestCoverage: ranked.first?.coverage ?? 0,
                                            bestContextCoverage: ranked.first?.contextCoverage ?? 0,
                                            confidence: confidence, retrievalMilliseconds: pack.trace.milliseconds)
        let retrievalGate = LibraryAnswer.Gate(passed: confidence >= configuration.abstainBelowConfidence, score: confidence)

        func abstain(_ reason: String, _ gates: [String: LibraryAnswer.Gate]) -> LibraryAnswer {
            LibraryAnswer(question: question, answer: nil, abstained: true, abstainReason: reason, claims: [],
                          citations: [], confidence: confidence, gates: gates)
        }
        guard !ranked.isEmpty else {
            return (abstain("no evidence in the library", ["retrieval_confidence": retrievalGate]), diagnostics)
        }
        var citations: [LibraryAnswer.Citation] = []
        var claims: [LibraryAnswer.Claim] = []
        var unverified = 0
        func cite(_ s: ScoredSentence) -> Int? {
            guard let q = s.chunk.quote(textRange: s.range) else { unverified += 1; return nil }
            let citation = LibraryAnswer.Citation(docId: s.chunk.docId, path: s.chunk.path, chunkId: s.chunk.chunkId,
                                                  start: q.start, end: q.end, quote: q.quote)
            guard CitationCheck.verify(citation) else { unverified += 1; return nil }
            if let existing = citations.firstIndex(of: citation) { return existing }
            citations.append(citation)
            return citations.count - 1
        }
        /// The best sentence of each further document, strongest first, up to `maxCitations`.
        func citeFurtherEvidence() {
            var citedDocs = Set(citations.map(\.docId))
            for sentence in ranked where citations.count < configuration.maxCitations && !sentence.chunk.isNeighbour {
                guard citedDocs.insert(sentence.chunk.docId).inserted else { continue }
                _ = cite(sentence)
            }
        }

        guard retrievalGate.passed else {
            var answer = abstain("the library does not support an answer", ["retrieval_confidence": retrievalGate])
            if configuration.citeEvidenceWhenAbstaining {
                citeFurtherEvidence()
                answer.citations = citations
            }
            return (answer, diagnostics)
        }
        let chosen = answerer.choose(ranked)
        for sentence in chosen {
            if let index = cite(sentence) { claims.append(.init(text: sentence.text, citations: [index])) }
        }
        let checked = chosen.count
        guard !claims.isEmpty else {
            diagnostics.confidence = 0
            return (abstain("the cited sources changed since they were indexed",
                            ["retrieval_confidence": retrievalGate,
                             "quote_faithfulness": .init(passed: false, score: 0)]), diagnostics)
        }
        citeFurtherEvidence()
        let gates: [String: LibraryAnswer.Gate] = [
            "retrieval_confidence": retrievalGate,
            "evidence_coverage": .init(passed: claims.count == checked, score: Double(claims.count) / Double(checked),
                                       detail: claims.count == checked ? nil : "uncited claims removed"),
            "quote_faithfulness": .init(passed: unverified == 0,
                                        score: Double(citations.count) / Double(citations.count + unverified)),
        ]
        let answer = LibraryAnswer(question: question, answer: claims.map(\.text).joined(separator: " "),
                                   abstained: false, abstainReason: nil, claims: claims, citations: citations,
                                   confidence: confidence, gates: gates)
        return (answer, diagnostics)
    }
}
