import Foundation
import Primitives
import Synchronization

/// Applies `ModelTimeouts` to a transport's event stream: an alarm fires at the current stage's
/// deadline; when it passes, the guarded stream throws `ModelError.timeout(stage)` and the
/// upstream is cancelled, which closes the connection.
///
/// Neither the deadlines nor the stage bookkeeping depend on a pool of threads that blocking work
/// can hold for seconds (SQLite, file reads, process waits, a busy machine): not Swift's
/// cooperative pool, and not Dispatch's 255 overcommit threads (with them all held, a Dispatch
/// timer armed for 300 ms fired only when they were let go, 3 s later). The alarm and the task
/// that reads the upstream each have a thread of their own, so an event is stamped when it
/// arrives and a deadline fires when it passes.
///
/// Stages: `connect` (until `.connected`, only for transports that report it), `firstByte` (from
/// the start until the first body chunk), `idle` (between body chunks), and `total` throughout.
public enum DeadlineGuard {
    public static func guarded(_ upstream: AsyncThrowingStream<HTTPEvent, Error>, timeouts: ModelTimeouts,
                               reportsConnection: Bool) -> AsyncThrowingStream<HTTPEvent, Error> {
        let (stream, continuation) = AsyncThrowingStream<HTTPEvent, Error>.makeStream()
        let clock = ContinuousClock()
        let state = GuardState(start: clock.now, awaitingConnection: reportsConnection)

        // Finishing the guarded stream (by the alarm or the pump) runs `onTermination`, which
        // cancels the pump and so the upstream: that is what closes the connection.
        let alarm = Alarm(name: "intent.deadline") {
            guard let (deadline, stage) = state.nextDeadline(timeouts) else { return nil }
            guard clock.now >= deadline else { return deadline }
            if state.markFinished() { continuation.finish(throwing: ModelError.timeout(stage)) }
            return nil
        }
        let reader = ThreadExecutor(name: "intent.reader")
        let pump = Task(executorPreference: reader) {
            defer { reader.finish() }
            do {
                for try await event in upstream {
                    guard let advanced = state.observe(event, at: clock.now) else { break }
                    continuation.yield(event)
                    // A new stage has its own deadline, which may be earlier than the armed one.
                    if advanced { alarm.recheck() }
                }
                if state.markFinished() { continuation.finish() }
            } catch {
                if state.markFinished() { continuation.finish(throwing: error) }
            }
        }
        continuation.onTermination = { _ in
            pump.cancel()
            alarm.cancel()
        }
        return stream
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
