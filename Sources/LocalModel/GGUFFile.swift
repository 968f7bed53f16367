/// One tensor of a GGUF file: name, shape (`dims[0]` is the contiguous row length), type and data.
public struct GGUFTensor: Sendable {
    public let name: String
    public let dims: [Int]
    public let type: GGMLType
    /// Byte offset of the data from the start of the file.
    public let fileOffset: Int
    public let byteCount: Int
    public var elementCount: Int { dims.reduce(1, *) }
    /// Row length (elements) and number of rows when viewed as a matrix.
    public var rowLength: Int { dims.first ?? 1 }
    public var rows: Int { elementCount / max(rowLength, 1) }
}

/// A parsed GGUF v2/v3 file: metadata, tensor directory and the mapped data.
///
/// Throws `LocalModelError` naming the file and the problem for truncated files, bad magic,
/// unknown value or tensor types and data ranges outside the file.
public final class GGUFFile: @unchecked Sendable {
    public let file: MappedFile
    public let version: UInt32
    public let metadata: [String: GGUFValue]
    public let tensors: [String: GGUFTensor]
    public let alignment: Int
    public let dataOffset: Int

    public convenience init(path: String) throws {
        try self.init(file: MappedFile(path: path))
    }

    public init(file: MappedFile) throws {
        self.file = file
        var c = GGUFCursor(file: file, offset: 0)
        let magic = try c.read(UInt32.self, "magic")
        guard magic == 0x4655_4747 else { throw LocalModelError.notGGUF(path: file.path) }
        version = try c.read(UInt32.self, "version")
        guard version == 2 || version == 3 else { throw LocalModelError.unsupportedVersion(path: file.path, version: version) }
        let tensorCount = try c.read(UInt64.self, "tensor count")
        let kvCount = try c.read(UInt64.self, "metadata count")
        guard tensorCount < UInt64(file.count), kvCount < UInt64(file.count) else {
            throw LocalModelError.truncated(path: file.path, what: "header counts", offset: c.offset)
        }
        var meta: [String: GGUFValue] = [:]
        for _ in 0..<Int(kvCount) {
            let key = try c.readString("metadata key")
            let code = try c.read(UInt32.self, "type of \(key)")
            meta[key] = try c.readValue(code: code, key: key)
        }
        metadata = meta
        let align = meta["general.alignment"]?.intValue ?? 32
        guard align > 0, align & (align - 1) == 0 else {
            throw LocalModelError.missingMetadata(path: file.path, key: "general.alignment")
        }
        alignment = align

        var infos: [(String, [Int], UInt32, UInt64)] = []
        for _ in 0..<Int(tensorCount) {
            let name = try c.readString("tensor name")
            let nDims = try c.read(UInt32.self, "dims of \(name)")
            guard nDims >= 1, nDims <= 4 else {
                throw LocalModelError.invalidTensor(path: file.path, tensor: name, reason: "has \(nDims) dimensions")
            }
            var dims: [Int] = []
            for _ in 0..<Int(nDims) {
                let d = try c.read(UInt64.self, "shape of \(name)")
                guard d > 0, d < 1 << 32 else {
                    throw LocalModelError.invalidTensor(path: file.path, tensor: name, reason: "has dimension \(d)")
                }
                dims.append(Int(d))
            }
            let type = try c.read(UInt32.self, "type of \(name)")
            let off = try c.read(UInt64.self, "offset of \(name)")
            infos.append((name, dims, type, off))
        }
        dataOffset = (c.offset + align - 1) / align * align

        var table: [String: GGUFTensor] = [:]
        for (name, dims, code, off) in infos {
            guard let type = GGMLType(rawValue: code) else {
                throw LocalModelError.unsupportedTensorType(path: file.path, tensor: name, code: code)
            }
            let elements = dims.reduce(1, *)
            guard dims[0] % type.blockElements == 0 else {
                throw LocalModelError.invalidTensor(path: file.path, tensor: name, reason: "row length \(dims[0]) is not a multiple of the \(type.name) block size")
            }
            guard off % UInt64(align) == 0 else {
                throw LocalModelError.invalidTensor(path: file.path, tensor: name, reason: "data offset \(off) is not aligned to \(align)")
            }
            let bytes = elements / type.blockElements * type.blockBytes
            let start = dataOffset + Int(clamping: off)
            guard start + bytes <= file.count else {
                throw LocalModelError.truncated(path: file.path, what: "data of tensor \(name)", offset: start)
            }
            table[name] = GGUFTensor(name: name, dims: dims, type: type, fileOffset: start, byteCount: bytes)
        }
        tensors = table
    }

    /// Pointer to a tensor's first byte; valid while this file is alive.
    public func pointer(_ tensor: GGUFTensor) -> UnsafeRawPointer { file.base + tensor.fileOffset }

    /// Dequantizes a whole tensor to `Float` (row-major, `rowLength` contiguous).
    public func floats(_ tensor: GGUFTensor) -> [Float] {
        [Float](unsafeUninitializedCapacity: tensor.elementCount) { buf, n in
            dequantize(tensor.type, pointer(tensor), count: tensor.elementCount, into: buf.baseAddress!)
            n = tensor.elementCount
        }
    }

    func requireInt(_ key: String) throws -> Int {
        guard let v = metadata[key]?.intValue else { throw LocalModelError.missingMetadata(path: file.path, key: key) }
        return v
    }
}
