import Foundation

/// Produces run, receipt and record ids. Live ids sort by creation time; test ids are sequential.
public protocol IDGenerator: Sendable {
    /// A new id such as `run_01JD…`; `prefix` names the kind.
    func make(_ prefix: String) -> String
}

/// Time-sortable random ids: 48-bit millisecond time + 80 random bits, Crockford base32.
public struct RandomIDGenerator: IDGenerator {
    public init() {}

    public func make(_ prefix: String) -> String {
        var millis = UInt64(Date().timeIntervalSince1970 * 1000)
        var bytes = [UInt8](repeating: 0, count: 26)
        for i in stride(from: 9, through: 0, by: -1) {
            bytes[i] = Self.alphabet[Int(millis & 31)]
            millis >>= 5
        }
        // 80 random bits from two draws (each one `getrandom` call): 12 characters from the
        // first 60 bits of one, 4 from 20 bits of the other.
        var rng = SystemRandomNumberGenerator()
        var high = rng.next(), low = rng.next()
        for i in 10..<22 {
            bytes[i] = Self.alphabet[Int(high & 31)]
            high >>= 5
        }
        for i in 22..<26 {
            bytes[i] = Self.alphabet[Int(low & 31)]
            low >>= 5
        }
        return "\(prefix)_" + String(decoding: bytes, as: UTF8.self)
    }

    /// Crockford base32, lower case.
    private static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)
}

/// Sequential ids (`run_0001`, `rem_0002`, …) for tests.
public final class SequentialIDGenerator: IDGenerator, @unchecked Sendable {
    private let lock = NSLock()
    private var counter = 0
    public init() {}
    public func make(_ prefix: String) -> String {
        lock.withLock {
            counter += 1
            return "\(prefix)_\(String(format: "%04d", counter))"
        }
    }
}

/// Where diagnostics go (stderr in the CLI, a buffer in tests). Never content, never keys.
public protocol DiagnosticLog: Sendable {
    func warning(_ message: String)
    func info(_ message: String)
}

/// Discards everything.
public struct SilentLog: DiagnosticLog {
    public init() {}
    public func warning(_ message: String) {}
    public func info(_ message: String) {}
}

/// Records diagnostics for tests.
public final class RecordingLog: DiagnosticLog, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    public init() {}
    public var messages: [String] { lock.withLock { lines } }
    public func warning(_ message: String) { lock.withLock { lines.append("warning: \(message)") } }
    public func info(_ message: String) { lock.withLock { lines.append(message) } }
}
