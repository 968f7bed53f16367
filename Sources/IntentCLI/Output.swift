@preconcurrency import Glibc
import Foundation
import IntentKit

/// Where the CLI writes: stdout for results, stderr for diagnostics. Live or captured.
public protocol OutputStreams: Sendable {
    func out(_ text: String)
    func err(_ text: String)
    /// True when stderr is a terminal (progress bars are drawn only then).
    var stderrIsTerminal: Bool { get }
}

/// The process's stdout and stderr. stdout is made line-buffered at start (a pipe would
/// otherwise block-buffer it and a downstream stage would wait).
public struct StandardStreams: OutputStreams {
    public init() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }

    public func out(_ text: String) {
        fputs(text, stdout)
    }

    public func err(_ text: String) {
        fflush(stdout)
        fputs(text, stderr)
    }

    public var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}

/// Captures output for tests.
public final class CapturedStreams: OutputStreams, @unchecked Sendable {
    private let lock = NSLock()
    private var o = ""
    private var e = ""
    public init() {}
    public var stdout: String { lock.withLock { o } }
    public var stderr: String { lock.withLock { e } }
    public func out(_ text: String) { lock.withLock { o += text } }
    public func err(_ text: String) { lock.withLock { e += text } }
    public var stderrIsTerminal: Bool { false }
}

/// Diagnostics of a run, written to stderr as `intent: warning: …`.
struct StreamLog: DiagnosticLog {
    let streams: any OutputStreams
    func warning(_ message: String) { streams.err("intent: warning: \(message)\n") }
    func info(_ message: String) { streams.err("intent: \(message)\n") }
}
