import Embeddings
import Foundation
import Store
import Synchronization
import XCTest
@testable import Retrieval

final class IngestionTests: XCTestCase {
    func testIndexSkipUnchangedReindexChangedRemoveDeleted() throws {
        let t = try TempLibrary()
        let a = try t.write("a.md", "# Rivers\n\nThe Amazon river carries more water than any other river.")
        let b = try t.write("b.txt", "The Moon orbits the Earth every 27 days.")
        try t.write("c.pdf", "%PDF-1.4 not really")
        try t.library.enqueue(paths: [t.docs])
        var summary = try t.library.processQueue()
        XCTAssertEqual(summary.indexed, 2, "the walk takes supported files only")
        XCTAssertEqual(try t.library.status().chunkCount, 2)

        try t.library.enqueue(paths: [a, b])
        summary = try t.library.processQueue()
        XCTAssertEqual(summary.unchanged, 2)
        XCTAssertEqual(summary.indexed, 0)

        try t.write("a.md", "# Rivers\n\nThe Nile is the longest river in Africa.")
        try FileManager.default.removeItem(at: b)
        try t.library.refresh()
        summary = try t.library.processQueue()
        XCTAssertEqual(summary.indexed, 1)
        XCTAssertEqual(summary.removed, 1)
        let status = try t.library.status()
        XCTAssertEqual(status.documents.map(\.path), [a.path])
        XCTAssertEqual(status.chunkCount, 1)
        let pack = try t.library.evidence(for: "Which river is the longest in Africa?")
        XCTAssertEqual(pack.chunks.first?.path, a.path)
        XCTAssertTrue(pack.chunks.first?.text.contains("Nile") ?? false)
    }

    func testUnsupportedAndOversizedFilesAreRefusedByName() throws {
        var config = RetrievalConfiguration()
        config.maxFileBytes = 100
        let t = try TempLibrary(configuration: config)
        let odt = try t.write("report.pages", "PK")
        let big = try t.write("big.txt", String(repeating: "word ", count: 100))
        let missing = t.docs.appendingPathComponent("missing.txt")
        try t.library.enqueue(paths: [odt, big, missing])
        let summary = try t.library.processQueue()
        XCTAssertEqual(summary.refused, 3)
        let outcomes = try t.library.status().recentTickets.compactMap(\.outcome)
        XCTAssertTrue(outcomes.contains { $0.contains("report.pages") && $0.contains("'pages' is not supported") })
        XCTAssertTrue(outcomes.contains { $0.contains("big.txt") && $0.contains("500 bytes is over the 100-byte limit") })
        XCTAssertTrue(outcomes.contains { $0.contains("missing.txt") && $0.contains("no such file") })
    }

    func testTicketLeftProcessingByAKilledWorkerIsTakenAgain() throws {
        let t = try TempLibrary()
        let file = try t.write("a.txt", "Oxygen is a chemical element with symbol O.")
        try t.library.enqueue(paths: [file])
        let db = try t.library.store.database()
        // A worker claims the ticket and dies without finishing (as after kill -9).
        let dead = IngestionQueue(db: db, owner: "dead-worker", leaseSeconds: 3_600, maxAttempts: 3, clock: TestTime.clock)
        XCTAssertNotNil(try dead.claim())
        XCTAssertEqual(try t.library.status().tickets["processing"], 1)
        let summary = try t.library.processQueue()
        XCTAssertEqual(summary.indexed, 1)
        XCTAssertEqual(try t.library.status().tickets["processing"], nil)
        XCTAssertEqual(try t.library.status().tickets["indexed"], 1)
    }

    func testExpiredLeaseIsReclaimedAndTheLoserCannotFinish() throws {
        let t = try TempLibrary()
        let file = try t.write("a.txt", "Text.")
        try t.library.enqueue(paths: [file])
        let db = try t.library.store.database()
        let first = IngestionQueue(db: db, owner: "one", leaseSeconds: -1, maxAttempts: 3, clock: TestTime.clock)
        let second = IngestionQueue(db: db, owner: "two", leaseSeconds: 60, maxAttempts: 3, clock: TestTime.clock)
        let ticket = try XCTUnwrap(try first.claim())
        XCTAssertEqual(try second.claim()?.id, ticket.id, "an expired lease is taken over")
        XCTAssertFalse(try first.heartbeat(ticket.id))
        XCTAssertFalse(try db.write { try first.finish(ticket.id, state: .indexed, outcome: nil, docId: nil, $0) })
        XCTAssertTrue(try second.heartbeat(ticket.id))
    }

    func testAnotherEmbedderNeedsReindex() throws {
        let t = try TempLibrary()
        try t.write("a.txt", "The Moon orbits the Earth.")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let other = Library(store: t.library.store, embedder: TinyLimitEmbedder(), clock: TestTime.clock, workerID: "other-worker")
        XCTAssertThrowsError(try other.evidence(for: "moon")) { error in
            XCTAssertEqual(error as? RetrievalError, .embedderMismatch(index: "hashing-v1", current: "tiny-test"))
        }
        XCTAssertTrue(try other.status().needsReindex)
        XCTAssertEqual(try other.reindex(), 1)
        XCTAssertEqual(try other.processQueue().indexed, 1)
        XCTAssertEqual(try other.evidence(for: "moon").chunks.count, 1)
        XCTAssertFalse(try other.status().needsReindex)
    }

    func testRemoveById() throws {
        let t = try TempLibrary()
        try t.write("a.txt", "The Moon orbits the Earth.")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let id = try XCTUnwrap(try t.library.status().documents.first?.id)
        try t.library.remove(id: id)
        XCTAssertEqual(try t.library.status().chunkCount, 0)
        XCTAssertThrowsError(try t.library.remove(id: id))
        XCTAssertTrue(try t.library.evidence(for: "moon").chunks.isEmpty)
    }

    func testProgressIsReportedPerTicket() throws {
        let t = try TempLibrary()
        for i in 0..<3 { try t.write("f\(i).txt", "Document number \(i) about engines.") }
        try t.library.enqueue(paths: [t.docs])
        let seen = Mutex<[Double]>([])
        try t.library.processQueue { p in seen.withLock { $0.append(p.fraction) } }
        XCTAssertEqual(seen.withLock { $0 }, [1.0 / 3, 2.0 / 3, 1])
    }
}
