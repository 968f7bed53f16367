import Foundation
import Store

/// A document row as ingestion sees it: with its completeness and reindex generation.
struct StoredDocument: Equatable {
    var id: Int64
    var path: String
    var kind: String
    var contentHash: String
    var size: Int64
    var chunkCount: Int
    var embedder: String
    var generation: Int64
    /// 1 searchable; 0 chunks being written (resumable); -1 old chunks being cleared.
    var complete: Int

    static func at(path: String, _ c: Connection) throws -> StoredDocument? {
        try c.first("""
            SELECT id, path, kind, content_hash, size, chunk_count, embedder, index_generation, complete
            FROM library_documents WHERE path = ?
            """, [path]) { r in
            StoredDocument(id: r.int64(0), path: r.text(1), kind: r.text(2), contentHash: r.text(3), size: r.int64(4),
                           chunkCount: r.int(5), embedder: r.text(6), generation: r.int64(7), complete: r.int(8))
        }
    }

    /// Makes the document searchable: the last transaction of its ingestion.
    static func markComplete(_ id: Int64, at now: Date, _ c: Connection) throws {
        try c.run("UPDATE library_documents SET complete = 1, indexed_at = ? WHERE id = ?",
                  [ISO8601DateFormatter().string(from: now), id])
        try LibraryCatalog.bumpGeneration(c)
    }
}

/// Writes one document's chunks in bounded transactions: at most `commitMaxChunks` chunks,
/// `commitMaxBytes` bytes of text and `commitMaxSeconds` per transaction.
struct ChunkWriter {
    let db: Database
    let configuration: RetrievalConfiguration
    let bytes: [UInt8]
    let drafts: [ChunkDraft]
    /// Wall time of the `indexed_at` stamps.
    let clock: @Sendable () -> Date
    /// Chunks of this document already in the store (ordinals `0..<written`).
    private(set) var written = 0

    /// Gets the document row ready for new chunks and returns its id: resumes an incomplete row
    /// of the same content, embedder and chunking after its written chunks; otherwise hides and
    /// clears the old row (bounded transactions) and reuses it, or inserts a new one.
    mutating func prepare(_ header: StoredDocument, existing: StoredDocument?) throws -> Int64 {
        if let existing, existing.complete == 0, existing.contentHash == header.contentHash,
           existing.embedder == header.embedder, existing.generation == header.generation,
           existing.chunkCount == header.chunkCount, let done = try resumable(existing.id) {
            written = done
            return existing.id
        }
        if let existing {
            try Self.clear(existing.id, db: db, configuration: configuration)
            try db.write { c in
                try c.run("""
                    UPDATE library_documents SET kind = ?, content_hash = ?, size = ?, chunk_count = ?, embedder = ?,
                      index_generation = ?, complete = 0 WHERE id = ?
                    """, [header.kind, header.contentHash, header.size, header.chunkCount, header.embedder,
                          header.generation, existing.id])
            }
            return existing.id
        }
        return try db.write { c in
            try c.run("""
                INSERT INTO library_documents(path, kind, content_hash, size, chunk_count, embedder, indexed_at,
                  complete, index_generation) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)
                """, [header.path, header.kind, header.contentHash, header.size, header.chunkCount, header.embedder,
                      ISO8601DateFormatter().string(from: clock()), header.generation])
            return c.lastInsertRowID
        }
    }

    /// How many chunks of an interrupted write can be kept: ordinals `0..<n` all present and the
    /// last one where this run's chunking puts it; nil when they do not match (redo).
    private func resumable(_ docId: Int64) throws -> Int? {
        let row = try db.read { c in
            try c.first("SELECT count(*), max(ordinal) FROM library_chunks WHERE doc_id = ?", [docId]) {
                ($0.int(0), $0.isNull(1) ? -1 : $0.int(1))
            }
        }
        guard let (count, maxOrdinal) = row else { return nil }
        if count == 0 { return 0 }
        guard count == maxOrdinal + 1, count <= drafts.count, drafts[count - 1].ordinal == maxOrdinal else { return nil }
        let last = try db.read { c in
            try c.first("SELECT start, end FROM library_chunks WHERE doc_id = ? AND ordinal = ?", [docId, maxOrdinal]) {
                $0.int(0)..<$0.int(1)
            }
        }
        return last == drafts[count - 1].sourceRange ? count : nil
    }

    /// Hides a document from searches (its chunks leave the next vector file) and deletes its
    /// chunks `commitMaxChunks` at a time. The row itself stays (the caller reuses or removes it).
    static func clear(_ docId: Int64, db: Database, configuration: RetrievalConfiguration) throws {
        try db.write { c in
            try c.run("UPDATE library_documents SET complete = -1 WHERE id = ? AND complete != -1", [docId])
            if c.changes > 0 { try LibraryCatalog.bumpGeneration(c) }
        }
        while true {
            let deleted = try db.write { c -> Int in
                try c.run("DELETE FROM library_chunks WHERE id IN (SELECT id FROM library_chunks WHERE doc_id = ? LIMIT ?)",
                          [docId, max(configuration.commitMaxChunks, 1)])
                return c.changes
            }
            if deleted == 0 { return }
        }
    }

    /// True when `pending` should be written now.
    func isFull(_ pending: [(index: Int, vector: [Float])]) -> Bool {
        pending.count >= configuration.commitMaxChunks
            || pending.reduce(0) { $0 + drafts[$1.index].text.utf8.count } >= configuration.commitMaxBytes
    }

    /// Writes `pending` (consecutive chunks from `written`) in as many transactions as the bounds
    /// need; empties it.
    mutating func write(_ pending: inout [(index: Int, vector: [Float])], docId: Int64) throws {
        while !pending.isEmpty {
            let batch = pending
            let stored = try db.write { c -> Int in
                let started = ContinuousClock.now
                let limit = Duration.milliseconds(Int64(configuration.commitMaxSeconds * 1_000))
                let insert = try c.prepare("""
                    INSERT INTO library_chunks(doc_id, ordinal, start, end, word_count, token_count, text, raw, segments, vector)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                var n = 0, textBytes = 0
                for (index, vector) in batch {
                    let chunk = drafts[index]
                    let raw = chunk.rawSource(in: bytes)
                    try insert.run([docId, chunk.ordinal, chunk.sourceRange.lowerBound, chunk.sourceRange.upperBound,
                                    chunk.wordCount, chunk.tokenCount, chunk.text, raw, LibraryCatalog.encode(chunk.segments, encoding: chunk.encoding),
                                    LibraryCatalog.encode(vector)])
                    n += 1
                    textBytes += chunk.text.utf8.count
                    if n >= configuration.commitMaxChunks || textBytes >= configuration.commitMaxBytes
                        || ContinuousClock.now - started >= limit { break }
                }
                return n
            }
            pending.removeFirst(stored)
            written += stored
        }
    }
}
