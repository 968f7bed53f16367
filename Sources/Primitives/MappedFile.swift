import Foundation

/// Why a file could not be mapped: the path and the system's reason (`strerror`), never
/// Foundation's error text.
public struct MappedFileError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): cannot map: \(reason)" }
}

/// A read-only view of a whole file, memory-mapped with `mmap(PROT_READ, MAP_PRIVATE)`.
///
/// The mapping lives as long as this object (it is unmapped in `deinit`): keep the object, not
/// only `data`, for as long as `base` or `data` is read.
/// Pages are file-backed, so untouched tensors cost no resident memory.
public final class MappedFile: @unchecked Sendable {
    public let path: String
    public let count: Int
    public let base: UnsafeRawPointer
    /// The mapped bytes (no copy; valid while this object lives).
    public let data: Data
    private let mapping: UnsafeMutableRawPointer?

    public init(path: String) throws(MappedFileError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw MappedFileError(path: path, reason: Self.systemReason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw MappedFileError(path: path, reason: Self.systemReason(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw MappedFileError(path: path, reason: (info.st_mode & S_IFMT) == S_IFDIR ? Self.systemReason(EISDIR) : "not a regular file")
        }
        let size = Int(info.st_size)
        count = size
        if size == 0 {
            mapping = nil
            base = UnsafeRawPointer(bitPattern: 1)!
            data = Data()
            return
        }
        guard let pointer = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), pointer != MAP_FAILED else {
            throw MappedFileError(path: path, reason: Self.systemReason(errno))
        }
        mapping = pointer
        base = UnsafeRawPointer(pointer)
        data = Data(bytesNoCopy: pointer, count: size, deallocator: .none)
    }

    deinit {
        if let mapping { munmap(mapping, count) }
    }

    private static func systemReason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
