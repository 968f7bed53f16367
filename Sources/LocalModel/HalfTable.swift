/// Half → Float conversion by table lookup (256 KB), much cheaper than the software conversion
/// the compiler emits for x86 targets without F16C.
enum HalfTable {
    nonisolated(unsafe) static let table: UnsafeMutablePointer<Float> = {
        // Immutable after this initializer; shared read-only by all threads.
        let t = UnsafeMutablePointer<Float>.allocate(capacity: 65536)
        for i in 0..<65536 { t[i] = Float(Float16(bitPattern: UInt16(i))) }
        return t
    }()

    @inline(__always)
    static func load(_ p: UnsafeRawPointer, _ offset: Int) -> Float {
        table[Int(p.loadUnaligned(fromByteOffset: offset, as: UInt16.self))]
    }

    /// Rounds to the nearest half-precision value, as llama.cpp does when it stores scales and
    /// the KV cache in F16.
    @inline(__always)
    static func round(_ x: Float) -> Float {
        let bits = x.bitPattern
        let exponent = (bits >> 23) & 0xFF
        // Normal half range (2^-14 ≤ |x| < 65520): round the mantissa to 10 bits, half to even.
        if exponent >= 113 && exponent < 142 {
            let rounded = bits &+ 0x0FFF &+ ((bits >> 13) & 1)
            return Float(bitPattern: rounded & 0xFFFF_E000)
        }
        if exponent < 113 {
            // Subnormal halves are multiples of 2^-24: round x·2^24 to an integer, half to even,
            // with the 1.5·2^23 trick (exact for |x·2^24| < 2^22).
            let y = x * 16_777_216
            return ((y + 12_582_912) - 12_582_912) / 16_777_216
        }
        return Float(Float16(x))
    }
}
