import Foundation
import Testing
@testable import Grounding

/// A two-passage "library" behind the loop: search returns the passages sharing a content stem
/// with the query; the answer is the gathered sentence covering most of the question's stems
/// (a sentence with a date outranks one without for a "when" question), verified by the real grounding pipeline with the
/// other gathered passages as its neighbours.
struct ScriptedLibrary: DeliberationBackend {
    let passages: [(id: Int64, text: String)]
    let question: String
    let configuration: GroundingConfiguration
    var gathered: [Int64] = []
    var queries: [String] = []

    static func stems(_ text: String) -> Set<String> {
        Set(TextSignals.words(text).filter { !QuestionAnalysis.stopWords.contains($0) }.map(TextSignals.stem))
    }

    mutating func pass(query: String, round: Int) throws -> DeliberationPass<String?> {
        queries.append(query)
        let wanted = Self.stems(query)
        let found = passages.filter { !Self.stems($0.text).isDisjoint(with: wanted) }
        for p in found where !gathered.contains(p.id) { gathered.append(p.id) }
        let pool = passages.filter { gathered.contains($0.id) }
        let asked = Self.stems(question)
        func score(_ text: String) -> Double {
            Double(Self.stems(text).intersection(asked).count) + (TextSignals.hasDate(text) ? 10 : 0)
        }
        guard let best = pool.max(by: { score($0.text) < score($1.text) }) else {
            return DeliberationPass(answer: nil, abstained: true, confidence: 0, unanswered: 0, evidence: [], evidenceIDs: [])
        }
        let context = pool.filter { $0.id != best.id }.map(\.text).joined(separator: " ")
        let input = GroundingInput(
            question: question,
            evidence: [GroundingEvidence(text: best.text, documentID: 1, similarity: 0.8, context: context)],
            claims: [GroundingClaim(text: best.text, citations: [0], quotesVerified: true, verbatim: true)],
            retrievalConfidence: 0.8, idf: ["skerry": 3, "lighthouse": 2, "operating": 2, "begin": 1, "happened": 1, "1901": 3])
        let outcome = GroundingPipeline(configuration: configuration).run(input)
        return DeliberationPass(answer: outcome.abstained ? nil : best.text, abstained: outcome.abstained,
                                confidence: outcome.confidence, unanswered: outcome.unansweredParts.count,
                                evidence: found.map(\.text), evidenceIDs: Set(found.map(\.id)))
    }
}

@Suite struct DeliberationLoopTests {
    let passages: [(id: Int64, text: String)] = [
        (1, "The Skerry lighthouse stands on a granite reef, and its keepers logged every storm."),
        (2, "The keepers first lit the lamp in 1874."),
    ]

    @Test func theSecondPassFindsTheAnswerTheFirstMissed() throws {
        let question = "When did the Skerry lighthouse begin operating?"
        let configuration = GroundingConfiguration(mode: .deep)
        var backend = ScriptedLibrary(passages: passages, question: question, configuration: configuration)
        let result = try DeliberationLoop(configuration).run(question: question, backend: &backend)
        // Pass 1 finds only the passage that names the lighthouse: no date, the "when" unanswered.
        #expect(backend.queries.count == 2)
        #expect(backend.queries[0] == question)
        // Pass 2 searched with words of the first passage's sentence about the lighthouse.
        #expect(backend.queries[1].hasPrefix(question + " "))
        #expect(backend.queries[1].contains("keepers"))
        #expect(result.chosenPass == 1)
        #expect(result.best.answer == "The keepers first lit the lamp in 1874.")
        #expect(result.counts["L1.pass"] == 2)
        #expect(result.counts["L3.evidence-added"] == 1)
        #expect(result.counts["L4.improved"] == 1)
        #expect(result.counts["L5.still-abstained"] == nil)
        #expect((result.counts["L2.expansion-terms"] ?? 0) >= 1)
    }

    @Test func standardModeAnswersOnce() throws {
        let question = "When did the Skerry lighthouse begin operating?"
        let configuration = GroundingConfiguration(mode: .standard)
        var backend = ScriptedLibrary(passages: passages, question: question, configuration: configuration)
        let result = try DeliberationLoop(configuration).run(question: question, backend: &backend)
        #expect(backend.queries == [question])
        #expect(result.chosenPass == 0)
        #expect(result.best.answer?.contains("1874") != true)
        #expect(result.counts == ["L1.pass": 1])
    }

