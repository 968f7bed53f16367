/// Integer dot products kept in same-type SIMD operations (the Swift standard library's
/// cross-type SIMD conversions are lane-by-lane loops, and x86 has no byte shifts).
///
/// Activations are stored pre-split: for each block of 32, four `SIMD8<Int16>` vectors holding
/// elements (0,2,…,14), (1,3,…,15), (16,18,…,30), (17,19,…,31). Sixteen weight bytes read as
/// eight 16-bit lanes hold element 2i in the low byte and 2i+1 in the high byte, so shifts and
/// masks produce the matching even/odd vectors; adjacent 16-bit products are summed in 32-bit
/// lanes (what x86's pmaddwd does) and turned into floats with the 1.5·2^23 trick, so a block
/// costs no horizontal sum.
enum Lanes {
    /// Sums adjacent pairs of 16-bit lanes into 32-bit lanes.
    @inline(__always)
    static func pairs(_ p: SIMD8<Int16>) -> SIMD4<Int32> {
        let w = unsafeBitCast(p, to: SIMD4<Int32>.self)
        return ((w &<< 16) &>> 16) &+ (w &>> 16)
    }

    /// Exact conversion of integers with |x| < 2^22 to floats.
    @inline(__always)
    static func float(_ v: SIMD4<Int32>) -> SIMD4<Float> {
        unsafeBitCast(v &+ 0x4B40_0000, to: SIMD4<Float>.self) - 12_582_912
    }

    /// Block of Q4 nibbles (low nibble = element j, high = element j+16) times split
    /// activations `a` (4 vectors), as 4 partial sums.
    @inline(__always)
    static func nibbleDot(_ q: SIMD16<UInt8>, _ a: UnsafePointer<SIMD8<Int16>>, bias: Int16 = 0) -> SIMD4<Int32> {
        let w = unsafeBitCast(q, to: SIMD8<UInt16>.self)
        let m = SIMD8<UInt16>(repeating: 0x000F)
        let le = unsafeBitCast(w & m, to: SIMD8<Int16>.self) &- bias
        let lo = unsafeBitCast((w &>> 8) & m, to: SIMD8<Int16>.self) &- bias
        let he = unsafeBitCast((w &>> 4) & m, to: SIMD8<Int16>.self) &- bias
        let ho = unsafeBitCast(w &>> 12, to: SIMD8<Int16>.self) &- bias
        // |sum| ≤ 4·15·127 fits in 16 bits (and 4·8·127 with the Q4_0 bias of 8).
        return pairs(le &* a[0] &+ lo &* a[1] &+ he &* a[2] &+ ho &* a[3])
    }

    /// Block of 32 signed weight bytes `w0` (elements 0–15), `w1` (16–31) times split
    /// activations, as 4 partial sums.
    @inline(__always)
    static func byteDot(_ w0: SIMD16<Int8>, _ w1: SIMD16<Int8>, _ a: UnsafePointer<SIMD8<Int16>>) -> SIMD4<Int32> {
        let x0 = unsafeBitCast(w0, to: SIMD8<Int16>.self), x1 = unsafeBitCast(w1, to: SIMD8<Int16>.self)
        // Products reach 128·127: two of them still fit in 16 bits, four do not.
        return pairs(((x0 &<< 8) &>> 8) &* a[0] &+ (x0 &>> 8) &* a[1])
            &+ pairs(((x1 &<< 8) &>> 8) &* a[2] &+ (x1 &>> 8) &* a[3])
    }

    /// Splits a block of Q4 nibbles into 4 vectors in the activation layout, minus `bias`.
    @inline(__always)
    static func unpackNibbles(_ q: SIMD16<UInt8>, bias: Int16, into out: UnsafeMutablePointer<SIMD8<Int16>>) {
        let w = unsafeBitCast(q, to: SIMD8<UInt16>.self)
        let m = SIMD8<UInt16>(repeating: 0x000F)
        out[0] = unsafeBitCast(w & m, to: SIMD8<Int16>.self) &- bias
        out[1] = unsafeBitCast((w &>> 8) & m, to: SIMD8<Int16>.self) &- bias
        out[2] = unsafeBitCast((w &>> 4) & m, to: SIMD8<Int16>.self) &- bias
        out[3] = unsafeBitCast(w &>> 12, to: SIMD8<Int16>.self) &- bias
    }

    /// Splits a block of 32 signed bytes into 4 vectors in the activation layout.
    @inline(__always)
    static func unpackBytes(_ w0: SIMD16<Int8>, _ w1: SIMD16<Int8>, into out: UnsafeMutablePointer<SIMD8<Int16>>) {
        let x0 = unsafeBitCast(w0, to: SIMD8<Int16>.self), x1 = unsafeBitCast(w1, to: SIMD8<Int16>.self)
        out[0] = (x0 &<< 8) &>> 8
        out[1] = x0 &>> 8
        out[2] = (x1 &<< 8) &>> 8
        out[3] = x1 &>> 8
    }

    /// An unpacked weight block times an activation block, as 4 partial sums. `wide` (8-bit
    /// weights) sums the two halves separately to stay within 16 bits.
    @inline(__always)
    static func unpackedDot(_ w: UnsafePointer<SIMD8<Int16>>, _ a: UnsafePointer<SIMD8<Int16>>, wide: Bool) -> SIMD4<Int32> {
        if wide { return pairs(w[0] &* a[0] &+ w[1] &* a[1]) &+ pairs(w[2] &* a[2] &+ w[3] &* a[3]) }
        return pairs(w[0] &* a[0] &+ w[1] &* a[1] &+ w[2] &* a[2] &+ w[3] &* a[3])
    }
}
