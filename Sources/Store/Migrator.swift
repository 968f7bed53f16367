import Foundation
import IntentKit
import Primitives

/// One named, append-only schema change. Once released, a migration is never edited or removed;
/// changes come as new migrations appended to its owner's list.
public struct Migration: Sendable {
    public let name: String
    public let sql: String
    public init(_ name: String, _ sql: String) {
        self.name = name
        self.sql = sql
    }

    /// SHA-256 of the SQL, stored when the migration is applied so an edited history is noticed.
    public var sqlHash: String { SHA256.hex(Data(sql.utf8)) }
}

/// The migrations of one module's tables, in order: the store registers its own (thoughts,
/// reminders, runs), Routing its receipts and consent, Retrieval the library. The composition
/// root hands the list of sets to `IntentStore`, whose `Migrator` applies them at open.
public struct MigrationSet: Sendable {
    public let owner: String
    public let migrations: [Migration]
    public init(owner: String, _ migrations: [Migration]) {
        self.owner = owner
        self.migrations = migrations
    }
}

/// A stored schema that does not match what this build knows (exit 78).
public enum MigrationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The database was migrated by a build that knows migrations this one does not.
    case unknownMigration(String)
    /// One owner's applied migrations are not a prefix of its list.
    case outOfOrder(applied: String, expected: String)
    /// An applied migration's SQL is not what this build has under that name.
    case editedMigration(String)
    /// Two registered migrations share a name (a defect of the build).
    case duplicateName(String)

    public var description: String {
        switch self {
        case .unknownMigration(let name):
            return "the database has migration '\(name)', which this version of intent does not know (it was written by a newer version)"
        case .outOfOrder(let applied, let expected):
            return "migration history diverges: found '\(applied)' where '\(expected)' was expected"
        case .editedMigration(let name):
            return "migration '\(name)' was applied with different SQL than this version of intent has (an edited history); "
                + "restore the release that wrote this database"
        case .duplicateName(let name):
            return "two migrations are named '\(name)'"
        }
    }
}

/// Applies pending migrations inside one `BEGIN IMMEDIATE` transaction.
///
/// Applied names and the SHA-256 of their SQL are kept in `schema_migrations`; `PRAGMA
/// user_version` holds a fingerprint of every (name, SQL) this build knows, so a warm store
/// checks it is current, and unedited, with one pragma read. Rows without a hash (homes from
/// before hashes were kept) get theirs recorded on the first open.
public struct Migrator: Sendable {
    public let sets: [MigrationSet]
    /// The wall clock `applied_at` is stamped with (the store's).
    public let clock: @Sendable () -> Date

    public init(_ sets: [MigrationSet], clock: @escaping @Sendable () -> Date) {
        self.sets = sets
        self.clock = clock
    }

    /// Every registered migration, in registration order.
    public var migrations: [Migration] { sets.flatMap(\.migrations) }

    /// The `user_version` of a database holding exactly these migrations: 30 bits of the 64-bit
    /// FNV-1a of their names and SQL, with bit 30 set so it never equals an old migration count.
    /// Computed at every open, so it is a cheap hash of the text (~50k instructions; SHA-256 of
    /// every migration was ~1M); a mismatch only sends the open to `migrate`, which checks each
    /// applied migration against the SHA-256 stored with it.
    public var fingerprint: Int {
        var hash = FNV1a()
        for migration in migrations {
            for byte in migration.name.utf8 { hash.combine(byte: byte) }
            hash.combine(byte: 0)
            for byte in migration.sql.utf8 { hash.combine(byte: byte) }
            hash.combine(byte: 0)
        }
        let folded = hash.value ^ (hash.value >> 32)
        return Int(folded & 0x3FFF_FFFF) | 0x4000_0000
    }

    /// True when the database already holds every migration unedited (one pragma read).
    public func isCurrent(_ db: Database) throws -> Bool {
        try db.read { try $0.first("PRAGMA user_version") { $0.int(0) } } == fingerprint
    }

    /// Checks the applied history and applies what is pending. Safe when several processes race:
    /// the write lock serialises them and the loser finds nothing left to do.
    @discardableResult
    public func migrate(_ db: Database) throws -> [String] {
        let known = try index()
        return try db.write { conn in
            try conn.execute("""
                CREATE TABLE IF NOT EXISTS schema_migrations(
                  name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL, sql_sha256 TEXT)
                """)
            let columns = try conn.rows("PRAGMA table_info(schema_migrations)") { $0.text(1) }
            if !columns.contains("sql_sha256") {
                try conn.execute("ALTER TABLE schema_migrations ADD COLUMN sql_sha256 TEXT")
            }
            let applied = try conn.rows("SELECT name, sql_sha256 FROM schema_migrations ORDER BY rowid") {
                ($0.text(0), $0.isNull(1) ? nil : $0.text(1))
            }
            var appliedCount = Array(repeating: 0, count: sets.count)
            for (name, storedHash) in applied {
                guard let (set, position) = known[name] else { throw MigrationError.unknownMigration(name) }
                let migration = sets[set].migrations[position]
                guard position == appliedCount[set] else {
                    throw MigrationError.outOfOrder(applied: name, expected: sets[set].migrations[appliedCount[set]].name)
                }
                appliedCount[set] += 1
                if let storedHash {
                    guard storedHash == migration.sqlHash else { throw MigrationError.editedMigration(name) }
                } else {
                    try conn.run("UPDATE schema_migrations SET sql_sha256 = ? WHERE name = ?", [migration.sqlHash, name])
                }
            }
            var done: [String] = []
            let now = TimeText.utcMilliseconds(clock())
            for (set, owner) in sets.enumerated() {
                for migration in owner.migrations.dropFirst(appliedCount[set]) {
                    try conn.execute(migration.sql)
                    try conn.run("INSERT INTO schema_migrations(name, applied_at, sql_sha256) VALUES (?, ?, ?)",
                                 [migration.name, now, migration.sqlHash])
                    done.append(migration.name)
                }
            }
            try conn.execute("PRAGMA user_version = \(fingerprint)")
            return done
        }
    }

    /// Where each name stands: its set and its position in that set.
    private func index() throws -> [String: (Int, Int)] {
        var known: [String: (Int, Int)] = [:]
        for (set, owner) in sets.enumerated() {
            for (position, migration) in owner.migrations.enumerated() {
                guard known.updateValue((set, position), forKey: migration.name) == nil else {
                    throw MigrationError.duplicateName(migration.name)
                }
            }
        }
        return known
    }
}
