/// ggml's "k-quant" super-blocks of 256 weights, Q4_K and Q6_K: the two types of a Q4_K_M GGUF
/// such as Gemma 3 270M's (Docs/MODELS.md, "Gemma 3 270M, measured"). Dequantisation only, in
/// the reference order of operations of llama.cpp's `dequantize_row_q4_K` / `dequantize_row_q6_K`,
/// so the floats are bit-identical to llama.cpp's (Tests/LocalModelTests/KQuantsTests.swift checks
/// them against values llama.cpp wrote). Swift does not contract `a * b - c` into a fused
/// multiply-add, which keeps the roundings those functions have.
///
/// Layouts (little-endian):
/// - Q4_K, 144 bytes: f16 `d`, f16 `dmin`, 12 bytes of eight 6-bit scales and eight 6-bit mins,
///   128 bytes of 4-bit values. Sub-block `j` (32 weights) is `d·sc[j]·q − dmin·m[j]`.
/// - Q6_K, 210 bytes: 128 bytes of the low 4 bits, 64 bytes of the high 2 bits, 16 signed 8-bit
///   scales, f16 `d`. Sub-block `j` (16 weights) is `d·sc[j]·(q − 32)`.
public enum KQuantFormat: UInt32, Sendable, CaseIterable {
    case q4_K = 12
    case q6_K = 14

    /// Weights per super-block.
    public static let blockElements = 256

    /// Bytes per super-block.
    public var blockBytes: Int {
        switch self {
        case .q4_K: return 144
        case .q6_K: return 210
        }
    }

    public var name: String {
        switch self {
        case .q4_K: return "Q4_K"
        case .q6_K: return "Q6_K"
        }
    }

    /// The ggml type code of a GGUF tensor, if it is one of these formats.
    public init?(ggmlType code: UInt32) { self.init(rawValue: code) }
}

public enum KQuantsError: Error, CustomStringConvertible, Equatable {
    /// The byte count is not a whole number of super-blocks.
    case partialBlock(format: String, bytes: Int, blockBytes: Int)
    /// The destination has room for fewer values than the source holds.
    case destinationTooSmall(needed: Int, capacity: Int)

    public var description: String {
        switch self {
        case let .partialBlock(format, bytes, blockBytes):
            return "\(format) data of \(bytes) bytes is not a whole number of \(blockBytes)-byte blocks"
        case let .destinationTooSmall(needed, capacity):
            return "dequantising needs room for \(needed) values, the destination holds \(capacity)"
        }
    }
}

public enum KQuants {
    /// Dequantises `blocks` super-blocks of `format` at `src` into `blocks · 256` floats at `dst`.
    public static func dequantize(_ format: KQuantFormat, _ src: UnsafeRawPointer, blocks: Int,
                                  into dst: UnsafeMutablePointer<Float>) {
        switch format {
        case .q4_K:
            for b in 0..<blocks { dequantizeQ4K(src + b * 144, dst + b * 256) }
        case .q6_K:
            for b in 0..<blocks { dequantizeQ6K(src + b * 210, dst + b * 256) }
        }
    }

    /// Dequantises whole super-blocks held in `bytes`.
    public static func dequantize(_ format: KQuantFormat, bytes: UnsafeRawBufferPointer) throws -> [Float] {
        guard bytes.count % format.blockBytes == 0 else {
            throw KQuantsError.partialBlock(format: format.name, bytes: bytes.count, blockBytes: format.blockBytes)
        }
        let blocks = bytes.count / format.blockBytes
        guard let base = bytes.baseAddress, blocks > 0 else { return [] }
        return [Float](unsafeUninitializedCapacity: blocks * KQuantFormat.blockElements) { out, n in
            dequantize(format, base, blocks: blocks, into: out.baseAddress!)
            n = blocks * KQuantFormat.blockElements
        }
    }

    /// Dequantises `bytes` into `out`, which must hold at least `bytes.count / blockBytes · 256` values.
    public static func dequantize(_ format: KQuantFormat, bytes: UnsafeRawBufferPointer,
                                  into out: UnsafeMutableBufferPointer<Float>) throws {
        guard bytes.count % format.blockBytes == 0 else {
            throw KQuantsError.partialBlock(format: format.name, bytes: bytes.count, blockBytes: format.blockBytes)
        }
        let blocks = bytes.count / format.blockBytes
        guard out.count >= blocks * KQuantFormat.blockElements else {
            throw KQuantsError.destinationTooSmall(needed: blocks * KQuantFormat.blockElements, capacity: out.count)
        }
        guard let base = bytes.baseAddress, let dst = out.baseAddress, blocks > 0 else { return }
        dequantize(format, base, blocks: blocks, into: dst)
    }

    // MARK: - Blocks

    @inline(__always)
    static func half(_ p: UnsafeRawPointer, _ offset: Int) -> Float {
        Float(Float16(bitPattern: p.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian))
    }

    /// Scale and min of sub-block `j` (0..<8) from Q4_K's 12 packed bytes: the first four pairs
    /// are the low 6 bits of bytes 0–3 and 4–7; the last four take their low 4 bits from a nibble
    /// of bytes 8–11 and their top 2 bits from the spare bits of bytes 0–7.
    @inline(__always)
    static func scaleMin(_ j: Int, _ s: UnsafePointer<UInt8>) -> (scale: UInt8, min: UInt8) {
        if j < 4 { return (s[j] & 63, s[j + 4] & 63) }
        return ((s[j + 4] & 0x0F) | ((s[j - 4] >> 6) << 4), (s[j + 4] >> 4) | ((s[j] >> 6) << 4))
    }

    static func dequantizeQ4K(_ p: UnsafeRawPointer, _ y: UnsafeMutablePointer<Float>) {
        let d = half(p, 0), dmin = half(p, 2)
        let scales = (p + 4).assumingMemoryBound(to: UInt8.self)
        var q = (p + 16).assumingMemoryBound(to: UInt8.self)
        var out = y
        for pair in 0..<4 {
            let (sc1, m1) = scaleMin(2 * pair, scales)
            let (sc2, m2) = scaleMin(2 * pair + 1, scales)
            let d1 = d * Float(sc1), min1 = dmin * Float(m1)
            let d2 = d * Float(sc2), min2 = dmin * Float(m2)
            for l in 0..<32 { out[l] = d1 * Float(q[l] & 0x0F) - min1 }
            for l in 0..<32 { out[32 + l] = d2 * Float(q[l] >> 4) - min2 }
            q += 32
            out += 64
        }
    }

    static func dequantizeQ6K(_ p: UnsafeRawPointer, _ y: UnsafeMutablePointer<Float>) {
        let d = half(p, 208)
        var ql = p.assumingMemoryBound(to: UInt8.self)
        var qh = (p + 128).assumingMemoryBound(to: UInt8.self)
        var sc = (p + 192).assumingMemoryBound(to: Int8.self)
        var out = y
        for _ in 0..<2 {
            for l in 0..<32 {
                let s = l / 16
                let q1 = Int((ql[l] & 0x0F) | ((qh[l] & 3) << 4)) - 32
                let q2 = Int((ql[l + 32] & 0x0F) | (((qh[l] >> 2) & 3) << 4)) - 32
                let q3 = Int((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32
                let q4 = Int((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32
                out[l] = d * Float(sc[s]) * Float(q1)
                out[l + 32] = d * Float(sc[s + 2]) * Float(q2)
                out[l + 64] = d * Float(sc[s + 4]) * Float(q3)
                out[l + 96] = d * Float(sc[s + 6]) * Float(q4)
            }
            out += 128
            ql += 64
            qh += 32
            sc += 8
        }
    }
}
