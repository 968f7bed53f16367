import Foundation

/// What one pass of the loop produced, as the loop needs it: the answer (opaque to the loop),
/// whether it abstained, its confidence, the salient words it left uncovered, the evidence texts it
/// gathered (for planning the next pass, never recorded) and their ids.
public struct DeliberationPass<Answer> {
    public var answer: Answer
    public var abstained: Bool
    public var confidence: Double
    public var unanswered: Int
    public var evidence: [String]
    public var evidenceIDs: Set<Int64>
    public init(answer: Answer, abstained: Bool, confidence: Double, unanswered: Int, evidence: [String],
                evidenceIDs: Set<Int64>) {
        self.answer = answer; self.abstained = abstained; self.confidence = confidence; self.unanswered = unanswered
        self.evidence = evidence; self.evidenceIDs = evidenceIDs
    }
}

/// Retrieval plus verification for one pass: searches with `query` (the question, then the
/// question and the planned terms), adds the new evidence to what earlier passes gathered, and
/// answers the question *as asked* through the grounding pipeline. Live: the library
/// (`Library.deliberate`); tests: a scripted backend.
public protocol DeliberationBackend {
    associatedtype Answer
    mutating func pass(query: String, round: Int) throws -> DeliberationPass<Answer>
}

/// The Deep and Maximum loops (DESIGN §9): answer; when the answer abstained or left salient
/// terms of the question uncovered and the mode allows another pass, plan an expanded query
/// (`QueryExpansion`, deterministic), gather more evidence and verify again. A later pass replaces
/// the answer only when it is better: it answers where the earlier abstained, or it leaves fewer
/// salient terms uncovered, or as many with a higher confidence. Every pass goes through the
/// same gates, so the loop can find an answer the first pass missed but never loosens a check.
///
/// Its record (`counts`) holds ids and counts only: `L1.pass` (passes run), `L2.expansion-terms`
/// (terms added over all passes), `L3.evidence-added` (chunks new to the loop), `L4.improved`
/// (a later pass's answer was kept), `L5.still-abstained` (every pass abstained),
/// `L6.no-expansion` (the planner found no new term, so the loop stopped early).
public struct DeliberationLoop: Sendable {
    public let maxPasses: Int
    public let expansionTerms: Int

    public init(maxPasses: Int, expansionTerms: Int) {
        self.maxPasses = max(1, maxPasses); self.expansionTerms = expansionTerms
    }
    public init(_ configuration: GroundingConfiguration) {
        self.init(maxPasses: configuration.thresholds.maxPasses, expansionTerms: configuration.thresholds.expansionTerms)
    }

    public struct Result<Answer> {
        public var best: DeliberationPass<Answer>
        /// 0-based pass whose answer was kept.
        public var chosenPass: Int
        public var counts: [String: Int]
    }

    public func run<B: DeliberationBackend>(question: String, backend: inout B) throws -> Result<B.Answer> {
        var best = try backend.pass(query: question, round: 0)
        var chosen = 0
        var counts = ["L1.pass": 1]
        var evidence = best.evidence
        var seen = best.evidenceIDs
        var added = Set<String>()
        for round in 1..<maxPasses where Self.wantsAnotherPass(best) && expansionTerms > 0 {
            let plan = QueryExpansion.plan(question: question, evidence: evidence, limit: expansionTerms, exclude: added)
            guard !plan.terms.isEmpty else { counts["L6.no-expansion", default: 0] += 1; break }
            added.formUnion(plan.terms)
            counts["L2.expansion-terms", default: 0] += plan.terms.count
            let next = try backend.pass(query: plan.query, round: round)
            counts["L1.pass", default: 0] += 1
            let fresh = next.evidenceIDs.subtracting(seen)
            counts["L3.evidence-added", default: 0] += fresh.count
            seen.formUnion(fresh)
            evidence += next.evidence
            if Self.isBetter(next, than: best) { best = next; chosen = round }
        }
        if chosen > 0 { counts["L4.improved"] = 1 }
        if best.abstained && counts["L1.pass"]! > 1 { counts["L5.still-abstained"] = 1 }
        return Result(best: best, chosenPass: chosen, counts: counts)
    }

    /// Another pass is worth it when the answer abstained or left salient terms uncovered.
    static func wantsAnotherPass<A>(_ pass: DeliberationPass<A>) -> Bool { pass.abstained || pass.unanswered > 0 }

    static func isBetter<A>(_ a: DeliberationPass<A>, than b: DeliberationPass<A>) -> Bool {
        if a.abstained { return false }
        if b.abstained { return true }
        if a.unanswered != b.unanswered { return a.unanswered < b.unanswered }
        return a.confidence > b.confidence
    }
}
