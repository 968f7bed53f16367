import Foundation
import IntentTestSupport
import Store
import Testing

/// The binary refuses a home whose applied migration history was written by different SQL.
@Suite(.serialized) struct MigrationRunTests {
    @Test func anEditedHistoryExits78NamingTheMigration() async throws {
        let home = TemporaryHome()
        let first = try await IntentBinary.run(["run", "CaptureThought", "a first thought"], home: home.path)
        #expect(first.exitCode == 0, "\(first.stderr)")
        let db = try Database(path: home.paths.databaseURL.path)
        try db.write { c in
            // What a build with an edited 004_receipts would find: another hash, another fingerprint.
            try c.run("UPDATE schema_migrations SET sql_sha256 = ? WHERE name = '004_receipts'", [String(repeating: "0", count: 64)])
            try c.execute("PRAGMA user_version = 1")
        }
        let refused = try await IntentBinary.run(["run", "CaptureThought", "a second thought"], home: home.path)
        #expect(refused.exitCode == 78)
        #expect(refused.stderr.contains("'004_receipts'") && refused.stderr.contains("edited history"), "\(refused.stderr)")
    }
}
