import CSQLite

/// A failure reported by SQLite.
///
/// Like GRDB's `DatabaseError`, the description carries the result code, SQLite's own message and
/// the statement's SQL text (which holds `?` placeholders only) — never bound values, so user text
/// cannot leak into logs or error output.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, ...).
    public let code: Int32
    /// The extended result code.
    public let extendedCode: Int32
    public let message: String
    public let sql: String?
    /// The database file the connection had open, when known.
    public var path: String?
    /// The operating system's `errno` behind an I/O, open or read-only failure (0 when none).
    public var systemErrno: Int32

    init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil,
         path: String? = nil, systemErrno: Int32 = 0) {
        self.code = code & 0xFF
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
        self.path = path
        self.systemErrno = systemErrno
    }

    init(connection: OpaquePointer?, code: Int32, sql: String? = nil, path: String? = nil) {
        let msg = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let ext = connection.map { sqlite3_extended_errcode($0) } ?? code
        let file = path ?? connection.flatMap { sqlite3_db_filename($0, "main") }.map { String(cString: $0) }
        self.init(code: code, extendedCode: ext, message: msg, sql: sql,
                  path: (file?.isEmpty ?? true) ? nil : file,
                  systemErrno: connection.map { sqlite3_system_errno($0) } ?? 0)
    }

    /// True for `SQLITE_BUSY` and `SQLITE_LOCKED`: another connection holds the lock.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// What failed in words a person can act on (disk full, read-only, damaged file, busy —
    /// naming the file); SQLite's own code and message only for what is a bug.
    public var description: String {
        if case .internalError = StoreFault.sqlite(self) { return rawDescription }
        return StoreFault.sqlite(self).description
    }

    /// SQLite's result code, message and the statement (placeholders only).
    public var rawDescription: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " — while executing `\(sql)`" }
        return text
    }
}
