import Foundation
import Primitives
import Synchronization

/// A time limit on async work that holds however busy the process is: an `Alarm` (a thread of its
/// own, not a timer on Swift's or Dispatch's pools, which blocking work can hold for seconds)
/// cancels the work's task when the limit passes. The work must stop on cancellation (the
/// model clients close their connection; the in-process model checks between tokens).
enum Budget {
    /// Runs `operation` and cancels it after `limit`; `timedOut` says whether the limit passed
    /// first. Cancelling the caller cancels the operation too.
    static func run<T: Sendable>(within limit: Duration, _ operation: @escaping @Sendable () async -> T) async -> (value: T, timedOut: Bool) {
        let fired = Mutex(false)
        let task = Task { await operation() }
        let alarm = Alarm(name: "intent.budget", after: limit) {
            fired.withLock { $0 = true }
            task.cancel()
        }
        let value = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        alarm.cancel()
        return (value, fired.withLock { $0 })
    }
}
