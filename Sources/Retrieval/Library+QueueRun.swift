import Foundation
import Glibc
import Primitives
import Store

/// One pass of a worker over the queue: claims tickets until none is left (or it is asked to
/// stop), records what each did and reports progress with files, chunks and bytes.
struct QueueRun {
    let db: Database
    let queue: IngestionQueue
    let configuration: RetrievalConfiguration
    let progress: (@Sendable (IngestionProgress) -> Void)?
    let started: ContinuousClock.Instant
    var summary = IngestionSummary()
    /// Tickets and source bytes expected (queued when `count` ran, plus what this run finished).
    private var total = 0
    private var totalBytes: Int64 = 0

    init(db: Database, queue: IngestionQueue, configuration: RetrievalConfiguration,
         progress: (@Sendable (IngestionProgress) -> Void)?, started: ContinuousClock.Instant) {
        self.db = db
        self.queue = queue
        self.configuration = configuration
        self.progress = progress
        self.started = started
    }

    var elapsed: Double {
        (ContinuousClock.now - started).inSeconds
    }

    /// Counts the queued tickets and the sizes of their files (one `stat` each).
    mutating func count() throws {
        let paths = try db.read { c in
            try c.rows("SELECT path FROM library_tickets WHERE state = 'queued'") { $0.text(0) }
        }
        total = summary.processed + paths.count
        totalBytes = summary.bytes
        var info = stat()
        for path in paths where stat(path, &info) == 0 { totalBytes += Int64(info.st_size) }
    }

    /// Claims and processes tickets until the queue is empty or the ingestor is told to stop.
    mutating func drain(_ ingestor: inout Ingestor) throws {
        while let ticket = try queue.claim() {
            let before = summary
            let report = progress
            let (total, totalBytes, started) = (self.total, self.totalBytes, self.started)
            ingestor.partial = { bytesDone, chunksDone in
                var p = IngestionProgress(completed: before.processed, total: max(total, before.processed + 1),
                                          ticketId: ticket.id, path: ticket.path, state: .processing)
                p.chunks = before.chunks + chunksDone
                p.bytes = before.bytes + bytesDone
                p.totalBytes = max(totalBytes, p.bytes)
                p.seconds = (ContinuousClock.now - started).inSeconds
                report?(p)
            }
            let size = ticket.action == .index ? FileFingerprint.of(ticket.path)?.size ?? 0 : 0
            let outcome: Ingestor.Outcome
            do {
                outcome = try ingestor.process(ticket)
            } catch {
                try fail(ticket, error)
                outcome = .init(state: .failed, chunks: 0)
            }
            if outcome.interrupted {
                summary.interrupted = true
                return
            }
            summary.add(outcome.state, chunks: outcome.chunks, bytes: size)
            var p = IngestionProgress(completed: summary.processed, total: max(total, summary.processed),
                                      ticketId: ticket.id, path: ticket.path, state: outcome.state)
            p.chunks = summary.chunks
            p.bytes = summary.bytes
            p.totalBytes = totalBytes > 0 ? max(totalBytes, summary.bytes) : 0
            p.seconds = elapsed
            progress?(p)
            if ingestor.shouldStop() {
                summary.interrupted = try queue.counts()[.queued, default: 0] > 0
                if summary.interrupted { return }
            }
        }
    }

    /// A ticket whose processing threw: failed, the file's fingerprint remembered (so an unchanged
    /// file is not tried again), and a document it left half-written discarded.
    private func fail(_ ticket: IngestionTicket, _ error: any Error) throws {
        let reason = "\(ticket.path): \(String(describing: error))"
        if let doc = try db.read({ try StoredDocument.at(path: ticket.path, $0) }), doc.complete != 1 {
            try ChunkWriter.clear(doc.id, db: db, configuration: configuration)
            try db.write { try LibraryCatalog.remove(where: "id", doc.id, $0) }
        }
        try db.write { c in
            if ticket.action == .index { try FailureMemory.record(path: ticket.path, state: .failed, reason: reason, hash: nil, at: queue.clock(), c) }
            _ = try queue.finish(ticket.id, state: .failed, outcome: reason, docId: nil, c)
        }
    }
}
