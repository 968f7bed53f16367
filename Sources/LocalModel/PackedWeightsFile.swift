#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The packed copies of a model's matrices (`PackedMatrix`), kept in one file beside the weights
/// so that a later process maps them instead of repacking ~94 MB (0.05 s of two cores for
/// SmolLM2-135M, plus the zeroing of as many fresh pages).
///
/// File layout (little-endian): magic `IKPK`, format version, matrix count, 0 (UInt32 each);
/// model hash, data offset, data bytes, data checksum (UInt64 each); per matrix its GGML type,
/// rows, blocks, 0 (UInt32 each); zero padding to the data offset (a multiple of 4096); then the
/// matrices' packed bytes back to back, each padded to a multiple of 64 bytes. A file whose size,
/// header, matrix list (type and shape of every matrix, in order) or checksum differs from what
/// the loaded model expects is ignored and rewritten: a stale, truncated or damaged cache costs
/// the repacking, never a wrong product.
enum PackedWeightsFile {
    static let magic: UInt32 = 0x4B50_4B49 // "IKPK"
    static let formatVersion: UInt32 = 1
    static let headerBytes = 48
    static let entryBytes = 16
    static let dataAlignment = 4096

    /// One matrix of the file: its type and shape (the packed size follows from them).
    struct Entry: Equatable {
        var type: GGMLType
        var rows: Int
        var blocks: Int
        var bytes: Int { PackedMatrix.byteCount(type: type, rows: rows, blocks: blocks) }
        var paddedBytes: Int { (bytes + 63) / 64 * 64 }
    }

    static func fileName(modelHash: UInt64) -> String { "packed-v\(formatVersion)-\(PrefixSnapshot.hex(modelHash)).bin" }

    static func dataOffset(entries: Int) -> Int {
        (headerBytes + entries * entryBytes + dataAlignment - 1) / dataAlignment * dataAlignment
    }

    static func byteCount(_ entries: [Entry]) -> Int {
        dataOffset(entries: entries.count) + entries.reduce(0) { $0 + $1.paddedBytes }
    }

    /// The header and matrix list (everything before the data).
    static func header(_ entries: [Entry], modelHash: UInt64, checksum: UInt64) -> [UInt8] {
        let offset = dataOffset(entries: entries.count)
        var out = [UInt8](repeating: 0, count: offset)
        out.withUnsafeMutableBytes { raw in
            let p = raw.baseAddress!
            for (i, v) in [magic, formatVersion, UInt32(entries.count), 0].enumerated() {
                p.storeBytes(of: v.littleEndian, toByteOffset: 4 * i, as: UInt32.self)
            }
            let dataBytes = UInt64(byteCount(entries) - offset)
            for (i, v) in [modelHash, UInt64(offset), dataBytes, checksum].enumerated() {
                p.storeBytes(of: v.littleEndian, toByteOffset: 16 + 8 * i, as: UInt64.self)
            }
            for (i, e) in entries.enumerated() {
                for (j, v) in [UInt32(e.type.rawValue), UInt32(e.rows), UInt32(e.blocks), 0].enumerated() {
                    p.storeBytes(of: v.littleEndian, toByteOffset: headerBytes + i * entryBytes + 4 * j, as: UInt32.self)
                }
            }
        }
        return out
    }

    /// Byte offsets of each matrix in a file of `entries`.
    static func offsets(_ entries: [Entry]) -> [Int] {
        var at = dataOffset(entries: entries.count)
        return entries.map { e in defer { at += e.paddedBytes }; return at }
    }

    /// Whether `bytes` is a whole, undamaged file of exactly `entries` for `modelHash`.
    static func validate(_ bytes: UnsafeRawBufferPointer, entries: [Entry], modelHash: UInt64) -> Bool {
        guard bytes.count == byteCount(entries), bytes.count >= headerBytes, let p = bytes.baseAddress else { return false }
        func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: p.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: p.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        let offset = dataOffset(entries: entries.count)
        guard u32(0) == magic, u32(4) == formatVersion, u32(8) == UInt32(entries.count), u32(12) == 0,
              u64(16) == modelHash, u64(24) == UInt64(offset), u64(32) == UInt64(bytes.count - offset) else { return false }
        for (i, e) in entries.enumerated() {
            let at = headerBytes + i * entryBytes
            guard u32(at) == UInt32(e.type.rawValue), u32(at + 4) == UInt32(e.rows), u32(at + 8) == UInt32(e.blocks),
                  u32(at + 12) == 0 else { return false }
        }
        return u64(40) == checksum(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
    }

    /// Fletcher-style sums over eight interleaved streams of 64-bit words (vectorized; position
    /// sensitive, so a moved block changes it as well as a flipped bit).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var c = Checksum()
        c.add(bytes)
        return c.value
    }

    struct Checksum {
        private var a = SIMD8<UInt64>(repeating: 0), b = SIMD8<UInt64>(repeating: 0)

        /// Adds `bytes` (a multiple of 64, as the padded data always is).
        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            precondition(bytes.count % 64 == 0, "checksum over unpadded data")
            var i = 0
            while i < bytes.count {
                a &+= bytes.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt64>.self)
                b &+= a
                i += 64
            }
        }

        var value: UInt64 {
            var h = FNV64()
            for k in 0..<8 { h.add(a[k]); h.add(b[k]) }
            return h.value
        }
    }
}

/// Reads and writes the packed-weights file in a cache directory. Failing to read or write it
/// only costs speed.
struct PackedWeightsStore: Sendable {
    let directory: URL
    let modelHash: UInt64

    var path: String { directory.appendingPathComponent(PackedWeightsFile.fileName(modelHash: modelHash)).path }

    /// The file, mapped read-only and prefaulted, when it holds exactly `entries`; nil otherwise.
    func load(_ entries: [PackedWeightsFile.Entry]) -> PackedFileMapping? {
        guard let mapping = PackedFileMapping(path: path),
              PackedWeightsFile.validate(mapping.bytes, entries: entries, modelHash: modelHash) else { return nil }
        return mapping
    }

    /// Writes the file from `matrices` (in `entries` order) atomically: a temporary file, 0600,
    /// then `rename`. Older packed files in the directory are removed.
    @discardableResult
    func save(_ matrices: [PackedMatrix]) -> Bool {
        let entries = matrices.map(\.entry)
        let parts = matrices.map(\.paddedBytes)
        var sum = PackedWeightsFile.Checksum()
        for p in parts { sum.add(p) }
        let checksum = sum.value
        let header = PackedWeightsFile.header(entries, modelHash: modelHash, checksum: checksum)
        let name = PackedWeightsFile.fileName(modelHash: modelHash)
        let ok = header.withUnsafeBytes { h in CacheFile.write(directory: directory, name: name, parts: [h] + parts) }
        if ok, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) {
            for n in names where n.hasPrefix("packed-") && n.hasSuffix(".bin") && n != name {
                unlink(directory.appendingPathComponent(n).path)
            }
        }
        return ok
    }

}

/// A packed-weights file mapped read-only with its pages faulted in at once (`MAP_POPULATE`).
final class PackedFileMapping: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int

    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0 else { return nil }
        let size = Int(st.st_size)
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), p != MAP_FAILED else { return nil }
        base = UnsafeRawPointer(p)
        count = size
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), count) }
}
