import Foundation
import IntentKit

/// Reads `--input FILE|-` and a primary of `-`. stdin is read only when asked for.
enum InputReader {
    /// Largest input accepted, so a runaway pipe fails clearly instead of exhausting memory.
    static let maxBytes = 16 * 1024 * 1024

    /// The parameter object of `--input`: a plain JSON object, or a previous run's envelope
    /// (`intent.run/1`), whose `value` object is used.
    static func readObject(_ source: String) throws -> [String: JSONValue] {
        let label = source == "-" ? "stdin" : source
        let data: Data
        if source == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard FileManager.default.isReadableFile(atPath: source) else {
                throw IntentError.invalidInput("--input: cannot read '\(source)' (no such file or not readable)")
            }
            guard let read = try? FileHandle(forReadingFrom: URL(fileURLWithPath: source)).readToEnd() else {
                throw IntentError.invalidInput("--input: cannot read '\(source)'")
            }
            data = read ?? Data()
        }
        guard data.count <= maxBytes else { throw IntentError.invalidInput("--input \(label): larger than 16 MiB") }
        guard !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw IntentError.invalidInput("--input \(label): empty input, expected one JSON object")
        }
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw IntentError.invalidInput("--input \(label): not valid JSON (\(describe(error)))")
        }
        guard case .object(let object) = json else {
            throw IntentError.invalidInput("--input \(label): expected a JSON object")
        }
        if object["schema"] == .string(RunEnvelope.schemaVersion) {
            guard case .object(let value)? = object["value"] else {
                throw IntentError.invalidInput("--input \(label): the piped run has no value (status \(object["status"]?.stringValue ?? "unknown"))")
            }
            return value
        }
        return object
    }

    /// All of stdin as text, without the trailing newline.
    static func readStdinText() -> String {
        var text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    private static func describe(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        }
        return "malformed"
    }
}
