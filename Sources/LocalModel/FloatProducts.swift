import CBLAS
import Foundation

/// Float-activation products for prompt batches: weights are dequantized (rows split across
/// the pool) into a scratch matrix and multiplied with BLAS `sgemm`.
final class FloatProducts: @unchecked Sendable {
    private let scratch: Buffer<Float>

    /// Whether the BLAS library in this process is OpenBLAS (the reference BLAS is far too slow
    /// for `sgemm` at this size).
    static let available: Bool = intent_blas_symbol("openblas_get_config") != nil

    init(maxElements: Int) { scratch = Buffer(maxElements) }

    /// `out[t, r] = W[r] · input[t]` for `n` float rows of `input`.
    func multiply(_ w: QuantizedMatrix, n: Int, input: UnsafePointer<Float>, out: UnsafeMutablePointer<Float>, pool: WorkerPool) {
        let dense = scratch.pointer
        pool.run(w.rows) { range in
            for r in range { w.row(r, into: dense + r * w.cols) }
        }
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(n), Int32(w.rows), Int32(w.cols),
                    1, input, Int32(w.cols), dense, Int32(w.cols), 0, out, Int32(w.rows))
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
