import CSQLite
import Foundation

/// Tunables of the SQLite connection.
public struct DatabaseConfiguration: Sendable {
    /// How long SQLite waits on a lock held by another connection before reporting busy.
    public var busyTimeoutMilliseconds: Int32 = 5_000
    /// How many times a write transaction that still found the database busy is retried.
    public var busyRetries: Int = 8
    public var readOnly = false

    public init() {}
}

/// One SQLite connection (WAL, foreign keys, busy timeout).
///
/// All use is serialised by an internal lock, so a `Database` may be shared between tasks. Every
/// write goes through `write(_:)`, which opens a `BEGIN IMMEDIATE` transaction: the write lock is
/// taken up front, so a transaction that reads and then writes never fails with `SQLITE_BUSY_SNAPSHOT`.
public final class Database: @unchecked Sendable {
    private let handle: OpaquePointer
    private let lock = NSLock()
    public let path: String
    public let configuration: DatabaseConfiguration

    /// Opens (creating when needed) the database at `path`.
    public init(path: String, configuration: DatabaseConfiguration = .init()) throws {
        var db: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX
        flags |= configuration.readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let error = SQLiteError(connection: db, code: rc)
            sqlite3_close_v2(db)
            throw error
        }
        self.handle = db
        self.path = path
        self.configuration = configuration
        sqlite3_busy_timeout(db, configuration.busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(db, 1)
        do {
            if !configuration.readOnly { try retryingBusy { try exec("PRAGMA journal_mode=WAL") } }
            try exec("PRAGMA foreign_keys=ON")
            try exec("PRAGMA synchronous=NORMAL")
        } catch {
            sqlite3_close_v2(db)
            throw error
        }
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs `body` with exclusive use of the connection, outside any explicit transaction.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(Connection(handle: handle))
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; rolls back when it throws.
    ///
    /// When another process holds the write lock past the busy timeout the whole transaction is
    /// retried a bounded number of times before the busy error is thrown.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try retryingBusy {
                let connection = Connection(handle: handle)
                try connection.execute("BEGIN IMMEDIATE")
                do {
                    let value = try body(connection)
                    try connection.execute("COMMIT")
                    return value
                } catch {
                    _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
                    throw error
                }
        }
    }

    private func exec(_ sql: String) throws {
        try Connection(handle: handle).execute(sql)
    }

    private func retryingBusy<T>(_ body: () throws -> T) throws -> T {
        var attempt = 0
        while true {
            do { return try body() } catch let error as SQLiteError where error.isBusy && attempt < configuration.busyRetries {
                attempt += 1
                usleep(useconds_t(1_000 * (attempt * 7 % 23 + 5)))
            }
        }
    }
}

/// The connection as seen inside `Database.read` / `Database.write`.
public struct Connection {
    let handle: OpaquePointer

    /// Executes one or more statements that take no arguments.
    public func execute(_ sql: String) throws {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw SQLiteError(connection: handle, code: rc, sql: sql) }
    }

    public func prepare(_ sql: String) throws -> Statement {
        try Statement(connection: handle, sql: sql)
    }

    /// Prepares and runs one statement with arguments.
    public func run(_ sql: String, _ values: [any SQLBindable] = []) throws {
        try prepare(sql).run(values)
    }

    /// Prepares and runs one query, mapping each row.
    public func rows<T>(_ sql: String, _ values: [any SQLBindable] = [], _ map: (Row) throws -> T) throws -> [T] {
        try prepare(sql).rows(values, map)
    }

    /// The first row of a query, mapped, or nil.
    public func first<T>(_ sql: String, _ values: [any SQLBindable] = [], _ map: (Row) throws -> T) throws -> T? {
        try rows(sql, values, map).first
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }
}
