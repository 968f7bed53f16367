import Foundation
import IntentTestSupport
import Testing

/// Through the release binary, headless, in a fresh home with `TZ` unset: a Windows-1252 and a
/// Latin-1 document answered with exact offsets, a binary file refused by name, and times the
/// clocks skip refused naming the parameter.
@Suite("Encodings and daylight-saving gaps through the binary")
struct EncodingAndDSTRunTests {
    /// Runs `intent ARGS` headless with `TZ` removed from the environment.
    static func run(_ args: [String], home: TemporaryHome) async throws -> ProcessResult {
        try await IntentBinary.run(args, home: home.path, unsetting: ["TZ"])
    }

    static func citations(_ result: ProcessResult) -> [[String: Any]] {
        ((result.json?["value"] as? [String: Any])?["citations"] as? [[String: Any]]) ?? []
    }

    /// Bytes `start..<end` of the file at `path`.
    static func bytes(_ citation: [String: Any]) throws -> [UInt8] {
        let path = try #require(citation["path"] as? String)
        let start = try #require(citation["start"] as? Int), end = try #require(citation["end"] as? Int)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path))[start..<end])
    }

    @Test func windows1252AndLatin1DocumentsAnswerWithExactOffsets() async throws {
        _ = try #require(IntentBinary.url, "build the binary (INTENT_BIN)")
        let home = TemporaryHome()
        let docs = home.url.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        for name in ["cafe-notes-cp1252.txt", "menu-latin1.html"] {
            try FileManager.default.copyItem(at: PackagePaths.fixture("encodings/\(name)"), to: docs.appendingPathComponent(name))
        }
        var blob: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00]
        var state: UInt32 = 7
        for _ in 0..<8_192 { state = state &* 1_664_525 &+ 1_013_904_223; blob.append(UInt8(truncatingIfNeeded: state >> 24)) }
        try Data(blob).write(to: docs.appendingPathComponent("program.txt"))

        let add = try await Self.run(["library", "add", docs.path], home: home)
        #expect(add.exitCode == 0, "\(add.stderr)")
        #expect(add.stderr.contains("program.txt") && add.stderr.contains("binary data, not text"))
        #expect(!add.stderr.contains("cafe-notes-cp1252.txt:") && !add.stderr.contains("menu-latin1.html:"))

        let ask = try await Self.run(["run", "AskLibrary", "How much will the new terrace cost?", "--json"], home: home)
        #expect(ask.exitCode == 0, "\(ask.stderr)")
        #expect(ask.json?["status"] as? String == "completed")
        let first = try #require(Self.citations(ask).first)
        let quote = try #require(first["quote"] as? String)
        #expect(quote.contains("“The new terrace will cost €4,500 — paid in two parts.”"))
        let bytes = try Self.bytes(first)
        #expect(bytes.count == quote.unicodeScalars.count)
        #expect(bytes.contains(0x80) && bytes.contains(0x97) && bytes.contains(0x93))
        #expect(String(validating: bytes, as: UTF8.self) == nil)

        let menu = try await Self.run(["run", "AskLibrary", "How much does the galette complète cost?", "--json"], home: home)
        #expect(menu.exitCode == 0, "\(menu.stderr)")
        let cited = try #require(Self.citations(menu).first)
        #expect(cited["quote"] as? String == "The galette complète costs 9&nbsp;&euro; and comes with a bowl of cidre.")
        let menuBytes = try Self.bytes(cited)
        #expect(menuBytes.count == 72 && menuBytes.contains(0xE8))
    }

    @Test func timesTheClocksSkipAreRefusedNamingTheParameter() async throws {
        _ = try #require(IntentBinary.url, "build the binary (INTENT_BIN)")
        let home = TemporaryHome()
        await #expect(try Self.run(["config", "set", "tz", "Europe/Berlin"], home: home).exitCode == 0)

        let due = try await Self.run(["run", "CreateReminder", "water plants", "--due", "2027-03-28 02:30", "--yes",
                                "--now", "2027-03-20T12:00"], home: home)
        #expect(due.exitCode == 65)
        #expect(due.stderr.contains("--due") && due.stderr.contains("2027-03-28 02:30 does not exist in Europe/Berlin"))
        #expect(due.stderr.contains("use 03:30"))

        let text = try await Self.run(["run", "CreateReminder", "--text", "call mum tomorrow 2:30am", "--yes",
                                 "--now", "2027-03-27T18:00", "--json"], home: home)
        #expect(text.exitCode == 65)
        #expect(text.stderr.contains("--text") && text.stderr.contains("does not exist in Europe/Berlin"))
        #expect((text.json?["error"] as? [String: Any])?["exit_code"] as? Int == 65)

        let now = try await Self.run(["run", "DailyBrief", "--now", "2027-03-28T02:30"], home: home)
        #expect(now.exitCode == 65)
        #expect(now.stderr.contains("--now") && now.stderr.contains("the clocks go forward from 02:00 to 03:00"))

        let newYork = try await Self.run(["run", "CreateReminder", "water plants", "--due", "2027-03-14 02:30", "--yes",
                                    "--tz", "America/New_York", "--now", "2027-03-10T12:00"], home: home)
        #expect(newYork.exitCode == 65)
        #expect(newYork.stderr.contains("does not exist in America/New_York"))

        // nothing was written
        let list = try await Self.run(["run", "ListReminders", "--json"], home: home)
        #expect(((list.json?["value"] as? [String: Any])?["reminders"] as? [Any])?.isEmpty == true, "\(list.stdout)")

        // the repeated hour is its first occurrence (summer time)
        let overlap = try await Self.run(["run", "CreateReminder", "water plants", "--due", "2027-10-31 02:30", "--dry-run",
                                    "--now", "2027-10-20T12:00", "--json"], home: home)
        #expect(overlap.exitCode == 0, "\(overlap.stderr)")
        #expect((overlap.json?["value"] as? [String: Any])?["due"] as? String == "2027-10-31T02:30:00+02:00")
        let twice = try await Self.run(["run", "DailyBrief", "--now", "2027-10-31T02:30"], home: home)
        #expect(twice.exitCode == 0)
        #expect(twice.stderr.contains("happens twice in Europe/Berlin") && twice.stderr.contains("+02:00"))

        // impossible and pre-Gregorian dates
        let feb30 = try await Self.run(["run", "DailyBrief", "--now", "2026-02-30"], home: home)
        #expect(feb30.exitCode == 65 && feb30.stderr.contains("February 2026 has 28 days, not 30"))
        let early = try await Self.run(["run", "CreateReminder", "x", "--due", "1500-06-01", "--yes"], home: home)
        #expect(early.exitCode == 65 && early.stderr.contains("1583"))
        let rent = try await Self.run(["run", "CreateReminder", "--text", "pay rent on Feb 30", "--yes"], home: home)
        #expect(rent.exitCode == 65 && rent.stderr.contains("--text"))
    }
}
