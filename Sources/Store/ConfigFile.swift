import Foundation
import Glibc
import IntentKit

/// `config.json`: user settings (default policy, calendars, model endpoints). Never secrets.
///
/// Unknown keys are kept when the file is rewritten, so older and newer versions can share it.
public struct ConfigFile: Sendable {
    public var raw: [String: JSONValue]

    public init(raw: [String: JSONValue] = [:]) { self.raw = raw }

    public var policy: RoutingPolicy? {
        raw["policy"]?.stringValue.flatMap(RoutingPolicy.init(rawValue:))
    }

    public static func load(_ paths: AppPaths) throws -> ConfigFile {
        let url = paths.configFileURL
        guard let data = FileManager.default.contents(atPath: url.path) else { return ConfigFile(raw: [:]) }
        guard case .object(let raw)? = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw IntentError.configuration("\(url.path) is not a JSON object; fix or remove it")
        }
        if let p = raw["policy"]?.stringValue, RoutingPolicy(rawValue: p) == nil {
            throw IntentError.configuration("\(url.path): unknown policy '\(p)'")
        }
        return ConfigFile(raw: raw)
    }

    /// Calendar files registered with `intent calendars add` (absolute paths).
    public var calendars: [String] {
        get { raw["calendars"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        set { raw["calendars"] = .array(newValue.map(JSONValue.string)) }
    }

    /// Read-modify-write under an exclusive lock (`config.json.lock`), so two processes changing
    /// settings at once never lose one another's change.
    public static func update<T>(_ paths: AppPaths, _ change: (inout ConfigFile) throws -> T) throws -> T {
        try StoreFiles.makePrivateDirectory(paths.configDirectory)
        let lockPath = paths.configDirectory.appendingPathComponent("config.json.lock").path
        let fd = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.fileSystem(path: "config.json.lock", errno: errno) }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw StoreError.fileSystem(path: "config.json.lock", errno: errno) }
        defer { flock(fd, LOCK_UN) }
        var config = try load(paths)
        let result = try change(&config)
        try config.save(paths)
        return result
    }

    func save(_ paths: AppPaths) throws {
        try StoreFiles.makePrivateDirectory(paths.configDirectory)
        let data = try JSONCoding.encoder(pretty: true).encode(JSONValue.object(raw))
        try StoreFiles.writePrivateAtomically(data + Data("\n".utf8), to: paths.configFileURL)
    }
}