    @Test func aQuestionTheLibraryCannotAnswerStillAbstainsAfterExpanding() throws {
        // 1901 is in no passage: H4 abstains on every pass, however much evidence is gathered.
        let question = "What happened to the Skerry lighthouse in 1901?"
        let configuration = GroundingConfiguration(mode: .maximum)
        var backend = ScriptedLibrary(passages: passages, question: question, configuration: configuration)
        let result = try DeliberationLoop(configuration).run(question: question, backend: &backend)
        #expect(result.best.abstained)
        #expect(result.best.answer == nil)
        #expect(backend.queries.count >= 2)
        #expect(result.counts["L5.still-abstained"] == 1)
        #expect(result.counts["L4.improved"] == nil)
    }

    @Test func theLoopStopsWhenThePlannerHasNothingNew() throws {
        let question = "When did the Skerry lighthouse begin operating?"
        let configuration = GroundingConfiguration(mode: .maximum)
        // Only the first passage: after one expansion its words are used up.
        var backend = ScriptedLibrary(passages: Array(passages.prefix(1)), question: question, configuration: configuration)
        let result = try DeliberationLoop(configuration).run(question: question, backend: &backend)
        #expect(result.counts["L6.no-expansion"] == 1)
        #expect(backend.queries.count == 2)
        #expect(result.chosenPass == 0)
    }

    @Test func aLaterPassReplacesTheAnswerOnlyWhenBetter() {
        func pass(_ abstained: Bool, _ confidence: Double, _ unanswered: Int) -> DeliberationPass<Int> {
            DeliberationPass(answer: 0, abstained: abstained, confidence: confidence, unanswered: unanswered,
                             evidence: [], evidenceIDs: [])
        }
        #expect(DeliberationLoop.isBetter(pass(false, 0.5, 1), than: pass(true, 0.9, 0)))
        #expect(!DeliberationLoop.isBetter(pass(true, 0.9, 0), than: pass(false, 0.5, 1)))
        #expect(DeliberationLoop.isBetter(pass(false, 0.5, 0), than: pass(false, 0.9, 1)))
        #expect(!DeliberationLoop.isBetter(pass(false, 0.5, 1), than: pass(false, 0.6, 1)))
    }
}

@Suite struct QueryExpansionTests {
    @Test func variantsAreTheLibrarysSpellingOfAQuestionWord() {
        // "founded" and "foundation" share five letters but not a stem: the variant is added.
        let plan = QueryExpansion.plan(question: "When was the university founded?",
                                       evidence: ["The foundation of the university dates to 1209."], limit: 4)
        #expect(plan.variants == ["foundation"])
        #expect(plan.query.hasPrefix("When was the university founded? foundation"))
        // "invention" has the stem of "invented": it is the same word to the matcher, not a variant.
        let same = QueryExpansion.plan(question: "Who invented the telephone?",
                                       evidence: ["The invention of the telephone is credited to Bell."], limit: 4)
        #expect(same.variants.isEmpty)
        #expect(same.feedback == ["credited", "bell"])
    }

    @Test func feedbackTermsComeFromSentencesAboutTheQuestion() {
        let evidence = ["The Skerry lighthouse keepers logged storms. Granite quarries lie inland.",
                        "Keepers of the Skerry lighthouse were relieved monthly."]
        let plan = QueryExpansion.plan(question: "When was the Skerry lighthouse automated?", evidence: evidence, limit: 3)
        // "keepers" is in both sentences that name the lighthouse; "granite" is in neither.
        #expect(plan.feedback.first == "keepers")
        #expect(!plan.terms.contains("granite"))
        #expect(!plan.terms.contains("skerry"))
        #expect(plan.terms.count <= 3)
    }

    @Test func excludedTermsAreNotProposedAgainAndNoEvidenceMeansNoPlan() {
        let evidence = ["The Skerry lighthouse keepers logged storms."]
        let plan = QueryExpansion.plan(question: "When was the Skerry lighthouse automated?", evidence: evidence, limit: 5,
                                       exclude: ["keepers", "logged", "storms"])
        #expect(plan.terms.isEmpty)
        #expect(plan.query == "When was the Skerry lighthouse automated?")
        #expect(QueryExpansion.plan(question: "Why?", evidence: [], limit: 5).terms.isEmpty)
    }
}
