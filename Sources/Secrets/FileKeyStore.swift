import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Primitives

/// The live key store: `secrets.json` (mode 0600) in a configuration directory (mode 0700), with
/// environment overrides (`INTENT_CLOUD_API_KEY` for `KeyName.cloud`).
///
/// Writes take an exclusive `flock` on `.secrets.lock` beside the file, write a temporary file
/// created with `O_CREAT|O_EXCL` and mode 0600, `fsync` it and `rename` it over `secrets.json`, so
/// concurrent processes never lose a write and the mode is never widened. Reads refuse a file that
/// group or others can read (`SecretsError.insecurePermissions`).
public struct FileKeyStore: KeyStore {
    /// The configuration directory that holds `secrets.json`.
    public let directory: URL
    private let environment: [String: String]
    private let registry: SecretRegistry?

    /// - Parameters:
    ///   - directory: the configuration directory; created (0700) on the first write.
    ///   - environment: variables consulted for overrides (inject a fixed one in tests).
    ///   - registry: where every value read or stored is registered for redaction.
    public init(directory: URL, environment: [String: String],
                registry: SecretRegistry? = nil) {
        self.directory = directory
        self.environment = environment
        self.registry = registry
    }

    /// Every value in the secrets file and the environment overrides (for the redactor only).
    public func storedValues() throws -> [String] {
        var values = Array(try readEntries().values)
        for name in [KeyName.cloud, KeyName.local] {
            if let value = environmentValue(for: name) { values.append(value) }
        }
        return values
    }

    /// The path of the secrets file.
    public var fileURL: URL { directory.appendingPathComponent("secrets.json") }

    public func set(name: String, value: String) throws {
        try KeyName.validate(name)
        let value = try KeyName.normalizedValue(value)
        registry?.register(value)
        try ensureDirectory()
        try withLock {
            var entries = try readEntries()
            entries[name] = value
            try writeEntries(entries)
        }
    }

    public func get(name: String) throws -> String? {
        try KeyName.validate(name)
        let value = try environmentValue(for: name) ?? readEntries()[name]
        if let value { registry?.register(value) }
        return value
    }

    @discardableResult
    public func delete(name: String) throws -> Bool {
        try KeyName.validate(name)
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return false }
        return try withLock {
            var entries = try readEntries()
            guard entries.removeValue(forKey: name) != nil else { return false }
            try writeEntries(entries)
            return true
        }
    }

    public func list() throws -> [String] {
        KeyName.listing(stored: try readEntries().keys, environment: environment)
    }

    public func source(name: String) throws -> KeySource? {
        try KeyName.source(of: name, environment: environment, store: .file) { try readEntries()[name] != nil }
    }

    private func environmentValue(for name: String) -> String? {
        KeyName.override(for: name, in: environment)
    }

    // MARK: - File access

    private func ensureDirectory() throws {
        let path = directory.path
        var info = stat()
        if stat(path, &info) == 0 {
            if PrivateDirectory.needsTightening(info.st_mode), chmod(path, 0o700) != 0 {
                throw SecretsError.io(operation: "chmod", path: path, code: errno)
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: NSNumber(value: Int16(0o700))])
        } catch {
            throw SecretsError.io(operation: "mkdir", path: path, code: errno == 0 ? EACCES : errno)
        }
        if chmod(path, 0o700) != 0 { throw SecretsError.io(operation: "chmod", path: path, code: errno) }
    }

    private func withLock<T>(_ body: () throws -> T) throws -> T {
        let lockPath = directory.appendingPathComponent(".secrets.lock").path
        let fd = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SecretsError.io(operation: "open", path: lockPath, code: errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw SecretsError.io(operation: "flock", path: lockPath, code: errno) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    private func readEntries() throws -> [String: String] {
        let path = fileURL.path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return [:] }
            throw SecretsError.io(operation: "open", path: path, code: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SecretsError.io(operation: "fstat", path: path, code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw SecretsError.corruptFile(path: path) }
        guard info.st_mode & 0o077 == 0 else {
            throw SecretsError.insecurePermissions(path: path, mode: UInt32(info.st_mode & 0o777))
        }
        let data = try readAll(fd: fd, path: path)
        if data.isEmpty { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SecretsError.corruptFile(path: path)
        }
        var entries: [String: String] = [:]
        for (key, value) in object {
            guard let string = value as? String else { throw SecretsError.corruptFile(path: path) }
            entries[key] = string
        }
        return entries
    }

    private func readAll(fd: Int32, path: String) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw SecretsError.io(operation: "read", path: path, code: errno)
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private func writeEntries(_ entries: [String: String]) throws {
        let data = try JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys, .prettyPrinted])
        let temporary = directory.appendingPathComponent(
            ".secrets.json.\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SecretsError.io(operation: "open", path: temporary, code: errno) }
        var closed = false
        defer {
            if !closed { close(fd) }
        }
        do {
            try data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw SecretsError.io(operation: "write", path: temporary, code: errno)
                    }
                    offset += written
                }
            }
            guard fsync(fd) == 0 else { throw SecretsError.io(operation: "fsync", path: temporary, code: errno) }
            closed = true
            guard close(fd) == 0 else { throw SecretsError.io(operation: "close", path: temporary, code: errno) }
            guard rename(temporary, fileURL.path) == 0 else {
                throw SecretsError.io(operation: "rename", path: fileURL.path, code: errno)
            }
        } catch {
            unlink(temporary)
            throw error
        }
        let dirFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }
}
