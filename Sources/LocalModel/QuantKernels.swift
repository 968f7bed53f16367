/// Integer dot-product kernels between quantized weight rows and 8-bit quantized activations,
/// following ggml's Q4_1·Q8_1, Q4_0·Q8_0 and Q8_0·Q8_0 formulas (block scales rounded to F16).

/// Activations of one vector quantized to 8 bits in blocks of 32, stored split for the kernels
/// (`Lanes`): 4 vectors per block, the per-block scale `d` and `s = d · Σ values` (Q4_1's
/// offset term).
struct QuantizedActivations {
    let q: UnsafeMutablePointer<SIMD8<Int16>>
    let d: UnsafeMutablePointer<Float>
    let s: UnsafeMutablePointer<Float>
    /// The same values as plain signed bytes, 32 per block in element order (the vector
    /// kernels' layout), when the producer filled them.
    var bytes: UnsafeMutablePointer<Int8>? = nil
    /// Integer sum of each block's values (the packed kernels' offset terms), when filled.
    var sums: UnsafeMutablePointer<Int32>? = nil
}

/// Quantizes `n` floats (a multiple of 32) into split vectors `q` (4 per block), `d` and `s`,
/// and into plain bytes `bytes` and integer block sums `sums` when given.
@inline(__always)
func quantizeRow(_ x: UnsafePointer<Float>, n: Int, q: UnsafeMutablePointer<SIMD8<Int16>>,
                 d: UnsafeMutablePointer<Float>, s: UnsafeMutablePointer<Float>, bytes: UnsafeMutablePointer<Int8>? = nil,
                 sums: UnsafeMutablePointer<Int32>? = nil) {
    for b in 0..<(n / 32) {
        let xb = x + b &* 32
        var amax: Float = 0
        for i in 0..<32 { amax = max(amax, abs(xb[i])) }
        let scale = amax / 127
        let inv: Float = scale != 0 ? 1 / scale : 0
        let out = UnsafeMutableRawPointer(q + b &* 4).assumingMemoryBound(to: Int16.self)
        var sum: Int32 = 0
        for i in 0..<32 {
            // Round half away from zero (ggml's reference quantizer).
            let f = xb[i] * inv
            let r = Int16(f + (f >= 0 ? 0.5 : -0.5))
            sum &+= Int32(r)
            bytes?[b &* 32 &+ i] = Int8(truncatingIfNeeded: r)
            // Split layout: vector (i / 16) * 2 + i % 2, lane (i % 16) / 2.
            out[((i &>> 4) &* 2 &+ (i & 1)) &* 8 &+ ((i & 15) &>> 1)] = r
        }
        d[b] = HalfTable.round(scale)
        s[b] = HalfTable.round(scale * Float(sum))
        sums?[b] = sum
    }
}

/// Dot of one Q4_1 row (`blocks` blocks of 20 bytes) with quantized activations.
@inline(__always)
func dotQ4_1(_ w: UnsafeRawPointer, _ a: QuantizedActivations, blocks: Int) -> Float {
    var acc = SIMD4<Float>(), offset: Float = 0
    for b in 0..<blocks {
        let p = w + b &* 20
        let s = Lanes.nibbleDot(p.loadUnaligned(fromByteOffset: 4, as: SIMD16<UInt8>.self), a.q + b &* 4)
        acc += Lanes.float(s) * (HalfTable.load(p, 0) * a.d[b])
        offset += HalfTable.load(p, 2) * a.s[b]
    }
    return acc.sum() + offset
}

/// Dot of one Q4_0 row (`blocks` blocks of 18 bytes) with quantized activations.
@inline(__always)
func dotQ4_0(_ w: UnsafeRawPointer, _ a: QuantizedActivations, blocks: Int) -> Float {
    var acc = SIMD4<Float>()
    for b in 0..<blocks {
        let p = w + b &* 18
        let s = Lanes.nibbleDot(p.loadUnaligned(fromByteOffset: 2, as: SIMD16<UInt8>.self), a.q + b &* 4, bias: 8)
        acc += Lanes.float(s) * (HalfTable.load(p, 0) * a.d[b])
    }
    return acc.sum()
}

/// Dot of one Q8_0 row (`blocks` blocks of 34 bytes) with quantized activations.
@inline(__always)
func dotQ8_0(_ w: UnsafeRawPointer, _ a: QuantizedActivations, blocks: Int) -> Float {
    var acc = SIMD4<Float>()
    for b in 0..<blocks {
        let p = w + b &* 34
        let s = Lanes.byteDot(p.loadUnaligned(fromByteOffset: 2, as: SIMD16<Int8>.self),
                              p.loadUnaligned(fromByteOffset: 18, as: SIMD16<Int8>.self), a.q + b &* 4)
        acc += Lanes.float(s) * (HalfTable.load(p, 0) * a.d[b])
    }
    return acc.sum()
}

/// Dot of one F32 or F16 row with float activations.
@inline(__always)
func dotFloat(_ type: GGMLType, _ w: UnsafeRawPointer, _ x: UnsafePointer<Float>, n: Int) -> Float {
    var acc: Float = 0
    if type == .f32 {
        let wf = w.assumingMemoryBound(to: Float.self)
        for i in 0..<n { acc += wf[i] * x[i] }
    } else {
        for i in 0..<n { acc += HalfTable.load(w, 2 * i) * x[i] }
    }
    return acc
}
