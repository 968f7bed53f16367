import CSQLite
import Foundation
import Glibc
import IntentKit
import Intents
import IntentTestSupport
@testable import Store
import Testing

/// Environment and file-state faults: each ends in a sentence naming the file and a documented
/// exit code, and none loses data silently.
@Suite struct StoreFaultTests {
    private func classify(_ body: () async throws -> Void) async -> IntentError? {
        do { try await body(); return nil } catch { return IntentRunner.classify(error) }
    }

    @Test func aVanishedOrEmptiedDatabaseOfAUsedHomeIs78NamingTheFile() async throws {
        let home = TemporaryHome()
        try await home.store().ensureConfigured()
        let db = home.paths.databaseURL.path
        #expect(FileManager.default.fileExists(atPath: home.store().markerURL.path))

        for damage in ["delete", "truncate"] {
            if damage == "delete" {
                try FileManager.default.removeItem(atPath: db)
            } else {
                #expect(FileManager.default.createFile(atPath: db, contents: Data()))
            }
            let error = await classify { try await home.store().ensureConfigured() }
            #expect(error?.exitCode == .configuration, "\(damage)")
            #expect(error?.description.contains(db) == true)
            #expect(StoreFiles.size(db) == (damage == "delete" ? nil : 0), "nothing was created over it")
        }
    }

    @Test func aGenuinelyNewHomeStillWorks() async throws {
        let home = TemporaryHome()
        try await home.store().ensureConfigured()
        #expect(try home.store().reminderCount() == 0)
        try await home.store().ensureConfigured()  // warm
    }

