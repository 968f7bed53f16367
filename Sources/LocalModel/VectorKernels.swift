import CQuantKernels

/// The AVX2 / AVX-VNNI matrix-vector kernels (Sources/CQuantKernels), picked by CPU at run
/// time: the integer block sums are exact, so they agree with the portable Swift kernels up to
/// float summation order.
enum VectorKernels {
    /// 0 none (portable Swift kernels), 1 AVX2+FMA+F16C, 2 AVX-VNNI as well.
    static let level = Int(intent_qk_level())

    /// `out[r - rows.lowerBound] = W[r] · a` for quantized `w`; false (nothing written) when the
    /// CPU or type has no vector kernel, or `a` has no byte copy.
    @inline(__always)
    static func matvec(_ w: QuantizedMatrix, rows: Range<Int>, _ a: QuantizedActivations,
                       out: UnsafeMutablePointer<Float>) -> Bool {
        guard level > 0, let bytes = a.bytes else { return false }
        switch w.type {
        case .q4_0, .q4_1, .q8_0:
            return intent_qk_matvec(Int32(w.type.rawValue), w.base, w.rowBytes, rows.lowerBound, rows.upperBound,
                                    w.blocks, bytes, a.d, a.s, out) != 0
        case .f32, .f16:
            return false
        }
    }
}
