import Foundation
import Glibc

/// One item file of a vdir collection, as seen by `stat`.
public struct VdirEntry: Sendable, Hashable {
    public var path: String
    public var size: Int
    /// Modification time in nanoseconds since the epoch.
    public var mtimeNanos: Int64

    public init(path: String, size: Int, mtimeNanos: Int64) {
        self.path = path; self.size = size; self.mtimeNanos = mtimeNanos
    }
}

/// Errors of vdir file access. Messages name the file, never its content.
public enum VdirError: Error, CustomStringConvertible, Sendable, Equatable {
    case notADirectory(String)
    case unreadable(path: String, errno: Int32)
    case cannotWrite(path: String, errno: Int32)
    case exists(String)

    public var description: String {
        switch self {
        case .notADirectory(let p): return "\(p) is not a directory"
        case .unreadable(let p, let e): return "cannot read \(p): \(String(cString: strerror(e)))"
        case .cannotWrite(let p, let e): return "cannot write \(p): \(String(cString: strerror(e)))"
        case .exists(let p): return "\(p) already exists"
        }
    }
}

/// The vdir layout (pimutils' vdir specification): a root folder whose subfolders are
/// collections, each holding one item per `.ics` file. Hidden entries (a leading dot) are
/// ignored — that is where writers keep their temporary files — and so is anything that is not
/// a regular `.ics` file.
public enum VdirFiles {
    /// True when `path` is an existing directory.
    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names of the visible subfolders of `root`, sorted.
    public static func collections(in root: String) throws(VdirError) -> [String] {
        guard isDirectory(root) else { throw .notADirectory(root) }
        return try names(in: root).filter { isDirectory(root + "/" + $0) }.sorted()
    }

    /// The `.ics` items of one folder, with their size and mtime. A file that vanishes between
    /// listing and `stat` (a sync running) is left out, never an error.
    public static func items(in folder: String) throws(VdirError) -> [VdirEntry] {
        var out: [VdirEntry] = []
        for name in try names(in: folder) where name.hasSuffix(".ics") {
            if let e = entry(folder + "/" + name) { out.append(e) }
        }
        return out.sorted { $0.path < $1.path }
    }

    /// `stat` of a regular file, or nil when it is missing or not a regular file.
    public static func entry(_ path: String) -> VdirEntry? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let ns = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        return VdirEntry(path: path, size: Int(st.st_size), mtimeNanos: ns)
    }

    /// The collection's display name: its `displayname` metadata file (vdirsyncer writes it),
    /// else the folder name.
    public static func displayName(of folder: String) -> String {
        let base = (folder as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: folder + "/displayname"),
              let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty, text.count <= 200 else { return base }
        return text
    }

    /// Reads a whole file; nil when it vanished.
    public static func read(_ path: String) throws(VdirError) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, errno: errno)
        }
        defer { close(fd) }
        // Sized by fstat (items are small; a file that grows while read is still read whole),
        // without zero-filling a fixed buffer for each of thousands of files.
        var st = stat()
        let expected = fstat(fd, &st) == 0 ? max(Int(st.st_size), 0) : 0
        var bytes = [UInt8]()
        bytes.reserveCapacity(expected + 1)
        var chunk = min(max(expected + 1, 4_096), 1 << 20)
        while true {
            var failed: Int32 = 0
            let n = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { buffer throws(VdirError) -> Int in
                let n = Glibc.read(fd, buffer.baseAddress, chunk)
                if n > 0 { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<n])) }
                if n < 0 { failed = errno }
                return n
            }
            if n < 0 { if failed == EINTR { continue }; throw .unreadable(path: path, errno: failed) }
            if n == 0 { break }
            chunk = 64 * 1024
        }
        return Data(bytes)
    }

    /// Writes `data` to `path` atomically: a hidden temporary file in the same folder, fsync,
    /// then rename over (or, with `exclusive`, a hard link that fails when the name is taken).
    /// The file gets mode 0600 unless it replaces one, whose mode it keeps.
    public static func writeAtomically(_ data: Data, to path: String, exclusive: Bool = false) throws(VdirError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temp = folder + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        var st = stat()
        let mode: mode_t = stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0o600
        let fd = open(temp, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .cannotWrite(path: path, errno: errno) }
        var ok = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        ok = ok && fsync(fd) == 0
        let saved = errno
        close(fd)
        guard ok else { unlink(temp); throw .cannotWrite(path: path, errno: saved) }
        if exclusive {
            let linked = link(temp, path) == 0
            let e = errno
            unlink(temp)
            guard linked else { throw e == EEXIST ? .exists(path) : .cannotWrite(path: path, errno: e) }
        } else if rename(temp, path) != 0 {
            let e = errno
            unlink(temp)
            throw .cannotWrite(path: path, errno: e)
        }
    }

    /// Removes a file; a file already gone is not an error.
    public static func remove(_ path: String) throws(VdirError) {
        if unlink(path) != 0, errno != ENOENT { throw .cannotWrite(path: path, errno: errno) }
    }

    /// Creates a collection folder (0700).
    public static func makeCollection(_ path: String) throws(VdirError) {
        if mkdir(path, 0o700) != 0, errno != EEXIST { throw .cannotWrite(path: path, errno: errno) }
    }

    private static func names(in folder: String) throws(VdirError) -> [String] {
        guard let dir = opendir(folder) else { throw .unreadable(path: folder, errno: errno) }
        defer { closedir(dir) }
        var out: [String] = []
        while let ent = readdir(dir) {
            let name = withUnsafePointer(to: ent.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            out.append(name)
        }
        return out
    }
}
