import Embeddings
import Foundation
import Store
import Synchronization
import Testing
@testable import Retrieval

/// `library reindex` keeps the library answering, stops when asked and continues where it stopped.
@Suite struct ReindexTests {
    func library(docs: Int) throws -> TempLibrary {
        let t = try TempLibrary()
        for i in 0..<docs { try t.write("doc\(i).txt", "Document \(i) explains how the pump number \(i) is primed before winter.") }
        try t.library.enqueue(paths: [t.docs])
        #expect(try t.library.processQueue().indexed == docs)
        return t
    }

    /// Processes until `count` tickets are done, then asks to stop.
    func stopAfter(_ count: Int, _ library: Library) throws -> IngestionSummary {
        let done = Mutex(0)
        return try library.processQueue(progress: { p in if p.state != .processing { done.withLock { $0 += 1 } } },
                                        shouldStop: { done.withLock { $0 } >= count })
    }

    @Test func anInterruptedReindexContinuesWhereItStoppedAndKeepsAnswering() throws {
        let t = try library(docs: 6)
        let plan = try t.library.startReindex()
        #expect(plan == ReindexPlan(queued: 6, total: 6, resumed: false))
        let first = try stopAfter(2, t.library)
        #expect(first.interrupted && first.indexed == 2)
        let activity = try t.library.indexingActivity()
        #expect(activity.inProgress && activity.reindexDone == 2 && activity.reindexTotal == 6)
        #expect(activity.message?.contains("indexing is in progress") == true)
        // Every document is still searchable meanwhile (same embedder: old vectors are valid).
        #expect(try t.library.evidence(for: "pump primed winter", topK: 10).chunks.count == 6)

        let resumed = try t.library.startReindex()
        #expect(resumed == ReindexPlan(queued: 4, total: 6, resumed: true))
        let rest = try t.library.processQueue()
        #expect(rest.indexed == 4 && !rest.interrupted)
        #expect(try !t.library.indexingActivity().inProgress)
        // A new reindex starts over.
        #expect(try t.library.startReindex() == ReindexPlan(queued: 6, total: 6, resumed: false))
    }

    @Test func aHalfFinishedReindexToAnotherEmbedderAnswersWithTheEmbedderOfMostChunks() throws {
        let t = try library(docs: 6)
        let other = Library(store: t.library.store, embedder: TinyLimitEmbedder(), clock: TestTime.clock, workerID: "other-worker")
        #expect(try other.startReindex().queued == 6)
        #expect(try stopAfter(2, other).interrupted)
        // Four of six documents still hold hashing vectors: questions search with hashing.
        #expect(try Library.indexEmbedder(store: t.library.store) == HashingEmbedder().identifier)
        #expect(try t.library.evidence(for: "pump primed winter", topK: 10).chunks.count == 4)
        // The new embedder searches what it has re-embedded (no mismatch while its reindex runs).
        #expect(try other.evidence(for: "pump primed winter", topK: 10).chunks.count == 2)
        #expect(try other.startReindex().resumed)
        #expect(try other.processQueue().indexed == 4)
        #expect(try Library.indexEmbedder(store: t.library.store) == "tiny-test")
        #expect(try other.evidence(for: "pump primed winter", topK: 10).chunks.count == 6)
        #expect(throws: RetrievalError.self) { try t.library.evidence(for: "pump") }
        #expect(try !other.status().needsReindex)
    }
}
