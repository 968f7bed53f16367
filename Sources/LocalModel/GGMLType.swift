/// The ggml tensor element types this reader understands, with their block layout.
public enum GGMLType: UInt32, Sendable {
    case f32 = 0
    case f16 = 1
    case q4_0 = 2
    case q4_1 = 3
    case q8_0 = 8

    /// Elements per block (1 for the float types).
    public var blockElements: Int {
        switch self {
        case .f32, .f16: return 1
        case .q4_0, .q4_1, .q8_0: return 32
        }
    }
    /// Bytes per block.
    public var blockBytes: Int {
        switch self {
        case .f32: return 4
        case .f16: return 2
        case .q4_0: return 18
        case .q4_1: return 20
        case .q8_0: return 34
        }
    }
    public var name: String {
        switch self {
        case .f32: return "F32"
        case .f16: return "F16"
        case .q4_0: return "Q4_0"
        case .q4_1: return "Q4_1"
        case .q8_0: return "Q8_0"
        }
    }
}

/// Reads an IEEE half from two little-endian bytes.
@inline(__always)
func loadHalf(_ p: UnsafeRawPointer, _ offset: Int) -> Float {
    Float(Float16(bitPattern: p.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
}

/// Dequantizes `count` elements (a multiple of the block size) of `type` starting at `src`.
func dequantize(_ type: GGMLType, _ src: UnsafeRawPointer, count: Int, into dst: UnsafeMutablePointer<Float>) {
    switch type {
    case .f32:
        dst.update(from: src.assumingMemoryBound(to: Float.self), count: count)
    case .f16:
        for i in 0..<count { dst[i] = loadHalf(src, 2 * i) }
    case .q4_0:
        for b in 0..<(count / 32) {
            let p = src + b * 18
            let d = loadHalf(p, 0)
            let out = dst + b * 32
            for j in 0..<16 {
                let q = p.load(fromByteOffset: 2 + j, as: UInt8.self)
                out[j] = Float(Int(q & 0x0F) - 8) * d
                out[j + 16] = Float(Int(q >> 4) - 8) * d
            }
        }
    case .q4_1:
        for b in 0..<(count / 32) {
            let p = src + b * 20
            let d = loadHalf(p, 0), m = loadHalf(p, 2)
            let out = dst + b * 32
            for j in 0..<16 {
                let q = p.load(fromByteOffset: 4 + j, as: UInt8.self)
                out[j] = Float(q & 0x0F) * d + m
                out[j + 16] = Float(q >> 4) * d + m
            }
        }
    case .q8_0:
        for b in 0..<(count / 32) {
            let p = src + b * 34
            let d = loadHalf(p, 0)
            let out = dst + b * 32
            for j in 0..<32 { out[j] = Float(p.load(fromByteOffset: 2 + j, as: Int8.self)) * d }
        }
    }
}
