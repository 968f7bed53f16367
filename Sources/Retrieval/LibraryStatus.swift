import Foundation
import Store

/// Reported after every processed ticket, and within a large document after every write.
public struct IngestionProgress: Sendable, Equatable {
    /// Tickets finished in this run so far, and the number expected (grows if tickets are added).
    public let completed: Int
    public let total: Int
    public let ticketId: Int64
    public let path: String
    /// The ticket's state; `processing` for a report from within a document.
    public let state: IngestionTicket.State
    /// Chunks written in this run (the document in hand included).
    public var chunks = 0
    /// Source bytes done in this run (the document in hand up to its last written chunk), and the
    /// size of all files queued when the run started (0 when unknown).
    public var bytes: Int64 = 0
    public var totalBytes: Int64 = 0
    /// Seconds since the run started.
    public var seconds = 0.0
    public init(completed: Int, total: Int, ticketId: Int64, path: String, state: IngestionTicket.State) {
        self.completed = completed
        self.total = total
        self.ticketId = ticketId
        self.path = path
        self.state = state
    }

    /// `completed / total`, 0…1; by bytes when they are known.
    public var fraction: Double {
        if totalBytes > 0 { return min(1, Double(bytes) / Double(totalBytes)) }
        return total > 0 ? min(1, Double(completed) / Double(total)) : 1
    }
}

/// What one `processQueue` run did.
public struct IngestionSummary: Sendable, Equatable, Codable {
    /// True when another process holds the worker lock; nothing was done.
    public var busy = false
    /// True when the run was asked to stop (Ctrl-C): what was written stays, the rest is queued.
    public var interrupted = false
    public var indexed = 0
    public var unchanged = 0
    public var removed = 0
    public var refused = 0
    public var failed = 0
    /// Files that failed before and have not changed since (not tried again).
    public var skipped = 0
    /// Chunks written.
    public var chunks = 0
    /// Source bytes of the files indexed or found unchanged.
    public var bytes: Int64 = 0
    public var seconds = 0.0
    public var processed: Int { indexed + unchanged + removed + refused + failed + skipped }

    mutating func add(_ state: IngestionTicket.State, chunks: Int, bytes: Int64 = 0) {
        switch state {
        case .indexed: indexed += 1
        case .unchanged: unchanged += 1
        case .removed: removed += 1
        case .refused: refused += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        case .queued, .processing: break
        }
        self.chunks += chunks
        self.bytes += bytes
    }
}

/// The library at a glance (`intent library status`).
public struct LibraryStatus: Sendable, Codable, Equatable {
    public var documents: [LibraryDocument]
    /// Chunks in the store (those of incomplete documents included).
    public var chunkCount: Int
    /// Documents whose chunks are being written, or were when a run stopped (the next run
    /// finishes them); not searchable and not in `documents`.
    public var incompleteDocuments: Int
    /// Ticket counts by state name.
    public var tickets: [String: Int]
    /// The most recent tickets, newest first (refusal reasons included).
    public var recentTickets: [IngestionTicket]
    /// Embedder that built the index (nil before the first ingestion) and the active one.
    public var indexEmbedder: String?
    public var activeEmbedder: String
    /// True when the index was built by another embedder: `reindex` is needed.
    public var needsReindex: Bool
    public var vectorFileBytes: Int64
    public var databaseBytes: Int64
}

extension Library {
    /// Documents, chunk and ticket counts, embedders and sizes on disk.
    public func status(recent: Int = 20) throws -> LibraryStatus {
        let db = try store.database()
        let queue = queue(db)
        let (all, chunks, built, incomplete) = try db.read { c in
            (try LibraryCatalog.documents(c), try LexicalSearch.chunkCount(c), try LibraryCatalog.meta("embedder", c),
             Set(try c.rows("SELECT id FROM library_documents WHERE complete != 1") { $0.int64(0) }))
        }
        // A document whose chunks are still being written is not in the library yet.
        let docs = all.filter { !incomplete.contains($0.id) }
        var tickets: [String: Int] = [:]
        for (state, n) in try queue.counts() { tickets[state.rawValue] = n }
        func size(_ url: URL) -> Int64 {
            ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
        }
        let dbURL = store.paths.databaseURL
        let dbBytes = size(dbURL) + size(URL(fileURLWithPath: dbURL.path + "-wal"))
        return LibraryStatus(documents: docs, chunkCount: chunks, incompleteDocuments: incomplete.count, tickets: tickets,
                             recentTickets: try queue.tickets(limit: recent), indexEmbedder: built,
                             activeEmbedder: embedder.identifier,
                             needsReindex: built != nil && built != embedder.identifier && !docs.isEmpty,
                             vectorFileBytes: size(vectorFileURL), databaseBytes: dbBytes)
    }
}

