import Foundation

/// A read-only view of a whole file, memory-mapped with `Data(contentsOf:options: .alwaysMapped)`.
///
/// The mapping lives as long as this object; `base` stays valid for that lifetime (mapped `Data`
/// storage never moves). Pages are file-backed, so untouched tensors cost no resident memory.
public final class MappedFile: @unchecked Sendable {
    public let path: String
    public let count: Int
    let base: UnsafeRawPointer
    private let data: Data

    public init(path: String) throws {
        self.path = path
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw LocalModelError.cannotOpen(path: path, reason: (error as NSError).localizedDescription)
        }
        self.data = data
        self.count = data.count
        if data.isEmpty {
            self.base = UnsafeRawPointer(bitPattern: 1)!
        } else {
            self.base = data.withUnsafeBytes { UnsafeRawPointer($0.baseAddress!) }
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
