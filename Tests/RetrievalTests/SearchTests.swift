import Embeddings
import Foundation
import XCTest
@testable import Retrieval

final class SearchTests: XCTestCase {
    func testVectorFileSearchMatchesBruteForceAndBatch() throws {
        let t = try TempLibrary()
        for name in ["oxygen_p00.md", "warsaw_p00.md", "normans_p00.md", "prime_number_p00.md", "geology_p00.md"] {
            try FileManager.default.copyItem(at: Fixtures.qa.appendingPathComponent("docs/\(name)"),
                                             to: t.docs.appendingPathComponent(name))
        }
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let vectors = try t.library.currentVectors(try t.library.store.database())
        XCTAssertEqual(vectors.embedder, "hashing-v1")
        XCTAssertEqual(vectors.dimension, 384)
        XCTAssertEqual(vectors.count, 5)
        let queries = try HashingEmbedder().embed(["prime numbers", "capital of Poland"])
        let single = queries.map { vectors.search($0, k: 3) }
        let batch = vectors.search(batch: queries, k: 3)
        for (s, b) in zip(single, batch) {
            XCTAssertEqual(s.map(\.slot), b.map(\.slot))
            for (x, y) in zip(s, b) { XCTAssertEqual(x.score, y.score, accuracy: 1e-5) }
            let brute = (0..<vectors.count).map { vectors.cosine(queries[single.firstIndex { $0.map(\.slot) == s.map(\.slot) }!], slot: $0) }
            XCTAssertEqual(s.first!.score, brute.max()!, accuracy: 1e-5)
        }
        XCTAssertEqual(URL(fileURLWithPath: try XCTUnwrap(t.library.evidence(for: "What is a prime number?").byStrength.first).path).lastPathComponent,
                       "prime_number_p00.md")
    }

    func testTraceStagesPackingOrderAndDroppedIds() throws {
        var config = RetrievalConfiguration()
        config.evidenceTokenBudget = 600
        let t = try TempLibrary(configuration: config)
        try FileManager.default.removeItem(at: t.docs)
        try FileManager.default.copyItem(at: Fixtures.qa.appendingPathComponent("docs"), to: t.docs)
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let pack = try t.library.evidence(for: "Who was the Super Bowl 50 MVP?", mode: .deep)
        XCTAssertEqual(pack.trace.stages.map(\.name),
                       ["embed", "vector", "frequencies", "lexical", "fusion", "floor", "fetch", "rerank", "mmr", "neighbours", "pack"])
        XCTAssertEqual(pack.trace.stage("vector")?.candidates, 30, "vector arm asks for 3 × the deep target")
        XCTAssertLessThanOrEqual(pack.trace.stage("lexical")?.candidates ?? 99, 60)
        XCTAssertEqual(pack.trace.target, 10)
        XCTAssertLessThanOrEqual(pack.tokensUsed, 600)
        XCTAssertFalse(pack.droppedChunkIds.isEmpty, "a 600-token budget cannot hold ten chunks")
        XCTAssertEqual(Set(pack.droppedChunkIds).intersection(pack.chunks.map(\.chunkId)), [])
        let scores = pack.chunks.map(\.score)
        let best = scores.max()!
        XCTAssertEqual(scores.first, best, "strongest first")
        if scores.count > 2 {
            XCTAssertEqual(scores.last, scores.sorted(by: >)[1], "second strongest last")
        }
        // The trace carries ids and numbers only.
        let json = String(decoding: try JSONEncoder().encode(pack.trace), as: UTF8.self)
        XCTAssertFalse(json.contains("Super Bowl"))
        XCTAssertFalse(json.contains("MVP"))
    }

    func testTopKOverridesTheModeTarget() throws {
        let t = try TempLibrary()
        for i in 0..<8 { try t.write("d\(i).txt", "Engine \(i) burns coal. Steam drives piston \(i).") }
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        XCTAssertEqual(try t.library.evidence(for: "steam engine coal", topK: 2).trace.stage("mmr")?.candidates, 2)
        XCTAssertThrowsError(try t.library.evidence(for: "steam", topK: 0))
    }
}
