import Embeddings
import Foundation
import Store
import Testing
@testable import Retrieval

/// The on-disk vector index: the 8-bit first pass gives the float32 scan's results, and the file
/// never answers for another state of the library (stale file, vanished file, another writer).
@Suite("Vector index")
struct VectorIndexTests {
    /// `count` vectors of `dimension` values: clusters around a few centres plus noise, some exact
    /// duplicates and a zero vector (deterministic).
    static func vectors(count: Int, dimension: Int, seed: UInt64) -> [[Float]] {
        var state = seed
        func uniform() -> Float { Float(SyntheticText.mix(&state) >> 40) / Float(1 << 24) * 2 - 1 }
        let centres = (0..<8).map { _ in (0..<dimension).map { _ in uniform() } }
        var rows: [[Float]] = []
        for i in 0..<count {
            if i % 97 == 5, let previous = rows.last { rows.append(previous); continue }
            if i == 11 { rows.append([Float](repeating: 0, count: dimension)); continue }
            let centre = centres[i % centres.count]
            rows.append(centre.map { $0 + 0.6 * uniform() })
        }
        return rows
    }

    static func file(_ rows: [[Float]], dimension: Int, generation: Int64 = 1) throws -> VectorFile {
        // A folder of its own: the writer makes the file's folder private (the system temp folder is not ours).
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vectors-\(UUID().uuidString)")
        let url = dir.appendingPathComponent("vectors.f32")
        try VectorFileWriter.write(to: url, embedder: "test", dimension: dimension, generation: generation, count: rows.count) { emit in
            for (i, row) in rows.enumerated() { row.withUnsafeBytes { emit(Int64(10 * i + 3), $0) } }
        }
        let file = try VectorFile(url: url)
        try FileManager.default.removeItem(at: dir)  // stays mapped
        return file
    }

    @Test(arguments: [(384, 3_000), (8, 500), (100, 1_200)])
    func theEightBitSearchGivesTheFloatSearchsResults(dimension: Int, count: Int) throws {
        let rows = Self.vectors(count: count, dimension: dimension, seed: UInt64(dimension))
        let file = try Self.file(rows, dimension: dimension)
        #expect(file.count == count && file.dimension == dimension)
        #expect(file.quantizedBytes == count * Q8Vectors.rowBytes(dimension: dimension))
        let queries = Self.vectors(count: 40, dimension: dimension, seed: 99).dropFirst(12).map { q -> [Float] in
            let n = q.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return q.map { $0 / n }
        }
        for (i, query) in queries.enumerated() {
            let k = [1, 15, 30][i % 3]
            let exact = file.exactSearch(query, k: k)
            for threads in [1, 2] {
                let fast = file.search(query, k: k, shortlist: max(4 * k, 64), threads: threads)
                #expect(fast.map(\.slot) == exact.map(\.slot), "query \(i), k \(k), \(threads) threads")
                for (a, b) in zip(fast, exact) { #expect(abs(a.score - b.score) < 1e-5) }
            }
        }
        #expect(file.id(at: 7) == 73 && file.slot(of: 73) == 7 && file.slot(of: 74) == nil)
        #expect(file.matches(rows[7].withUnsafeBytes { Data($0) }, slot: 7))
        #expect(!file.matches(rows[8].withUnsafeBytes { Data($0) }, slot: 7))
    }

    @Test func aWriterEmittingAnotherCountLeavesNoFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vectors-\(UUID().uuidString)")
        let url = dir.appendingPathComponent("vectors.f32")
        #expect(throws: RetrievalError.self) {
            try VectorFileWriter.write(to: url, embedder: "test", dimension: 4, generation: 1, count: 2) { emit in
                [Float](repeating: 1, count: 4).withUnsafeBytes { emit(1, $0) }
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        try? FileManager.default.removeItem(at: dir)
    }

    static func names(_ pack: EvidencePack) -> Set<String> {
        Set(pack.chunks.map { URL(fileURLWithPath: $0.path).lastPathComponent })
    }

    @Test func anotherWriterMakesTheMappedFileStaleAndTheNextSearchSeesItsChanges() throws {
        let t = try TempLibrary()
        try t.write("lighthouse.md", "The lighthouse keeper lit the lamp at dusk every evening.")
        try t.write("harbour.md", "The harbour master counted the fishing boats at dawn.")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let before = try t.library.currentVectors(try t.library.store.database())
        #expect(Self.names(try t.library.evidence(for: "Who counted the fishing boats?")).contains("harbour.md"))

        // Another process (its own Library on the same store) replaces the newest document: its
        // chunk ids are reused for other text.
        let other = Library(store: IntentStore(paths: t.library.store.paths, schema: Library.schema, housekeeping: nil),
                            embedder: HashingEmbedder(), clock: TestTime.clock, workerID: "other-writer")
        try t.write("harbour.md", "The baker sold warm bread rolls at the market square.")
        try other.enqueue(paths: [t.docs])
        try other.processQueue()

        let pack = try t.library.evidence(for: "Who sold warm bread rolls at the market?")
        #expect(pack.trace.generation > before.generation, "the stale mapping is not searched")
        let texts = pack.chunks.map(\.text).joined(separator: " ")
        #expect(texts.contains("bread rolls") && !texts.contains("fishing boats"))
        let now = try t.library.currentVectors(try t.library.store.database())
        #expect(now.generation == pack.trace.generation)
    }

    @Test func aStaleFileIsCheckedAgainstTheStoredVectors() throws {
        let t = try TempLibrary()
        try t.write("lighthouse.md", "The lighthouse keeper lit the lamp at dusk every evening.")
        try t.write("harbour.md", "The harbour master counted the fishing boats at dawn.")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let db = try t.library.store.database()
        let stale = try t.library.currentVectors(db)
        // Another writer gives the harbour chunk's id another vector (as when a deleted chunk's
        // id is taken by a new one) and moves the generation.
        let harbour = try #require(try db.read { c in
            try c.first("SELECT c.id FROM library_chunks c JOIN library_documents d ON d.id = c.doc_id WHERE d.path LIKE ?",
                        ["%harbour.md"]) { $0.int64(0) }
        })
        let other = try HashingEmbedder().embed(["Quarterly tax forms are filed in April."])[0]
        try db.write { c in
            try c.run("UPDATE library_chunks SET vector = ? WHERE id = ?", [LibraryCatalog.encode(other), harbour])
            try LibraryCatalog.bumpGeneration(c)
        }
        let slot = try #require(stale.slot(of: harbour))
        #expect(!stale.matches(LibraryCatalog.encode(other), slot: slot))

