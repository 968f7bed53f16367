import Foundation
import Store

/// What `startReindex` queued.
public struct ReindexPlan: Sendable, Equatable {
    /// Documents queued for re-embedding, and documents in the library.
    public let queued: Int
    public let total: Int
    /// True when an interrupted reindex with the same embedder is continued (documents it already
    /// re-embedded are not queued again).
    public let resumed: Bool
}

/// Whether indexing is under way, for a question asked meanwhile.
public struct IndexingActivity: Sendable, Equatable {
    /// Tickets queued or being processed (by this or another process).
    public let pendingTickets: Int
    /// A reindex under way: the embedder it uses, documents done and in all.
    public let reindexEmbedder: String?
    public let reindexDone: Int
    public let reindexTotal: Int

    public var inProgress: Bool { pendingTickets > 0 || reindexEmbedder != nil }

    /// One sentence for stderr and the run's `warnings`, nil when nothing is in progress.
    public var message: String? {
        guard inProgress else { return nil }
        var parts: [String] = []
        if let reindexEmbedder {
            parts.append("reindex with \(reindexEmbedder): \(reindexDone) of \(reindexTotal) documents done")
        }
        if pendingTickets > 0 { parts.append("\(pendingTickets) document\(pendingTickets == 1 ? "" : "s") queued") }
        let resume = reindexEmbedder != nil ? "; 'intent library reindex' continues it" : ""
        return "indexing is in progress (\(parts.joined(separator: "; "))); answers cover what is indexed so far\(resume)"
    }
}

extension Library {
    static let reindexEmbedderKey = "reindex_embedder"
    static let reindexGenerationKey = "reindex_generation"

    /// Queues every document to be embedded again with the active embedder (needed after the
    /// embedder changes). Returns the number of tickets. See `startReindex`.
    @discardableResult
    public func reindex() throws -> Int { try startReindex().queued }

    /// Starts a reindex, or continues an interrupted one with the same embedder: documents keep
    /// their chunks and vectors (questions keep being answered) until each is re-embedded; every
    /// document records the reindex generation it was embedded under, so only those not yet done
    /// are queued. The index switches to the new embedder when the last one is done.
    public func startReindex() throws -> ReindexPlan {
        let db = try store.database()
        let (paths, total, resumed) = try db.write { c -> ([String], Int, Bool) in
            let target = try LibraryCatalog.meta(Self.reindexEmbedderKey, c)
            var generation = Int64(try LibraryCatalog.meta(Self.reindexGenerationKey, c) ?? "0") ?? 0
            let resumed = target == embedder.identifier
            if !resumed {
                let highest = try c.first("SELECT max(index_generation) FROM library_documents") { $0.isNull(0) ? 0 : $0.int64(0) } ?? 0
                generation = max(generation, highest) + 1
                try LibraryCatalog.setMeta(Self.reindexGenerationKey, String(generation), c)
                try LibraryCatalog.setMeta(Self.reindexEmbedderKey, embedder.identifier, c)
            }
            let total = try c.first("SELECT count(*) FROM library_documents") { $0.int(0) } ?? 0
            let todo = try c.rows("""
                SELECT path FROM library_documents
                WHERE NOT (complete = 1 AND embedder = ? AND index_generation >= ?) ORDER BY id
                """, [embedder.identifier, generation]) { $0.text(0) }
            return (todo, total, resumed)
        }
        let ids = try queue(db).enqueue(paths: paths, action: .index)
        if paths.isEmpty { try finishReindexIfDone(db) }
        return ReindexPlan(queued: ids.count, total: total, resumed: resumed)
    }

    /// Ends a reindex whose documents are all re-embedded: the index is the new embedder's.
    func finishReindexIfDone(_ db: Database) throws {
        try db.write { c in
            guard let target = try LibraryCatalog.meta(Self.reindexEmbedderKey, c) else { return }
            let generation = Int64(try LibraryCatalog.meta(Self.reindexGenerationKey, c) ?? "0") ?? 0
            let left = try c.first("""
                SELECT count(*) FROM library_documents WHERE NOT (complete = 1 AND embedder = ? AND index_generation >= ?)
                """, [target, generation]) { $0.int(0) } ?? 0
            guard left == 0 else { return }
            try LibraryCatalog.setMeta("embedder", target, c)
            try c.run("DELETE FROM library_meta WHERE key = ?", [Self.reindexEmbedderKey])
            try LibraryCatalog.bumpGeneration(c)
        }
    }

    /// Incomplete documents no ticket will finish (their ticket failed for good): cleared and
    /// removed, so nothing half-written stays in the store.
    func discardAbandonedDocuments(_ db: Database) throws {
        let abandoned = try db.read { c in
            try c.rows("""
                SELECT id FROM library_documents WHERE complete != 1 AND path NOT IN
                  (SELECT path FROM library_tickets WHERE state IN ('queued', 'processing'))
                """) { $0.int64(0) }
        }
        for id in abandoned {
            try ChunkWriter.clear(id, db: db, configuration: configuration)
            try db.write { try LibraryCatalog.remove(where: "id", id, $0) }
        }
    }

    /// Whether indexing is in progress: tickets waiting or leased, or a reindex not yet done.
    public func indexingActivity() throws -> IndexingActivity {
        let db = try store.database()
        let counts = try queue(db).counts()
        let pending = (counts[.queued] ?? 0) + (counts[.processing] ?? 0)
        return try db.read { c in
            guard let target = try LibraryCatalog.meta(Self.reindexEmbedderKey, c) else {
                return IndexingActivity(pendingTickets: pending, reindexEmbedder: nil, reindexDone: 0, reindexTotal: 0)
            }
            let generation = Int64(try LibraryCatalog.meta(Self.reindexGenerationKey, c) ?? "0") ?? 0
            let (done, total) = try c.first("""
                SELECT sum(complete = 1 AND embedder = ? AND index_generation >= ?), count(*) FROM library_documents
                """, [target, generation]) { ($0.isNull(0) ? 0 : $0.int(0), $0.int(1)) } ?? (0, 0)
            return IndexingActivity(pendingTickets: pending, reindexEmbedder: target, reindexDone: done, reindexTotal: total)
        }
    }
}
