import IntentCLI
import IntentKit
import Testing

@Suite("Command-line bytes")
struct RawArgumentsTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func utf8ArgumentsDecodeUnchanged() throws {
        let raw = [bytes("run"), bytes("CaptureThought"), bytes("café ☕ note"), bytes("--json")]
        #expect(try RawArguments.decode(raw) == ["run", "CaptureThought", "café ☕ note", "--json"])
        #expect(try RawArguments.decode([]) == [])
    }

    @Test func anOptionsValueIsNamedByTheOption() {
        let spaced = [bytes("run"), bytes("CreateReminder"), bytes("--text"), [0x62, 0xFF, 0x6B]]
        #expect(throws: IntentError.invalidValue(parameter: "text", reason: "it is not valid UTF-8 text")) {
            try RawArguments.decode(spaced)
        }
        let joined = [bytes("run"), bytes("CreateReminder"), bytes("--title=") + [0xC3, 0x28]]
        #expect(throws: IntentError.invalidValue(parameter: "title", reason: "it is not valid UTF-8 text")) {
            try RawArguments.decode(joined)
        }
    }

    @Test func aPositionalWordIsNamedByItsPosition() {
        let raw = [bytes("run"), bytes("CaptureThought"), bytes("caf") + [0xE9]]
        #expect(throws: IntentError.invalidInput("argument 3 of the command line: it is not valid UTF-8 text")) {
            try RawArguments.decode(raw)
        }
        // An option given as `--home=h` has its value already: the next word is positional.
        let afterEquals = [bytes("--home=h"), [0xFF]]
        #expect(throws: IntentError.invalidInput("argument 2 of the command line: it is not valid UTF-8 text")) {
            try RawArguments.decode(afterEquals)
        }
    }
}
