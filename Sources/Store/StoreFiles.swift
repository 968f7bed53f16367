import Foundation
import Glibc
import Primitives

/// File-system helpers that keep the store's files private to the user. Failures are
/// `StoreError.fileSystem` naming the full path, never Foundation's error text.
public enum StoreFiles {
    /// Creates `url` and its missing parents with mode 0700 (an existing last directory of
    /// ours is tightened to 0700; a shared one — sticky, as /tmp is — is never changed: the
    /// files in it are 0600 anyway).
    public static func makePrivateDirectory(_ url: URL) throws {
        try makeDirectory(url.standardizedFileURL.path, tighten: true)
    }

    private static func makeDirectory(_ path: String, tighten: Bool) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw StoreError.fileSystem(path: path, errno: ENOTDIR) }
            if tighten, PrivateDirectory.needsTightening(info.st_mode), info.st_uid == geteuid() { _ = chmod(path, 0o700) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectory(parent, tighten: false) }
        if mkdir(path, 0o700) != 0, errno != EEXIST { throw StoreError.fileSystem(path: path, errno: errno) }
    }

    /// Creates an empty file with mode 0600 unless it already exists. Returns true when it
    /// created the file.
    @discardableResult
    public static func createPrivateFileIfMissing(_ url: URL) throws -> Bool {
        let fd = open(url.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd); return true }
        if errno != EEXIST { throw StoreError.fileSystem(path: url.path, errno: errno) }
        return false
    }

    /// Writes `data` to `url` atomically with mode 0600: a fresh temp file, fsync, rename.
    /// (`Data.write(options: .atomic)` resets the mode on Linux.) The temp file is named
    /// `.NAME.PID.RANDOM.tmp`, so one left by a killed process is recognised and removed later.
    public static func writePrivateAtomically(_ data: Data, to url: URL) throws {
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temp.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.fileSystem(path: url.path, errno: errno) }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { failure = n < 0 ? errno : EIO; return }
                offset += n
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0, rename(temp.path, url.path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temp.path)
            throw StoreError.fileSystem(path: url.path, errno: failure)
        }
    }

    /// Size of the file at `path`, or nil when it does not exist.
    static func size(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
