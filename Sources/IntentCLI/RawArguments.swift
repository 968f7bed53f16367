import IntentKit

/// The command line as the kernel passed it: bytes. `CommandLine.arguments` repairs bytes that
/// are not UTF-8 into U+FFFD, so a mangled path or text would be used as if it had been typed
/// (a thought saved with `�` in it, a file that cannot be found). The command line is decoded
/// here instead, and the first argument that is not UTF-8 is named: by its option when it is an
/// option's value, by its position otherwise (exit 65, nothing run).
public enum RawArguments {
    /// Each argument decoded, or `invalidValue` naming the first that is not UTF-8.
    public static func decode(_ raw: [[UInt8]]) throws(IntentError) -> [String] {
        var decoded: [String] = []
        decoded.reserveCapacity(raw.count)
        for (index, bytes) in raw.enumerated() {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw error(at: index, bytes, after: decoded)
            }
            decoded.append(text)
        }
        return decoded
    }

    /// Names `--title` for `--title=<bytes>` or `--title <bytes>`, the word's position otherwise.
    static func error(at index: Int, _ bytes: [UInt8], after previous: [String]) -> IntentError {
        let reason = "it is not valid UTF-8 text"
        if bytes.starts(with: Array("--".utf8)), let equals = bytes.firstIndex(of: UInt8(ascii: "=")),
           let option = String(validating: bytes[2..<equals], as: UTF8.self), !option.isEmpty {
            return .invalidValue(parameter: option, reason: reason)
        }
        if let last = previous.last, last.hasPrefix("--"), !last.contains("="), last.count > 2 {
            return .invalidValue(parameter: String(last.dropFirst(2)), reason: reason)
        }
        return .invalidInput("argument \(index + 1) of the command line: \(reason)")
    }

    /// The process's arguments without the program name, as bytes.
    public static func processArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
            var bytes: [UInt8] = []
            var offset = 0
            while pointer[offset] != 0 {
                bytes.append(UInt8(bitPattern: pointer[offset]))
                offset += 1
            }
            return bytes
        }
    }
}
