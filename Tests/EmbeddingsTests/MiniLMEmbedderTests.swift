import Foundation
import XCTest
@testable import Embeddings

final class MiniLMEmbedderTests: XCTestCase {
    func testReferenceParity() throws {
        let model = try MiniLMFixtures.model()
        XCTAssertEqual(model.identifier, "minilm-l6-v2")
        XCTAssertEqual(model.dimension, 384)
        let sentences = try MiniLMFixtures.referenceSentences()
        let vectors = try model.embed(sentences.map(\.text))
        var minimum: Float = 1
        for (index, sentence) in sentences.enumerated() {
            XCTAssertEqual(model.tokenIDs(sentence.text), sentence.tokenIDs, "sentence #\(index)")
            let cosine = MiniLMFixtures.cosine(vectors[index], sentence.embedding)
            XCTAssertGreaterThanOrEqual(cosine, 0.9999, "sentence #\(index)")
            minimum = min(minimum, cosine)
        }
        XCTAssertTrue(sentences.contains { $0.text.isEmpty }, "the reference covers the empty string")
        XCTAssertTrue(sentences.contains { $0.text.contains("é") }, "the reference covers accented text")
    }

    func testBatchEqualsSingle() throws {
        let model = try MiniLMFixtures.model()
        let texts = try MiniLMFixtures.referenceSentences().map(\.text) + ["日本語のテキスト 🚀", "x"]
        let batch = try model.embed(texts)
        for (index, text) in texts.enumerated() {
            let single = try model.embed([text])[0]
            let difference = zip(single, batch[index]).map { abs($0 - $1) }.max() ?? 0
            XCTAssertLessThan(difference, 1e-5, "text #\(index)")
        }
    }

    func testCJKAndEmojiGiveUnitVectors() throws {
        let model = try MiniLMFixtures.model()
        let vectors = try model.embed(["東京の天気", "🚀🚀🚀", "\u{0}\u{7}"])
        for vector in vectors {
            XCTAssertEqual(vector.count, 384)
            XCTAssertTrue(vector.allSatisfy(\.isFinite))
            XCTAssertEqual(vector.reduce(0) { $0 + $1 * $1 }, 1, accuracy: 1e-4)
        }
        // Control characters are removed: the text embeds like the empty string.
        let empty = try model.embed([""])[0]
        XCTAssertGreaterThan(MiniLMFixtures.cosine(vectors[2], empty), 0.99999)
    }

    func testLongTextIsTruncatedTo256Tokens() throws {
        let model = try MiniLMFixtures.model()
        let long = EmbeddingBenchmark.sentences(count: 10).joined(separator: " ")
        XCTAssertGreaterThan(model.tokenCount(long), 400)
        let ids = model.tokenIDs(long)
        XCTAssertEqual(ids.count, 256)
        let vector = try model.embed([long])[0]
        XCTAssertEqual(try model.embed(tokenIDs: [ids])[0], vector)
        // Text beyond the cut changes nothing.
        let longer = try model.embed([long + " completely different trailing words"])[0]
        XCTAssertEqual(longer, vector)
    }

    func testLoadDefaultFallsBackToHashing() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("nomodels-\(UUID().uuidString)")
        let result = MiniLMEmbedder.loadDefault(
            home: empty, environment: ["HOME": empty.path, "XDG_DATA_HOME": empty.path])
        XCTAssertEqual(result.embedder.identifier, "hashing-v1")
        XCTAssertNotNil(result.problem)
    }

    func testLoadDefaultPrefersInstalledMiniLM() throws {
        _ = try MiniLMFixtures.model()
        // The weights installed for the user, where `make models` puts them.
        let result = MiniLMEmbedder.loadDefault(home: nil, environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.embedder.identifier, "minilm-l6-v2")
        XCTAssertNil(result.problem)
    }

    func testEmbedReportJSON() throws {
        let model = try MiniLMFixtures.model()
        let reference = try MiniLMFixtures.referenceSentences()[0]
        let data = try EmbedReport(text: reference.text, embedder: model).jsonData()
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(json["embedder"] as? String, "minilm-l6-v2")
        XCTAssertEqual(json["dim"] as? Int, 384)
        XCTAssertEqual((json["token_ids"] as? [NSNumber])?.map(\.int32Value), reference.tokenIDs)
        let vector = try XCTUnwrap(json["vector"] as? [NSNumber]).map(\.floatValue)
        XCTAssertGreaterThanOrEqual(MiniLMFixtures.cosine(vector, reference.embedding), 0.9999)
    }

    func testEmbedReportForHashingHasNoTokenIDs() throws {
        let data = try EmbedReport(text: "hello", embedder: HashingEmbedder()).jsonData()
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(json["embedder"] as? String, "hashing-v1")
        XCTAssertNil(json["token_ids"])
        XCTAssertEqual((json["vector"] as? [Any])?.count, 384)
    }
}

final class MiniLMInputTests: XCTestCase {
    func testInvalidTokenIDsAreRejected() throws {
        let model = try MiniLMFixtures.model()
        XCTAssertThrowsError(try model.embed(tokenIDs: [[101, 102], []])) {
            XCTAssertEqual($0 as? EmbeddingsError, .invalidTokenIDs(index: 1, reason: "0 ids, expected 1...256"))
        }
        XCTAssertThrowsError(try model.embed(tokenIDs: [[101, 40_000, 102]])) {
            XCTAssertEqual($0 as? EmbeddingsError,
                           .invalidTokenIDs(index: 0, reason: "id 40000 is outside the vocabulary of 30522"))
        }
        XCTAssertThrowsError(try model.embed(tokenIDs: [[Int32](repeating: 1000, count: 257)]))
    }

    func testTokenBudgetSplitsBatchesWithoutChangingResults() throws {
        let model = try MiniLMFixtures.model()
        let directory = try XCTUnwrap(MiniLMEmbedder.installedDirectory(
            home: nil, environment: ProcessInfo.processInfo.environment))
        var small = MiniLMConfiguration.standard
        small.maxBatchTokens = 20
        let split = try MiniLMEmbedder(directory: directory, configuration: small)
        let texts = try MiniLMFixtures.referenceSentences().map(\.text)
        let whole = try model.embed(texts)
        for (a, b) in zip(try split.embed(texts), whole) {
            XCTAssertLessThan(zip(a, b).map { abs($0 - $1) }.max() ?? 1, 1e-5)
        }
    }
}
