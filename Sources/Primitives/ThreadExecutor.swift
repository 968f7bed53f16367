import Foundation

/// A task executor with a thread of its own (`Task(executorPreference:)`): the task's jobs run on
/// that thread, one at a time, in the order they were enqueued.
///
/// For work that must keep time whatever else the process is doing. A private Dispatch queue is
/// not enough for that: libdispatch backs every serial queue of the process with one shared pool
/// of at most 255 overcommit threads, and when blocking work holds them all (a parallel test run
/// does), a queue's next item waits for seconds. A thread started here is the kernel's, not a
/// pool's.
///
/// The thread ends after `finish()`, once the jobs enqueued before it have run; call it as the
/// last step of the task that prefers this executor. (`@unchecked`: the job list and the flag are
/// read and written only under `condition`.)
public final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finishing = false
    private var thread: Thread?

    public init(name: String) {
        let thread = Thread.named(name) { [self] in run() }
        self.thread = thread
        thread.start()
    }

    /// Whether the calling code runs on this executor's thread.
    public var isCurrent: Bool {
        condition.lock()
        defer { condition.unlock() }
        return thread.map { $0 === Thread.current } ?? false
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once the jobs enqueued so far have run.
    public func finish() {
        condition.lock()
        finishing = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while let job = next() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// The next job, waiting for one; `nil` once finished and drained.
    private func next() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !finishing { condition.wait() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }
}

extension Thread {
    /// A thread (not started) that takes `name` as it starts, so `ps -L`, `top -H` and
    /// `/proc/<pid>/task/*/comm` show it: Foundation on Linux passes a name set before `start()`
    /// to no one. The kernel keeps 15 bytes; the name is cut there (a longer one would be refused).
    /// The thread names itself by writing `/proc/thread-self/comm`: Foundation's `name` setter
    /// names the kernel's thread only once `start()` has stored its handle, and on a loaded
    /// machine the new thread can run before that (its name then stayed the process's).
    static func named(_ name: String, _ body: @escaping @Sendable () -> Void) -> Thread {
        let shown = String(decoding: name.utf8.prefix(15), as: UTF8.self)
        return Thread {
            nameSelf(shown)
            Thread.current.name = shown
            body()
        }
    }

    /// Gives the calling thread `name` (15 bytes at most) as the kernel lists it.
    static func nameSelf(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(name.utf8)
        _ = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
    }
}
