import Embeddings
import Foundation
import IntentKit
import Store
import Synchronization
import Testing
@testable import Retrieval

/// Bounded write transactions, resumable documents, failure memory and the O(log n) claim.
@Suite struct BatchedIngestionTests {
    /// Sentences enough for many chunks (about 12 words each).
    static func longText(sentences: Int, topic: String = "engine") -> String {
        (0..<sentences).map { "Sentence \($0) tells how the \(topic) number \($0 % 97) was tuned on day \($0 % 31)." }
            .joined(separator: " ")
    }

    static func smallCommits() -> RetrievalConfiguration {
        var c = RetrievalConfiguration.standard
        c.commitMaxChunks = 4
        c.embedBatchSize = 4
        return c
    }

    /// Counts the texts it embeds (to see that a resumed document is not embedded again); with
    /// `failingFromCall`, that call and every later one throws (a worker dying mid-document).
    final class CountingEmbedder: Embedder, @unchecked Sendable {
        let inner = HashingEmbedder()
        let embedded = Mutex(0)
        let calls = Mutex(0)
        let failingFromCall: Int?
        init(failingFromCall: Int? = nil) { self.failingFromCall = failingFromCall }
        var identifier: String { inner.identifier }
        var measuresMeaning: Bool { inner.measuresMeaning }
        var dimension: Int { inner.dimension }
        var maxTokens: Int { inner.maxTokens }
        func tokenCount(_ text: String) -> Int { inner.tokenCount(text) }
        func embed(_ texts: [String]) throws -> [[Float]] {
            let call = calls.withLock { $0 += 1; return $0 }
            if let failingFromCall, call >= failingFromCall {
                throw RetrievalError.embedderShape(expected: 1, got: 0)
            }
            embedded.withLock { $0 += texts.count }
            return try inner.embed(texts)
        }
    }

    func chunkRows(_ library: Library) throws -> [(doc: Int64, ordinal: Int)] {
        try library.store.database().read { c in
            try c.rows("SELECT doc_id, ordinal FROM library_chunks ORDER BY doc_id, ordinal") { ($0.int64(0), $0.int(1)) }
        }
    }

    @Test func anotherWriterGetsThroughBetweenTheTransactionsOfOneDocument() throws {
        let t = try TempLibrary(configuration: Self.smallCommits())
        try t.write("big.txt", Self.longText(sentences: 400))
        try t.library.enqueue(paths: [t.docs])
        // A second connection, as another process would have; it must never wait for the lock.
        let other = try IntentStore(paths: t.library.store.paths, schema: Library.schema, housekeeping: nil).database()
        let wroteBetween = Mutex(0)
        let searchableMeanwhile = Mutex(false)
        let library = t.library
        let summary = try library.processQueue { progress in
            guard progress.state == .processing else { return }
            let wrote = try? other.writeIfIdle { c in try c.run("INSERT INTO library_meta(key, value) VALUES ('probe', '1') ON CONFLICT(key) DO UPDATE SET value = value + 1") }
            if wrote != nil { wroteBetween.withLock { $0 += 1 } }
            if let pack = try? library.evidence(for: "engine tuned"), !pack.chunks.isEmpty {
                searchableMeanwhile.withLock { $0 = true }
            }
            #expect(try! library.status().documents.isEmpty, "a half-written document is not listed")
        }
        #expect(summary.indexed == 1)
        #expect(summary.chunks > 12)
        #expect(wroteBetween.withLock { $0 } >= 2, "the write lock was free between the document's transactions")
        #expect(!searchableMeanwhile.withLock { $0 }, "a half-written document is never searched")
        #expect(try !t.library.evidence(for: "engine tuned").chunks.isEmpty)
        let rows = try chunkRows(t.library)
        #expect(rows.map(\.ordinal) == Array(0..<summary.chunks))
    }

    @Test func anInterruptedDocumentIsHiddenThenResumedWithoutEmbeddingItsChunksAgain() throws {
        let embedder = CountingEmbedder()
        let t = try TempLibrary(embedder: embedder, configuration: Self.smallCommits())
        try t.write("big.txt", Self.longText(sentences: 300))
        try t.library.enqueue(paths: [t.docs])
        let partials = Mutex(0)
        let first = try t.library.processQueue(progress: { p in
            if p.state == .processing { partials.withLock { $0 += 1 } }
        }, shouldStop: { partials.withLock { $0 } >= 2 })
        #expect(first.interrupted)
        #expect(first.indexed == 0)
        let written = try chunkRows(t.library).count
        #expect(written > 0)
        #expect(try t.library.status().incompleteDocuments == 1)
        #expect(try t.library.evidence(for: "engine tuned").chunks.isEmpty, "incomplete: not searchable")
        #expect(try t.library.pendingTickets() == 1)
        let embeddedBefore = embedder.embedded.withLock { $0 }

        // Another worker (as after kill -9: the lease is orphaned) continues after the written chunks.
        let next = Library(store: IntentStore(paths: t.library.store.paths, schema: Library.schema, housekeeping: nil),
                           embedder: embedder, configuration: Self.smallCommits(),
                           clock: TestTime.clock, workerID: "second-worker")
        let second = try next.processQueue()
        #expect(second.indexed == 1)
        let rows = try chunkRows(next)
        #expect(rows.map(\.ordinal) == Array(0..<rows.count), "each chunk once, in order")
        #expect(embedder.embedded.withLock { $0 } - embeddedBefore == rows.count - written)
        #expect(try next.status().incompleteDocuments == 0)
        #expect(try !next.evidence(for: "engine tuned").chunks.isEmpty)
    }

