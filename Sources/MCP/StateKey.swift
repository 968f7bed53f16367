import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the HMAC key for `requestState` comes from.
public protocol StateKeySource: Sendable {
    func key() throws(StateKeyError) -> [UInt8]
}

public enum StateKeyError: Error, Equatable, CustomStringConvertible {
    case cannotCreate(path: String, errno: Int32)
    case unreadable(path: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let e): return "cannot create the MCP state key \(path) (\(String(cString: strerror(e))))"
        case .unreadable(let path): return "the MCP state key \(path) is unreadable or malformed; delete it to make a new one"
        }
    }
}

/// A fixed key (tests).
public struct FixedStateKey: StateKeySource {
    let bytes: [UInt8]
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public func key() throws(StateKeyError) -> [UInt8] { bytes }
}

/// The per-home key file: 32 random bytes as hex, mode 0600, created once with O_EXCL and
/// published by `link`, so two servers starting together agree on one key.
public struct StateKeyFile: StateKeySource {
    public let url: URL

    public init(directory: URL) { url = directory.appendingPathComponent("mcp-state.key") }

    public func key() throws(StateKeyError) -> [UInt8] {
        if let existing = read() { return existing }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreate(path: url.path, errno: EACCES)
        }
        var rng = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let temporary = url.path + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotCreate(path: url.path, errno: errno) }
        let text = Array(bytes.map { String(format: "%02x", $0) }.joined().utf8) + [0x0A]
        let written = text.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        fsync(fd)
        close(fd)
        defer { unlink(temporary) }
        guard written == text.count else { throw .cannotCreate(path: url.path, errno: EIO) }
        if link(temporary, url.path) != 0, errno != EEXIST { throw .cannotCreate(path: url.path, errno: errno) }
        guard let key = read() else { throw .unreadable(path: url.path) }
        return key
    }

    private func read() -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let hex = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard hex.count == 64 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
