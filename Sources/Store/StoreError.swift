import CSQLite
import Foundation
import Glibc
import IntentKit

/// Store failures that are not SQLite's own. Every description names the file, what failed and
/// what to do about it.
public enum StoreError: Error, CustomStringConvertible, Sendable {
    /// A file-system call on `path` failed with `errno`.
    case fileSystem(path: String, errno: Int32)
    /// The database of a home that has been used is missing or empty (0 bytes).
    case databaseVanished(path: String, empty: Bool, dataDirectory: String)
    /// The home's data directory belongs to another user.
    case foreignOwner(path: String, owner: UInt32)
    case notFound(kind: String, id: String)

    public var description: String { intentError.description }
}

extension StoreError: IntentErrorConvertible {
    public var intentError: IntentError {
        switch self {
        case .fileSystem(let path, let code):
            return StoreFault.file(path, verb: "write", errno: code)
        case .databaseVanished(let path, let empty, let dir):
            return .configuration("the database \(path) is \(empty ? "empty (0 bytes)" : "missing"), but this home has been used before; intent will not silently start an empty store over it. Restore the file from a backup, or remove \(dir) to start over with an empty store")
        case .foreignOwner(let path, let owner):
            return .configuration("\(path) belongs to another user (uid \(owner)), not to you (uid \(geteuid())); use your own home (--home DIR or INTENT_HOME), or give it back to you with chown")
        case .notFound(let kind, let id):
            return .invalidInput("no \(kind) with id \(id)")
        }
    }
}

extension SQLiteError: IntentErrorConvertible {
    public var intentError: IntentError { StoreFault.sqlite(self) }
}

extension MigrationError: IntentErrorConvertible {
    public var intentError: IntentError { .configuration(description) }
}

/// Maps file-system and SQLite failures to a sentence a person can act on, with the documented
/// exit code: 73 cannot create or write (read-only, permission), 74 I/O (disk full, damaged
/// database), 75 busy. Never SQLite's result numbers or Foundation's error text.
enum StoreFault {
    static func file(_ path: String, verb: String, errno code: Int32) -> IntentError {
        switch code {
        case ENOSPC, EDQUOT:
            return .ioError("cannot write \(path): the disk is full (no space left on the device); free some space, then run again")
        case EROFS:
            return .cannotCreate("cannot write \(path): the file system is read-only; remount it read-write, or use a home on a writable disk (--home DIR)")
        case EACCES, EPERM:
            return .cannotCreate("cannot \(verb) \(path): permission denied; it must belong to you and be writable (directories 0700, files 0600), or use another home (--home DIR)")
        case ENOENT, ENOTDIR:
            return .cannotCreate("cannot \(verb) \(path): a directory on its path is missing or is not a directory")
        case EIO:
            return .ioError("cannot \(verb) \(path): an I/O error from the disk; check the disk (dmesg), then run again")
        default:
            return .ioError("cannot \(verb) \(path): \(String(cString: strerror(code)))")
        }
    }

    static func sqlite(_ e: SQLiteError) -> IntentError {
        let path = e.path ?? "the database"
        switch e.code {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .temporary("the store \(path) is busy: another intent holds its write lock; try again in a moment")
        case SQLITE_FULL:
            return file(path, verb: "write", errno: ENOSPC)
        case SQLITE_READONLY:
            return file(path, verb: "write", errno: e.systemErrno != 0 ? e.systemErrno : readOnlyReason(path))
        case SQLITE_CANTOPEN:
            return file(path, verb: "open", errno: e.systemErrno != 0 ? e.systemErrno : readOnlyReason(path))
        case SQLITE_PERM, SQLITE_AUTH:
            return file(path, verb: "open", errno: EACCES)
        case SQLITE_IOERR:
            if e.systemErrno == ENOSPC || e.systemErrno == EDQUOT { return file(path, verb: "write", errno: ENOSPC) }
            if e.extendedCode == SQLITE_IOERR | (2 << 8) { return damaged(path, "truncated") }  // SQLITE_IOERR_SHORT_READ
            return file(path, verb: "read or write", errno: e.systemErrno != 0 ? e.systemErrno : EIO)
        case SQLITE_CORRUPT:
            return damaged(path, "corrupt or truncated")
        case SQLITE_NOTADB:
            return damaged(path, "not an SQLite database")
        case SQLITE_NOMEM:
            return .ioError("the store \(path) could not be used: out of memory; close other programs and run again")
        default:
            return .internalError(e.rawDescription)
        }
    }

    static func damaged(_ path: String, _ what: String) -> IntentError {
        .ioError("the database \(path) is damaged (\(what)); intent leaves it untouched. Move it aside and restore a backup; to start over with an empty store, remove its whole directory")
    }

    /// Why a file SQLite reports as read-only cannot be written, when SQLite kept no errno.
    static func readOnlyReason(_ path: String) -> Int32 {
        var fs = statvfs()
        if statvfs((path as NSString).deletingLastPathComponent, &fs) == 0, fs.f_flag & UInt(ST_RDONLY) != 0 { return EROFS }
        return EACCES
    }
}
