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
        let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")
        var millis = UInt64(Date().timeIntervalSince1970 * 1000)
        var timePart: [Character] = []
        for _ in 0..<10 {
            timePart.append(alphabet[Int(millis & 31)])
            millis >>= 5
        }
        var rng = SystemRandomNumberGenerator()
        let randomPart = (0..<16).map { _ in alphabet[Int(rng.next() & 31)] }
        return "\(prefix)_" + String(timePart.reversed()) + String(randomPart)
    }
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
