/// Vectorized `exp` for softmax: Cody–Waite range reduction and a degree-6 polynomial, built
/// from same-type SIMD operations. Relative error below 2e-7 on [-87, 88]; inputs below -87
/// give 0.
enum FastMath {
    @inline(__always)
    static func exp(_ x: SIMD4<Float>) -> SIMD4<Float> {
        let tooSmall = x .< -87
        let xc = x.clamped(lowerBound: SIMD4(repeating: -87), upperBound: SIMD4(repeating: 88))
        // n = round(x / ln 2) via the 1.5·2^23 trick.
        let magic = SIMD4<Float>(repeating: 12_582_912)
        let t = xc * 1.442_695_04 + magic
        let n = t - magic
        let r = (xc - n * 0.693_145_75) - n * 1.428_606_8e-6
        var p = SIMD4<Float>(repeating: 1.0 / 720)
        p = p * r + 1.0 / 120
        p = p * r + 1.0 / 24
        p = p * r + 1.0 / 6
        p = p * r + 0.5
        p = p * r + 1
        p = p * r + 1
        let ni = unsafeBitCast(t, to: SIMD4<Int32>.self) &- 0x4B40_0000
        let scale = unsafeBitCast((ni &+ 127) &<< 23, to: SIMD4<Float>.self)
        return (p * scale).replacing(with: 0, where: tooSmall)
    }
}
