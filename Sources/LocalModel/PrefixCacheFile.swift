#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The keys and values of a fixed prompt prefix (chat template, instructions, schema: what comes
/// before a command's own text), evaluated once and kept in a file so a later process evaluates
/// only the command's tokens.
///
/// File layout (little-endian): magic `IKVP`, format version, layers, kvDim, token count (UInt32
/// each), 4 bytes of zero, model hash, prefix hash (UInt64 each); the prefix's token ids (Int32);
/// zero padding to a multiple of 64 bytes; then per layer the keys and then the values of every
/// position (Float32, already rounded to F16 like the live cache). The name carries both hashes;
/// anything that does not match exactly (size, header, token ids) is ignored and rebuilt.
struct PrefixSnapshot: Equatable {
    static let magic: UInt32 = 0x5056_4B49 // "IKVP"
    static let formatVersion: UInt32 = 1
    static let headerBytes = 40

    var layers: Int
    var kvDim: Int
    var modelHash: UInt64
    var tokens: [Int]
    /// `2 * layers` arrays of `tokens.count * kvDim` floats: keys of layer 0, values of layer 0, …
    var planes: [[Float]]

    var prefixHash: UInt64 { PrefixSnapshot.hash(tokens: tokens) }

    static func hash(tokens: [Int]) -> UInt64 {
        var h = FNV64()
        for t in tokens { h.add(UInt64(UInt32(truncatingIfNeeded: t))) }
        return h.value
    }

    static func fileName(modelHash: UInt64, prefixHash: UInt64) -> String {
        "prefix-v\(formatVersion)-\(hex(modelHash))-\(hex(prefixHash)).kv"
    }

    static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    private static func tokensEnd(_ n: Int) -> Int { (headerBytes + 4 * n + 63) / 64 * 64 }

    static func byteCount(layers: Int, kvDim: Int, tokens: Int) -> Int {
        tokensEnd(tokens) + 2 * layers * tokens * kvDim * 4
    }

    /// The file contents.
    func encoded() -> [UInt8] {
        let n = tokens.count
        var out = [UInt8](repeating: 0, count: Self.byteCount(layers: layers, kvDim: kvDim, tokens: n))
        out.withUnsafeMutableBytes { raw in
            let p = raw.baseAddress!
            for (i, v) in [Self.magic, Self.formatVersion, UInt32(layers), UInt32(kvDim), UInt32(n), 0].enumerated() {
                p.storeBytes(of: v.littleEndian, toByteOffset: 4 * i, as: UInt32.self)
            }
            p.storeBytes(of: modelHash.littleEndian, toByteOffset: 24, as: UInt64.self)
            p.storeBytes(of: prefixHash.littleEndian, toByteOffset: 32, as: UInt64.self)
            for (i, t) in tokens.enumerated() {
                p.storeBytes(of: Int32(truncatingIfNeeded: t).littleEndian, toByteOffset: Self.headerBytes + 4 * i, as: Int32.self)
            }
            var offset = Self.tokensEnd(n)
            for plane in planes {
                plane.withUnsafeBytes { src in (p + offset).copyMemory(from: src.baseAddress!, byteCount: src.count) }
                offset += plane.count * 4
            }
        }
        return out
    }

    /// Checks `bytes` against the expected shape, model and prefix tokens; nil when anything
    /// differs. `copy(plane, pointer)` receives each plane (`2 * layers` of them, in order).
    static func validate(_ bytes: UnsafeRawBufferPointer, layers: Int, kvDim: Int, modelHash: UInt64,
                         tokens: [Int]) -> Bool {
        let n = tokens.count
        guard bytes.count == byteCount(layers: layers, kvDim: kvDim, tokens: n), let p = bytes.baseAddress else { return false }
        func u32(_ i: Int) -> UInt32 { UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
        guard u32(0) == magic, u32(1) == formatVersion, u32(2) == UInt32(layers), u32(3) == UInt32(kvDim),
              u32(4) == UInt32(n), u32(5) == 0,
              UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 24, as: UInt64.self)) == modelHash,
              UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 32, as: UInt64.self)) == hash(tokens: tokens)
        else { return false }
        for (i, t) in tokens.enumerated()
        where Int32(littleEndian: p.loadUnaligned(fromByteOffset: headerBytes + 4 * i, as: Int32.self)) != Int32(truncatingIfNeeded: t) {
            return false
        }
        return true
    }

    /// Pointer to plane `i` of a validated file.
    static func plane(_ bytes: UnsafeRawBufferPointer, _ i: Int, kvDim: Int, tokens n: Int) -> UnsafeRawPointer {
        bytes.baseAddress! + tokensEnd(n) + i * n * kvDim * 4
    }
}

/// 64-bit FNV-1a over 64-bit words (identifies, does not authenticate: the file's token ids are
/// compared exactly anyway).
struct FNV64 {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325
    mutating func add(_ word: UInt64) { value = (value ^ word) &* 0x0000_0100_0000_01B3 }
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var i = 0
        while i + 8 <= bytes.count { add(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)); i += 8 }
        while i < bytes.count { add(UInt64(bytes[i])); i += 1 }
    }
}
