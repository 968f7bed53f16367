import Dispatch

/// Holds every thread libdispatch will start for private queues (at most 255 per process) while
/// `body` runs, to show that a deadline does not need one: a Dispatch timer, even on a queue of
/// its own, waits until a thread is let go. The threads are let go when `body` returns, or after
/// `failSafe` if it never does (a regression then shows as a late deadline, not a hung suite).
public func holdingDispatchThreads<T>(failSafe: DispatchTimeInterval = .seconds(15), _ body: () throws -> T) rethrows -> T {
    let gate = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    let blockers = 300
    for i in 0..<blockers {
        DispatchQueue(label: "test.hold.\(i)").async {
            started.signal()
            _ = gate.wait(timeout: .now() + failSafe)
        }
    }
    // Every thread the pool will start has started once none has for a while.
    while started.wait(timeout: .now() + .milliseconds(250)) == .success {}
    defer { for _ in 0..<blockers { gate.signal() } }
    return try body()
}
