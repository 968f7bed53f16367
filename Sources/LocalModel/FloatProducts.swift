import CBLAS
import Foundation

/// Float-activation products for prompt batches: weights are dequantized into a scratch matrix
/// and multiplied with BLAS `sgemm`.
///
/// Each chunk of rows that a pool thread claims is dequantized and multiplied by that thread,
/// with OpenBLAS at one thread per call: the products of a batch need no second barrier after
/// the dequantization, and OpenBLAS's own workers (which spin in `sched_yield` between calls)
/// do not compete with the pool's for the same cores.
///
/// One thread is set for the whole process, once, when the first instance is made, and never
/// restored: OpenBLAS's thread count is process-global and read at every call, and its `sgemm`
/// sums differently with 2 threads than with 1 for a prompt's shapes (a few ulps). Saving and
/// restoring it around each forward pass let two contexts running at once (parallel tests, a
/// server) hand each other the other count mid-prompt, so the same prompt gave logits up to
/// 1e-3 apart from run to run. `MiniLMEmbedder` does the same for its own reason.
final class FloatProducts: @unchecked Sendable {
    private let scratch: Buffer<Float>

    /// Whether the BLAS library in this process is OpenBLAS (the reference BLAS is far too slow
    /// for `sgemm` at this size).
    static let available: Bool = intent_blas_symbol("openblas_get_config") != nil

    private typealias SetThreads = @convention(c) (Int32) -> Void
    private typealias GetThreads = @convention(c) () -> Int32
    private static let setThreads: SetThreads? = intent_blas_symbol("openblas_set_num_threads").map { unsafeBitCast($0, to: SetThreads.self) }
    private static let getThreads: GetThreads? = intent_blas_symbol("openblas_get_num_threads").map { unsafeBitCast($0, to: GetThreads.self) }

    /// `maxElements`: the largest rows × columns of the matrices multiplied together in one call.
    init(maxElements: Int) {
        scratch = Buffer(maxElements)
        Self.pinned
    }

    /// Sets OpenBLAS to one thread per call for the rest of the process (see the type's note).
    private static let pinned: Void = { setThreads?(1) }()

    /// OpenBLAS's current thread count (1 for another BLAS).
    static var blasThreads: Int { getThreads.map { Int($0()) } ?? 1 }

    /// `out[t, r] = W[r] · input[t]` for `n` float rows of `input` (`cols` floats each), for every
    /// (W, out) of `jobs` (all quantized, sharing the input), in one parallel region.
    func multiply(_ jobs: [(QuantizedMatrix, UnsafeMutablePointer<Float>)], n: Int, input: UnsafePointer<Float>, pool: WorkerPool) {
        var starts: [Int] = [0], offsets: [Int] = [0]
        for (w, _) in jobs { starts.append(starts.last! + w.rows); offsets.append(offsets.last! + w.rows * w.cols) }
        precondition(offsets.last! <= scratch.count, "float product scratch too small")
        let total = starts.last!, dense = scratch.pointer
        let starts_ = starts, offsets_ = offsets
        // Two chunks per thread: large enough that sgemm's packing of the input stays small next
        // to the product, small enough that a descheduled worker's share is taken over.
        let chunks = max(1, min(total / 32, pool.threads * 2))
        pool.run(chunks) { range in
            let lo = total * range.lowerBound / chunks, hi = total * range.upperBound / chunks
            for (j, (w, out)) in jobs.enumerated() {
                let r0 = max(lo, starts_[j]) - starts_[j], r1 = min(hi, starts_[j + 1]) - starts_[j]
                guard r0 < r1 else { continue }
                let cols = w.cols, m = dense + offsets_[j]
                for r in r0..<r1 { w.row(r, into: m + r * cols) }
                cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(n), Int32(r1 - r0), Int32(cols),
                            1, input, Int32(cols), m + r0 * cols, Int32(cols), 0, out + r0, Int32(w.rows))
            }
        }
    }

    /// Logits from one float vector, row by row (the LM head is too large to dequantize whole).
    static func rowDots(_ w: QuantizedMatrix, x: UnsafePointer<Float>, out: UnsafeMutablePointer<Float>, pool: WorkerPool) {
        pool.run(w.rows) { range in
            let row = UnsafeMutablePointer<Float>.allocate(capacity: w.cols)
            defer { row.deallocate() }
            for r in range {
                w.row(r, into: row)
                var acc = SIMD8<Float>()
                var i = 0
                while i + 8 <= w.cols {
                    acc += UnsafeRawPointer(row + i).loadUnaligned(as: SIMD8<Float>.self)
                        * UnsafeRawPointer(x + i).loadUnaligned(as: SIMD8<Float>.self)
                    i += 8
                }
                var s = acc.sum()
                while i < w.cols { s += row[i] * x[i]; i += 1 }
                out[r] = s
            }
        }
    }
}
