import CSQLite
import Foundation
import Glibc
import Synchronization

/// Tunables of the SQLite connection.
public struct DatabaseConfiguration: Sendable {
    /// How long SQLite waits on a lock held by another connection before reporting busy.
    public var busyTimeoutMilliseconds: Int32 = 1_000
    /// How long one write keeps retrying a busy database in all, before it fails with 75.
    /// Several hot writers take turns well inside this; a lock held by a stuck process does not
    /// make a run wait longer than this.
    public var writeDeadlineSeconds: Double = 4
    /// Once a write on this connection has timed out, later ones (the history row, the receipt)
    /// wait at most this long: the lock is evidently held, and the run should end promptly.
    public var busyTimeoutAfterTimeoutMilliseconds: Int32 = 250
    /// The WAL is truncated to this size after each checkpoint, and checkpointed when a run
    /// starts and finds it larger, so a failed large write cannot leave it growing.
    public var walSizeLimitBytes: Int64 = 64 * 1024 * 1024
    /// A commit that leaves more than this many pages in the WAL checkpoints it into the database
    /// and truncates it (the two syncs of a checkpoint, and two when the next run starts a new
    /// WAL). Closing the connection does not checkpoint: a capture (about nine pages) commits
    /// without any sync. Small, because every process reads the whole WAL when it opens the
    /// database (SQLite rebuilds its index of the WAL then).
    public var checkpointPages: Int32 = 128
    public var readOnly = false
    /// How long the history row of a run waits for a busy database before it is skipped.
    public static let historyWaitSeconds = 1.0

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
    /// Pages in the WAL after the last commit, written by SQLite's WAL hook.
    private let walFrames = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    /// Set once a write gave up on a busy database.
    private let timedOut = Mutex(false)
    public let path: String
    public let configuration: DatabaseConfiguration

    /// Opens (creating when needed) the database at `path`.
    public init(path: String, configuration: DatabaseConfiguration = .init()) throws {
        var db: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX
        flags |= configuration.readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let error = SQLiteError(connection: db, code: rc, path: path)
            sqlite3_close_v2(db)
            walFrames.deallocate()
            throw error
        }
        self.handle = db
        self.path = path
        self.configuration = configuration
        sqlite3_busy_timeout(db, configuration.busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(db, 1)
        // Keep the -wal and -shm files when the last connection closes (the WAL truncated), so
        // the next run reads without creating or growing a file: reads work on a full disk.
        var persist: Int32 = 1
        _ = sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
        // The last connection to close would checkpoint the whole WAL, syncing the WAL and the
        // database, and the next run would sync the WAL header and the directory again when it
        // starts a new one: four fsyncs per run. In WAL mode with synchronous=NORMAL a commit is
        // durable across a process crash without them (Docs/STORE.md); checkpoints happen at
        // `checkpointPages` (`checkpointIfFull`).
        _ = intent_sqlite3_no_checkpoint_on_close(db, 1)
        walFrames.initialize(to: 0)
        intent_sqlite3_count_wal_frames(db, walFrames)
        do {
            // Switching to WAL needs the write lock; a database already in WAL (every one but a
            // new one) must not wait for it, so a read never queues behind a writer.
            if !configuration.readOnly, try Self.journalMode(db) != "wal" {
                try retryingBusy { try exec("PRAGMA journal_mode=WAL") }
            }
            try exec("""
                PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;
                PRAGMA journal_size_limit=\(configuration.walSizeLimitBytes)
                """)
        } catch {
            // Every stored property is set: `deinit` runs, closing the connection and freeing
            // `walFrames` (closing here too would close it twice).
            throw error
        }
    }

