import Foundation
import Glibc
import Store

/// A file whose ingestion failed (refused, too big, crashed mid-way), remembered by fingerprint in
/// `library_failures`: size and modification time, and the content hash when the file was read.
/// An unchanged file is reported as previously failed and not tried again; a changed one is
/// tried again; `intent library add --retry` forgets the record and tries anyway.
struct FileFingerprint: Equatable {
    var size: Int64
    /// Modification time in nanoseconds since the epoch.
    var mtimeNanoseconds: Int64

    init(size: Int64, mtimeNanoseconds: Int64) {
        self.size = size
        self.mtimeNanoseconds = mtimeNanoseconds
    }

    init(_ info: stat) {
        size = Int64(info.st_size)
        mtimeNanoseconds = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
    }

    /// The fingerprint of the file at `path`, nil when it cannot be stat'ed.
    static func of(_ path: String) -> FileFingerprint? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileFingerprint(info)
    }
}

/// A remembered failure.
struct FailureRecord: Equatable {
    var fingerprint: FileFingerprint
    var contentHash: String?
    var state: IngestionTicket.State
    var reason: String
}

/// SQL over `library_failures`; every method runs inside the caller's transaction.
enum FailureMemory {
    /// Records that `path` failed with `reason` (nothing when the file is gone: there is nothing
    /// to fingerprint, and a later file at that path is new).
    static func record(path: String, state: IngestionTicket.State, reason: String, hash: String?,
                       fingerprint: FileFingerprint? = nil, at now: Date, _ c: Connection) throws {
        guard let print = fingerprint ?? FileFingerprint.of(path) else { return }
        try c.run("""
            INSERT INTO library_failures(path, size, mtime_ns, content_hash, state, reason, failed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(path) DO UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns,
              content_hash = excluded.content_hash, state = excluded.state, reason = excluded.reason,
              failed_at = excluded.failed_at
            """, [path, print.size, print.mtimeNanoseconds, hash, state.rawValue, reason, now.timeIntervalSince1970])
    }

    static func record(at path: String, _ c: Connection) throws -> FailureRecord? {
        try c.first("SELECT size, mtime_ns, content_hash, state, reason FROM library_failures WHERE path = ?", [path]) { r in
            FailureRecord(fingerprint: FileFingerprint(size: r.int64(0), mtimeNanoseconds: r.int64(1)),
                          contentHash: r.optionalText(2), state: IngestionTicket.State(rawValue: r.text(3)) ?? .failed,
                          reason: r.text(4))
        }
    }

    static func forget(path: String, _ c: Connection) throws {
        try c.run("DELETE FROM library_failures WHERE path = ?", [path])
    }

    /// Forgets the failures of `paths` and of every file under those that are folders.
    /// Returns how many were forgotten.
    @discardableResult
    static func forget(under paths: [String], _ c: Connection) throws -> Int {
        var total = 0
        for path in paths {
            let prefix = path.hasSuffix("/") ? path : path + "/"
            try c.run("DELETE FROM library_failures WHERE path = ? OR substr(path, 1, length(?)) = ?",
                      [path, prefix, prefix])
            total += c.changes
        }
        return total
    }
}
