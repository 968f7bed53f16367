import Foundation
import Store

/// The full-text index kept compact as documents are replaced. Each chunk deleted leaves FTS5 a
/// tombstone, and each write a segment; after a library's files are read again (a new extractor
/// version, files that change every day) searches read them all: at 100,000 chunks whose 2,000
/// documents had been read again a few times, an answer took 190 ms at the median instead of 17.
/// Once the chunks deleted since the index was last merged pass `ftsMergeMinimumDeleted` and
/// `ftsMergeShare` of the library's chunks, the next queue run merges it into one segment (FTS5's
/// incremental `merge` with a negative page count, which merges every level as `optimize` does),
/// `ftsMergePages` pages per transaction so another writer still gets the write lock in time.
extension Library {
    /// `max(id) - count(*)` of the chunks when the index was last merged: the deleted chunks
    /// counted since (rowids only grow, but for the highest one, reused when it was deleted).
    static let ftsMergedGapKey = "fts_merged_gap"

    /// Merges the full-text index when enough chunks were deleted since it last was; returns
    /// whether it did.
    @discardableResult
    func mergeSearchIndexIfChurned(_ db: Database) throws -> Bool {
        let (count, gap, merged) = try db.read { c in
            let (count, maxID) = try c.first("SELECT count(*), coalesce(max(id), 0) FROM library_chunks") { ($0.int(0), $0.int(1)) } ?? (0, 0)
            return (count, maxID - count, Int(try LibraryCatalog.meta(Self.ftsMergedGapKey, c) ?? "0") ?? 0)
        }
        let due = max(configuration.ftsMergeMinimumDeleted, Int(configuration.ftsMergeShare * Double(count)))
        guard gap - merged >= due else {
            // (a reused rowid shrank the gap: count from here)
            if gap < merged { try db.write { try LibraryCatalog.setMeta(Self.ftsMergedGapKey, String(gap), $0) } }
            return false
        }
        var working = true
        while working {
            working = try db.write { c in
                let before = c.totalChanges
                try c.run("INSERT INTO library_fts(library_fts, rank) VALUES ('merge', ?)", [-max(configuration.ftsMergePages, 16)])
                // FTS5 changes fewer than two rows once nothing is left to merge
                return c.totalChanges - before >= 2
            }
        }
        try db.write { try LibraryCatalog.setMeta(Self.ftsMergedGapKey, String(gap), $0) }
        return true
    }
}
