import Foundation
import IntentTestSupport
import Testing

/// Faults of input and file state, through the built binary: each ends with its documented code
/// and a sentence, never a crash or silent loss.
@Suite(.serialized) struct FaultRunTests {
    @Test func endlessStdinEndsWith65AtTheLimit() async throws {
        let home = TemporaryHome()
        for args in [["run", "CaptureThought", "-"], ["run", "CreateReminder", "--input", "-", "--dry-run"]] {
            let process = try IntentBinary.makeProcess(args, home: home.path)
            process.standardInput = FileHandle(forReadingAtPath: "/dev/zero")
            let run = try await IntentBinary.run(process)
            #expect(run.exitCode == 65, "\(args)")
            #expect(run.stderr.contains("16 MiB"))
        }
    }

    @Test func hugeJSONNumbersKeepTheirDigitsOrAreRefusedNamingTheParameter() async throws {
        let home = TemporaryHome()
        let kept = try await IntentBinary.run(["run", "CreateReminder", "--input", "-", "--dry-run", "--json"], home: home.path,
                                        stdin: #"{"title": "order", "notes": 12345678901234567890}"#)
        #expect(kept.exitCode == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains(#""notes":"12345678901234567890""#))
        let title = try await IntentBinary.run(["run", "CreateReminder", "--input", "-", "--dry-run", "--json"], home: home.path,
                                         stdin: #"{"title": 1e20}"#)
        #expect(title.exitCode == 0)
        #expect(title.stdout.contains(#""title":"1e20""#))
    }

    @Test func anUnfinishedEnvelopeIsRefusedAndAnUnknownKeyNamed() async throws {
        let home = TemporaryHome()
        let preview = try await IntentBinary.run(["run", "CreateReminder", "call Mira", "--json"], home: home.path)
        #expect(preview.exitCode == 77)
        let piped = try await IntentBinary.run(["run", "CreateReminder", "--input", "-", "--yes"], home: home.path, stdin: preview.stdout)
        #expect(piped.exitCode == 65)
        #expect(piped.stderr.contains("needs_confirmation"))
        #expect(try await IntentBinary.run(["run", "ListReminders", "--json"], home: home.path).stdout.contains(#""reminders":[]"#))

        let unknown = try await IntentBinary.run(["run", "CreateReminder", "--input", "-", "--yes"], home: home.path,
                                           stdin: #"{"title": "x", "colour": "red"}"#)
        #expect(unknown.exitCode == 65)
        #expect(unknown.stderr.contains("unknown parameter 'colour'"))

        let thought = try await IntentBinary.run(["run", "CaptureThought", "pay the rent on 2026-12-01", "--json"], home: home.path)
        let chained = try await IntentBinary.run(["run", "CreateReminder", "--input", "-", "--yes"], home: home.path, stdin: thought.stdout)
        #expect(chained.exitCode == 0, "an envelope's other value fields are ignored: \(chained.stderr)")
    }

    @Test func aVanishedDatabaseIs78AndNotReplaced() async throws {
        let home = TemporaryHome()
        try await IntentBinary.run(["run", "CreateReminder", "pay rent", "--yes"], home: home.path)
        let db = home.url.appendingPathComponent("data/intent.sqlite").path
        try FileManager.default.removeItem(atPath: db)
        let result = try await IntentBinary.run(["run", "ListReminders"], home: home.path)
        #expect(result.exitCode == 78)
        #expect(result.stderr.contains("data/intent.sqlite is missing"))
        #expect(result.stderr.components(separatedBy: "is missing").count == 2, "said once, not again as a history warning")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aDeeplyNestedCalendarIsAWarningNotACrash() async throws {
        let home = TemporaryHome()
        let file = home.url.appendingPathComponent("deep.ics")
        let body = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261201T090000Z\r\nSUMMARY:standup\r\nEND:VEVENT\r\n"
            + String(repeating: "BEGIN:X-A\r\n", count: 48_500) + String(repeating: "END:X-A\r\n", count: 48_500) + "END:VCALENDAR\r\n"
        try Data(body.utf8).write(to: file)
        #expect(try await IntentBinary.run(["calendars", "add", file.path], home: home.path).exitCode == 0)
        for args in [["run", "ListEvents", "--from", "2026-11-30", "--to", "2026-12-02"],
                     ["run", "DailyBrief", "--now", "2026-12-01T07:30:00Z"]] {
            let result = try await IntentBinary.run(args, home: home.path)
            #expect(result.exitCode == 0, "\(args): \(result.stderr)")
            #expect(result.stderr.contains("deep.ics"))
            #expect(result.stderr.contains("nested deeper than"))
        }
    }

    @Test func aWrongTypedPolicyIs78NamingTheField() async throws {
        let home = TemporaryHome()
        let config = home.url.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(#"{"policy": ["local-only"]}"#.utf8).write(to: config.appendingPathComponent("config.json"))
        let result = try await IntentBinary.run(["run", "ListReminders"], home: home.path)
        #expect(result.exitCode == 78)
        #expect(result.stderr.contains("\"policy\"") && result.stderr.contains("config.json"))
        let add = try await IntentBinary.run(["calendars", "add", PackagePaths.fixture("ics/rie__duration.ics").path], home: home.path)
        #expect(add.exitCode == 78)
        #expect(try String(contentsOf: config.appendingPathComponent("config.json"), encoding: .utf8) == #"{"policy": ["local-only"]}"#)
    }
}
