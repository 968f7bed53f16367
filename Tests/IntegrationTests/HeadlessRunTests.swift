import Foundation
import Primitives
import IntentTestSupport
import Testing

/// The built binary, driven the way cron and shell pipelines drive it.
@Suite(.serialized) struct HeadlessRunTests {
    let now = "2026-11-30T09:00:00Z"

    @Test func everyIntentCompletesOnAColdHomeHeadless() async throws {
        let home = TemporaryHome()
        let catalog = try await IntentBinary.run(["list", "--json"], home: home.path)
        let names = try #require((catalog.json?["intents"] as? [[String: Any]])?.compactMap { $0["name"] as? String })
        let argsByIntent: [String: [String]] = [
            "CaptureThought": ["buy milk tomorrow"],
            "CreateReminder": ["renew passport", "--due", "next friday", "--yes"],
            "CompleteReminder": ["passport", "--yes"],
            "UpdateReminder": ["passport", "--due", "tomorrow", "--yes"],
            "DeleteReminder": ["passport", "--yes"],
            "UndoWrite": ["--yes"],
            "AskLibrary": ["when is the insurance renewal due?"],
        ]
        for name in names {
            let cold = TemporaryHome()
            if ["CompleteReminder", "UpdateReminder", "DeleteReminder", "UndoWrite"].contains(name) {
                try await IntentBinary.run(["run", "CreateReminder", "renew passport", "--yes"], home: cold.path)
            }
            let result = try await IntentBinary.run(["run", name] + (argsByIntent[name] ?? []) + ["--json", "--now", now], home: cold.path)
            #expect(result.exitCode == 0, "\(name): \(result.stderr)")
            #expect(["completed", "abstained"].contains(result.json?["status"] as? String), "\(name)")
            #expect(result.json?["schema"] as? String == "intent.run/1")
        }
    }

    @Test func headlessWriteWithoutYesIsRefusedAndWritesNothing() async throws {
        let home = TemporaryHome()
        let refused = try await IntentBinary.run(["run", "CreateReminder", "t", "--json"], home: home.path)
        #expect(refused.exitCode == 77)
        #expect(refused.json?["status"] as? String == "needs_confirmation")
        #expect(try count("reminders", home) == 0)

        let dry = try await IntentBinary.run(["run", "CreateReminder", "t", "--dry-run"], home: home.path)
        #expect(dry.exitCode == 0)
        #expect(try count("reminders", home) == 0)

        let yes = try await IntentBinary.run(["run", "CreateReminder", "t", "--yes"], home: home.path)
        #expect(yes.exitCode == 0)
        #expect(try count("reminders", home) == 1)
    }

    @Test func missingAndInvalidValuesHaveTheirExitCodes() async throws {
        let home = TemporaryHome()
        let missing = try await IntentBinary.run(["run", "CreateReminder", "--yes"], home: home.path)
        #expect(missing.exitCode == 64)
        #expect(missing.stderr.contains("--title"))
        let invalid = try await IntentBinary.run(["run", "CreateReminder", "t", "--due", "2026-02-30", "--yes", "--json"], home: home.path)
        #expect(invalid.exitCode == 65)
        #expect(invalid.json?["error"] != nil)
        #expect(try count("reminders", home) == 0)
        let unknown = try await IntentBinary.run(["run", "DailyBreif"], home: home.path)
        #expect(unknown.exitCode == 64)
    }

    @Test func aCaptureChainsIntoAReminderThroughAPipe() async throws {
        let home = TemporaryHome()
        let thought = try await IntentBinary.run(["run", "CaptureThought", "call the bank on 2026-12-03", "--json"], home: home.path)
        #expect(thought.exitCode == 0)
        let reminder = try await IntentBinary.run(["run", "CreateReminder", "--input", "-", "--list", "Errands", "--yes", "--json"],
                                            home: home.path, stdin: thought.stdout)
        #expect(reminder.exitCode == 0, "\(reminder.stderr)")
        let value = reminder.json?["value"] as? [String: Any]
        #expect(value?["title"] as? String == "Call the bank")
        #expect(value?["due"] as? String == "2026-12-03")
        #expect(value?["list"] as? String == "Errands")
    }

