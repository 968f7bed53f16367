import Embeddings
import Foundation
import Testing
@testable import Retrieval

/// Gate A's bar and the answer's own meaning: an answer whose words cover too little of the
/// question is embedded with it, and one that says the same thing in other words is kept.
@Suite struct AnswerRescueTests {
    /// The hashing embedder, except that it says its cosines measure meaning and gives the
    /// question and the sentence that answers it in other words the same vector.
    struct ParaphraseEmbedder: Embedder {
        let inner = HashingEmbedder()
        let pair: Set<String>
        var identifier: String { "paraphrase-test" }
        var measuresMeaning: Bool { true }
        var dimension: Int { inner.dimension }
        var maxTokens: Int { inner.maxTokens }
        func tokenCount(_ text: String) -> Int { inner.tokenCount(text) }
        func embed(_ texts: [String]) throws -> [[Float]] {
            try texts.map { text in
                guard pair.contains(text) else { return try inner.embed([text])[0] }
                return [1] + [Float](repeating: 0, count: dimension - 1)
            }
        }
    }

    static let question = "How heavy was the spaniel after the holidays?"
    static let answer = "The spaniel is 14.2 kg now, up from 13.6 kg last year."
    static let note = "Visit notes. A booster and a health check were done on Tuesday.\n\n" + answer
        + " The vet advised cutting back treats and a longer walk each day."

    func ask(rescue: Double, question: String = Self.question, answer: String = Self.answer,
             note: String = Self.note) throws -> LibraryAnswer {
        var configuration = RetrievalConfiguration.standard
        configuration.sentenceRescueCosine = rescue
        configuration.typedAnswerLogOdds = 0
        let t = try TempLibrary(embedder: ParaphraseEmbedder(pair: [question, answer]), configuration: configuration)
        try t.write("dog.txt", note)
        try t.library.enqueue(paths: [t.docs])
        _ = try t.library.processQueue()
        return try t.library.ask(question: question)
    }

    @Test func anAnswerThatSaysItInOtherWordsPassesGateA() throws {
        let without = try ask(rescue: 0)
        let with = try ask(rescue: 0.6)
        // Only the answer's own meaning differs between the two runs.
        #expect(without.abstained, "on its words alone the answer is under the bar: \(without.grounding)")
        #expect(!with.abstained, "\(with.grounding)")
        #expect(with.answer?.contains("14.2 kg") == true, "\(with.grounding) \(with.citations.map(\.quote))")
    }
}
