/// Branch-free scalar approximations written so that the compiler vectorises the loops that
/// call them (no libm calls, rounding by the 1.5·2²³ trick, selects instead of branches).
public enum FastMath {
    @usableFromInline static let roundingShift: Float = 12_582_912  // 1.5 · 2^23

    /// The low terms of e^r's Taylor polynomial by Horner's rule, `p` holding the higher ones from
    /// 1/6!: ((((p·r + 1/5!)·r + 1/4!)·r + 1/3!)·r + 1/2)·r + 1)·r + 1. One piece for the scalar and
    /// the four-lane exp.
    @inlinable @inline(__always)
    static func taylorTail<Lane: HornerLane>(_ p: Lane, _ r: Lane) -> Lane {
        var p = p * r + 1.0 / 120
        p = p * r + 1.0 / 24
        p = p * r + 1.0 / 6
        p = p * r + 0.5
        p = p * r + 1
        return p * r + 1
    }

    /// e^x with relative error below 2e-7 for x in [-87, 88] (clamped outside): x = k·ln2 + r,
    /// |r| ≤ ln2/2, e^r by its degree-7 Taylor polynomial, 2^k built from the exponent bits.
    @inlinable @inline(__always)
    public static func exp(_ x: Float) -> Float {
        let low: Float = -87, high: Float = 88
        let clamped = x < low ? low : (x > high ? high : x)
        let shifted = clamped * 1.442_695_040_888_963_4 + roundingShift
        let k = shifted - roundingShift
        let r = clamped - k * 0.693_145_751_953_125 - k * 1.428_606_765_330_187e-06
        let p = taylorTail(1.0 / 5040 * r + 1.0 / 720, r)
        let integer = Int32(bitPattern: shifted.bitPattern) &- 0x4B40_0000
        let scale = Float(bitPattern: UInt32(bitPattern: (integer &+ 127) &<< 23))
        return p * scale
    }

    /// erf(x) with absolute error below 5e-7 in float arithmetic (1.5e-7 for the formula): Abramowitz & Stegun 7.1.26,
    /// erf(x) = 1 − (a₁t + a₂t² + a₃t³ + a₄t⁴ + a₅t⁵)·e^(−x²), t = 1 / (1 + p·x), odd extension.
    @inlinable @inline(__always)
    public static func erf(_ x: Float) -> Float {
        let magnitude = x < 0 ? -x : x
        let a = magnitude > 6 ? 6 : magnitude
        let t = 1 / (1 + 0.327_591_1 * a)
        var poly: Float = 1.061_405_429
        poly = poly * t - 1.453_152_027
        poly = poly * t + 1.421_413_741
        poly = poly * t - 0.284_496_736
        poly = poly * t + 0.254_829_592
        poly = poly * t
        let y = 1 - poly * exp(-(a * a))
        return x < 0 ? -y : y
    }

    /// In-place GELU (erf form), `x · ½ · (1 + erf(x / √2))`, over `count` floats.
    @inlinable
    public static func gelu(_ data: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<count {
            let x = data[i]
            data[i] = 0.5 * x * (1 + erf(x * 0.707_106_781_186_547_52))
        }
    }

    /// e^x over four lanes (the local model's attention and SiLU): Cody–Waite range reduction and a
    /// degree-6 polynomial from same-type SIMD operations. Relative error below 2e-7 on [-87, 88];
    /// inputs below -87 give 0.
    @inlinable @inline(__always)
    public static func exp(_ x: SIMD4<Float>) -> SIMD4<Float> {
        let tooSmall = x .< -87
        let xc = x.clamped(lowerBound: SIMD4(repeating: -87), upperBound: SIMD4(repeating: 88))
        let magic = SIMD4<Float>(repeating: roundingShift)
        let t = xc * 1.442_695_04 + magic
        let n = t - magic
        let r = (xc - n * 0.693_145_75) - n * 1.428_606_8e-6
        let p = taylorTail(SIMD4<Float>(repeating: 1.0 / 720), r)
        let ni = unsafeBitCast(t, to: SIMD4<Int32>.self) &- 0x4B40_0000
        let scale = unsafeBitCast((ni &+ 127) &<< 23, to: SIMD4<Float>.self)
        return (p * scale).replacing(with: 0, where: tooSmall)
    }

    /// In-place softmax of one row: the maximum subtracted, exponentials in their own loop so it
    /// vectorises, the sum over eight lanes.
    @inlinable @inline(__always)
    public static func softmax(_ row: UnsafeMutablePointer<Float>, count: Int) {
        guard count > 0 else { return }
        var maximum = -Float.infinity
        for j in 0..<count { maximum = max(maximum, row[j]) }
        for j in 0..<count { row[j] = exp(row[j] - maximum) }
        var lanes = SIMD8<Float>()
        var j = 0
        while j + 8 <= count {
            lanes += UnsafeRawPointer(row + j).loadUnaligned(as: SIMD8<Float>.self)
            j += 8
        }
        var total = lanes.sum()
        while j < count { total += row[j]; j += 1 }
        let inverse = 1 / total
        for j in 0..<count { row[j] *= inverse }
    }
}

/// A value Horner's rule runs on: a float, or float lanes with a scalar added to each.
@usableFromInline protocol HornerLane {
    static func * (lhs: Self, rhs: Self) -> Self
    static func + (lhs: Self, rhs: Float) -> Self
}

extension Float: HornerLane {}
extension SIMD4: HornerLane where Scalar == Float {}
