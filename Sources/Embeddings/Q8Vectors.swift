import CQuantKernels
import Dispatch

/// 8-bit copies of unit vectors for the library's first-pass vector scan.
///
/// A row is the vector cut into blocks of 32 values (zero-padded), each block stored as ggml's
/// Q8_0: a float16 scale `d` and 32 signed bytes `q` with `q·d ≈ x` (|q| ≤ 127). The query is
/// quantized the same way; `scan` then computes every row's dot product with the query through the
/// AVX2 / AVX-VNNI Q8_0 matrix-vector kernel of `CQuantKernels` — a quarter of the bytes a float32
/// scan reads. Scores are approximate (about 1e-3 of the vectors' lengths): callers rescore a
/// shortlist with the float vectors.
public enum Q8Vectors {
    public static let blockValues = 32
    static let blockBytes = 34

    /// Blocks per row for vectors of `dimension` values.
    public static func blocks(dimension: Int) -> Int { (dimension + blockValues - 1) / blockValues }

    /// Bytes of one quantized row.
    public static func rowBytes(dimension: Int) -> Int { blocks(dimension: dimension) * blockBytes }

    /// Whether this CPU has the vector kernel (`scan` returns false otherwise).
    public static var available: Bool { intent_qk_level() > 0 }

    /// Writes `x × factor` as one quantized row (`rowBytes(dimension: x.count)` bytes) at `out`.
    public static func quantizeRow(_ x: UnsafeBufferPointer<Float>, factor: Float, into out: UnsafeMutableRawPointer) {
        let n = blocks(dimension: x.count)
        for b in 0..<n {
            let lo = b * blockValues, hi = min(lo + blockValues, x.count)
            var amax: Float = 0
            for i in lo..<hi { amax = max(amax, abs(x[i] * factor)) }
            let d16 = Float16(amax / 127)
            let d = Float(d16)
            let block = out + b * blockBytes
            block.storeBytes(of: d16.bitPattern.littleEndian, toByteOffset: 0, as: UInt16.self)
            for j in 0..<blockValues {
                let i = lo + j
                let q: Int8 = i < hi && d > 0 ? Int8(max(-127, min(127, (x[i] * factor / d).rounded()))) : 0
                block.storeBytes(of: q, toByteOffset: 2 + j, as: Int8.self)
            }
        }
    }

    /// A query quantized for `scan`: 32-value blocks of signed bytes and one float scale per block.
    public struct Query: Sendable {
        public let values: [Int8]
        public let scales: [Float]

        public init(_ x: [Float]) {
            let n = Q8Vectors.blocks(dimension: x.count)
            var values = [Int8](repeating: 0, count: n * Q8Vectors.blockValues)
            var scales = [Float](repeating: 0, count: n)
            for b in 0..<n {
                let lo = b * Q8Vectors.blockValues, hi = min(lo + Q8Vectors.blockValues, x.count)
                let amax = x[lo..<hi].reduce(Float(0)) { max($0, abs($1)) }
                guard amax > 0, amax.isFinite else { continue }
                let d = amax / 127
                scales[b] = d
                for i in lo..<hi { values[i] = Int8(max(-127, min(127, (x[i] / d).rounded()))) }
            }
            self.values = values
            self.scales = scales
        }
    }

    /// out[r] ≈ row r · query for `count` rows of `blocks` blocks at `rows`, split over up to
    /// `threads` threads (each at least `minRowsPerThread` rows). False when this CPU has no kernel
    /// (nothing written).
    public static func scan(rows: UnsafeRawPointer, count: Int, blocks: Int, query: Query,
                            out: UnsafeMutablePointer<Float>, threads: Int = 1, minRowsPerThread: Int = 16_384) -> Bool {
        guard available, query.scales.count == blocks else { return false }
        let parts = max(1, min(threads, count / max(minRowsPerThread, 1)))
        let rowBytes = blocks * blockBytes
        return query.values.withUnsafeBufferPointer { a in
            query.scales.withUnsafeBufferPointer { ad in
                func run(_ r0: Int, _ r1: Int) -> Bool {
                    intent_qk_matvec(8, rows, rowBytes, r0, r1, blocks, a.baseAddress, ad.baseAddress, ad.baseAddress,
                                     out + r0) == 1
                }
                guard parts > 1 else { return run(0, count) }
                let step = (count + parts - 1) / parts
                let out = UnsafeSendable(out: out, rows: rows, a: a.baseAddress!, ad: ad.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: parts) { p in
                    let r0 = p * step, r1 = min(count, r0 + step)
                    guard r0 < r1 else { return }
                    _ = intent_qk_matvec(8, out.rows, rowBytes, r0, r1, blocks, out.a, out.ad, out.ad, out.out + r0)
                }
                return true
            }
        }
    }

    /// Pointers handed to the scan's worker threads (each writes its own rows of `out`).
    private struct UnsafeSendable: @unchecked Sendable {
        let out: UnsafeMutablePointer<Float>
        let rows: UnsafeRawPointer
        let a: UnsafePointer<Int8>
        let ad: UnsafePointer<Float>
    }
}
