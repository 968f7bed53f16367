import Foundation
import Grounding

/// The Deep and Maximum loops on the library (`Grounding.DeliberationLoop`): the first pass is the
/// mode's search; a further pass searches with the question and the planned terms, adds the
/// chunks it finds to the evidence already gathered, and answers the question as asked through
/// the grounding pipeline again. Pass `r` (0-based) retrieves `(1 + r)` × the mode's passages.
/// Standard mode runs one pass, exactly `evidence` + `answer`.
extension Library {
    /// The answer after the mode's passes, its diagnostics (with the loop's `L…` counts among the
    /// rules) and all the evidence the passes gathered (for a model rung).
    public func deliberate(question: String, mode: SearchMode = .standard, topK: Int? = nil) throws
        -> (answer: LibraryAnswer, diagnostics: AnswerDiagnostics, pack: EvidencePack) {
        let loop = DeliberationLoop(configuration.grounding(mode))
        // read as the files write it ("account no." is the "Account number" a bill prints; a
        // slipped "hygenist" is the letter's `hygienist`)
        let (read, respelled) = try respelled(QuestionAnalysis.inFull(question))
        var backend = LibraryDeliberation(library: self, question: read, mode: mode, topK: topK)
        let result = try loop.run(question: read, backend: &backend)
        var (answer, diagnostics, _) = result.best.answer
        answer.question = question
        // A model rung writes from everything the passes gathered, even when the extractive
        // answer of an earlier pass stood (its citations name files and offsets, not pack places).
        let pack = backend.gathered ?? result.best.answer.pack
        if respelled > 0 {
            answer.grounding["Q1.respelled", default: 0] += respelled
            diagnostics.rules["Q1.respelled", default: 0] += respelled
        }
        if loop.maxPasses > 1 {
            answer.grounding.merge(result.counts, uniquingKeysWith: +)
            diagnostics.rules.merge(result.counts, uniquingKeysWith: +)
            diagnostics.retrievalMilliseconds = backend.milliseconds
        }
        return (answer, diagnostics, pack)
    }
}

extension Library {
    /// `question` with each word no chunk holds read as the library's word it is a slip of
    /// (`Respelling`), and how many were.
    func respelled(_ question: String) throws -> (String, Int) {
        try store.database().read { c in try Respelling.respelled(question, c) }
    }
}

/// The library as the loop's backend: each pass searches, merges and answers.
struct LibraryDeliberation: DeliberationBackend {
    typealias Answer = (answer: LibraryAnswer, diagnostics: AnswerDiagnostics, pack: EvidencePack)
    let library: Library
    let question: String
    let mode: SearchMode
    let topK: Int?
    /// The evidence gathered so far (the first pass's terms: answers are scored on the question as asked).
    var gathered: EvidencePack?
    var milliseconds = 0.0

    mutating func pass(query: String, round: Int) throws -> DeliberationPass<Answer> {
        // Each further pass asks for one more helping of the mode's passages, so chunks the
        // earlier passes already hold do not crowd out new ones.
        let base = topK ?? library.configuration.target(mode: mode, topK: nil)
        let found = try library.evidence(for: query, mode: mode, topK: base * (1 + round))
        milliseconds += found.trace.milliseconds
        let pack = gathered.map { $0.adding(found) } ?? found
        gathered = pack
        let (answer, diagnostics) = library.answer(question: question, pack: pack, mode: mode)
        let unanswered = (diagnostics.rules["H2.salient-term-uncovered"] ?? 0) + (diagnostics.rules["H1.answer-type-missing"] ?? 0)
        return DeliberationPass(answer: (answer, diagnostics, pack), abstained: answer.abstained,
                                confidence: answer.confidence, unanswered: unanswered,
                                evidence: found.byStrength.map(\.text), evidenceIDs: Set(found.chunks.map(\.chunkId)))
    }
}

extension EvidencePack {
    /// This pack with the chunks of `other` it does not hold yet appended (the question's terms,
    /// and so the answer's scoring, stay this pack's; the trace's stages are both packs').
    func adding(_ other: EvidencePack) -> EvidencePack {
        let held = Set(chunks.map(\.chunkId))
        let fresh = other.chunks.filter { !held.contains($0.chunkId) }
        var trace = self.trace
        trace.stages += other.trace.stages
        trace.tokensUsed += fresh.reduce(0) { $0 + $1.tokenCount }
        var merged = EvidencePack(question: question, chunks: chunks + fresh, droppedChunkIds: droppedChunkIds,
                                  tokensUsed: tokensUsed + fresh.reduce(0) { $0 + $1.tokenCount }, trace: trace, terms: terms)
        merged.pdfTexts = pdfTexts ?? other.pdfTexts
        merged.queryVector = queryVector
        return merged
    }
}
