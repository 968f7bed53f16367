import Foundation
import Primitives
import Synchronization

/// Applies `ModelTimeouts` to a transport's event stream: a watchdog timer fires at the current
/// stage's deadline; when it passes, the guarded stream throws `ModelError.timeout(stage)` and the
/// upstream is cancelled, which closes the connection.
///
/// Neither the deadlines nor the stage bookkeeping depend on Swift's cooperative pool, which
/// blocking work (SQLite, file reads, process waits, a busy machine) can hold for seconds: the
/// watchdog is a Dispatch timer, and the task that reads the upstream runs on the watchdog's own
/// serial queue, so an event is stamped when it arrives and a deadline fires when it passes.
///
/// Stages: `connect` (until `.connected`, only for transports that report it), `firstByte` (from
/// the start until the first body chunk), `idle` (between body chunks), and `total` throughout.
public enum DeadlineGuard {
    public static func guarded(_ upstream: AsyncThrowingStream<HTTPEvent, Error>, timeouts: ModelTimeouts,
                               reportsConnection: Bool) -> AsyncThrowingStream<HTTPEvent, Error> {
        let (stream, continuation) = AsyncThrowingStream<HTTPEvent, Error>.makeStream()
        let clock = ContinuousClock()
        let state = GuardState(start: clock.now, awaitingConnection: reportsConnection)

        // Finishing the guarded stream (by the watchdog or the pump) runs `onTermination`, which
        // cancels the pump and so the upstream: that is what closes the connection.
        let watchdog = Watchdog(clock: clock) {
            guard let (deadline, stage) = state.nextDeadline(timeouts) else { return nil }
            guard clock.now >= deadline else { return deadline }
            if state.markFinished() { continuation.finish(throwing: ModelError.timeout(stage)) }
            return nil
        }
        let pump = Task(executorPreference: watchdog.executor) {
            do {
                for try await event in upstream {
                    guard let advanced = state.observe(event, at: clock.now) else { break }
                    continuation.yield(event)
                    // A new stage has its own deadline, which may be earlier than the armed one.
                    if advanced { watchdog.recheck() }
                }
                if state.markFinished() { continuation.finish() }
            } catch {
                if state.markFinished() { continuation.finish(throwing: error) }
            }
        }
        continuation.onTermination = { _ in
            pump.cancel()
            watchdog.cancel()
        }
        watchdog.start()
        return stream
    }
}

/// A one-shot Dispatch timer that re-arms itself: each firing asks `check` for the next deadline
/// (`nil` ends the watchdog). It runs on a private serial queue, independent of the Swift
/// concurrency thread pool; `executor` runs tasks on that same queue. (`@unchecked`: a Dispatch
/// source is thread-safe, and it is the only state that changes.)
final class Watchdog: @unchecked Sendable {
    private let queue = DispatchQueue(label: "intent.deadline")
    let executor: SerialQueueExecutor
    private let timer: any DispatchSourceTimer
    private let clock: ContinuousClock
    private let check: @Sendable () -> ContinuousClock.Instant?

    init(clock: ContinuousClock, check: @escaping @Sendable () -> ContinuousClock.Instant?) {
        self.timer = DispatchSource.makeTimerSource(queue: queue)
        self.executor = SerialQueueExecutor(queue: queue)
        self.clock = clock
        self.check = check
    }

    func start() {
        timer.setEventHandler { [self] in fire() }
        fire()
        timer.resume()
    }

    func cancel() { timer.cancel() }

    /// Re-reads the deadline now, on the timer's queue (after a change that may bring it forward).
    func recheck() { queue.async { [self] in fire() } }

    private func fire() {
        guard let deadline = check() else {
            timer.cancel()
            return
        }
        let remaining = max(clock.now.duration(to: deadline), .zero)
        let nanoseconds = remaining.timerNanoseconds()
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), leeway: .milliseconds(5))
    }
}

/// The guard's shared, lock-protected progress record.
final class GuardState: Sendable {
    private enum Stage {
        case awaitingConnection, awaitingFirstByte, receiving
    }

    private struct Progress {
        var stage: Stage
        var lastActivity: ContinuousClock.Instant
        var finished = false
    }

    private let start: ContinuousClock.Instant
    private let progress: Mutex<Progress>

    init(start: ContinuousClock.Instant, awaitingConnection: Bool) {
        self.start = start
        progress = Mutex(Progress(stage: awaitingConnection ? .awaitingConnection : .awaitingFirstByte, lastActivity: start))
    }

    /// Records an event; returns whether it moved the guard to a new stage, or `nil` once the
    /// guard has finished (the event is dropped).
    func observe(_ event: HTTPEvent, at now: ContinuousClock.Instant) -> Bool? {
        progress.withLock { progress in
            guard !progress.finished else { return nil }
            let before = progress.stage
            switch event {
            case .connected, .head:
                if progress.stage == .awaitingConnection { progress.stage = .awaitingFirstByte }
            case .body:
                progress.stage = .receiving
                progress.lastActivity = now
            }
            return progress.stage != before
        }
    }

    /// Marks the guard finished; `true` for the first caller only.
    func markFinished() -> Bool {
        progress.withLock { progress in
            if progress.finished { return false }
            progress.finished = true
            return true
        }
    }

    /// The earliest pending deadline and its stage, or `nil` once finished.
    func nextDeadline(_ timeouts: ModelTimeouts) -> (ContinuousClock.Instant, TimeoutStage)? {
        progress.withLock { progress in
            guard !progress.finished else { return nil }
            let stageDeadline: (ContinuousClock.Instant, TimeoutStage)
            switch progress.stage {
            case .awaitingConnection: stageDeadline = (start + timeouts.connect, .connect)
            case .awaitingFirstByte: stageDeadline = (start + timeouts.firstByte, .firstByte)
            case .receiving: stageDeadline = (progress.lastActivity + timeouts.idle, .idle)
            }
            let total = start + timeouts.total
            return total <= stageDeadline.0 ? (total, .total) : stageDeadline
        }
    }
}
