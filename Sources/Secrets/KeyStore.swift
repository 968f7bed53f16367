import Foundation

/// Where API keys live. Implementations never log, never print, and never put a value into an
/// error description.
///
/// Key names are short identifiers (`[A-Za-z0-9_.-]`, 1–64 characters); `KeyName.cloud` is the
/// key the cloud model uses.
public protocol KeyStore: Sendable {
    /// Stores `value` under `name`, replacing any earlier value.
    /// - Throws: `SecretsError.invalidName`, `.emptyValue`, or an I/O error naming the file.
    func set(name: String, value: String) throws
    /// The value for `name`, or `nil` when none is stored. An environment override wins.
    func get(name: String) throws -> String?
    /// Removes `name`. Returns `false` when nothing was stored under it.
    @discardableResult func delete(name: String) throws -> Bool
    /// The stored names, sorted; never the values.
    func list() throws -> [String]
    /// Where `get(name:)` would find the value, without reading it out.
    func source(name: String) throws -> KeySource?
    /// Every stored value and environment override, for the redactor only.
    func storedValues() throws -> [String]
}

/// Where a key's value comes from.
public enum KeySource: String, Sendable, Codable, Equatable {
    /// An environment variable (e.g. `INTENT_CLOUD_API_KEY`).
    case environment
    /// The `secrets.json` file in the configuration directory.
    case file
    /// An in-memory store (tests).
    case memory
}

/// Well-known key names and the environment variables that override them.
public enum KeyName {
    /// The API key of the cloud (OpenAI-compatible, HTTPS) model.
    public static let cloud = "cloud"
    /// The API key of the local model, for servers started with `--api-key`.
    public static let local = "local"

    /// The names a model reads: `cloud`, `local`.
    public static let used = [cloud, local]

    /// Environment variable that overrides a key name, if any.
    public static func environmentVariable(for name: String) -> String? {
        switch name {
        case cloud: return "INTENT_CLOUD_API_KEY"
        case local: return "INTENT_LOCAL_API_KEY"
        default: return nil
        }
    }

    /// Validates a key name; the error names the rule, never echoes the value.
    public static func validate(_ name: String) throws(SecretsError) {
        guard (1...64).contains(name.utf8.count) else {
            throw .invalidName(reason: "a key name has 1 to 64 characters")
        }
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x2E || byte == 0x2D
        }
        guard allowed else {
            throw .invalidName(reason: "a key name uses only letters, digits, '_', '.' and '-'")
        }
    }

    /// Validates a value before it is stored: non-empty, one line, no surrounding whitespace kept.
    static func normalizedValue(_ value: String) throws(SecretsError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyValue }
        guard !trimmed.contains(where: { $0.isNewline }) else {
            throw .invalidValue(reason: "a key is a single line")
        }
        return trimmed
    }
}

/// Errors of the key store. Descriptions name the file and the reason, never a key value.
public enum SecretsError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidName(reason: String)
    case emptyValue
    case invalidValue(reason: String)
    /// A system call failed on `path` (`operation` is the call, `code` the errno).
    case io(operation: String, path: String, code: Int32)
    /// `secrets.json` is not a JSON object of string values.
    case corruptFile(path: String)
    /// The secrets file or its directory is readable by group or others.
    case insecurePermissions(path: String, mode: UInt32)

    public var description: String {
        switch self {
        case .invalidName(let reason):
            return "invalid key name: \(reason)"
        case .emptyValue:
            return "empty key: nothing was stored"
        case .invalidValue(let reason):
            return "invalid key: \(reason)"
        case .io(let operation, let path, let code):
            return "\(operation) failed on \(path): \(String(cString: strerror(code))) (errno \(code))"
        case .corruptFile(let path):
            return "\(path) is not a JSON object of key names to strings; fix or remove it"
        case .insecurePermissions(let path, let mode):
            return "\(path) has mode \(String(mode, radix: 8)); it must not be readable by group or others "
                + "(run: chmod go-rwx \(path))"
        }
    }
}
