import Foundation
import IntentTestSupport
import Primitives
import Testing

/// The interactive confirmation prompt, driven through a pseudo-terminal: `script` gives the
/// binary a controlling terminal, so it asks on `/dev/tty` and reads the answer typed there.
@Suite(.serialized) struct PromptPtyTests {
    static let script = "/usr/bin/script"

    /// Runs `intent ARGS` on a pty (util-linux `script`), typing `answer` and a newline.
    static func runOnPty(_ args: [String], home: TemporaryHome, answer: String) async throws -> (exitCode: Int32, stdout: String) {
        let binary = try #require(IntentBinary.url, "the intent binary is not built")
        let process = try IntentBinary.makeProcess([], home: home.path, headless: false)
        let command = ([binary.path] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Typed ahead: the terminal keeps the line until the prompt reads it.
        input.fileHandleForWriting.write(Data((answer + "\n").utf8))
        // Read and wait off the cooperative pool.
        let text = try await Blocking.run { _ in
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        try? input.fileHandleForWriting.close()
        return (process.terminationStatus, text)
    }

    static func titles(_ home: TemporaryHome) async throws -> [String] {
        let list = try await IntentBinary.run(["run", "ListReminders", "--json"], home: home.path)
        let value = list.json?["value"] as? [String: Any]
        return (value?["reminders"] as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? []
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: PromptPtyTests.script), "needs util-linux script for a pty"))
    func yesAtThePromptWritesAndNoWritesNothing() async throws {
        let home = TemporaryHome()
        let accepted = try await Self.runOnPty(["run", "CreateReminder", "call Mira"], home: home, answer: "y")
        #expect(accepted.exitCode == 0, "\(accepted.stdout)")
        #expect(accepted.stdout.contains("Create this reminder? [y/N]"))
        #expect(accepted.stdout.contains("Reminder created"))
        let declined = try await Self.runOnPty(["run", "CreateReminder", "buy stamps"], home: home, answer: "n")
        #expect(declined.exitCode == 77, "\(declined.stdout)")
        #expect(declined.stdout.contains("declined; nothing was written"))
        await #expect(try Self.titles(home) == ["call Mira"])
    }
}