    @Test func twentyConcurrentCapturesLoseNothing() async throws {
        let home = TemporaryHome()
        let processes = try (0..<20).map { i -> Process in
            let p = try IntentBinary.makeProcess(["run", "CaptureThought", "thought number \(i)"], home: home.path)
            p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            p.standardError = FileHandle(forWritingAtPath: "/dev/null")
            p.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            return p
        }
        for p in processes { try p.run() }
        for p in processes { await IntentBinary.waitForExit(p) }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        #expect(try count("thoughts", home) == 20)
        #expect(try count("runs", home) == 20)
    }

    @Test func theRunsTableNeverHoldsContent() async throws {
        let home = TemporaryHome()
        let marker = "zebra-unicorn-\(UUID().uuidString.prefix(6))"
        try await IntentBinary.run(["run", "CaptureThought", "\(marker) is my secret"], home: home.path)
        try await IntentBinary.run(["run", "CreateReminder", marker, "--notes", marker, "--yes"], home: home.path)
        let dump = try sqlite(home, ".dump runs")
        #expect(dump.contains("CaptureThought"))
        #expect(!dump.contains(marker))
        let history = try await IntentBinary.run(["history", "--json"], home: home.path)
        #expect(!history.stdout.contains(marker))
    }

    @Test func interruptedRunExits130AndWritesNothing() async throws {
        let home = TemporaryHome()
        try await IntentBinary.run(["run", "CaptureThought", "warm up"], home: home.path)
        // Hold the write lock so the next run blocks inside its write, then interrupt it.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [home.paths.databaseURL.path]
        let feed = Pipe(), said = Pipe()
        holder.standardInput = feed
        holder.standardOutput = said
        try holder.run()
        feed.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nINSERT INTO thoughts(id,text,created_at) VALUES('lock','l','x');\nSELECT 'locked';\n".utf8))
        // The holder says when it has the lock (no fixed sleep).
        let locked = try await Blocking.run { _ in said.fileHandleForReading.availableData }
        #expect(String(decoding: locked, as: UTF8.self).contains("locked"))
        let run = try IntentBinary.makeProcess(["run", "CaptureThought", "interrupted thought"], home: home.path,
                                               headless: false, environment: ["INTENT_HEADLESS": "1"])
        run.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        run.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try run.run()
        // Interrupt once the run has the database open (its SIGINT handler is installed by then,
        // and its write waits for the lock the holder keeps).
        let opened = await Self.waitUntil(seconds: 30) { Self.hasOpen(home.paths.databaseURL.path, pid: run.processIdentifier) }
        #expect(opened, "the run opened the database")
        kill(run.processIdentifier, SIGINT)
        await IntentBinary.waitForExit(run)
        feed.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
        try? feed.fileHandleForWriting.close()
        await IntentBinary.waitForExit(holder)
        #expect(run.terminationStatus == 130)
        #expect(try count("thoughts", home) == 1)
    }

    /// Whether process `pid` has `path` open (its `/proc/PID/fd` links).
    static func hasOpen(_ path: String, pid: Int32) -> Bool {
        let dir = "/proc/\(pid)/fd"
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(dir)/\($0)")) == path }
    }

    /// Polls `condition` every 20 ms until it holds or `seconds` pass (a generous bound, not a sleep
    /// that hopes something has happened).
    static func waitUntil(seconds: Double, _ condition: () -> Bool) async -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        while ContinuousClock.now < end {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    private func count(_ table: String, _ home: TemporaryHome) throws -> Int {
        Int(try sqlite(home, "SELECT count(*) FROM \(table)").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    private func sqlite(_ home: TemporaryHome, _ sql: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        p.arguments = [home.paths.databaseURL.path, sql]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
