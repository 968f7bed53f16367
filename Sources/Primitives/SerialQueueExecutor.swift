import Dispatch

/// A task executor that runs a task's jobs on a private serial Dispatch queue instead of the
/// cooperative pool (`Task(executorPreference:)`, `withTaskExecutorPreference`): work that must
/// keep time or stay responsive while the pool is busy, or async work whose synchronous stretches
/// may block. The queue is backed by its own overcommit thread, like `Blocking.run`'s.
/// (`@unchecked`: a Dispatch queue is thread-safe and is the only state.)
public final class SerialQueueExecutor: TaskExecutor, @unchecked Sendable {
    public let queue: DispatchQueue

    public init(queue: DispatchQueue) { self.queue = queue }

    public convenience init(label: String) { self.init(queue: DispatchQueue(label: label)) }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
