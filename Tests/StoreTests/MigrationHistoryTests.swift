import Foundation
import IntentKit
import Intents
import IntentTestSupport
import Primitives
@testable import Store
import Testing

/// Each module registers its own migrations; every applied migration's SQL is hashed, and a
/// history whose SQL was edited is refused (78) naming the migration.
@Suite struct MigrationHistoryTests {
    private func database(_ home: TemporaryHome) throws -> Database {
        try StoreFiles.makePrivateDirectory(home.paths.dataDirectory)
        return try Database(path: home.paths.databaseURL.path)
    }

    private let base = MigrationSet(owner: "a", [Migration("001_a", "CREATE TABLE a(x);")])
    private let other = MigrationSet(owner: "b", [Migration("002_b", "CREATE TABLE b(x);")])

    @Test func everyAppliedMigrationStoresTheSHA256OfItsSQL() throws {
        let home = TemporaryHome()
        let db = try database(home)
        try Migrator(HomeSchema.sets, clock: { TestClock.reference }).migrate(db)
        let stored = try db.read { try $0.rows("SELECT name, sql_sha256 FROM schema_migrations ORDER BY rowid") { [$0.text(0), $0.text(1)] } }
        let expected = HomeSchema.sets.flatMap(\.migrations).map { [$0.name, SHA256.hex(Data($0.sql.utf8))] }
        #expect(stored == expected)
        let stamps = try db.read { try $0.rows("SELECT DISTINCT applied_at FROM schema_migrations") { $0.text(0) } }
        #expect(stamps == ["2026-11-30T09:00:00.000Z"], "applied_at is the store's clock, not the system's")
        // "CREATE TABLE a(x);" hashed by hand with sha256sum.
        #expect(base.migrations[0].sqlHash == "86da0e90aa8a031d27af79ac24d03078b52ee120928ce5c2967b3fa23d9f31d9")
    }

    @Test func anEditedMigrationIsRefusedNamingIt() throws {
        let home = TemporaryHome()
        let db = try database(home)
        try Migrator([base, other], clock: { TestClock.reference }).migrate(db)
        let edited = MigrationSet(owner: "b", [Migration("002_b", "CREATE TABLE b(x, y);")])
        #expect(try !Migrator([base, edited], clock: { TestClock.reference }).isCurrent(db), "the fingerprint in user_version changes with the SQL")
        #expect(throws: MigrationError.editedMigration("002_b")) { try Migrator([base, edited], clock: { TestClock.reference }).migrate(db) }
        let error = MigrationError.editedMigration("002_b").intentError
        #expect(error.exitCode == .configuration && error.description.contains("'002_b'"))
        #expect(try Migrator([base, other], clock: { TestClock.reference }).isCurrent(db), "a refused open changed nothing")
    }

    @Test func aHomeFromBeforeHashesGetsThemRecordedOnFirstOpen() throws {
        let home = TemporaryHome()
        let db = try database(home)
        try db.write { c in
            try c.execute("CREATE TABLE schema_migrations(name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)")
            try c.execute("CREATE TABLE a(x)")
            try c.run("INSERT INTO schema_migrations(name, applied_at) VALUES ('001_a', '2026-01-01T00:00:00Z')")
            try c.execute("PRAGMA user_version = 1")
        }
        let migrator = Migrator([base, other], clock: { TestClock.reference })
        #expect(try !migrator.isCurrent(db))
        #expect(try migrator.migrate(db) == ["002_b"])
        let hashes = try db.read { try $0.rows("SELECT sql_sha256 FROM schema_migrations ORDER BY rowid") { $0.text(0) } }
        #expect(hashes == [base.migrations[0].sqlHash, other.migrations[0].sqlHash])
        #expect(try migrator.isCurrent(db))
        #expect(try migrator.migrate(db).isEmpty)
    }

    @Test func anOwnerMayAppendAfterAnotherOwnersLaterMigrations() throws {
        let home = TemporaryHome()
        let db = try database(home)
        try Migrator([base, other], clock: { TestClock.reference }).migrate(db)
        let grown = MigrationSet(owner: "a", base.migrations + [Migration("003_a", "CREATE TABLE a2(x);")])
        #expect(try Migrator([grown, other], clock: { TestClock.reference }).migrate(db) == ["003_a"])
        let skipped = MigrationSet(owner: "a", [Migration("000_new", "CREATE TABLE z(x);")] + grown.migrations)
        #expect(throws: MigrationError.outOfOrder(applied: "001_a", expected: "000_new")) { try Migrator([skipped, other], clock: { TestClock.reference }).migrate(db) }
    }

    @Test func duplicateNamesAcrossOwnersAreRefused() throws {
        let home = TemporaryHome()
        let db = try database(home)
        let clash = MigrationSet(owner: "c", [Migration("001_a", "CREATE TABLE c(x);")])
        #expect(throws: MigrationError.duplicateName("001_a")) { try Migrator([base, clash], clock: { TestClock.reference }).migrate(db) }
        let names = HomeSchema.sets.flatMap(\.migrations).map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func theFingerprintNamesEveryMigrationAndItsSQL() {
        let clock: @Sendable () -> Date = { TestClock.reference }
        let fingerprint = Migrator([base, other], clock: clock).fingerprint
        #expect(fingerprint & 0x4000_0000 != 0 && fingerprint < 0x8000_0000, "bit 30 set, 31 bits: never an old migration count")
        let renamed = MigrationSet(owner: "b", [Migration("002_c", "CREATE TABLE b(x);")])
        let moved = MigrationSet(owner: "b", [Migration("002_b", "CREATE TABLE b(x)")])
        #expect(Set([fingerprint, Migrator([base, renamed], clock: clock).fingerprint, Migrator([base, moved], clock: clock).fingerprint,
                     Migrator([base], clock: clock).fingerprint]).count == 4)
        #expect(Migrator([base, other], clock: clock).fingerprint == fingerprint, "the same history, the same value in every process")
    }

    @Test func aStoreStampedByAnotherBuildIsCheckedAndRestamped() throws {
        let home = TemporaryHome()
        let db = try database(home)
        let migrator = Migrator([base, other], clock: { TestClock.reference })
        try migrator.migrate(db)
        // What a build with another fingerprint (the SHA-256 one before it) leaves behind.
        try db.write { try $0.execute("PRAGMA user_version = \(0x4000_0000 | 12_345)") }
        #expect(try !migrator.isCurrent(db))
        #expect(try migrator.migrate(db).isEmpty, "the history is checked, nothing is applied again")
        #expect(try migrator.isCurrent(db))
    }
}
