import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The person at the terminal. Prompts never use stdin/stdout, which may be pipes.
public protocol Terminal: Sendable {
    /// Shows `prompt` and reads one line; nil at end of input.
    func ask(_ prompt: String) -> String?
    /// Shows `prompt` and reads one line without echo (for keys); nil at end of input.
    func askSecret(_ prompt: String) -> String?
    /// Writes text for the person (a preview, a progress note).
    func show(_ text: String)
}

extension Terminal {
    /// Asks a yes/no question; only `y`/`yes` counts as yes (default no).
    public func confirm(_ question: String) -> Bool {
        guard let answer = ask("\(question) [y/N] ") else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

/// The live terminal: reads and writes `/dev/tty`.
public struct TTYTerminal: Terminal {
    public init() {}

    public func ask(_ prompt: String) -> String? { interact(prompt, echo: true) }
    public func askSecret(_ prompt: String) -> String? { interact(prompt, echo: false) }

    public func show(_ text: String) {
        let fd = open("/dev/tty", O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        Self.write(fd, text)
    }

    private func interact(_ prompt: String, echo: Bool) -> String? {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        Self.write(fd, prompt)
        var saved = termios()
        let restore = !echo && tcgetattr(fd, &saved) == 0
        if restore {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            Self.savedMode.withLock { $0 = saved }
            tcsetattr(fd, TCSANOW, &quiet)
        }
        defer {
            if restore {
                tcsetattr(fd, TCSANOW, &saved)
                Self.savedMode.withLock { $0 = nil }
                Self.write(fd, "\n")
            }
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = read(fd, &byte, 1)
            if n <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The terminal mode to restore if the process is interrupted while echo is off.
    private static let savedMode = Mutex<termios?>(nil)

    /// Turns echo back on after an interrupted secret prompt. Safe to call at any time.
    public static func restoreEcho() {
        guard var mode = savedMode.withLock({ $0 }) else { return }
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return }
        tcsetattr(fd, TCSANOW, &mode)
        close(fd)
    }

    private static func write(_ fd: Int32, _ text: String) {
        var data = Array(text.utf8)
        var offset = 0
        while offset < data.count {
            let n = data.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
        data.removeAll()
    }
}

/// A terminal with scripted answers, recording what was shown. For tests.
public final class ScriptedTerminal: Terminal, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String]
    private var _transcript: [String] = []

    public init(answers: [String] = []) { self.answers = answers }

    /// Everything shown or asked, in order.
    public var transcript: [String] { lock.withLock { _transcript } }

    public func ask(_ prompt: String) -> String? { next(prompt) }
    public func askSecret(_ prompt: String) -> String? { next(prompt) }
    public func show(_ text: String) { lock.withLock { _transcript.append(text) } }

    private func next(_ prompt: String) -> String? {
        lock.withLock {
            _transcript.append(prompt)
            return answers.isEmpty ? nil : answers.removeFirst()
        }
    }
}
