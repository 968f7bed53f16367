import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where the server writes messages: one complete line per message, never interleaved.
public protocol MessageSink: Sendable {
    func send(_ message: JSONRPCMessage)
}

/// Writes each message as one line to a file descriptor (the protocol's stdout), under a lock.
public final class FileDescriptorSink: MessageSink {
    private let fd: Int32
    private let lock = Mutex<Void>(())

    public init(fd: Int32) { self.fd = fd }

    public func send(_ message: JSONRPCMessage) {
        var bytes = [UInt8](message.encodedLine())
        bytes.append(0x0A)
        lock.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

/// Collects sent messages (tests).
public final class RecordingSink: MessageSink, @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [JSONRPCMessage] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    public init() {}

    public var sent: [JSONRPCMessage] { lock.withLock { messages } }

    public func send(_ message: JSONRPCMessage) {
        let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
            messages.append(message)
            let done = waiters.filter { $0.count <= messages.count }.map(\.continuation)
            waiters.removeAll { $0.count <= messages.count }
            return done
        }
        ready.forEach { $0.resume() }
    }

    /// Waits until at least `count` messages were sent.
    public func waitFor(count: Int) async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                if messages.count >= count { return true }
                waiters.append((count, c))
                return false
            }
            if now { c.resume() }
        }
    }
}

/// Reads frames from a file descriptor (the protocol's stdin) on a dedicated thread, so a
/// blocking `read` never occupies the cooperative pool. The stream ends at end of input.
public enum FileDescriptorSource {
    public static func frames(fd: Int32, maxLineBytes: Int) -> AsyncStream<LineSplitter.Frame> {
        AsyncStream { continuation in
            let thread = Thread {
                var splitter = LineSplitter(maxLineBytes: maxLineBytes)
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                    if n < 0, errno == EINTR { continue }
                    if n <= 0 { break }
                    for frame in splitter.append(buffer[0..<n]) { continuation.yield(frame) }
                }
                for frame in splitter.finish() { continuation.yield(frame) }
                continuation.finish()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}
