import Foundation
import Testing
@testable import LocalModel

@Suite struct KernelTests {
    struct LCG { var s: UInt64; mutating func next() -> Float { s = s &* 6364136223846793005 &+ 1442695040888963407; return Float(Int64(bitPattern: s >> 11) % 2001 - 1000) / 1000 } }

    @Test func halfRoundingMatchesFloat16() {
        var rng = LCG(s: 1)
        var values: [Float] = [0, -0, 1e-8, 3e-5, 6.1e-5, 0.3333, 65000, 1e6, -2.5e-7]
        for _ in 0..<20_000 { values.append(rng.next() * powf(10, Float(Int(rng.next() * 6)))) }
        for v in values { #expect(HalfTable.round(v) == Float(Float16(v)), "value \(v)") }
    }

    @Test func fastExpIsAccurate() {
        for i in stride(from: -80.0 as Float, to: 10, by: 0.37) {
            let e = FastMath.exp(SIMD4(repeating: i))[0]
            #expect(abs(e - expf(i)) <= expf(i) * 3e-7, "exp(\(i))")
        }
        #expect(FastMath.exp(SIMD4(repeating: -200))[0] == 0)
    }

    /// Quantizes random activations, then compares each integer kernel with a float dot of
    /// the dequantized weights and the dequantized activations.
    @Test(arguments: [GGMLType.q4_0, .q4_1, .q8_0])
    func kernelsMatchDequantizedDot(type: GGMLType) {
        var rng = LCG(s: 42)
        let n = 128, blocks = n / 32
        var weights: [UInt8] = []
        for _ in 0..<blocks {
            weights += Bytes.half(rng.next() * 0.1)
            if type == .q4_1 { weights += Bytes.half(rng.next() * 0.1) }
            let count = type == .q8_0 ? 32 : 16
            weights += (0..<count).map { _ in UInt8(truncatingIfNeeded: Int((rng.next() + 1) * 127)) }
        }
        let x = (0..<n).map { _ in rng.next() * 3 }
        let q = UnsafeMutablePointer<SIMD8<Int16>>.allocate(capacity: n / 8)
        let d = UnsafeMutablePointer<Float>.allocate(capacity: blocks), s = UnsafeMutablePointer<Float>.allocate(capacity: blocks)
        defer { q.deallocate(); d.deallocate(); s.deallocate() }
        x.withUnsafeBufferPointer { quantizeRow($0.baseAddress!, n: n, q: q, d: d, s: s) }
        let a = QuantizedActivations(q: q, d: d, s: s)
        // Dequantized activations from the split layout.
        var xa = [Float](repeating: 0, count: n)
        for b in 0..<blocks {
            for lane in 0..<8 {
                xa[b * 32 + 2 * lane] = Float(q[b * 4][lane]) * d[b]
                xa[b * 32 + 2 * lane + 1] = Float(q[b * 4 + 1][lane]) * d[b]
                xa[b * 32 + 16 + 2 * lane] = Float(q[b * 4 + 2][lane]) * d[b]
                xa[b * 32 + 17 + 2 * lane] = Float(q[b * 4 + 3][lane]) * d[b]
            }
            #expect(abs(xa[(b * 32)..<(b * 32 + 32)].reduce(0, +) - s[b]) < 0.02 * max(1, abs(s[b])))
        }
        for (i, v) in x.enumerated() { #expect(abs(v - xa[i]) <= d[i / 32] * 0.51 + 1e-3) }
        var wf = [Float](repeating: 0, count: n)
        weights.withUnsafeBytes { w in
            wf.withUnsafeMutableBufferPointer { dequantize(type, w.baseAddress!, count: n, into: $0.baseAddress!) }
            let expected = zip(wf, xa).map { Double($0 * $1) }.reduce(0, +)
            let got: Float
            switch type {
            case .q4_0: got = dotQ4_0(w.baseAddress!, a, blocks: blocks)
            case .q4_1:
                // ggml's offset term uses s rounded to F16; allow for it.
                got = dotQ4_1(w.baseAddress!, a, blocks: blocks)
            default: got = dotQ8_0(w.baseAddress!, a, blocks: blocks)
            }
            #expect(abs(Double(got) - expected) < 1e-2 * max(1, abs(expected)), "\(type.name): \(got) vs \(expected)")
            // The unpacked (batched) path agrees with the direct kernel.
            let row = UnpackedRow(maxBlocks: blocks)
            defer { row.deallocate() }
            let m = QuantizedMatrix(unchecked: w.baseAddress!, type: type, rows: 1, cols: n)
            row.load(m, row: 0)
            let batched = row.dot4(a, a, a, a, blocks: blocks, wide: type == .q8_0)
            #expect(abs(batched[2] - got) < 1e-4 * max(1, abs(got)))
            #expect(abs(row.dot(a, blocks: blocks, wide: type == .q8_0) - got) < 1e-4 * max(1, abs(got)))
        }
    }
}
