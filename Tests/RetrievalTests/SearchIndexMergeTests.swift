import Foundation
import Testing
@testable import Retrieval

/// The full-text index merged once enough of it was deleted (files read again), not before.
@Suite("Full-text index merging")
struct SearchIndexMergeTests {
    /// FTS5's shadow rows (segments, their tombstones) in `t`'s index.
    static func indexRows(_ t: TempLibrary) throws -> Int {
        try t.library.store.database().read { c in try c.first("SELECT count(*) FROM library_fts_data") { $0.int(0) } ?? 0 }
    }

    @Test func filesReadAgainAreMergedOnceEnoughWereDeleted() throws {
        var configuration = RetrievalConfiguration.standard
        configuration.ftsMergeMinimumDeleted = 40
        configuration.ftsMergeShare = 0.5
        configuration.ftsMergePages = 16
        let t = try TempLibrary(configuration: configuration)
        let notes = (0..<20).map { i in
            try! t.write("note-\(i).txt", (0..<12).map { "Note \(i), line \($0): the boiler at flat \(i) needs a service in spring." }
                .joined(separator: "\n\n"))
        }
        try t.library.enqueue(paths: notes)
        try t.library.processQueue()
        let db = try t.library.store.database()
        #expect(try db.read { try LibraryCatalog.meta(Library.ftsMergedGapKey, $0) } == nil, "nothing deleted: no merge")
        // every file changes, is read again, and its chunks replaced: a segment and tombstones each
        for round in 0..<3 {
            for (i, url) in notes.enumerated() {
                try Data("Note \(i), round \(round): the boiler at flat \(i) was serviced on \(round + 2) March.\n".utf8).write(to: url)
            }
            try t.library.enqueue(paths: notes)
            try t.library.processQueue()
        }
        let gap = try #require(try db.read { try LibraryCatalog.meta(Library.ftsMergedGapKey, $0) })
        #expect(Int(gap)! >= 40)
        let merged = try Self.indexRows(t)
        // searches find the latest text, and nothing of what was deleted
        let answer = try t.library.ask(question: "when was the boiler at flat 7 serviced")
        #expect(answer.answer?.contains("4 March") == true)
        #expect(try db.read { try $0.first("SELECT count(*) FROM library_fts WHERE library_fts MATCH 'spring'") { $0.int(0) } } == 0)
        #expect(try db.read { try $0.first("SELECT count(*) FROM library_fts WHERE library_fts MATCH 'serviced'") { $0.int(0) } } == 20)
        // another round below the bar: no merge, the index grows again
        try Data("Note 0, round 9: serviced on 9 March.\n".utf8).write(to: notes[0])
        try t.library.enqueue(paths: [notes[0]])
        try t.library.processQueue()
        #expect(try db.read { try LibraryCatalog.meta(Library.ftsMergedGapKey, $0) } == gap)
        #expect(try Self.indexRows(t) > merged)
        #expect(try !t.library.mergeSearchIndexIfChurned(db))
    }
}
