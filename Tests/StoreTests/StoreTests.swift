import Foundation
import IntentTestSupport
@testable import Store
import Intents
import Testing

@Suite struct StoreTests {
    @Test func coldStoreIsCreatedPrivateAndMigrated() async throws {
        let home = TemporaryHome()
        let store = home.store()
        try await store.ensureConfigured()
        let attrs = try FileManager.default.attributesOfItem(atPath: store.paths.databaseURL.path)
        #expect((attrs[.posixPermissions] as? Int) == 0o600)
        let dirAttrs = try FileManager.default.attributesOfItem(atPath: store.paths.dataDirectory.path)
        #expect((dirAttrs[.posixPermissions] as? Int) == 0o700)
        let db = try store.database()
        let names = try db.read { try $0.rows("SELECT name FROM schema_migrations ORDER BY rowid") { $0.text(0) } }
        #expect(names == HomeSchema.sets.flatMap(\.migrations).map(\.name))
        #expect(try Migrator(HomeSchema.sets, clock: { TestClock.reference }).isCurrent(db))
    }

    @Test func migratingTwiceAppliesNothing() throws {
        let home = TemporaryHome()
        try StoreFiles.makePrivateDirectory(home.paths.dataDirectory)
        let db = try Database(path: home.paths.databaseURL.path)
        let migrator = Migrator(HomeSchema.sets, clock: { TestClock.reference })
        #expect(try migrator.migrate(db).count == migrator.migrations.count)
        #expect(try migrator.migrate(db).isEmpty)
    }

    @Test func aDatabaseFromANewerVersionIsRefused() throws {
        let home = TemporaryHome()
        try StoreFiles.makePrivateDirectory(home.paths.dataDirectory)
        let db = try Database(path: home.paths.databaseURL.path)
        try Migrator(HomeSchema.sets + [MigrationSet(owner: "future", [Migration("999_future", "CREATE TABLE future(x)")])], clock: { TestClock.reference }).migrate(db)
        #expect(throws: MigrationError.unknownMigration("999_future")) { try Migrator(HomeSchema.sets, clock: { TestClock.reference }).migrate(db) }
    }

    @Test func aFailedMigrationRollsBackWhole() throws {
        let home = TemporaryHome()
        try StoreFiles.makePrivateDirectory(home.paths.dataDirectory)
        let db = try Database(path: home.paths.databaseURL.path)
        let bad = HomeSchema.sets + [MigrationSet(owner: "bad", [Migration("900_bad", "CREATE TABLE ok(x); CREATE TABLE broken(")])]
        #expect(throws: SQLiteError.self) { try Migrator(bad, clock: { TestClock.reference }).migrate(db) }
        let tables = try db.read { try $0.rows("SELECT name FROM sqlite_master WHERE type='table'") { $0.text(0) } }
        #expect(!tables.contains("ok"))
        #expect(!tables.contains("thoughts"))
    }

    @Test func errorsNeverCarryBoundValues() async throws {
        let store = TemporaryHome().store()
        try await store.ensureConfigured()
        let secret = "my very private note"
        let thought = ThoughtRecord(id: "th_1", text: secret, tags: [], due: nil, createdAt: "2026-01-01T00:00:00Z", runID: nil)
        try store.insertThought(thought)
        do {
            try store.insertThought(thought)
            Issue.record("duplicate id was accepted")
        } catch {
            #expect(!String(describing: error).contains(secret))
            #expect(String(describing: error).contains("UNIQUE"))
        }
    }

    @Test func privateAtomicWriteKeepsMode0600OnOverwrite() throws {
        let home = TemporaryHome()
        let url = home.url.appendingPathComponent("secret.json")
        try StoreFiles.writePrivateAtomically(Data("one".utf8), to: url)
        try StoreFiles.writePrivateAtomically(Data("two".utf8), to: url)
        let attrs = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attrs[.posixPermissions] as? Int) == 0o600)
        #expect(try String(contentsOf: url, encoding: .utf8) == "two")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func twoConnectionsWritingConcurrentlyLoseNothing() async throws {
        let home = TemporaryHome()
        try await home.store().ensureConfigured()
        let path = home.paths.databaseURL.path
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<2 {
                group.addTask {
                    let db = try! Database(path: path)
                    for i in 0..<300 {
                        try! db.write { conn in
                            let count = try conn.first("SELECT count(*) FROM thoughts") { $0.int(0) } ?? 0
                            try conn.run("INSERT INTO thoughts(id, text, created_at) VALUES (?, ?, ?)",
                                         ["w\(worker)-\(i)", "n\(count)", "2026"])
                        }
                    }
                }
            }
        }
        #expect(try home.store().thoughtCount() == 600)
    }

    @Test func remindersOrderByDueAndComplete() async throws {
        let store = TemporaryHome().store()
        try await store.ensureConfigured()
        func add(_ id: String, _ due: Double?) throws {
            try store.insertReminder(ReminderRecord(id: id, title: "t \(id)", notes: nil, list: "Reminders", due: nil,
                                                    dueAt: due.map { Date(timeIntervalSince1970: $0) }, createdAt: "2026-01-01T00:00:0\(id)Z"))
        }
        try add("3", nil); try add("2", 200); try add("1", 100)
        #expect(try store.reminders().map(\.id) == ["1", "2", "3"])
        #expect(try store.completeReminder(id: "2", at: Date()))
        #expect(try !store.completeReminder(id: "2", at: Date()))
        #expect(try store.reminders().map(\.id) == ["1", "3"])
        #expect(try store.reminders(includeCompleted: true).count == 3)
        #expect(try store.reminders(matching: "T 3").map(\.id) == ["3"])
    }
}
