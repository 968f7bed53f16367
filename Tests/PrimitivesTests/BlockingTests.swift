import Dispatch
import Foundation
import Primitives
import Synchronization
import Testing

/// Blocking jobs that wait on a gate the test opens, with a fail-safe: when the gate is not opened
/// within `failSafe` (a regression put the jobs on the pool, so nothing else could run), a Dispatch
/// timer on a private queue opens it and records that it had to.
private final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let state = Mutex((opened: false, forced: false))
    let started = Atomic<Int>(0)
    let jobs: Int

    init(jobs: Int, failSafe: Duration) {
        self.jobs = jobs
        DispatchQueue(label: "test.gate.fail-safe").asyncAfter(deadline: .now() + .nanoseconds(failSafe.timerNanoseconds())) {
            [self] in open(forced: true)
        }
    }

    /// Blocks the calling thread until the gate opens.
    func pass() {
        started.add(1, ordering: .sequentiallyConsistent)
        semaphore.wait()
        semaphore.signal()
    }

    func open(forced: Bool = false) {
        let first = state.withLock { s -> Bool in
            guard !s.opened else { return false }
            s = (true, forced)
            return true
        }
        if first { semaphore.signal() }
    }

    var wasForced: Bool { state.withLock { $0.forced } }
    var isOpen: Bool { state.withLock { $0.opened } }
}

@Suite struct BlockingTests {
    /// More jobs than the pool has threads, all blocked at once: a timer-driven `Task.sleep` on the
    /// pool still ends, long before the jobs are let go.
    @Test func thePoolStaysResponsiveWhileMoreJobsBlockThanItHasThreads() async throws {
        let jobs = max(8, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let gate = Gate(jobs: jobs, failSafe: .seconds(60))
        let (startedEvents, started) = AsyncStream<Void>.makeStream()
        let work = (0..<jobs).map { i in
            Task {
                try await Blocking.run { _ in
                    started.yield()
                    gate.pass()
                    return i
                }
            }
        }
        var seen = 0
        for await _ in startedEvents {
            seen += 1
            if seen == jobs { break }
        }
        let holding = gate.started.load(ordering: .sequentiallyConsistent)
        #expect(holding == jobs, "every job holds its thread at once")

        let clock = ContinuousClock()
        let before = clock.now
        try await Task.sleep(for: .milliseconds(200))
        let slept = clock.now - before
        let stillHeld = !gate.isOpen
        gate.open()
        var results: [Int] = []
        for task in work { results.append(try await task.value) }

        #expect(stillHeld && !gate.wasForced, "the pool's timer fired while all \(jobs) jobs were blocked")
        #expect(slept < .seconds(20), "a 200 ms sleep took \(slept) with \(jobs) blocking jobs in flight")
        #expect(results == Array(0..<jobs))
    }

    /// Cancelling the awaiting task asks the work to stop; work that polls stops early and its
    /// result is returned.
    @Test func cancellationIsForwardedToTheWork() async throws {
        let (startedEvents, started) = AsyncStream<Void>.makeStream()
        let handlerRan = Atomic<Bool>(false)
        let task = Task {
            try await Blocking.run { stop -> Bool in
                stop.onRequest { handlerRan.store(true, ordering: .sequentiallyConsistent) }
                started.yield()
                // Fail-safe: give up after a minute so a regression fails instead of hanging.
                let end = ContinuousClock.now + .seconds(60)
                while !stop.isRequested && ContinuousClock.now < end { usleep(1_000) }
                return stop.isRequested
            }
        }
        for await _ in startedEvents { break }
        task.cancel()
        #expect(try await task.value, "the work saw the stop request")
        let ran = handlerRan.load(ordering: .sequentiallyConsistent)
        #expect(ran)
    }

    @Test func aStopRequestedBeforeRegistrationRunsTheHandlerAtOnceAndOnlyOnce() {
        let stop = StopRequest()
        let runs = Atomic<Int>(0)
        stop.onRequest { runs.add(1, ordering: .sequentiallyConsistent) }
        stop.request()
        stop.request()
        let once = runs.load(ordering: .sequentiallyConsistent)
        #expect(once == 1)
        stop.onRequest { runs.add(1, ordering: .sequentiallyConsistent) }
        let late = runs.load(ordering: .sequentiallyConsistent)
        #expect(late == 2)
        #expect(stop.isRequested)
    }

    @Test func errorsReachTheCaller() async {
        struct Refused: Error, Equatable {}
        await #expect(throws: Refused()) { try await Blocking.run { _ -> Int in throw Refused() } }
    }

    /// Calls given one serial queue never overlap (the embedded model's session, one writer).
    @Test func callsOnOneSerialQueueDoNotOverlap() async throws {
        final class Occupancy: Sendable {
            let inside = Atomic<Int>(0)
            let overlapped = Atomic<Bool>(false)
        }
        let queue = DispatchQueue(label: "test.serial")
        let occupancy = Occupancy()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try await Blocking.run(on: queue) { _ in
                        if occupancy.inside.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                            occupancy.overlapped.store(true, ordering: .sequentiallyConsistent)
                        }
                        usleep(2_000)
                        occupancy.inside.subtract(1, ordering: .sequentiallyConsistent)
                    }
                }
            }
            try await group.waitForAll()
        }
        let overlaps = occupancy.overlapped.load(ordering: .sequentiallyConsistent)
        #expect(!overlaps)
    }

    /// A task with a `SerialQueueExecutor` preference runs its synchronous stretches on that queue,
    /// so it can block there while the pool keeps running other tasks.
    @Test func aTaskPreferringASerialQueueExecutorBlocksOnlyItsQueue() async throws {
        let jobs = max(8, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let gate = Gate(jobs: jobs, failSafe: .seconds(60))
        let (startedEvents, started) = AsyncStream<Void>.makeStream()
        let work = (0..<jobs).map { _ in
            Task(executorPreference: SerialQueueExecutor(label: "test.executor")) {
                started.yield()
                gate.pass()
            }
        }
        var seen = 0
        for await _ in startedEvents {
            seen += 1
            if seen == jobs { break }
        }
        // A task on the pool finishes while every executor-bound task still blocks (no timer).
        let poolAnswered = await Task.detached { true }.value
        let stillHeld = !gate.isOpen
        gate.open()
        for task in work { await task.value }
        #expect(poolAnswered && stillHeld && !gate.wasForced, "the pool ran while \(jobs) executor-bound tasks blocked")
    }
}
