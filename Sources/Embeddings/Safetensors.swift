import Foundation
import Primitives

/// A read-only, memory-mapped safetensors file.
///
/// Layout: an 8-byte little-endian header length `n`, `n` bytes of JSON mapping tensor names to
/// `{"dtype", "shape", "data_offsets": [begin, end]}` (offsets relative to the end of the
/// header), an optional `__metadata__` object, then the tensor bytes. The file is mapped with
/// `MappedFile`, so tensors cost no copy; pages count as file-backed memory once touched.
/// Every entry is validated when the file is opened: offsets inside the file, byte length equal
/// to the shape times the dtype size.
public struct SafetensorsFile: Sendable {
    /// One tensor's description from the header.
    public struct TensorInfo: Sendable, Equatable {
        public let dtype: String
        public let shape: [Int]
        /// Byte range inside the whole file.
        public let byteRange: Range<Int>
    }

    /// File name used in error messages.
    public let name: String
    /// Tensor descriptions by name.
    public let tensors: [String: TensorInfo]
    /// String entries of `__metadata__`.
    public let metadata: [String: String]
    /// The tensor bytes: the mapped file's, or bytes given in memory.
    let data: Data
    /// Keeps the mapping behind `data` alive.
    private let mapping: MappedFile?

    static let elementSizes: [String: Int] = [
        "F64": 8, "F32": 4, "F16": 2, "BF16": 2, "I64": 8, "I32": 4, "I16": 2, "I8": 1,
        "U64": 8, "U32": 4, "U16": 2, "U8": 1, "BOOL": 1,
    ]
    /// Headers above this size are refused (the format's own limit is 100 MB).
    static let maxHeaderBytes = 100_000_000

    /// Maps and validates `url`. Throws `EmbeddingsError` for unreadable, truncated or malformed files.
    public init(contentsOf url: URL) throws {
        let name = url.lastPathComponent
        let file: MappedFile
        do {
            file = try MappedFile(path: url.path)
        } catch {
            throw EmbeddingsError.unreadable(url, otherwise: "cannot be mapped")
        }
        try self.init(data: file.data, name: name, mapping: file)
    }

    /// Validates safetensors bytes already in memory (used by tests and by `init(contentsOf:)`).
    public init(data: Data, name: String) throws {
        try self.init(data: data, name: name, mapping: nil)
    }

    private init(data: Data, name: String, mapping: MappedFile?) throws {
        self.name = name
        self.data = data
        self.mapping = mapping
        guard data.count >= 8 else {
            throw EmbeddingsError.truncated(file: name, expectedBytes: 8, actualBytes: data.count)
        }
        let headerLength = data.prefix(8).enumerated().reduce(UInt64(0)) {
            $0 | UInt64($1.element) << (8 * UInt64($1.offset))
        }
        guard headerLength <= UInt64(SafetensorsFile.maxHeaderBytes) else {
            throw EmbeddingsError.invalidHeader(file: name, reason: "header length \(headerLength) is too large")
        }
        let dataStart = 8 + Int(headerLength)
        guard data.count >= dataStart else {
            throw EmbeddingsError.truncated(file: name, expectedBytes: dataStart, actualBytes: data.count)
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data.subdata(in: 8..<dataStart))
        } catch {
            throw EmbeddingsError.invalidHeader(file: name, reason: "not valid JSON")
        }
        guard let entries = json as? [String: Any] else {
            throw EmbeddingsError.invalidHeader(file: name, reason: "top level is not an object")
        }
        var tensors: [String: TensorInfo] = [:]
        var metadata: [String: String] = [:]
        for (key, value) in entries {
            if key == "__metadata__" {
                for (k, v) in value as? [String: Any] ?? [:] { metadata[k] = v as? String }
                continue
            }
            let info = try SafetensorsFile.parseEntry(key, value, dataStart: dataStart, file: name)
            guard info.byteRange.upperBound <= data.count else {
                throw EmbeddingsError.truncated(
                    file: name, expectedBytes: info.byteRange.upperBound, actualBytes: data.count)
            }
            tensors[key] = info
        }
        self.tensors = tensors
        self.metadata = metadata
    }

    private static func parseEntry(_ key: String, _ value: Any, dataStart: Int, file: String) throws -> TensorInfo {
        guard let entry = value as? [String: Any],
              let dtype = entry["dtype"] as? String,
              let shape = (entry["shape"] as? [NSNumber])?.map(\.intValue),
              let offsets = (entry["data_offsets"] as? [NSNumber])?.map(\.intValue),
              offsets.count == 2
        else {
            throw EmbeddingsError.invalidHeader(file: file, reason: "entry '\(key)' lacks dtype, shape or data_offsets")
        }
        guard let size = elementSizes[dtype] else {
            throw EmbeddingsError.invalidHeader(file: file, reason: "entry '\(key)' has unknown dtype \(dtype)")
        }
        guard shape.allSatisfy({ $0 >= 0 }), offsets[0] >= 0, offsets[1] >= offsets[0] else {
            throw EmbeddingsError.invalidHeader(file: file, reason: "entry '\(key)' has negative sizes or offsets")
        }
        let (elements, overflow) = shape.reduce((1, false)) { acc, dim in
            let (product, o) = acc.0.multipliedReportingOverflow(by: dim)
            return (product, acc.1 || o)
        }
        guard !overflow, elements * size == offsets[1] - offsets[0] else {
            throw EmbeddingsError.invalidHeader(
                file: file, reason: "entry '\(key)' spans \(offsets[1] - offsets[0]) bytes, shape \(shape) needs \(elements &* size)")
        }
        return TensorInfo(dtype: dtype, shape: shape, byteRange: (dataStart + offsets[0])..<(dataStart + offsets[1]))
    }

    /// The description of `name` after checking its dtype and shape.
    public func tensor(_ name: String, dtype: String = "F32", shape: [Int]) throws -> TensorInfo {
        guard let info = tensors[name] else {
            throw EmbeddingsError.missingTensor(file: self.name, name: name)
        }
        guard info.dtype == dtype else {
            throw EmbeddingsError.dtypeMismatch(file: self.name, name: name, expected: dtype, actual: info.dtype)
        }
        guard info.shape == shape else {
            throw EmbeddingsError.shapeMismatch(file: self.name, name: name, expected: shape, actual: info.shape)
        }
        return info
    }

    /// A copy of an F32 tensor's elements (little-endian host assumed, as on x86-64 and arm64).
    public func floats(_ name: String, shape: [Int]) throws -> [Float] {
        let info = try tensor(name, shape: shape)
        return withUnsafeBytes { raw in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[info.byteRange])
            return [Float](unsafeUninitializedCapacity: bytes.count / 4) { buffer, count in
                _ = bytes.copyBytes(to: buffer)
                count = bytes.count / 4
            }
        }
    }

    /// Calls `body` with the whole mapped file; pointers must not escape it.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try data.withUnsafeBytes(body)
    }
}
