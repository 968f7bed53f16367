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

    /// Number of chunks containing each word (FTS stems it), counted up to `cap`.
    static func documentFrequencies(_ words: [String], cap: Int, _ c: Connection) throws -> [String: Int] {
        let count = try c.prepare("SELECT count(*) FROM (SELECT rowid FROM library_fts WHERE library_fts MATCH ? LIMIT ?)")
        var result: [String: Int] = [:]
        for word in words {
            result[word] = try count.rows(["\"\(word)\"", cap]) { $0.int(0) }.first ?? 0
        }
        return result
    }

    /// Number of chunks in the library.
    static func chunkCount(_ c: Connection) throws -> Int {
        try c.first("SELECT count(*) FROM library_chunks") { $0.int(0) } ?? 0
    }
}
