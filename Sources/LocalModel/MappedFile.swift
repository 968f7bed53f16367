import Foundation
import Primitives

/// A model file mapped read-only (the mapping itself is `Primitives.MappedFile`); opening
/// failures are `LocalModelError.cannotOpen`.
public final class MappedFile: Sendable {
    let mapping: Primitives.MappedFile
    public var path: String { mapping.path }
    public var count: Int { mapping.count }
    var base: UnsafeRawPointer { mapping.base }

    public init(path: String) throws {
        do {
            mapping = try Primitives.MappedFile(path: path)
        } catch {
            throw LocalModelError.cannotOpen(path: path, reason: error.reason)
        }
    }
}

/// A cursor that reads little-endian GGUF primitives and reports truncation with its offset.
struct GGUFCursor {
    let file: MappedFile
    var offset: Int

    mutating func need(_ n: Int, _ what: String) throws {
        if n < 0 || offset + n > file.count { throw LocalModelError.truncated(path: file.path, what: what, offset: offset) }
    }
    mutating func read<T: FixedWidthInteger>(_ type: T.Type, _ what: String) throws -> T {
        try need(MemoryLayout<T>.size, what)
        let v = file.base.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += MemoryLayout<T>.size
        return T(littleEndian: v)
    }
    mutating func readF32(_ what: String) throws -> Float { Float(bitPattern: try read(UInt32.self, what)) }
    mutating func readF64(_ what: String) throws -> Double { Double(bitPattern: try read(UInt64.self, what)) }
    mutating func readString(_ what: String) throws -> String {
        let n = try read(UInt64.self, what)
        guard n <= UInt64(Int.max / 2) else { throw LocalModelError.truncated(path: file.path, what: what, offset: offset) }
        try need(Int(n), what)
        let s = String(decoding: UnsafeRawBufferPointer(start: file.base + offset, count: Int(n)), as: UTF8.self)
        offset += Int(n)
        return s
    }
}
