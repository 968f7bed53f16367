import Foundation

/// One named, append-only schema change. Once released, a migration is never edited or removed;
/// changes come as new migrations appended to the list.
public struct Migration: Sendable {
    public let name: String
    public let sql: String
    public init(_ name: String, _ sql: String) {
        self.name = name
        self.sql = sql
    }
}

/// A stored schema that does not match what this build knows.
public enum MigrationError: Error, CustomStringConvertible, Sendable {
    /// The database was migrated by a build that knows migrations this one does not.
    case unknownMigration(String)
    /// The applied migrations are not a prefix of the known list (edited history).
    case outOfOrder(applied: String, expected: String)

    public var description: String {
        switch self {
        case .unknownMigration(let name):
            return "the database has migration '\(name)', which this version of intent does not know (it was written by a newer version)"
        case .outOfOrder(let applied, let expected):
            return "migration history diverges: found '\(applied)' where '\(expected)' was expected"
        }
    }
}

/// Applies pending migrations inside one `BEGIN IMMEDIATE` transaction.
///
/// Applied names are kept in the `schema_migrations` table; `PRAGMA user_version` mirrors their
/// count so a warm store can check it is current with a single pragma read.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// True when the database already holds every migration (one pragma read).
    public func isCurrent(_ db: Database) throws -> Bool {
        try db.read { try $0.first("PRAGMA user_version") { $0.int(0) } } == migrations.count
    }

    /// Applies what is pending. Safe when several processes race: the write lock serialises them
    /// and the loser finds nothing left to do.
    @discardableResult
    public func migrate(_ db: Database) throws -> [String] {
        try db.write { conn in
            try conn.execute("""
                CREATE TABLE IF NOT EXISTS schema_migrations(
                  name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)
                """)
            let applied = try conn.rows("SELECT name FROM schema_migrations ORDER BY rowid") { $0.text(0) }
            for (index, name) in applied.enumerated() {
                guard index < migrations.count else { throw MigrationError.unknownMigration(name) }
                guard migrations[index].name == name else {
                    throw MigrationError.outOfOrder(applied: name, expected: migrations[index].name)
                }
            }
            var done: [String] = []
            let now = ISO8601DateFormatter().string(from: Date())
            for migration in migrations.dropFirst(applied.count) {
                try conn.execute(migration.sql)
                try conn.run("INSERT INTO schema_migrations(name, applied_at) VALUES (?, ?)", [migration.name, now])
                done.append(migration.name)
            }
            try conn.execute("PRAGMA user_version = \(migrations.count)")
            return done
        }
    }
}
