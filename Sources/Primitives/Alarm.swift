import Foundation

/// A deadline timer on a thread of its own, for limits that must hold however busy the process
/// is (see `ThreadExecutor` for why a Dispatch timer does not).
///
/// `check` runs on the alarm's thread at the start, whenever the deadline it returned has passed,
/// and after each `recheck()`. It does what is due and returns the next deadline, or `nil` to end
/// the alarm. `cancel()` ends it without another check.
public final class Alarm: @unchecked Sendable {
    private let condition = NSCondition()
    private var rechecking = false
    private var cancelled = false

    public init(name: String, check: @escaping @Sendable () -> ContinuousClock.Instant?) {
        Thread.named(name) { [self] in run(check) }.start()
    }

    /// An alarm that runs `fire` once, `after` from now, unless cancelled first.
    public convenience init(name: String, after delay: Duration, fire: @escaping @Sendable () -> Void) {
        let deadline = ContinuousClock.now + delay
        self.init(name: name) {
            guard ContinuousClock.now >= deadline else { return deadline }
            fire()
            return nil
        }
    }

    /// Calls `check` again now (after a change that may bring the deadline forward).
    public func recheck() {
        condition.lock()
        rechecking = true
        condition.signal()
        condition.unlock()
    }

    /// Ends the alarm; `check` is not called again (a call under way finishes).
    public func cancel() {
        condition.lock()
        cancelled = true
        condition.signal()
        condition.unlock()
    }

    private var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    private func run(_ check: @Sendable () -> ContinuousClock.Instant?) {
        while !isCancelled, let deadline = check() {
            wait(until: deadline)
        }
    }

    /// Sleeps until `deadline`, a `recheck()` or a `cancel()`.
    private func wait(until deadline: ContinuousClock.Instant) {
        condition.lock()
        defer { condition.unlock() }
        while !rechecking && !cancelled {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { break }
            // The condition's timed wait takes a wall-clock date; the loop re-measures on the
            // monotonic clock, so a clock change costs at most one early or late wake.
            _ = condition.wait(until: Date(timeIntervalSinceNow: remaining.inSeconds))
        }
        rechecking = false
    }
}
