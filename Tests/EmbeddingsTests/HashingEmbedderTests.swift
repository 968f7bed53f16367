import Foundation
import Primitives
import XCTest
@testable import Embeddings

final class HashingEmbedderTests: XCTestCase {
    private let embedder = HashingEmbedder()

    private func cosine(_ a: [Float], _ b: [Float]) -> Float {
        zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
    }

    func testFNV1aMatchesPublishedTestVectors() {
        XCTAssertEqual(FNV1a.hash(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(FNV1a.hash("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(FNV1a.hash("foobar"), 0x8594_4171_f739_67e8)
    }

    func testIdentityAndShape() throws {
        XCTAssertEqual(embedder.identifier, "hashing-v1")
        XCTAssertEqual(embedder.dimension, 384)
        let vectors = try embedder.embed(["Renew the car insurance before March 3.", "", "!!!"])
        XCTAssertEqual(vectors.count, 3)
        for vector in vectors {
            XCTAssertEqual(vector.count, 384)
            XCTAssertEqual(cosine(vector, vector), 1, accuracy: 1e-5)
        }
        // Text without words maps to one fixed vector.
        XCTAssertEqual(vectors[1], vectors[2])
    }

    func testPinnedVectorNeverChanges() throws {
        // Indexes store these vectors: any change to features or hashing needs a new identifier.
        let vector = try embedder.embed(["The quick brown fox jumps over the lazy dog."])[0]
        let nonZero = vector.enumerated().filter { $0.element != 0 }.map(\.offset)
        XCTAssertEqual(nonZero.count, PinnedHashing.nonZeroCount)
        let strongest = vector.indices.max { abs(vector[$0]) < abs(vector[$1]) }!
        XCTAssertEqual(strongest, PinnedHashing.strongestIndex)
        XCTAssertEqual(vector[strongest], PinnedHashing.strongestValue, accuracy: 1e-6)
    }

    func testCaseAndAccentsAreFolded() throws {
        let v = try embedder.embed(["Café crème à Paris", "CAFE CREME A PARIS", "cafe creme a paris"])
        XCTAssertEqual(v[0], v[2])
        XCTAssertEqual(v[1], v[2])
    }

    func testDeterministicAcrossCallsAndBatches() throws {
        let texts = ["SQLite FTS5 supports BM25 ranking.", "日本語のテキスト", "emoji 🚀 rocket"]
        let batch = try embedder.embed(texts)
        for (i, text) in texts.enumerated() {
            XCTAssertEqual(try embedder.embed([text])[0], batch[i])
        }
    }

    func testRelatedTextIsCloserThanUnrelatedText() throws {
        let v = try embedder.embed([
            "renew the car insurance before the deadline",
            "car insurance renewal deadline",
            "the recipe needs two eggs and flour",
        ])
        XCTAssertGreaterThan(cosine(v[0], v[1]), cosine(v[0], v[2]) + 0.2)
        // Character n-grams tie inflections together.
        let w = try embedder.embed(["invoices", "invoice", "weather"])
        XCTAssertGreaterThan(cosine(w[0], w[1]), 0.3)
        XCTAssertLessThan(abs(cosine(w[0], w[2])), 0.3)
    }

    func testTokenCountCountsWordsAndLimitTruncates() throws {
        XCTAssertEqual(embedder.tokenCount("Hello, world! It's 2024."), 5)
        XCTAssertEqual(embedder.tokenCount(""), 0)
        let small = HashingEmbedder(configuration: {
            var c = HashingConfiguration.v1
            c.maxWords = 3
            return c
        }())
        let v = try small.embed(["alpha beta gamma", "alpha beta gamma delta epsilon"])
        XCTAssertEqual(v[0], v[1])
    }
}

/// Values recorded from `hashing-v1` when it was introduced.
private enum PinnedHashing {
    static let nonZeroCount = 77
    static let strongestIndex = 317
    static let strongestValue: Float = -0.45103475
}
