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

    init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code & 0xFF
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let msg = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let ext = connection.map { sqlite3_extended_errcode($0) } ?? code
        self.init(code: code, extendedCode: ext, message: msg, sql: sql)
    }

    /// True for `SQLITE_BUSY` and `SQLITE_LOCKED`: another connection holds the lock.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " — while executing `\(sql)`" }
        return text
    }
}