        // The old mapping (what a reader racing the writer holds), searched with verification:
        // the harbour chunk loses its vector hit; unverified, it keeps the old one.
        let question = "Who counted the fishing boats at dawn?"
        let searcher = HybridSearcher(configuration: t.library.configuration, embedder: t.library.embedder)
        let checked = try db.read { try searcher.search(question, target: 5, vectors: stale, verifyVectors: true, $0) }
        let unchecked = try db.read { try searcher.search(question, target: 5, vectors: stale, verifyVectors: false, $0) }
        #expect(unchecked.chunks.contains { $0.chunkId == harbour && $0.vectorRank != nil })
        #expect(!checked.chunks.contains { $0.chunkId == harbour })
        #expect(checked.chunks.contains { $0.text.contains("lighthouse") })
        // Through `evidence` the file is rebuilt for the new generation first.
        let pack = try t.library.evidence(for: question)
        let fresh = try t.library.currentVectors(db)
        #expect(fresh.generation == stale.generation + 1 && pack.trace.generation == fresh.generation)
        #expect(fresh.matches(LibraryCatalog.encode(other), slot: try #require(fresh.slot(of: harbour))))
    }

    @Test func aVanishedFileIsRebuiltAndTheMappedOneKeepsAnswering() throws {
        let t = try TempLibrary()
        try t.write("lighthouse.md", "The lighthouse keeper lit the lamp at dusk every evening.")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        #expect(Self.names(try t.library.evidence(for: "When was the lamp lit?")) == ["lighthouse.md"])
        try FileManager.default.removeItem(at: t.library.vectorFileURL)
        // This process keeps its mapping of the unlinked file; another one rebuilds the file.
        #expect(Self.names(try t.library.evidence(for: "When was the lamp lit?")) == ["lighthouse.md"])
        let other = Library(store: t.library.store, embedder: HashingEmbedder(), clock: TestTime.clock, workerID: "other-reader")
        #expect(Self.names(try other.evidence(for: "When was the lamp lit?")) == ["lighthouse.md"])
        let rebuilt = try VectorFile(url: t.library.vectorFileURL)
        #expect(rebuilt.count == 1)
    }

    @Test func aFileOfTheOlderLayoutIsRebuilt() throws {
        let t = try TempLibrary()
        try t.write("lighthouse.md", "The lighthouse keeper lit the lamp at dusk every evening.")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        var bytes = [UInt8](try Data(contentsOf: t.library.vectorFileURL))
        bytes.replaceSubrange(0..<8, with: Array("INTVEC01".utf8))
        try Data(bytes).write(to: t.library.vectorFileURL)
        #expect(throws: RetrievalError.self) { try VectorFile(url: t.library.vectorFileURL) }
        let other = Library(store: t.library.store, embedder: HashingEmbedder(), clock: TestTime.clock, workerID: "other-reader")
        #expect(Self.names(try other.evidence(for: "When was the lamp lit?")) == ["lighthouse.md"])
        #expect(try VectorFile(url: t.library.vectorFileURL).count == 1)
    }
}