    deinit {
        sqlite3_close_v2(handle)
        walFrames.deallocate()
    }

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
    ///
    /// - Parameter maxWait: seconds to wait for a busy database in all (default
    ///   `writeDeadlineSeconds`); best-effort records (the history row) pass less.
    public func write<T>(maxWait: Double? = nil, _ body: (Connection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let wait = min(maxWait ?? configuration.writeDeadlineSeconds, configuration.writeDeadlineSeconds)
        if wait < Double(configuration.busyTimeoutMilliseconds) / 1_000 {
            sqlite3_busy_timeout(handle, Int32(wait * 1_000))
        }
        defer { sqlite3_busy_timeout(handle, currentBusyTimeout) }
        let value = try retryingBusy(seconds: wait) {
            let connection = Connection(handle: handle)
            try connection.execute("BEGIN IMMEDIATE")
            return try committing(connection, body)
        }
        checkpointIfFull()
        return value
    }

    /// Checkpoints and truncates the WAL once a commit left more than `checkpointPages` in it.
    /// A truncating checkpoint, because the next process starts with a fresh index of the WAL
    /// and would not know that a plain checkpoint had already copied it. Best effort and never
    /// waits: when another connection is reading, a later commit tries again. Called with `lock` held.
    private func checkpointIfFull() {
        guard walFrames.pointee > configuration.checkpointPages else { return }
        sqlite3_busy_timeout(handle, 0)
        if sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil) == SQLITE_OK {
            walFrames.pointee = 0
        }
    }

    /// Runs `body` in the open transaction: COMMIT after it, ROLLBACK when it throws.
    private func committing<T>(_ connection: Connection, _ body: (Connection) throws -> T) throws -> T {
        do {
            let value = try body(connection)
            try connection.execute("COMMIT")
            return value
        } catch {
            _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    /// Runs `body` in a write transaction only if the write lock is free right now; nil when
    /// another connection holds it. For work that can wait for another run (housekeeping).
    public func writeIfIdle<T>(_ body: (Connection) throws -> T) throws -> T? {
        lock.lock()
        defer { lock.unlock() }
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, currentBusyTimeout) }
        let connection = Connection(handle: handle)
        do {
            try connection.execute("BEGIN IMMEDIATE")
        } catch let error as SQLiteError where error.isBusy {
            return nil
        }
        let value = try committing(connection, body)
        checkpointIfFull()
        return value
    }

    private func exec(_ sql: String) throws {
        try Connection(handle: handle).execute(sql)
    }

    /// Checkpoints the WAL into the database and truncates it when it has grown past the limit.
    /// Best effort: a busy database (another process reading or writing) is left for next time.
    public func checkpointIfLarge() {
        var info = stat()
        guard stat(path + "-wal", &info) == 0, Int64(info.st_size) > configuration.walSizeLimitBytes else { return }
        lock.lock()
        defer { lock.unlock() }
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, configuration.busyTimeoutMilliseconds) }
        _ = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    }

    /// Moves everything in the WAL into the database file (used once, right after creation, so
    /// the file on disk is never an empty one that holds a store).
    func checkpointNow() {
        lock.lock()
        defer { lock.unlock() }
        _ = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    }

    private static func journalMode(_ db: OpaquePointer) throws -> String {
        try Connection(handle: db).first("PRAGMA journal_mode") { $0.text(0).lowercased() } ?? ""
    }

    /// Retries `body` while the database is busy, until `writeDeadlineSeconds` have passed.
    /// After a timeout the connection's busy wait is shortened for the rest of the run.
    private var currentBusyTimeout: Int32 {
        timedOut.withLock { $0 } ? configuration.busyTimeoutAfterTimeoutMilliseconds : configuration.busyTimeoutMilliseconds
    }

    private func retryingBusy<T>(seconds: Double? = nil, _ body: () throws -> T) throws -> T {
        let deadline = ContinuousClock.now + .milliseconds(Int((seconds ?? configuration.writeDeadlineSeconds) * 1_000))
        var attempt = 0
        while true {
            do { return try body() } catch let error as SQLiteError where error.isBusy {
                guard !timedOut.withLock({ $0 }), ContinuousClock.now < deadline else {
                    timedOut.withLock { $0 = true }
                    sqlite3_busy_timeout(handle, configuration.busyTimeoutAfterTimeoutMilliseconds)
                    throw error
                }
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
    /// Rows changed since the connection opened (`sqlite3_total_changes`): what FTS5's `merge`
    /// command reports its work by.
    public var totalChanges: Int { Int(sqlite3_total_changes(handle)) }
}
