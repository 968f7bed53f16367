import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A random per-home secret (32 bytes, hex, `home.key` mode 0600 in the configuration
/// directory), created on first use. It keys the hashes that must not be checkable by someone
/// who guesses the input: the receipt's payload digest (a short thought could otherwise be
/// confirmed by hashing guesses) and the key fingerprint the quota state is bound to.
public enum HomeSecret {
    public static let fileName = "home.key"

    /// The secret's bytes, creating the file when it does not exist yet.
    /// - Throws: `SecretsError` naming the file when it cannot be read or created.
    public static func load(directory: URL) throws -> [UInt8] {
        let path = directory.appendingPathComponent(fileName).path
        if let existing = try read(path) { return existing }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: NSNumber(value: Int16(0o700))])
        var bytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        let text = bytes.map { String(format: "%02x", $0) }.joined() + "\n"
        let temporary = path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SecretsError.io(operation: "open", path: temporary, code: errno) }
        let written = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == text.utf8.count, synced else {
            unlink(temporary)
            throw SecretsError.io(operation: "write", path: temporary, code: errno)
        }
        // link(2) fails if another process created the file first: then use theirs.
        let linked = link(temporary, path) == 0
        unlink(temporary)
        if !linked, errno != EEXIST { throw SecretsError.io(operation: "link", path: path, code: errno) }
        guard let result = try read(path) else { throw SecretsError.corruptFile(path: path) }
        return result
    }

    private static func read(_ path: String) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw SecretsError.io(operation: "open", path: path, code: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SecretsError.io(operation: "fstat", path: path, code: errno) }
        guard info.st_mode & 0o077 == 0 else {
            throw SecretsError.insecurePermissions(path: path, mode: UInt32(info.st_mode & 0o777))
        }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count >= 64 else { throw SecretsError.corruptFile(path: path) }
        let hex = String(decoding: buffer[0..<64], as: UTF8.self)
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { throw SecretsError.corruptFile(path: path) }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
