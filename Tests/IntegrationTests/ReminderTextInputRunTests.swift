import Foundation
import IntentTestSupport
import Testing

/// `CreateReminder --text` through the binary, headless, with text that is not a command: bytes
/// that are not UTF-8 (passed by the shell, as a cron wrapper would), only a date, only
/// punctuation, 10 kB. Each is exit 65 naming `--text`, and nothing is written.
@Suite("Free-text reminder input through the binary")
struct ReminderTextInputRunTests {
    static let clock = ["--now", "2026-11-30T09:00:00+01:00", "--tz", "Europe/Berlin"]

    func reminders(_ home: TemporaryHome) async throws -> [Any] {
        let listed = try await IntentBinary.run(["run", "ListReminders", "--json"], home: home.path)
        #expect(listed.exitCode == 0, "\(listed.stderr)")
        return ((listed.json?["value"] as? [String: Any])?["reminders"] as? [Any]) ?? ["unreadable"]
    }

    /// Runs the binary headless through `/bin/sh -c script` (`$0` is the binary), so the shell
    /// passes bytes that are not UTF-8 as a cron wrapper would.
    func shell(_ script: String, _ home: TemporaryHome, arguments: [String] = []) async throws -> ProcessResult {
        _ = try #require(IntentBinary.url, "build the binary (INTENT_BIN)")
        let process = try IntentBinary.makeProcess([], home: home.path, headless: false)
        let binary = try #require(process.executableURL?.path)
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec setsid -w \"$0\" " + script, binary] + arguments
        return try await IntentBinary.run(process)
    }

    @Test func bytesThatAreNotUTF8AreRefusedNamingText() async throws {
        let home = TemporaryHome()
        let result = try await shell(#"run CreateReminder --text "$(printf 'buy \377\376 milk tomorrow')" --yes "$@""#, home,
                                     arguments: Self.clock)
        #expect(result.exitCode == 65, "\(result.stderr)")
        #expect(result.stderr.contains("--text") && result.stderr.contains("UTF-8"), "\(result.stderr)")
        #expect(try await reminders(home).isEmpty)
    }

    @Test func aThoughtThatIsNotUTF8IsRefusedNamingItsPosition() async throws {
        let home = TemporaryHome()
        let result = try await shell(#"run CaptureThought "$(printf 'caf\351 note')" --json"#, home)
        #expect(result.exitCode == 65, "\(result.stderr)")
        #expect(result.stderr.contains("argument 3") && result.stderr.contains("UTF-8"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        let thoughts = try await IntentBinary.run(["thoughts", "list", "--json"], home: home.path)
        #expect(thoughts.exitCode == 0, "\(thoughts.stderr)")
        #expect(thoughts.json?["total"] as? Int == 0, "\(thoughts.stdout)")
    }

    @Test(arguments: ["tomorrow at 5", "?!...,,", "remind me to", String(repeating: "buy milk ", count: 1200)])
    func textWithoutATaskIsRefusedNamingText(_ text: String) async throws {
        _ = try #require(IntentBinary.url, "build the binary (INTENT_BIN)")
        let home = TemporaryHome()
        let result = try await IntentBinary.run(["run", "CreateReminder", "--text", text, "--yes"] + Self.clock, home: home.path)
        #expect(result.exitCode == 65, "\(result.stderr)")
        #expect(result.stderr.contains("invalid value for --text"), "\(result.stderr)")
        #expect(try await reminders(home).isEmpty)
    }
}
