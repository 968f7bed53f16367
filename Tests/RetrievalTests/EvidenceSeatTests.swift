import Embeddings
import Foundation
import Grounding
import Testing
@testable import Retrieval

/// The chunk that holds most of the question is never left out of the evidence, and a field
/// labelled with the whole noun asked stands against gate A when its file says whose it is.
@Suite struct EvidenceSeatTests {
    /// The hashing embedder's vectors, except that the gear export points away from every
    /// question: only the lexical search finds it, as a vector search may rank a big export low.
    struct AwayEmbedder: Embedder {
        let inner = HashingEmbedder()
        var identifier: String { "away-test" }
        var dimension: Int { inner.dimension }
        var maxTokens: Int { inner.maxTokens }
        func tokenCount(_ text: String) -> Int { inner.tokenCount(text) }
        func embed(_ texts: [String]) throws -> [[Float]] {
            try inner.embed(texts.map { $0.contains("Clifton") ? "zzz unrelated" : $0 })
        }
    }

    func ask(margin: Double) throws -> LibraryAnswer {
        var configuration = RetrievalConfiguration.standard
        configuration.uncoveredMargin = margin
        configuration.standardTarget = 3
        let t = try TempLibrary(embedder: AwayEmbedder(), configuration: configuration)
        for (i, line) in ["Ran 8 km along the river at dawn.", "Tempo session: 10 km at threshold pace in Kelburn.",
                          "Long ride of 60 km, then a brick run of 12 km.", "Recovery jog, 5 km, legs heavy after physio.",
                          "Hill repeats on Mount Victoria, 9 km in all.", "Half marathon pace test: 14 km with the club."].enumerated() {
            try t.write("run \(i).txt", line + "\n")
        }
        try t.write("gear.json", """
            {"gear": [{"id": "g1", "type": "bike", "name": "Merida Scultura", "total_km": 6412.8, "retired": false},
                      {"id": "g2", "type": "shoes", "name": "Hoka Clifton 9 (blue)", "total_km": 514.3, "retired": false}]}
            """)
        try t.library.enqueue(paths: [t.docs])
        _ = try t.library.processQueue()
        return try t.library.ask(question: "how many km are on my clifton shoes")
    }

    @Test func theChunkHoldingMostOfTheQuestionJoinsTheEvidence() throws {
        let without = try ask(margin: 1)
        let with = try ask(margin: RetrievalConfiguration.standard.uncoveredMargin)
        #expect(!without.citations.contains { $0.path.hasSuffix("gear.txt") }, "\(without.citations.map(\.path)) \(String(describing: without.answer)) \(without.grounding)")
        #expect(with.answer?.contains("514.3") == true, "\(with.grounding) \(with.citations.map(\.path))")
    }

    func arrival(coverage: Double) throws -> (LibraryAnswer, Double) {
        var configuration = RetrievalConfiguration.standard
        configuration.labelledNounContextCoverage = coverage
        let t = try TempLibrary(configuration: configuration)
        try t.write("Fwd_ Your appointment is confirmed - Ellery Heating.txt", """
            Hi Priya, your appointment with Ellery Heating & Gas is confirmed.

            Appointment date: Monday 19/02/2024
            Arrival window: 08:00 – 12:00
            Job: no hot water, boiler pressure 1.2 bar

            Priya, Mark will ring you about 30 minutes before he gets there.
            You can rearrange free of charge up to 24 hours before.
            """)
        for i in 1...6 { try t.write("note\(i).md", "# Note \(i)\n\nThe bins go out on Tuesday \(i). Rent of flat \(i) is paid on the first.\n") }
        try t.library.enqueue(paths: [t.docs])
        _ = try t.library.processQueue()
        let (answer, diagnostics) = try t.library.answerWithDiagnostics(question: "what was the arrival window for mark ellery's visit on the 19th feb")
        return (answer, diagnostics.retrievalConfidence)
    }

    @Test func aFieldLabelledWithTheNounAskedStandsWhenItsFileSaysWhose() throws {
        let tau = RetrievalConfiguration.standard.grounding(.standard).tau
        let (off, offConfidence) = try arrival(coverage: 1)
        #expect(off.abstained && offConfidence < tau, "\(offConfidence) \(String(describing: off.answer))")
        let (on, onConfidence) = try arrival(coverage: RetrievalConfiguration.standard.labelledNounContextCoverage)
        #expect(!on.abstained && onConfidence == tau, "\(on.grounding)")
        #expect(on.answer?.contains("08:00 – 12:00") == true)
        // the label is what was asked: it holds the noun asked and no word the question lacks
        let question = "what's the caravan's max weight"
        let forms = ExtractiveAnswerer.labelForms(QuestionAnalysis.askedNoun(of: question))
        let stems = TextSignals.stems(question)
        #expect(ExtractiveAnswerer.labelsAsked("Max weight: 1,500 kg", forms, question: stems))
        #expect(ExtractiveAnswerer.labelsAsked("Make: Bailey; Max weight: 1,500 kg", forms, question: stems))
        #expect(!ExtractiveAnswerer.labelsAsked("Nose weight: 85 kg", forms, question: stems))
        #expect(!ExtractiveAnswerer.labelsAsked("Max weight:", forms, question: stems))
        #expect(!ExtractiveAnswerer.labelsAsked("Max weight: 1,500 kg", [], question: stems))
    }

    @Test func aReferencesLabelMayLeaveItsNumberUnwritten() {
        let question = "lawyer file number"
        let forms = ExtractiveAnswerer.labelForms(QuestionAnalysis.askedNoun(of: question))
        let stems = TextSignals.stems(question)
        #expect(ExtractiveAnswerer.labelsAsked("Our file: HP-2025-0419", forms, question: stems, reference: true))
        #expect(ExtractiveAnswerer.labelsAsked("File number: HP-2025-0419", forms, question: stems))
        // only when a reference is asked, and only a reference's value
        #expect(!ExtractiveAnswerer.labelsAsked("Our file: HP-2025-0419", forms, question: stems))
        #expect(!ExtractiveAnswerer.labelsAsked("Our file: see the blue folder", forms, question: stems, reference: true))
        #expect(!ExtractiveAnswerer.labelsAsked("Client file: HP-2025-0419", forms, question: stems, reference: true))
    }
}
