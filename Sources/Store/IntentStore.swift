import Foundation
import Glibc
import IntentKit
import Synchronization

/// The user's store: the SQLite database under the data directory, opened and migrated on demand.
///
/// Every intent calls `ensureConfigured()` first thing. On a cold home it creates the directories
/// (0700), the database file (0600) and applies the migrations; on a warm home it costs one pragma
/// read. Two processes racing on a never-configured home both succeed: directory creation tolerates
/// the other, and migrations run under the write lock.
public final class IntentStore: Sendable {
    public let paths: AppPaths
    private let migrator: Migrator
    private let opened = Mutex<Database?>(nil)

    public init(paths: AppPaths, migrations: [Migration] = StoreSchema.migrations) {
        self.paths = paths
        self.migrator = Migrator(migrations)
    }

    /// Opens the database, creating and migrating it when needed. Idempotent and cheap when warm.
    public func ensureConfigured() async throws {
        _ = try database()
    }

    /// The open, migrated database. Opens it on first use.
    public func database() throws -> Database {
        try opened.withLock { current in
            if let current { return current }
            try StoreFiles.makePrivateDirectory(paths.dataDirectory)
            try StoreFiles.makePrivateDirectory(paths.configDirectory)
            let url = paths.databaseURL
            try StoreFiles.createPrivateFileIfMissing(url)
            let db = try Database(path: url.path)
            if try !migrator.isCurrent(db) { try migrator.migrate(db) }
            current = db
            return db
        }
    }
}

/// File-system helpers that keep the store's files private to the user.
public enum StoreFiles {
    /// Creates `url` and its missing parents with mode 0700 (existing directories are tightened).
    public static func makePrivateDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        _ = chmod(url.path, 0o700)
    }

    /// Creates an empty file with mode 0600 unless it already exists.
    public static func createPrivateFileIfMissing(_ url: URL) throws {
        let fd = open(url.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd); return }
        if errno != EEXIST { throw StoreError.fileSystem(path: url.lastPathComponent, errno: errno) }
    }

    /// Writes `data` to `url` atomically with mode 0600: a fresh temp file, fsync, rename.
    /// (`Data.write(options: .atomic)` resets the mode on Linux.)
    public static func writePrivateAtomically(_ data: Data, to url: URL) throws {
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temp.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.fileSystem(path: url.lastPathComponent, errno: errno) }
        var ok = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        ok = ok && fsync(fd) == 0
        let savedErrno = errno
        close(fd)
        guard ok, rename(temp.path, url.path) == 0 else {
            unlink(temp.path)
            throw StoreError.fileSystem(path: url.lastPathComponent, errno: ok ? errno : savedErrno)
        }
    }
}

/// Store failures that are not SQLite's own.
public enum StoreError: Error, CustomStringConvertible, Sendable {
    case fileSystem(path: String, errno: Int32)
    case notFound(kind: String, id: String)

    public var description: String {
        switch self {
        case .fileSystem(let path, let code):
            return "cannot write \(path): \(String(cString: strerror(code)))"
        case .notFound(let kind, let id):
            return "no \(kind) with id \(id)"
        }
    }
}
