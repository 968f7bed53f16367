import CBLAS
import Embeddings
import Foundation
import Glibc
import Store

/// The vector index on disk: a memory-mapped matrix of 8-bit unit vectors for the first pass,
/// the float32 vectors with their norms for rescoring, and the chunk ids.
///
/// Layout (little-endian): a 128-byte header — magic `INTVEC02`, dimension (u32), bytes of one
/// 8-bit row (u32), count (u64), generation (u64), embedder identifier (64 bytes, NUL-padded) —
/// then `count` 8-bit rows (`Q8Vectors`, each the unit vector), `count × dimension` float32
/// vectors, `count` float32 norms and `count` int64 chunk ids in ascending order. The file is
/// derived from the store (which keeps every vector) and rebuilt atomically when the store's
/// generation moves; it is searched in place, never copied. A file of another layout (an older
/// `INTVEC01`) fails to open and is rebuilt.
public final class VectorFile: @unchecked Sendable {
    static let magic = Array("INTVEC02".utf8)
    static let headerSize = 128

    public let url: URL
    public let dimension: Int
    public let count: Int
    public let generation: Int64
    public let embedder: String
    private let data: Data

    /// Maps the file at `url` and validates its header and size.
    public init(url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url, options: .alwaysMapped) } catch {
            throw RetrievalError.corruptVectorFile(path: url.lastPathComponent, reason: "cannot map")
        }
        guard data.count >= VectorFile.headerSize, Array(data.prefix(8)) == VectorFile.magic else {
            throw RetrievalError.corruptVectorFile(path: url.lastPathComponent, reason: "bad header")
        }
        let (rawDim, rawRow, rawCount, rawGen, name) = data.withUnsafeBytes { raw in
            (UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)),
             UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self)),
             UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
             UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)),
             String(decoding: raw[32..<96].prefix { $0 != 0 }, as: UTF8.self))
        }
        let (dim, count, gen) = try Self.validate(dimension: rawDim, count: rawCount, generation: rawGen,
                                                  fileSize: data.count, name: url.lastPathComponent)
        guard Int(rawRow) == Q8Vectors.rowBytes(dimension: dim) else {
            throw RetrievalError.corruptVectorFile(path: url.lastPathComponent, reason: "8-bit row size does not match")
        }
        self.url = url
        self.data = data
        self.dimension = dim
        self.count = count
        self.generation = gen
        self.embedder = name
    }

    /// Most dimensions a vector may have (a header claiming more is corrupt).
    static let maxDimension: UInt32 = 65_536

    /// Checks every header field with checked arithmetic: nothing in a crafted header may trap.
    static func validate(dimension: UInt32, count: UInt64, generation: UInt64, fileSize: Int,
                         name: String) throws -> (Int, Int, Int64) {
        func corrupt(_ reason: String) -> RetrievalError { .corruptVectorFile(path: name, reason: reason) }
        guard dimension > 0, dimension <= maxDimension else { throw corrupt("dimension \(dimension) out of range") }
        guard generation <= UInt64(Int64.max) else { throw corrupt("generation out of range") }
        guard count <= UInt64(Int.max) else { throw corrupt("count out of range") }
        let dim = Int(dimension), n = Int(count)
        let stride = rowStride(dimension: dim)
        let (body, overflow) = n.multipliedReportingOverflow(by: stride)
        guard !overflow else { throw corrupt("count \(count) does not fit the file") }
        let (total, overflow2) = body.addingReportingOverflow(headerSize)
        guard !overflow2, total == fileSize else { throw corrupt("size does not match header") }
        return (dim, n, Int64(generation))
    }

    /// Bytes each vector takes in the file: its 8-bit row, float32 values, norm and id.
    static func rowStride(dimension: Int) -> Int { Q8Vectors.rowBytes(dimension: dimension) + dimension * 4 + 4 + 8 }

    private var quantizedOffset: Int { VectorFile.headerSize }
    private var matrixOffset: Int { quantizedOffset + count * Q8Vectors.rowBytes(dimension: dimension) }
    private var normsOffset: Int { matrixOffset + count * dimension * 4 }
    private var idsOffset: Int { normsOffset + count * 4 }

    /// Chunk id stored at `slot`.
    public func id(at slot: Int) -> Int64 {
        data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: idsOffset + slot * 8, as: Int64.self) }
    }

    /// Slot of chunk `id` (binary search over the ascending ids), or nil.
    public func slot(of id: Int64) -> Int? {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            let value = self.id(at: mid)
            if value == id { return mid }
            if value < id { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// Cosine similarity of `query` (unit length) with the vector at `slot`.
    public func cosine(_ query: [Float], slot: Int) -> Float {
        data.withUnsafeBytes { raw in
            let base = raw.baseAddress!.advanced(by: matrixOffset + slot * dimension * 4)
                .assumingMemoryBound(to: Float.self)
            let norm = raw.loadUnaligned(fromByteOffset: normsOffset + slot * 4, as: Float.self)
            let dot = cblas_sdot(Int32(dimension), base, 1, query, 1)
            return norm > 0 ? dot / norm : 0
        }
    }

    /// Whether `vector` (float32 bytes, as a chunk row stores it) is the vector at `slot`.
    public func matches(_ vector: Data, slot: Int) -> Bool {
        guard slot >= 0, slot < count, vector.count == dimension * 4 else { return false }
        return data.withUnsafeBytes { raw in
            vector.withUnsafeBytes { memcmp(raw.baseAddress! + matrixOffset + slot * dimension * 4, $0.baseAddress!, dimension * 4) == 0 }
        }
    }

    /// Cosine between the stored vectors at two slots.
    public func cosine(slot a: Int, slot b: Int) -> Float {
        data.withUnsafeBytes { raw in
            let base = raw.baseAddress!.advanced(by: matrixOffset).assumingMemoryBound(to: Float.self)
            let na = raw.loadUnaligned(fromByteOffset: normsOffset + a * 4, as: Float.self)
            let nb = raw.loadUnaligned(fromByteOffset: normsOffset + b * 4, as: Float.self)
            let dot = cblas_sdot(Int32(dimension), base + a * dimension, 1, base + b * dimension, 1)
            return na > 0 && nb > 0 ? dot / (na * nb) : 0
        }
    }

    /// The `k` best slots for `query` by cosine similarity: an 8-bit scan of every row
    /// (`Q8Vectors.scan` on up to `threads` threads) picks a shortlist of `shortlist` slots (at
    /// least `k`), whose float32 cosines then give the result. Without the CPU kernel, or when the
    /// shortlist would cover the file, the float32 scan (`exactSearch`).
    public func search(_ query: [Float], k: Int, shortlist: Int? = nil, threads: Int = 1) -> [(slot: Int, score: Float)] {
        guard count > 0, k > 0 else { return [] }
        let wanted = max(shortlist ?? 4 * k, k)
        guard wanted < count, query.count == dimension else { return exactSearch(query, k: k) }
        var approximate = [Float](repeating: 0, count: count)
        let scanned = data.withUnsafeBytes { raw in
            approximate.withUnsafeMutableBufferPointer { out in
                Q8Vectors.scan(rows: raw.baseAddress! + quantizedOffset, count: count,
                               blocks: Q8Vectors.blocks(dimension: dimension), query: Q8Vectors.Query(query),
                               out: out.baseAddress!, threads: threads)
            }
        }
        guard scanned else { return exactSearch(query, k: k) }
        // In slot order, so ties fall as in `exactSearch` (the earlier slot first).
        let candidates = TopK.select(approximate, k: wanted).sorted { $0.slot < $1.slot }
        let rescored = candidates.map { (slot: $0.slot, score: cosine(query, slot: $0.slot)) }
        return TopK.select(rescored.map(\.score), k: k).map { rescored[$0.slot] }
    }

    /// The `k` best slots for `query` by cosine similarity over the float32 vectors (one
    /// `cblas_sgemv` over the mapped matrix): the reference the 8-bit search is checked against.
    public func exactSearch(_ query: [Float], k: Int) -> [(slot: Int, score: Float)] {
        guard count > 0, k > 0 else { return [] }
        var scores = [Float](repeating: 0, count: count)
        data.withUnsafeBytes { raw in
            let matrix = raw.baseAddress!.advanced(by: matrixOffset).assumingMemoryBound(to: Float.self)
            cblas_sgemv(CblasRowMajor, CblasNoTrans, Int32(count), Int32(dimension), 1, matrix, Int32(dimension),
                        query, 1, 0, &scores, 1)
            divideByNorms(&scores, raw)
        }
        return TopK.select(scores, k: k)
    }

    /// The `k` best slots for each query (one `cblas_sgemm` over the mapped matrix).
    public func search(batch queries: [[Float]], k: Int) -> [[(slot: Int, score: Float)]] {
        guard count > 0, k > 0, !queries.isEmpty else { return queries.map { _ in [] } }
        let q = queries.flatMap { $0 }
        var scores = [Float](repeating: 0, count: count * queries.count)
        data.withUnsafeBytes { raw in
            let matrix = raw.baseAddress!.advanced(by: matrixOffset).assumingMemoryBound(to: Float.self)
            // scores (queries × count) = Q (queries × dim) · Mᵀ
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(queries.count), Int32(count),
                        Int32(dimension), 1, q, Int32(dimension), matrix, Int32(dimension), 0, &scores, Int32(count))
        }
        return (0..<queries.count).map { i in
            var row = Array(scores[(i * count)..<((i + 1) * count)])
            data.withUnsafeBytes { divideByNorms(&row, $0) }
            return TopK.select(row, k: k)
        }
    }

    private func divideByNorms(_ scores: inout [Float], _ raw: UnsafeRawBufferPointer) {
        let norms = raw.baseAddress!.advanced(by: normsOffset)
        for i in 0..<scores.count {
            let n = norms.loadUnaligned(fromByteOffset: i * 4, as: Float.self)
            scores[i] = n > 0 ? scores[i] / n : 0
        }
    }

    /// Bytes of the float32 matrix (what one exact query scans).
    public var matrixBytes: Int { count * dimension * 4 }

    /// Bytes of the 8-bit rows (what one `search` scans before rescoring its shortlist).
    public var quantizedBytes: Int { count * Q8Vectors.rowBytes(dimension: dimension) }
}

/// Top-k selection without sorting the whole array.
enum TopK {
    static func select(_ scores: [Float], k: Int) -> [(slot: Int, score: Float)] {
        var best: [(slot: Int, score: Float)] = []
        best.reserveCapacity(k + 1)
        var floor = -Float.infinity
        for (i, s) in scores.enumerated() where best.count < k || s > floor {
            let at = best.firstIndex { $0.score < s } ?? best.count
            best.insert((i, s), at: at)
            if best.count > k { best.removeLast() }
            if best.count == k { floor = best[k - 1].score }
        }
        return best
    }
}
