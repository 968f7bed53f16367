import Foundation
import Testing
@testable import LocalModel

/// The run-time-selected AVX2/AVX-VNNI kernels against the portable Swift kernels, on matrices
/// with an odd row count (the two-row loop and its tail).
@Suite struct VectorKernelTests {
    /// Random quantized rows of `type` (block scales, and Q4_1's minimums) and an input vector.
    static func randomMatrix(_ type: GGMLType, rows: Int, cols: Int, seed: UInt64) -> (weights: [UInt8], x: [Float]) {
        var rng = KernelTests.LCG(s: seed)
        var weights: [UInt8] = []
        for _ in 0..<(rows * cols / 32) {
            weights += Bytes.half(rng.next() * 0.1)
            if type == .q4_1 { weights += Bytes.half(rng.next() * 0.1) }
            weights += (0..<(type == .q8_0 ? 32 : 16)).map { _ in UInt8(truncatingIfNeeded: Int((rng.next() + 1) * 127.5)) }
        }
        return (weights, (0..<cols).map { _ in rng.next() * 3 })
    }

    @Test(arguments: [GGMLType.q4_0, .q4_1, .q8_0])
    func vectorKernelsMatchPortableKernels(type: GGMLType) throws {
        try #require(VectorKernels.level > 0, "this CPU has no AVX2: only the portable kernels run")
        let cols = 192, rows = 7
        let (weights, x) = Self.randomMatrix(type, rows: rows, cols: cols, seed: 7)
        let batch = QuantizedBatch(maxRows: 1, maxCols: cols)
        let pool = WorkerPool(threads: 1, spinMicroseconds: 0)
        x.withUnsafeBufferPointer { batch.quantize($0.baseAddress!, rows: 1, cols: cols, pool: pool) }
        let a = batch.row(0, cols: cols)
        try weights.withUnsafeBytes { w in
            let m = QuantizedMatrix(unchecked: w.baseAddress!, type: type, rows: rows, cols: cols)
            var out = [Float](repeating: .nan, count: rows)
            let done = out.withUnsafeMutableBufferPointer { VectorKernels.matvec(m, rows: 1..<rows, a, out: $0.baseAddress! + 1) }
            try #require(done)
            #expect(out[0].isNaN, "wrote outside its rows")
            for r in 1..<rows {
                let portable = m.dot(row: r, QuantizedActivations(q: a.q, d: a.d, s: a.s), x)
                #expect(abs(out[r] - portable) <= 1e-4 * max(1, abs(portable)), "\(type.name) row \(r): \(out[r]) vs \(portable)")
            }
        }
    }

    /// The packed copies (8-row groups) give exactly the row kernels' values (so greedy output
    /// does not change), on a group range that skips the first group.
    @Test(arguments: [GGMLType.q4_0, .q4_1, .q8_0])
    func packedKernelsMatchPortableKernels(type: GGMLType) throws {
        let cols = 192, rows = 24
        let (weights, x) = Self.randomMatrix(type, rows: rows, cols: cols, seed: 11)
        let batch = QuantizedBatch(maxRows: 1, maxCols: cols)
        let pool = WorkerPool(threads: 2, spinMicroseconds: 0)
        defer { pool.shutdown() }
        x.withUnsafeBufferPointer { batch.quantize($0.baseAddress!, rows: 1, cols: cols, pool: pool) }
        let a = batch.row(0, cols: cols)
        try weights.withUnsafeBytes { w in
            let m = QuantizedMatrix(unchecked: w.baseAddress!, type: type, rows: rows, cols: cols)
            // Q8_0 packs only where AVX-VNNI is (AVX2's 16-bit sums overflow on 255 × 127 pairs).
            guard PackedMatrix.supports(m) else {
                print("VectorKernelTests: skipped for \(type.name): this CPU has no packed kernel for it (needs AVX-VNNI)")
                return
            }
            let packed = try #require(PackedMatrix(m, pool: pool), "mapping the packed copy failed")
            var out = [Float](repeating: .nan, count: rows + 1)
            out.withUnsafeMutableBufferPointer { packed.multiply(groups: 1..<3, a, out: $0.baseAddress! + 8) }
            #expect(out[7].isNaN && out[rows].isNaN, "wrote outside its groups")
            var rowKernel = [Float](repeating: .nan, count: rows)
            let done = rowKernel.withUnsafeMutableBufferPointer { VectorKernels.matvec(m, rows: 0..<rows, a, out: $0.baseAddress!) }
            try #require(done)
            for r in 8..<rows {
                #expect(out[r] == rowKernel[r], "\(type.name) row \(r): \(out[r]) vs \(rowKernel[r])")
                let portable = m.dot(row: r, QuantizedActivations(q: a.q, d: a.d, s: a.s), x)
                #expect(abs(out[r] - portable) <= 1e-4 * max(1, abs(portable)), "\(type.name) row \(r): \(out[r]) vs \(portable)")
            }
        }
    }

    @Test func floatMatricesHaveNoVectorKernel() {
        let batch = QuantizedBatch(maxRows: 1, maxCols: 32)
        var w = [Float](repeating: 1, count: 32), out: Float = 0
        let done = w.withUnsafeMutableBytes { raw in
            VectorKernels.matvec(QuantizedMatrix(unchecked: raw.baseAddress!, type: .f32, rows: 1, cols: 32),
                                 rows: 0..<1, batch.row(0, cols: 32), out: &out)
        }
        #expect(!done)
    }
}
