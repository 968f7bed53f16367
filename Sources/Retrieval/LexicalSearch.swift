import Foundation
import Store

/// The lexical arm: SQLite FTS5 (`porter unicode61`) ranked by bm25, plus document frequencies
/// for the answerer's term weights.
enum LexicalSearch {
    /// Up to `limit` chunk ids matching the FTS5 `query`, best first, with their bm25 scores
    /// (lower is better in SQLite).
    static func search(_ query: String?, limit: Int, _ c: Connection) throws -> [(id: Int64, bm25: Double)] {
        guard let query, limit > 0 else { return [] }
        return try c.rows("""
            SELECT rowid, bm25(library_fts) FROM library_fts WHERE library_fts MATCH ?
            ORDER BY bm25(library_fts) LIMIT ?
            """, [query, limit]) { ($0.int64(0), $0.double(1)) }
    }

    /// Number of chunks containing each word (FTS stems it), counted up to `cap`. A word in a few
    /// chunks counts each text once: a file kept twice (`report.pptx` beside its `report.odp`, a
    /// download's `(1)` copy) holds its rare words no more often than one copy does, so they weigh
    /// the same in the question's terms.
    static func documentFrequencies(_ words: [String], cap: Int, _ c: Connection) throws -> [String: Int] {
        let count = try c.prepare("SELECT count(*) FROM (SELECT rowid FROM library_fts WHERE library_fts MATCH ? LIMIT ?)")
        let distinct = try c.prepare("""
            SELECT count(DISTINCT text) FROM library_chunks
            WHERE id IN (SELECT rowid FROM library_fts WHERE library_fts MATCH ?)
            """)
        var result: [String: Int] = [:]
        for word in words {
            let n = try count.rows(["\"\(word)\"", cap]) { $0.int(0) }.first ?? 0
            result[word] = n > 1 && n <= distinctTexts ? try distinct.rows(["\"\(word)\""]) { $0.int(0) }.first ?? n : n
        }
        return result
    }
    /// Up to this many chunks, a word's frequency counts distinct texts (beyond it a copy moves
    /// a common word's weight little, and comparing texts would cost a lookup per chunk).
    static let distinctTexts = 32

    /// Number of chunks in the library.
    static func chunkCount(_ c: Connection) throws -> Int {
        try c.first("SELECT count(*) FROM library_chunks") { $0.int(0) } ?? 0
    }
}
