import Dispatch
import Foundation
import Primitives
import Synchronization

/// A time limit on async work that holds even when the cooperative pool is busy: a Dispatch
/// timer on a private queue (not `DispatchQueue.global()`, whose threads a busy pool can hold
/// too) cancels the work's task when the limit passes. The work must stop on cancellation (the
/// model clients close their connection; the in-process model checks between tokens).
enum Budget {
    /// Runs `operation` and cancels it after `limit`; `timedOut` says whether the limit passed
    /// first. Cancelling the caller cancels the operation too.
    static func run<T: Sendable>(within limit: Duration, _ operation: @escaping @Sendable () async -> T) async -> (value: T, timedOut: Bool) {
        let fired = Mutex(false)
        let task = Task { await operation() }
        let timer = DispatchWorkItem {
            fired.withLock { $0 = true }
            task.cancel()
        }
        let nanoseconds = limit.timerNanoseconds()
        DispatchQueue(label: "intent.budget").asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: timer)
        let value = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        timer.cancel()
        return (value, fired.withLock { $0 })
    }
}
