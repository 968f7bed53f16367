import CQuantKernels
import Foundation

/// Causal grouped-query attention over the KV cache.
///
/// Numerics follow ggml's non-flash path with an F16 cache: the query is rounded to F16 before
/// the dot products with the keys, and the softmax weights are rounded to F16 before they
/// multiply the values.
enum Attention {
    /// For each of `tokens` queries (at positions `firstPosition + t`) and each KV head,
    /// attends the query heads that share it over cached positions `0...position`. `vector`:
    /// the AVX2 kernel (`intent_qk_attend`) when the CPU has it.
    static func run(q: UnsafeMutablePointer<Float>, keys: UnsafeMutablePointer<Float>, values: UnsafeMutablePointer<Float>,
                    out: UnsafeMutablePointer<Float>, tokens: Int, firstPosition: Int, hp: LlamaHyperparameters, pool: WorkerPool,
                    vector: Bool = true) {
        let heads = hp.headCount, hd = hp.headDim, d = hp.embeddingLength, kvDim = hp.kvDim
        let maxLen = firstPosition + tokens
        pool.run(tokens * heads) { range in
            // Stack scratch for the scores (no heap allocation per parallel region).
            withUnsafeTemporaryAllocation(of: Float.self, capacity: maxLen + 8) { buffer in
                let scores = buffer.baseAddress!
                for item in range {
                    let t = item / heads, h = item % heads
                    let qh = q + t * d + h * hd, oh = out + t * d + h * hd
                    let length = firstPosition + t + 1, kvOffset = (h / (heads / hp.headCountKV)) * hd
                    if vector && attendVector(q: qh, keys: keys, values: values, out: oh, length: length, kvOffset: kvOffset,
                                              headDim: hd, kvDim: kvDim, scores: scores) {
                        continue
                    }
                    attendOne(q: qh, keys: keys, values: values, out: oh, length: length, kvOffset: kvOffset,
                              headDim: hd, kvDim: kvDim, scores: scores)
                }
            }
        }
    }

    /// One query head with the AVX2 kernel (`intent_qk_attend`); false (nothing written) when the
    /// CPU has no AVX2 or the head size is not a multiple of 8 up to 256. `scores` holds at least
    /// `length` rounded up to 8 floats.
    @inline(__always)
    static func attendVector(q qh: UnsafeMutablePointer<Float>, keys: UnsafePointer<Float>, values: UnsafePointer<Float>,
                             out oh: UnsafeMutablePointer<Float>, length: Int, kvOffset: Int, headDim hd: Int, kvDim: Int,
                             scores: UnsafeMutablePointer<Float>) -> Bool {
        intent_qk_attend(qh, keys + kvOffset, values + kvOffset, kvDim, length, hd, 1 / Float(hd).squareRoot(), scores, oh) != 0
    }

    @inline(__always)
    static func attendOne(q qh: UnsafeMutablePointer<Float>, keys: UnsafeMutablePointer<Float>, values: UnsafeMutablePointer<Float>,
                          out oh: UnsafeMutablePointer<Float>, length len: Int, kvOffset: Int,
                          headDim hd: Int, kvDim: Int, scores: UnsafeMutablePointer<Float>) {
        let scale = 1 / Float(hd).squareRoot()
        for i in 0..<hd { qh[i] = HalfTable.round(qh[i]) }
        let chunks = hd / 16
        var maxScore = -Float.infinity
        for p in 0..<len {
            let kp = UnsafeRawPointer(keys + p &* kvDim + kvOffset), qp = UnsafeRawPointer(qh)
            var acc = SIMD16<Float>()
            for c in 0..<chunks {
                acc += qp.loadUnaligned(fromByteOffset: c &* 64, as: SIMD16<Float>.self)
                    * kp.loadUnaligned(fromByteOffset: c &* 64, as: SIMD16<Float>.self)
            }
            let s = acc.sum() * scale
            scores[p] = s
            maxScore = max(maxScore, s)
        }
        // Softmax, four at a time (the tail is padded and ignored).
        var sum: Float = 0
        var p = 0
        let m = SIMD4<Float>(repeating: maxScore)
        while p < len {
            var v = SIMD4<Float>(repeating: -Float.infinity)
            for k in 0..<min(4, len - p) { v[k] = scores[p + k] }
            let e = FastMath.exp(v - m)
            for k in 0..<min(4, len - p) { scores[p + k] = e[k]; sum += e[k] }
            p += 4
        }
        let inv = 1 / sum
        var o0 = SIMD16<Float>(), o1 = SIMD16<Float>(), o2 = SIMD16<Float>(), o3 = SIMD16<Float>()
        for p in 0..<len {
            let w = HalfTable.round(scores[p] * inv)
            let vp = UnsafeRawPointer(values + p &* kvDim + kvOffset)
            o0 += w * vp.loadUnaligned(as: SIMD16<Float>.self)
            if chunks > 1 { o1 += w * vp.loadUnaligned(fromByteOffset: 64, as: SIMD16<Float>.self) }
            if chunks > 2 { o2 += w * vp.loadUnaligned(fromByteOffset: 128, as: SIMD16<Float>.self) }
            if chunks > 3 { o3 += w * vp.loadUnaligned(fromByteOffset: 192, as: SIMD16<Float>.self) }
        }
        let op = UnsafeMutableRawPointer(oh)
        op.storeBytes(of: o0, as: SIMD16<Float>.self)
        if chunks > 1 { op.storeBytes(of: o1, toByteOffset: 64, as: SIMD16<Float>.self) }
        if chunks > 2 { op.storeBytes(of: o2, toByteOffset: 128, as: SIMD16<Float>.self) }
        if chunks > 3 { op.storeBytes(of: o3, toByteOffset: 192, as: SIMD16<Float>.self) }
        // Head sizes above 64 continue with plain loops.
        if chunks > 4 {
            for i in 64..<hd { oh[i] = 0 }
            for p in 0..<len {
                let w = HalfTable.round(scores[p] * inv)
                for i in 64..<hd { oh[i] += w * values[p &* kvDim + kvOffset + i] }
            }
        }
    }
}
