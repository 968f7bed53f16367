import Foundation
import Glibc
import IntentKit

/// `config.json`: user settings (default policy, calendars, model endpoints). Never secrets.
///
/// Unknown keys are kept when the file is rewritten, so older and newer versions can share it.
/// Known keys are type-checked when the file is read (`ConfigFile.fields`); a wrong type, a file
/// that is not a JSON object, or a file that exists but cannot be read is a configuration error
/// (78) naming the file — and such a file is never rewritten.
public struct ConfigFile: Sendable {
    public var raw: [String: JSONValue]

    public init(raw: [String: JSONValue] = [:]) { self.raw = raw }

    public var policy: RoutingPolicy? {
        raw["policy"]?.stringValue.flatMap(RoutingPolicy.init(rawValue:))
    }

    /// Largest config.json read (it is a few hundred bytes in practice).
    static let maxBytes = 1024 * 1024

    public static func load(_ paths: AppPaths) throws -> ConfigFile {
        let path = paths.configFileURL.path
        guard let data = try readIfPresent(path) else { return ConfigFile(raw: [:]) }
        let json: JSONValue
        do {
            json = try JSONText.parse(data, numbers: .double)
        } catch {
            throw IntentError.configuration("\(path) is not valid JSON (\(error)); fix or remove it")
        }
        guard case .object(let raw) = json else {
            throw IntentError.configuration("\(path) is not a JSON object; fix or remove it")
        }
        let config = ConfigFile(raw: raw)
        try config.check(path: path)
        return config
    }

    /// The file's bytes; nil only when it does not exist. Any other failure is a 78 naming it.
    static func readIfPresent(_ path: String) throws -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw IntentError.configuration("cannot read \(path): \(String(cString: strerror(errno))); fix its permissions (it should be yours, mode 0600) — intent will not replace it")
        }
        defer { close(fd) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return data }
            if n < 0 {
                if errno == EINTR { continue }
                throw IntentError.configuration("cannot read \(path): \(String(cString: strerror(errno))) — intent will not replace it")
            }
            data.append(contentsOf: chunk[0..<n])
            guard data.count <= maxBytes else { throw IntentError.configuration("\(path) is larger than 1 MiB; it is not a config file intent wrote") }
        }
    }

    /// Calendar files registered with `intent calendars add` (absolute paths).
    public var calendars: [String] {
        get { raw["calendars"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        set { raw["calendars"] = .array(newValue.map(JSONValue.string)) }
    }

    /// Read-modify-write under an exclusive lock (`config.json.lock`), so two processes changing
    /// settings at once never lose one another's change. A lock another process keeps for longer
    /// than `lockWaitSeconds` is exit 75.
    public static func update<T>(_ paths: AppPaths, _ change: (inout ConfigFile) throws -> T) throws -> T {
        try StoreFiles.makePrivateDirectory(paths.configDirectory)
        let lockPath = paths.configDirectory.appendingPathComponent("config.json.lock").path
        let fd = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.fileSystem(path: lockPath, errno: errno) }
        defer { close(fd) }
        try lock(fd, path: lockPath)
        defer { flock(fd, LOCK_UN) }
        var config = try load(paths)
        let result = try change(&config)
        try config.save(paths)
        return result
    }

    /// How long `update` waits for another process's config lock.
    static let lockWaitSeconds = 4.0

    private static func lock(_ fd: Int32, path: String) throws {
        let deadline = ContinuousClock.now + .milliseconds(Int(lockWaitSeconds * 1_000))
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw StoreError.fileSystem(path: path, errno: errno) }
            guard ContinuousClock.now < deadline else {
                throw IntentError.temporary("\(path) is held by another intent changing the settings; try again in a moment")
            }
            usleep(20_000)
        }
    }

    func save(_ paths: AppPaths) throws {
        try StoreFiles.makePrivateDirectory(paths.configDirectory)
        let data = try JSONCoding.encoder(pretty: true).encode(JSONValue.object(raw))
        try StoreFiles.writePrivateAtomically(data + Data("\n".utf8), to: paths.configFileURL)
    }
}