    @Test func aChangedDocumentIsClearedInBoundedTransactionsAndRewritten() throws {
        let t = try TempLibrary(configuration: Self.smallCommits())
        let url = try t.write("doc.txt", Self.longText(sentences: 200, topic: "engine"))
        try t.library.enqueue(paths: [url])
        try t.library.processQueue()
        let id = try #require(try t.library.status().documents.first?.id)
        try t.write("doc.txt", Self.longText(sentences: 120, topic: "turbine"))
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().indexed == 1)
        let docs = try t.library.status().documents
        #expect(docs.map(\.id) == [id], "the document keeps its id")
        #expect(try chunkRows(t.library).count == docs[0].chunkCount)
        #expect(try t.library.evidence(for: "turbine").chunks.first?.text.contains("turbine") == true)
    }

    @Test func aFileThatFailedIsNotRetriedUntilItChangesOrRetryIsAsked() throws {
        let t = try TempLibrary()
        let url = t.docs.appendingPathComponent("latin.txt")
        try Data([0x48, 0x00, 0xFF, 0xFE, 0x00]).write(to: url)   // NUL bytes: binary, refused
        try t.library.enqueue(paths: [url])
        let firstRun = try t.library.processQueue()
        #expect(firstRun.refused == 1, "\(firstRun) \((try? t.library.status().recentTickets) ?? [])")
        try t.library.enqueue(paths: [url])
        let again = try t.library.processQueue()
        #expect(again.skipped == 1 && again.refused == 0)
        let outcome = try #require(try t.library.status(recent: 1).recentTickets.first?.outcome)
        #expect(outcome.contains("previously refused") && outcome.contains("binary") && outcome.contains("--retry"))

        // Same bytes, new modification time: the content hash says unchanged.
        try Data([0x48, 0x00, 0xFF, 0xFE, 0x00]).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: url.path)
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().skipped == 1)

        // --retry forgets the failure: tried (and refused) again.
        #expect(try t.library.forgetFailures(under: [t.docs]) == 1)
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().refused == 1)

        // Changed content: tried again, and now it indexes.
        try Data("Hi there, plain text now.".utf8).write(to: url)
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().indexed == 1)
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().unchanged == 1)
    }

    @Test func aTooLargeFileIsRememberedByFingerprintWithoutBeingRead() throws {
        var config = RetrievalConfiguration.standard
        config.maxFileBytes = 10
        let t = try TempLibrary(configuration: config)
        let url = try t.write("big.md", "more than ten bytes of text")
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().refused == 1)
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().skipped == 1)
        try t.write("big.md", "still more than ten bytes, and longer")
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().refused == 1, "a changed size is tried again")
    }

    @Test func aWorkerThatThrowsMidDocumentLeavesNothingHalfWritten() throws {
        let t = try TempLibrary(embedder: CountingEmbedder(failingFromCall: 4), configuration: Self.smallCommits())
        try t.write("big.txt", Self.longText(sentences: 1_000))
        try t.library.enqueue(paths: [t.docs])
        let failedRun = try t.library.processQueue()
        #expect(failedRun.failed == 1, "\(failedRun) \((try? t.library.status().recentTickets) ?? [])")
        #expect(try chunkRows(t.library).isEmpty)
        #expect(try t.library.status().incompleteDocuments == 0)
        try t.library.enqueue(paths: [t.docs])
        #expect(try t.library.processQueue().skipped == 1, "a crashed file is not retried until it changes")
    }

    @Test func claimTakesTheNextTicketByIndexWithoutSortingTheQueue() throws {
        let t = try TempLibrary()
        let db = try t.library.store.database()
        let queue = t.library.queue(db)
        let ids = try queue.enqueue(paths: (0..<2_000).map { "/nowhere/f\($0).txt" }, action: .index)
        #expect(Set(ids).count == 2_000)
        #expect(try queue.enqueue(paths: ["/nowhere/f7.txt"], action: .index) == [ids[7]], "no duplicate while queued")
        let plans = try db.read { c in
            try ["SELECT id FROM library_tickets WHERE state = 'queued' ORDER BY id LIMIT 1",
                 "SELECT id FROM library_tickets WHERE state = 'processing' AND lease_expires < 5 ORDER BY lease_expires LIMIT 1"]
                .map { sql in try c.rows("EXPLAIN QUERY PLAN \(sql)") { $0.text(3) }.joined(separator: "; ") }
        }
        for plan in plans {
            #expect(plan.contains("USING INDEX") || plan.contains("USING COVERING INDEX"), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        }
        #expect(try queue.claim()?.id == ids[0])
        #expect(try queue.claim()?.id == ids[1])
    }
}
