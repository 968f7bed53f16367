import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Retrieval

/// `Library.ingest`: the queue worker off the cooperative pool, the caller's cancellation as its stop flag.
@Suite struct OffloadedIngestionTests {
    @Test func ingestIndexesWhatProcessQueueWould() async throws {
        let t = try TempLibrary()
        try t.write("a.txt", "The boiler was serviced in March by the plumber.")
        try t.write("b.txt", "The insurance renewal is due on the first of June.")
        try t.library.enqueue(paths: [t.docs])
        let summary = try await t.library.ingest()
        #expect(summary.indexed == 2)
        #expect(!summary.interrupted)
        #expect(try !t.library.evidence(for: "insurance renewal").chunks.isEmpty)
    }

    /// Cancelled after the first write transaction of a large document: the run stops at the next
    /// boundary, says so, and the next run finishes the document.
    @Test func cancellingTheCallerStopsAtTheNextTransaction() async throws {
        let t = try TempLibrary(configuration: BatchedIngestionTests.smallCommits())
        try t.write("big.txt", BatchedIngestionTests.longText(sentences: 400))
        try t.library.enqueue(paths: [t.docs])
        let (events, committed) = AsyncStream<Void>.makeStream()
        // The worker waits after its first commit until the test has cancelled (a minute at most).
        let cancelled = DispatchSemaphore(value: 0)
        let paused = Mutex(false)
        let library = t.library
        let run = Task {
            try await library.ingest(progress: { p in
                guard p.state == .processing, paused.withLock({ let first = !$0; $0 = true; return first }) else { return }
                committed.yield()
                _ = cancelled.wait(timeout: .now() + 60)
            })
        }
        for await _ in events { break }
        run.cancel()
        cancelled.signal()
        let summary = try await run.value
        #expect(summary.interrupted, "the run stopped at a transaction boundary")
        #expect(summary.indexed == 0)
        let rest = try await t.library.ingest()
        #expect(rest.indexed == 1, "the next run finished the document")
    }
}
