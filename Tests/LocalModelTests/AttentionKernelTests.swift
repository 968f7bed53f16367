import Foundation
import Testing
@testable import LocalModel

/// The AVX2 attention kernel against the portable Swift attention, on F16-rounded keys and
/// values as the cache holds them, for lengths around the kernel's 8-position steps.
@Suite struct AttentionKernelTests {
    @Test(arguments: [(64, 1), (64, 7), (64, 8), (64, 13), (64, 301), (32, 9), (128, 40)])
    func vectorAttentionMatchesPortable(headDim: Int, length: Int) throws {
        try #require(VectorKernels.level > 0, "this CPU has no AVX2: only the portable attention runs")
        var rng = KernelTests.LCG(s: UInt64(headDim * 1000 + length))
        let kvHeads = 3, kvDim = headDim * kvHeads, kvOffset = headDim  // the middle KV head
        let keys = (0..<(length * kvDim)).map { _ in HalfTable.round(rng.next() * 2) }
        let values = (0..<(length * kvDim)).map { _ in HalfTable.round(rng.next()) }
        let query = (0..<headDim).map { _ in rng.next() * 3 }
        var portable = [Float](repeating: 0, count: headDim), vector = [Float](repeating: .nan, count: headDim + 1)
        var q1 = query, q2 = query
        var scores = [Float](repeating: 0, count: length + 8)
        var k = keys, v = values
        k.withUnsafeMutableBufferPointer { kp in
            v.withUnsafeMutableBufferPointer { vp in
                scores.withUnsafeMutableBufferPointer { sp in
                    Attention.attendOne(q: &q1, keys: kp.baseAddress!, values: vp.baseAddress!, out: &portable, length: length,
                                        kvOffset: kvOffset, headDim: headDim, kvDim: kvDim, scores: sp.baseAddress!)
                    let done = Attention.attendVector(q: &q2, keys: kp.baseAddress!, values: vp.baseAddress!, out: &vector, length: length,
                                                      kvOffset: kvOffset, headDim: headDim, kvDim: kvDim, scores: sp.baseAddress!)
                    #expect(done)
                }
            }
        }
        #expect(q1 == q2, "the query is rounded to F16 in place by both")
        #expect(vector[headDim].isNaN, "wrote past the head")
        for i in 0..<headDim {
            // Weights are rounded to F16 after the softmax: one that lands on the other side of a
            // rounding boundary moves by one F16 ulp (~5e-4 relative).
            #expect(abs(vector[i] - portable[i]) <= 2e-3, "dim \(i): \(vector[i]) vs \(portable[i])")
        }
    }

    @Test func unsupportedHeadSizesAreRefused() {
        var q = [Float](repeating: 1, count: 12)
        let kv = [Float](repeating: 1, count: 12)
        var out = [Float](repeating: 0, count: 12)
        var scores = [Float](repeating: 0, count: 16)
        #expect(!Attention.attendVector(q: &q, keys: kv, values: kv, out: &out, length: 1, kvOffset: 0, headDim: 12, kvDim: 12, scores: &scores))
        #expect(!Attention.attendVector(q: &q, keys: kv, values: kv, out: &out, length: 0, kvOffset: 0, headDim: 8, kvDim: 12, scores: &scores))
    }
}

/// The AVX2 quantizer gives the Swift quantizer's bytes, scales and sums exactly.
@Suite struct VectorQuantizerTests {
    @Test func vectorQuantizerMatchesSwift() throws {
        try #require(VectorKernels.level > 0, "this CPU has no AVX2: only the Swift quantizer runs")
        var rng = KernelTests.LCG(s: 5)
        let cols = 1536
        // Mixed magnitudes, exact halves of the scale (ties) and an all-zero block.
        var x = (0..<cols).map { i in rng.next() * powf(10, Float(i % 5) - 2) }
        for i in 64..<96 { x[i] = 0 }
        for i in 96..<128 { x[i] = Float(i - 112) * 0.5 }
        let swift = QuantizedBatch(maxRows: 1, maxCols: cols), vector = QuantizedBatch(maxRows: 1, maxCols: cols)
        let pool = WorkerPool(threads: 1, spinMicroseconds: 0)
        x.withUnsafeBufferPointer {
            swift.quantize($0.baseAddress!, rows: 1, cols: cols, pool: pool, split: true)
            vector.quantize($0.baseAddress!, rows: 1, cols: cols, pool: pool, split: false)
        }
        for i in 0..<cols { #expect(swift.bytes.pointer[i] == vector.bytes.pointer[i], "byte \(i)") }
        for b in 0..<(cols / 32) {
            #expect(swift.d.pointer[b] == vector.d.pointer[b], "scale of block \(b)")
            #expect(swift.s.pointer[b] == vector.s.pointer[b], "offset term of block \(b)")
            #expect(swift.sums.pointer[b] == vector.sums.pointer[b], "sum of block \(b)")
        }
    }
}
