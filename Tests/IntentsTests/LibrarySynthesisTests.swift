import Embeddings
import Foundation
import IntentKit
import IntentTestSupport
@testable import Intents
import Retrieval
import Routing
import Testing

/// A model's answer goes through the same grounding pipeline as the extractive one.
@Suite struct LibrarySynthesisTests {
    func synthesis() async throws -> (LibrarySynthesis, TemporaryHome) {
        let home = TemporaryHome()
        let docs = FileManager.default.temporaryDirectory.appendingPathComponent("synth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data("The insurance renewal is due on 14 March every year. The premium is 420 euros.\n".utf8)
            .write(to: docs.appendingPathComponent("note.md"))
        let store = home.store()
        try await store.ensureConfigured()
        let library = Library(store: store, embedder: HashingEmbedder(), clock: { TestClock.reference }, workerID: "test-worker")
        try library.enqueue(paths: [docs])
        try library.processQueue()
        let question = "When is the insurance renewal due?"
        let pack = try library.evidence(for: question)
        let (extractive, diagnostics) = library.answer(question: question, pack: pack, mode: .standard)
        return (LibrarySynthesis(question: question, pack: pack, extractive: extractive, mode: .standard,
                                 retrievalConfidence: diagnostics.retrievalConfidence), home)
    }

    func reply(_ claims: [(String, [Int])]) -> JSONValue {
        .object(["claims": .array(claims.map { text, passages in
            .object(["text": .string(text), "passages": .array(passages.map { .number(Double($0)) })])
        })])
    }

    @Test func aSupportedClaimStandsWithAnExactCitation() async throws {
        let (s, _) = try await synthesis()
        let answer = try s.check(reply([("The insurance renewal is due on 14 March every year.", [1])]))
        #expect(!answer.abstained)
        #expect(answer.claims.count == 1)
        let texts = try #require(s.pack.pdfTexts)
        #expect(answer.citations.allSatisfy { CitationCheck.verify($0, pdfTexts: texts) })
        #expect(answer.gates["numeric_sanity"]?.passed == true)
    }

    @Test func aClaimWithANumberNotInTheEvidenceIsDroppedAndSaid() async throws {
        let (s, _) = try await synthesis()
        let answer = try s.check(reply([("The insurance renewal is due on 14 March every year.", [1]),
                                         ("The premium is 380 euros.", [1])]))
        #expect(answer.claims.count == 1)
        #expect(answer.answer?.contains("1 unsupported claim removed") == true)
        #expect(answer.grounding["C1.number-not-in-evidence"] == 1)
    }

    @Test func whenNoClaimSurvivesTheRuleIdIsTheRejection() async throws {
        let (s, _) = try await synthesis()
        #expect(throws: LadderRejection(rule: "C0.all-claims-dropped")) {
            try s.check(reply([("The premium is 380 euros.", [1])]))
        }
        #expect(throws: LadderRejection(rule: "no-claims")) { try s.check(reply([])) }
    }
}
