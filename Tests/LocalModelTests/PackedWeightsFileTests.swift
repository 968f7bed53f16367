import Foundation
import Testing
@testable import LocalModel
#if canImport(Glibc)
import Glibc
#endif

/// The packed-weights cache file: written atomically with mode 0600, mapped back bit for bit,
/// and ignored whenever it is truncated, damaged, stale or of another shape.
@Suite struct PackedWeightsFileTests {
    /// Two packed matrices of random Q4_1 / Q4_0 rows (kept alive with their source bytes).
    final class Fixture {
        let sources: [[UInt8]]
        let pool = WorkerPool(threads: 2, spinMicroseconds: 0)
        var matrices: [PackedMatrix] = []

        /// nil when this CPU has no packed kernels.
        init?() {
            let shapes: [(GGMLType, Int, Int)] = [(.q4_1, 16, 96), (.q4_0, 24, 64)]
            sources = shapes.enumerated().map { i, s in VectorKernelTests.randomMatrix(s.0, rows: s.1, cols: s.2, seed: UInt64(5 + i)).weights }
            for (i, s) in shapes.enumerated() {
                // Packing copies the rows: the source bytes are not needed afterwards.
                let packed = sources[i].withUnsafeBytes { raw in
                    PackedMatrix(QuantizedMatrix(unchecked: raw.baseAddress!, type: s.0, rows: s.1, cols: s.2), pool: pool)
                }
                guard let packed else { pool.shutdown(); return nil }
                matrices.append(packed)
            }
        }

        deinit { pool.shutdown() }
        var entries: [PackedWeightsFile.Entry] { matrices.map(\.entry) }
    }

    static func fixture() throws -> Fixture? { VectorKernels.level > 0 ? Fixture() : nil }

    @Test func savedFileMapsBackBitForBitWithMode0600() throws {
        guard let f = try Self.fixture() else { return }
        let dir = PrefixCacheTests.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = PackedWeightsStore(directory: dir, modelHash: 0x1234)
        #expect(store.load(f.entries) == nil)
        #expect(store.save(f.matrices))
        var st = stat()
        #expect(stat(store.path, &st) == 0 && st.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [PackedWeightsFile.fileName(modelHash: 0x1234)])
        let file = try #require(store.load(f.entries))
        for (m, (e, at)) in zip(f.matrices, zip(f.entries, PackedWeightsFile.offsets(f.entries))) {
            let mapped = PackedMatrix(e, in: file, at: at)
            #expect(Array(mapped.paddedBytes) == Array(m.paddedBytes))
        }
        // Another model's file replaces it; this one is no longer found.
        #expect(PackedWeightsStore(directory: dir, modelHash: 0x99).save(f.matrices))
        #expect(store.load(f.entries) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 1)
    }

    @Test func damagedTruncatedOrStaleFilesAreIgnored() throws {
        guard let f = try Self.fixture() else { return }
        let dir = PrefixCacheTests.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = PackedWeightsStore(directory: dir, modelHash: 7)
        #expect(store.save(f.matrices))
        let good = try Data(contentsOf: URL(fileURLWithPath: store.path))
        func check(_ bytes: Data, _ why: String) throws {
            try FileManager.default.removeItem(atPath: store.path)
            #expect(FileManager.default.createFile(atPath: store.path, contents: bytes))
            #expect(store.load(f.entries) == nil, "accepted a file that is \(why)")
        }
        var flipped = good; flipped[good.count - 100] ^= 0x10
        try check(flipped, "damaged in the data")
        var moved = good
        let a = PackedWeightsFile.dataOffset(entries: 2)
        moved.replaceSubrange(a..<(a + 64), with: good[(a + 64)..<(a + 128)])
        moved.replaceSubrange((a + 64)..<(a + 128), with: good[a..<(a + 64)])
        try check(moved, "reordered")
        try check(good.prefix(good.count - 64), "truncated")
        try check(good + Data(count: 64), "too long")
        var version = good; version[4] = 2
        try check(version, "of another format version")
        var shape = good; shape[PackedWeightsFile.headerBytes + 4] ^= 1
        try check(shape, "of another shape")
        try check(Data(), "empty")
        // The untouched bytes still load, and the shape the model expects must match too.
        try FileManager.default.removeItem(atPath: store.path)
        #expect(FileManager.default.createFile(atPath: store.path, contents: good))
        #expect(store.load(f.entries) != nil)
        #expect(store.load(Array(f.entries.reversed())) == nil)
        #expect(PackedWeightsStore(directory: dir, modelHash: 8).load(f.entries) == nil)
    }

    @Test func unwritableDirectoryOnlyCostsTheCache() throws {
        guard let f = try Self.fixture() else { return }
        let store = PackedWeightsStore(directory: URL(fileURLWithPath: "/proc/intent-no-such-dir"), modelHash: 1)
        #expect(!store.save(f.matrices))
        #expect(store.load(f.entries) == nil)
    }
}
