import Foundation
import Synchronization

/// Applies `ModelTimeouts` to a transport's event stream: a watchdog task sleeps until the
/// current stage's deadline; when it passes, the guarded stream throws `ModelError.timeout(stage)`
/// and the upstream is cancelled, which closes the connection.
///
/// Stages: `connect` (until `.connected`, only for transports that report it), `firstByte` (from
/// the start until the first body chunk), `idle` (between body chunks), and `total` throughout.
public enum DeadlineGuard {
    public static func guarded(_ upstream: AsyncThrowingStream<HTTPEvent, Error>, timeouts: ModelTimeouts,
                               reportsConnection: Bool) -> AsyncThrowingStream<HTTPEvent, Error> {
        let (stream, continuation) = AsyncThrowingStream<HTTPEvent, Error>.makeStream()
        let clock = ContinuousClock()
        let state = GuardState(start: clock.now, awaitingConnection: reportsConnection)

        let pump = Task {
            do {
                for try await event in upstream {
                    guard state.observe(event, at: clock.now) else { break }
                    continuation.yield(event)
                }
                if state.markFinished() { continuation.finish() }
            } catch {
                if state.markFinished() { continuation.finish(throwing: error) }
            }
        }
        let watchdog = Task {
            while let (deadline, stage) = state.nextDeadline(timeouts) {
                if clock.now >= deadline {
                    if state.markFinished() {
                        continuation.finish(throwing: ModelError.timeout(stage))
                        pump.cancel()
                    }
                    return
                }
                do { try await Task.sleep(until: deadline, clock: clock) } catch { return }
            }
        }
        continuation.onTermination = { _ in
            pump.cancel()
            watchdog.cancel()
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

    /// Records an event; returns `false` once the guard has finished (the event is dropped).
    func observe(_ event: HTTPEvent, at now: ContinuousClock.Instant) -> Bool {
        progress.withLock { progress in
            guard !progress.finished else { return false }
            switch event {
            case .connected, .head:
                if progress.stage == .awaitingConnection { progress.stage = .awaitingFirstByte }
            case .body:
                progress.stage = .receiving
                progress.lastActivity = now
            }
            return true
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
