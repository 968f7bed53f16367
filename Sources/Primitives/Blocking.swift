import Dispatch
import Synchronization

/// Runs blocking work (SQLite over a large index, file reads, process waits, model and embedding
/// kernels) outside Swift's cooperative thread pool, which has one thread per core: while such
/// work holds a pool thread, timers, continuations and every other task of the process wait.
///
/// Each call runs on a thread of its own: a private serial Dispatch queue, which libdispatch backs
/// with an overcommit thread (started when every other thread is busy), never with the width-limited
/// pool that `DispatchQueue.global()` and the concurrency runtime share. The awaiting task is
/// suspended, not blocked. libdispatch starts at most 255 such threads per process; beyond that a
/// call waits for one to be let go, and so does every Dispatch timer, which is why deadlines keep
/// time with `Alarm`, on a thread that is the kernel's.
public enum Blocking {
    /// Runs `work` on a dedicated thread and returns what it returns (or throws what it throws).
    ///
    /// Cancelling the awaiting task sets `stop.isRequested` and runs the handlers registered with
    /// `stop.onRequest`; work that can stop early polls or registers there (the embedded model's
    /// interrupt flag, ingestion's stop flag). Work that cannot stop runs to its end; the caller
    /// then gets its result. `queue` serializes calls that must not overlap; it must be a serial
    /// queue of the caller's own (never `DispatchQueue.global()` or a concurrent queue, which share
    /// the pool's width).
    public static func run<T: Sendable>(label: String = "intent.blocking", on queue: DispatchQueue? = nil,
                                        _ work: @escaping @Sendable (StopRequest) throws -> T) async throws -> T {
        let stop = StopRequest()
        let queue = queue ?? DispatchQueue(label: label)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
                queue.async { continuation.resume(with: Result { try work(stop) }) }
            }
        } onCancel: {
            stop.request()
        }
    }
}

/// A stop asked of blocking work: set once when the awaiting task is cancelled. Thread-safe.
public final class StopRequest: Sendable {
    private struct State {
        var requested = false
        var handlers: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Whether a stop was asked (poll between steps).
    public var isRequested: Bool { state.withLock { $0.requested } }

    /// Runs `handler` when a stop is asked, at once when it already was. Handlers run on the
    /// thread that cancels; keep them short (set a flag, shut a socket down).
    public func onRequest(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { s -> Bool in
            if s.requested { return true }
            s.handlers.append(handler)
            return false
        }
        if now { handler() }
    }

    /// Asks for the stop; the first call runs the handlers, later calls do nothing.
    public func request() {
        let handlers = state.withLock { s -> [@Sendable () -> Void] in
            guard !s.requested else { return [] }
            s.requested = true
            defer { s.handlers.removeAll() }
            return s.handlers
        }
        handlers.forEach { $0() }
    }
}
