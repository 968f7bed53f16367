import Foundation
import Glibc
import IntentKit

/// Reads `--input FILE|-` and a primary of `-`. stdin is read only when asked for, and never
/// past `maxBytes`: reading stops at the limit, so an endless pipe (`/dev/zero`) ends with 65.
enum InputReader {
    /// Largest input accepted, so a runaway pipe fails clearly instead of exhausting memory.
    static let maxBytes = 16 * 1024 * 1024

    /// What `--input` held: the parameter values, and whether they came from a run's envelope
    /// (whose other value fields are ignored) or from a plain object (where every key must name
    /// a parameter).
    struct Piped {
        var values: [String: JSONValue]
        var fromEnvelope: Bool
    }

    /// The parameter object of `--input`: a plain JSON object, or a previous run's envelope
    /// (`intent.run/1`) whose status is `completed`, whose `value` object is used.
    static func readObject(_ source: String) throws -> Piped {
        let label = source == "-" ? "stdin" : source
        let data = try read(source, what: "--input \(label)")
        guard !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw IntentError.invalidInput("--input \(label): empty input, expected one JSON object")
        }
        let json: JSONValue
        do {
            json = try JSONText.parse(data, numbers: .exactOrText)
        } catch {
            throw IntentError.invalidInput("--input \(label): not valid JSON (\(error))")
        }
        guard case .object(let object) = json else {
            throw IntentError.invalidInput("--input \(label): expected a JSON object")
        }
        guard object["schema"] == .string(RunEnvelope.schemaVersion) else {
            return Piped(values: object, fromEnvelope: false)
        }
        let status = object["status"]?.stringValue ?? "unknown"
        guard status == RunStatus.completed.rawValue else {
            let shown = RunStatus(rawValue: status)?.rawValue ?? "unknown"
            throw IntentError.invalidInput("--input \(label): the piped run ended with status '\(shown)', not 'completed'; nothing it reports happened, so nothing is continued from it")
        }
        guard case .object(let value)? = object["value"] else {
            throw IntentError.invalidInput("--input \(label): the piped run has no value object")
        }
        return Piped(values: value, fromEnvelope: true)
    }

    /// All of stdin as text, without the trailing newline (the primary argument `-`).
    static func readStdinText() throws -> String {
        var text = String(decoding: try read("-", what: "the primary argument '-' (stdin)"), as: UTF8.self)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    /// Reads a file or stdin (`-`) up to `maxBytes`, failing as soon as the limit is passed.
    static func read(_ source: String, what: String) throws -> Data {
        let fd: Int32
        if source == "-" {
            fd = STDIN_FILENO
        } else {
            fd = open(source, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw IntentError.invalidInput("\(what): cannot open (\(String(cString: strerror(errno))))") }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return data }
            if n < 0 {
                if errno == EINTR { continue }
                throw IntentError.invalidInput("\(what): cannot read (\(String(cString: strerror(errno))))")
            }
            guard data.count + n <= maxBytes else {
                throw IntentError.invalidInput("\(what): larger than 16 MiB; stopped reading")
            }
            data.append(contentsOf: chunk[0..<n])
        }
    }
}