    @Test func aDamagedDatabaseIs74AndLeftUntouched() async throws {
        let home = TemporaryHome()
        try StoreFiles.makePrivateDirectory(home.paths.dataDirectory)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: home.paths.databaseURL)
        let error = await classify { try await home.store().ensureConfigured() }
        #expect(error?.exitCode == .ioError)
        #expect(error?.description.contains("damaged") == true)
        #expect(error?.description.contains("SQLite error") == false)
        #expect(try Data(contentsOf: home.paths.databaseURL) == garbage)
    }

    @Test func fileSystemErrnosMapToSentencesWithDocumentedCodes() {
        let cases: [(Int32, ExitCode, String)] = [
            (ENOSPC, .ioError, "disk is full"), (EROFS, .cannotCreate, "read-only"),
            (EACCES, .cannotCreate, "permission denied"), (EIO, .ioError, "I/O error"),
        ]
        for (code, exit, words) in cases {
            let error = StoreError.fileSystem(path: "/h/data/intent.sqlite", errno: code).intentError
            #expect(error.exitCode == exit)
            #expect(error.description.contains(words))
            #expect(error.description.contains("/h/data/intent.sqlite"))
        }
        let full = SQLiteError(code: SQLITE_IOERR, extendedCode: SQLITE_IOERR | (19 << 8), message: "disk I/O error",
                               path: "/h/db", systemErrno: ENOSPC)
        #expect(full.intentError.exitCode == .ioError)
        #expect(full.description.contains("disk is full"))
        #expect(!full.description.contains("4874"))
    }

    @Test func aWriteLockHeldElsewhereIs75WithinSeconds() async throws {
        let home = TemporaryHome()
        let store = home.store()
        try await store.ensureConfigured()
        let holder = try Database(path: home.paths.databaseURL.path)
        try holder.read { try $0.execute("BEGIN IMMEDIATE") }
        defer { _ = try? holder.read { try $0.execute("ROLLBACK") } }
        let started = ContinuousClock.now
        let error = await classify {
            try store.insertThought(ThoughtRecord(id: "t", text: "x", tags: [], due: nil, createdAt: "2026", runID: nil))
        }
        #expect(error?.exitCode == .temporary)
        #expect(ContinuousClock.now - started < .seconds(15))
        #expect(try store.thoughtCount() == 0, "a read does not wait for the writer")
    }

    @Test func configFieldsAreTypeChecked() throws {
        let home = TemporaryHome()
        try StoreFiles.makePrivateDirectory(home.paths.configDirectory)
        for (text, field) in [(#"{"policy": ["local-only"]}"#, "policy"), (#"{"calendars": "x.ics"}"#, "calendars"),
                              (#"{"models": 3}"#, "models"), (#"{"retention": {"runs_days": -1}}"#, "retention")] {
            try Data(text.utf8).write(to: home.paths.configFileURL)
            let error = try #require(throws: IntentError.self) { try ConfigFile.load(home.paths) }
            #expect(error.exitCode == .configuration)
            #expect(error.description.contains("\"\(field)\""))
            #expect(error.description.contains(home.paths.configFileURL.path))
        }
        try Data(#"{"policy": "local-only", "future_key": [1]}"#.utf8).write(to: home.paths.configFileURL)
        #expect(try ConfigFile.load(home.paths).policy == .localOnly)
    }

    @Test func anUnreadableConfigIs78AndIsNeverRewritten() throws {
        let home = TemporaryHome()
        // A directory where the file should be: unreadable even for root, which permissions are not.
        try FileManager.default.createDirectory(at: home.paths.configFileURL, withIntermediateDirectories: true)
        let error = try #require(throws: IntentError.self) {
            try ConfigFile.update(home.paths) { $0.calendars = ["/x.ics"] }
        }
        #expect(error.exitCode == .configuration)
        #expect(error.description.contains("cannot read"))
        var isDir: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: home.paths.configFileURL.path, isDirectory: &isDir) && isDir.boolValue)
    }

    @Test func retentionPrunesOldFinishedRecordsOnly() async throws {
        let home = TemporaryHome()
        let store = IntentStore(paths: home.paths, schema: HomeSchema.sets, housekeeping: nil)
        let db = try store.database()
        let now = TestClock.reference
        try db.write { c in
            for (id, days) in [("old", 200.0), ("new", 1.0)] {
                let at = StoreTime.string(now.addingTimeInterval(-days * 86_400))
                try c.run("""
                    INSERT INTO runs(id, intent, status, exit_code, presence, policy, started_at, duration_ms)
                    VALUES (?, 'X', 'completed', 0, 'headless', 'prefer-local', ?, 1)
                    """, [id, at])
                for state in ["unchanged", "queued"] {
                    try c.run("""
                        INSERT INTO library_tickets(path, action, state, created_at, updated_at) VALUES (?, 'index', ?, ?, ?)
                        """, ["/\(id)", state, now.timeIntervalSince1970 - days * 86_400, now.timeIntervalSince1970 - days * 86_400])
                }
            }
        }
        let housekeeping = Housekeeping(now: { now })
        var policy = RetentionPolicy()
        policy.runsDays = 30
        policy.libraryTicketsDays = 7
        #expect(try housekeeping.prune(db, policy: policy))
        #expect(try store.runs().map(\.id) == ["new"])
        let tickets = try db.read { try $0.rows("SELECT path, state FROM library_tickets ORDER BY id") { "\($0.text(0)) \($0.text(1))" } }
        #expect(tickets == ["/old queued", "/new unchanged", "/new queued"])

        try Data(#"{"retention": {"runs_days": 0, "library_tickets_days": 3}}"#.utf8).write(to: home.paths.configFileURL)
        let configured = try ConfigFile.load(home.paths).retention()
        #expect(configured.runsDays == 0 && configured.libraryTicketsDays == 3 && configured.receiptsDays == 180)
    }

    @Test func aSharedStickyDirectoryIsNeverTightenedButOursIs() throws {
        // A home pointed at a shared directory (/tmp is sticky and world-writable) must not take
        // it over: chmod 0700 there locks every other user and program out of it.
        let home = TemporaryHome()
        let shared = home.url.appendingPathComponent("shared")
        let ours = home.url.appendingPathComponent("ours")
        for (url, mode) in [(shared, mode_t(0o1777)), (ours, mode_t(0o755))] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            #expect(chmod(url.path, mode) == 0)
            try StoreFiles.makePrivateDirectory(url)
        }
        var info = stat()
        #expect(stat(shared.path, &info) == 0 && info.st_mode & 0o7777 == 0o1777)
        #expect(stat(ours.path, &info) == 0 && info.st_mode & 0o7777 == 0o700)
    }

    @Test func orphanedTemporaryFilesAreRemovedButALiveWritersAreKept() throws {
        let home = TemporaryHome()
        let dir = home.paths.configDirectory
        try StoreFiles.makePrivateDirectory(dir)
        let dead = dir.appendingPathComponent(".config.json.2147483646.17.tmp")      // no such pid
        let live = dir.appendingPathComponent(".config.json.\(getpid()).18.tmp")     // this process
        let other = dir.appendingPathComponent("notes.tmp")                          // not ours
        for url in [dead, live, other] { try Data("x".utf8).write(to: url) }
        Housekeeping(now: { TestClock.reference }).removeOrphanedTemporaries(in: dir)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
    }

    @Test func enqueueingLooksTicketsUpByIndex() throws {
        let home = TemporaryHome()
        let db = try IntentStore(paths: home.paths, schema: HomeSchema.sets, housekeeping: nil).database()
        let plan = try db.read { c in
            try c.rows("""
                EXPLAIN QUERY PLAN SELECT id FROM library_tickets WHERE path = ? AND action = ? AND state = 'queued'
                """, ["/a", "index"]) { $0.text(3) }
        }
        #expect(plan.contains { $0.contains("library_tickets_path") })
    }
}
