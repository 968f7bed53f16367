import Foundation
import XCTest
@testable import Embeddings

/// The reference material in `Fixtures/minilm` and the installed model, for the MiniLM tests.
enum MiniLMFixtures {
    struct Sentence {
        let text: String
        let tokenIDs: [Int32]
        let embedding: [Float]
    }

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/minilm", isDirectory: true)

    static func referenceSentences() throws -> [Sentence] {
        let data = try Data(contentsOf: directory.appendingPathComponent("reference.json"))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let sentences = try XCTUnwrap(json["sentences"] as? [[String: Any]])
        return try sentences.map { entry in
            Sentence(
                text: try XCTUnwrap(entry["text"] as? String),
                tokenIDs: try XCTUnwrap(entry["token_ids"] as? [NSNumber]).map(\.int32Value),
                embedding: try XCTUnwrap(entry["embedding"] as? [NSNumber]).map(\.floatValue))
        }
    }

    /// The fixture vocabulary's tokenizer, read once per test process.
    static func tokenizer() throws -> WordPieceTokenizer {
        try sharedTokenizer.get()
    }

    private static let sharedTokenizer = Result {
        try WordPieceTokenizer(vocabularyURL: directory.appendingPathComponent("vocab.txt"))
    }

    /// The installed model, or a visible skip when the weights are absent.
    static func model() throws -> MiniLMEmbedder {
        guard let directory = MiniLMEmbedder.installedDirectory(
            home: nil, environment: ProcessInfo.processInfo.environment)
        else {
            throw XCTSkip("MiniLM weights not installed (run `make models`); skipping model test")
        }
        return try MiniLMEmbedder(directory: directory)
    }

    static func cosine(_ a: [Float], _ b: [Float]) -> Float {
        var dot: Float = 0, na: Float = 0, nb: Float = 0
        for (x, y) in zip(a, b) {
            dot += x * y
            na += x * x
            nb += y * y
        }
        return dot / (na.squareRoot() * nb.squareRoot())
    }
}
