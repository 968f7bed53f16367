import Embeddings
import Foundation
import XCTest
@testable import Retrieval

/// The Deep and Maximum loops on a real (small) library: the second pass's expanded query and
/// larger helping of passages bring in the chunk the first pass missed; the receipt counts are ids
/// and counts only.
final class DeliberationTests: XCTestCase {
    private func library() throws -> TempLibrary {
        let t = try TempLibrary()
        try t.write("skerry.md", "The Skerry lighthouse stands on a granite reef, and its keepers logged every storm.\n")
        try t.write("keepers.md", "The keepers first lit the lamp in 1874.\n")
        try t.write("harbour.md", "The harbour wall was rebuilt after the flood of 1953.\n")
        try t.write("ferry.md", "A ferry crosses to the mainland twice a day in summer.\n")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        return t
    }

    func testTheSecondPassGathersTheChunkTheFirstMissed() throws {
        let t = try library()
        let question = "When did the Skerry lighthouse begin operating?"
        let first = try t.library.deliberate(question: question, mode: .standard, topK: 1)
        XCTAssertFalse(first.answer.answer?.contains("1874") ?? false)
        XCTAssertNil(first.answer.grounding["L1.pass"], "standard mode does not loop")

        let deep = try t.library.deliberate(question: question, mode: .deep, topK: 1)
        XCTAssertEqual(deep.answer.grounding["L1.pass"], 2)
        XCTAssertGreaterThanOrEqual(deep.answer.grounding["L3.evidence-added"] ?? 0, 1)
        XCTAssertFalse(first.pack.chunks.contains { $0.path.hasSuffix("keepers.md") })
        // The keepers' passage shares no word with the question: only the expanded query ("keepers",
        // from the lighthouse passage) finds it. It goes to a model rung; the extractive answer,
        // scored on the question as asked, cannot quote it, so the loop keeps the first pass's.
        XCTAssertTrue(deep.pack.chunks.contains { $0.path.hasSuffix("keepers.md") }, "\(deep.pack.chunks.map(\.path))")
        XCTAssertEqual(deep.diagnostics.rules["L1.pass"], 2)
        for citation in deep.answer.citations {
            XCTAssertEqual(try sourceBytes(citation.path, citation.start, citation.end), citation.quote)
        }
    }

    func testAMergedPackStillCitesExactBytes() throws {
        let t = try library()
        let first = try t.library.evidence(for: "When was the harbour wall rebuilt?", mode: .deep, topK: 1)
        let more = try t.library.evidence(for: "When was the harbour wall rebuilt? flood", mode: .deep, topK: 3)
        let merged = first.adding(more)
        XCTAssertEqual(Set(merged.chunks.map(\.chunkId)).count, merged.chunks.count, "no chunk twice")
        let (answer, _) = t.library.answer(question: "When was the harbour wall rebuilt?", pack: merged, mode: .deep)
        XCTAssertFalse(answer.abstained)
        XCTAssertTrue(answer.answer?.contains("1953") ?? false)
        XCTAssertFalse(answer.citations.isEmpty)
        for citation in answer.citations {
            XCTAssertEqual(try sourceBytes(citation.path, citation.start, citation.end), citation.quote)
        }
    }

    func testAQuestionTheLibraryCannotAnswerStillAbstainsInMaximumMode() throws {
        let t = try library()
        let result = try t.library.deliberate(question: "What happened to the Skerry lighthouse in 1901?", mode: .maximum, topK: 1)
        XCTAssertTrue(result.answer.abstained)
        XCTAssertTrue(result.answer.claims.isEmpty)
        XCTAssertGreaterThanOrEqual(result.answer.grounding["L1.pass"] ?? 0, 2)
        XCTAssertEqual(result.answer.grounding["L5.still-abstained"], 1)
        // Counts only: every key is a rule id, no question or evidence words.
        for key in result.answer.grounding.keys { XCTAssertFalse(key.contains("Skerry") || key.contains("keepers"), key) }
    }
}
