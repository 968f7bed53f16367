import CBLAS
import Foundation
import Primitives

/// Numeric building blocks of the encoder, on raw row-major float buffers.
enum Kernels {
    /// Runs `body` over `0..<count` split into at most `threads` contiguous ranges in parallel.
    static func parallelRanges(_ count: Int, threads: Int, minimumPerThread: Int = 1,
                               _ body: (Range<Int>) -> Void) {
        let parts = max(1, min(threads, count / max(minimumPerThread, 1)))
        if parts == 1 {
            body(0..<count)
            return
        }
        // Each part touches only its own range of the caller's buffers.
        withoutActuallyEscaping(body) { body in
            let work = UncheckedSendable(body)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                work.value((count * part / parts)..<(count * (part + 1) / parts))
            }
        }
    }

    /// `output[m, n] (+)= Σ_k input[m, k] · weight[n, k]` — a PyTorch `Linear` (weight is
    /// `[outFeatures, inFeatures]`). `beta` 1 accumulates into `output` (used for bias and
    /// residual, written there beforehand). With `threads > 1` the output columns are split.
    static func linear(_ input: UnsafePointer<Float>, rows: Int, inFeatures: Int,
                       weight: UnsafePointer<Float>, outFeatures: Int,
                       output: UnsafeMutablePointer<Float>, beta: Float, threads: Int) {
        let blocks = outFeatures / 16
        parallelRanges(blocks, threads: threads, minimumPerThread: 4) { range in
            let n0 = range.lowerBound * 16
            let n1 = range.upperBound == blocks ? outFeatures : range.upperBound * 16
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans,
                        Int32(rows), Int32(n1 - n0), Int32(inFeatures), 1,
                        input, Int32(inFeatures),
                        weight + n0 * inFeatures, Int32(inFeatures),
                        beta, output + n0, Int32(outFeatures))
        }
    }

    /// `output = input · weightᵀ + bias (+ residual)`: a `Linear` layer with its bias and an optional
    /// residual, `rows × outFeatures`.
    static func dense(_ input: UnsafePointer<Float>, rows: Int, inFeatures: Int,
                      weight: UnsafePointer<Float>, bias: UnsafePointer<Float>, outFeatures: Int,
                      output: UnsafeMutablePointer<Float>, residual: UnsafePointer<Float>?, threads: Int) {
        fillRows(output, rows: rows, width: outFeatures, bias: bias, residual: residual, threads: threads)
        linear(input, rows: rows, inFeatures: inFeatures, weight: weight, outFeatures: outFeatures,
               output: output, beta: 1, threads: threads)
    }

    /// Writes `bias` into every row of `output` (`rows × width`), plus `residual` when given.
    static func fillRows(_ output: UnsafeMutablePointer<Float>, rows: Int, width: Int,
                         bias: UnsafePointer<Float>, residual: UnsafePointer<Float>?, threads: Int) {
        parallelRanges(rows, threads: threads, minimumPerThread: 32) { range in
            for r in range {
                let out = output + r * width
                if let residual {
                    let res = residual + r * width
                    for c in 0..<width { out[c] = res[c] + bias[c] }
                } else {
                    out.update(from: bias, count: width)
                }
            }
        }
    }

    /// In-place LayerNorm of each row: `(x − mean) / √(var + eps) · gamma + beta`.
    static func layerNorm(_ data: UnsafeMutablePointer<Float>, rows: Int, width: Int,
                          gamma: UnsafePointer<Float>, beta: UnsafePointer<Float>,
                          epsilon: Float, threads: Int) {
        parallelRanges(rows, threads: threads, minimumPerThread: 32) { range in
            for r in range {
                let row = data + r * width
                let mean = sum(row, count: width, shift: 0, squared: false) / Float(width)
                let variance = sum(row, count: width, shift: mean, squared: true) / Float(width)
                let inverse = 1 / (variance + epsilon).squareRoot()
                for c in 0..<width { row[c] = (row[c] - mean) * inverse * gamma[c] + beta[c] }
            }
        }
    }

    /// Σ (x − shift), or Σ (x − shift)² when `squared`, with eight running sums.
    @inline(__always)
    static func sum(_ x: UnsafePointer<Float>, count: Int, shift: Float, squared: Bool) -> Float {
        typealias Lane = SIMD8<Float>
        var accumulator = Lane()
        let offset = Lane(repeating: shift)
        var i = 0
        while i + Lane.scalarCount <= count {
            let d = UnsafeRawPointer(x + i).loadUnaligned(as: Lane.self) - offset
            accumulator += squared ? d * d : d
            i += Lane.scalarCount
        }
        var total = accumulator.sum()
        while i < count {
            let d = x[i] - shift
            total += squared ? d * d : d
            i += 1
        }
        return total
    }

    /// In-place GELU with the erf form, `x · ½ · (1 + erf(x / √2))` (erf approximated to 5e-7).
    static func gelu(_ data: UnsafeMutablePointer<Float>, count: Int, threads: Int) {
        parallelRanges(count, threads: threads, minimumPerThread: 16_384) { range in
            FastMath.gelu(data + range.lowerBound, count: range.count)
        }
    }
}

/// Carries a value into `concurrentPerform`; callers guarantee the iterations write disjoint memory.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
