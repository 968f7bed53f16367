import Foundation
import IntentTestSupport
import Testing

/// The built binary, driven the way cron and shell pipelines drive it.
@Suite(.serialized) struct HeadlessRunTests {
    let now = "2026-11-30T09:00:00Z"

    @Test func everyIntentCompletesOnAColdHomeHeadless() throws {
        let home = TemporaryHome()
        let catalog = try IntentBinary.run(["list", "--json"], home: home.path)
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
                try IntentBinary.run(["run", "CreateReminder", "renew passport", "--yes"], home: cold.path)
            }
            let result = try IntentBinary.run(["run", name] + (argsByIntent[name] ?? []) + ["--json", "--now", now], home: cold.path)
            #expect(result.exitCode == 0, "\(name): \(result.stderr)")
            #expect(["completed", "abstained"].contains(result.json?["status"] as? String), "\(name)")
            #expect(result.json?["schema"] as? String == "intent.run/1")
        }
    }

    @Test func headlessWriteWithoutYesIsRefusedAndWritesNothing() throws {
        let home = TemporaryHome()
        let refused = try IntentBinary.run(["run", "CreateReminder", "t", "--json"], home: home.path)
        #expect(refused.exitCode == 77)
        #expect(refused.json?["status"] as? String == "needs_confirmation")
        #expect(try count("reminders", home) == 0)

        let dry = try IntentBinary.run(["run", "CreateReminder", "t", "--dry-run"], home: home.path)
        #expect(dry.exitCode == 0)
        #expect(try count("reminders", home) == 0)

        let yes = try IntentBinary.run(["run", "CreateReminder", "t", "--yes"], home: home.path)
        #expect(yes.exitCode == 0)
        #expect(try count("reminders", home) == 1)
    }

    @Test func missingAndInvalidValuesHaveTheirExitCodes() throws {
        let home = TemporaryHome()
        let missing = try IntentBinary.run(["run", "CreateReminder", "--yes"], home: home.path)
        #expect(missing.exitCode == 64)
        #expect(missing.stderr.contains("--title"))
        let invalid = try IntentBinary.run(["run", "CreateReminder", "t", "--due", "2026-02-30", "--yes", "--json"], home: home.path)
        #expect(invalid.exitCode == 65)
        #expect(invalid.json?["error"] != nil)
        #expect(try count("reminders", home) == 0)
        let unknown = try IntentBinary.run(["run", "DailyBreif"], home: home.path)
        #expect(unknown.exitCode == 64)
    }

    @Test func aCaptureChainsIntoAReminderThroughAPipe() throws {
        let home = TemporaryHome()
        let thought = try IntentBinary.run(["run", "CaptureThought", "call the bank on 2026-12-03", "--json"], home: home.path)
        #expect(thought.exitCode == 0)
        let reminder = try IntentBinary.run(["run", "CreateReminder", "--input", "-", "--list", "Errands", "--yes", "--json"],
                                            home: home.path, stdin: thought.stdout)
        #expect(reminder.exitCode == 0, "\(reminder.stderr)")
        let value = reminder.json?["value"] as? [String: Any]
        #expect(value?["title"] as? String == "Call the bank")
        #expect(value?["due"] as? String == "2026-12-03")
        #expect(value?["list"] as? String == "Errands")
    }

    @Test func twentyConcurrentCapturesLoseNothing() throws {
        let home = TemporaryHome()
        let processes = try (0..<20).map { i -> Process in
            let p = try IntentBinary.makeProcess(["run", "CaptureThought", "thought number \(i)"], home: home.path)
            p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            p.standardError = FileHandle(forWritingAtPath: "/dev/null")
            p.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            return p
        }
        for p in processes { try p.run() }
        for p in processes { p.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        #expect(try count("thoughts", home) == 20)
        #expect(try count("runs", home) == 20)
    }

    @Test func theRunsTableNeverHoldsContent() throws {
        let home = TemporaryHome()
        let marker = "zebra-unicorn-\(UUID().uuidString.prefix(6))"
        try IntentBinary.run(["run", "CaptureThought", "\(marker) is my secret"], home: home.path)
        try IntentBinary.run(["run", "CreateReminder", marker, "--notes", marker, "--yes"], home: home.path)
        let dump = try sqlite(home, ".dump runs")
        #expect(dump.contains("CaptureThought"))
        #expect(!dump.contains(marker))
        let history = try IntentBinary.run(["history", "--json"], home: home.path)
        #expect(!history.stdout.contains(marker))
    }

    @Test func interruptedRunExits130AndWritesNothing() throws {
        let home = TemporaryHome()
        try IntentBinary.run(["run", "CaptureThought", "warm up"], home: home.path)
        // Hold the write lock so the next run blocks inside its write, then interrupt it.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [home.paths.databaseURL.path]
        let feed = Pipe()
        holder.standardInput = feed
        holder.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try holder.run()
        feed.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nINSERT INTO thoughts(id,text,created_at) VALUES('lock','l','x');\n".utf8))
        Thread.sleep(forTimeInterval: 0.3)
        let run = try IntentBinary.makeProcess(["run", "CaptureThought", "interrupted thought"], home: home.path,
                                               headless: false, environment: ["INTENT_HEADLESS": "1"])
        run.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        run.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try run.run()
        Thread.sleep(forTimeInterval: 0.8)
        kill(run.processIdentifier, SIGINT)
        run.waitUntilExit()
        feed.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
        try? feed.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(run.terminationStatus == 130)
        #expect(try count("thoughts", home) == 1)
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
