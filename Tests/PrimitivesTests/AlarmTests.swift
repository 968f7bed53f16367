import Dispatch
import Foundation
import ModelTestSupport
import Primitives
import Synchronization
import Testing

/// The names of this process's threads, as the kernel lists them.
private func threadNames() -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// The calling thread's name, as the kernel has it.
private func ownThreadName() -> String {
    ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Waits (up to 10 s) until `condition` holds.
private func eventually(_ condition: () -> Bool) -> Bool {
    let end = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < end {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
}

@Suite struct AlarmTests {
    @Test func firesOnceAfterItsDelay() {
        let fired = Atomic<Int>(0)
        let start = ContinuousClock.now
        let firedAt = Mutex<ContinuousClock.Instant?>(nil)
        let named = Atomic<Bool>(false)
        _ = Alarm(name: "test.alarm.once", after: .milliseconds(100)) {
            firedAt.withLock { $0 = ContinuousClock.now }
            named.store(ownThreadName() == "test.alarm.once", ordering: .sequentiallyConsistent)
            fired.add(1, ordering: .sequentiallyConsistent)
        }
        #expect(eventually { fired.load(ordering: .sequentiallyConsistent) == 1 })
        let at = firedAt.withLock { $0 }
        #expect(at.map { $0 - start >= .milliseconds(100) } == true, "fired before its deadline")
        let wasNamed = named.load(ordering: .sequentiallyConsistent)
        #expect(wasNamed, "the alarm's thread carries its name")
        // Its thread has ended, so it cannot fire again: once it is gone, the count is final.
        #expect(eventually { !threadNames().contains("test.alarm.once") })
        let count = fired.load(ordering: .sequentiallyConsistent)
        #expect(count == 1)
    }

    @Test func aCancelledAlarmDoesNotFire() {
        let fired = Atomic<Bool>(false)
        // A deadline no test run reaches: the alarm's thread ends at the cancel, not at a timer,
        // and once it has ended nothing can fire. (The kernel keeps 15 bytes of a thread's name.)
        let alarm = Alarm(name: "test.alarm.cancel", after: .seconds(3_600)) { fired.store(true, ordering: .sequentiallyConsistent) }
        alarm.cancel()
        #expect(eventually { !threadNames().contains("test.alarm.canc") })
        let didFire = fired.load(ordering: .sequentiallyConsistent)
        #expect(!didFire)
    }

    /// A deadline brought forward takes effect at the recheck, not at the deadline armed before.
    @Test func recheckBringsTheDeadlineForward() {
        let deadline = Mutex(ContinuousClock.now + .seconds(60))
        let fired = DispatchSemaphore(value: 0)
        let alarm = Alarm(name: "test.alarm.recheck") {
            let due = deadline.withLock { $0 }
            guard ContinuousClock.now >= due else { return due }
            fired.signal()
            return nil
        }
        defer { alarm.cancel() }
        deadline.withLock { $0 = ContinuousClock.now }
        alarm.recheck()
        #expect(fired.wait(timeout: .now() + 10) == .success)
    }

    /// The point of the alarm: it keeps time while every thread Dispatch will start for private
    /// queues is blocked.
    @Test func firesWhileDispatchsThreadsAreHeld() {
        let inTime = holdingDispatchThreads {
            let fired = DispatchSemaphore(value: 0)
            _ = Alarm(name: "test.alarm.busy", after: .milliseconds(100)) { fired.signal() }
            return fired.wait(timeout: .now() + 10) == .success
        }
        #expect(inTime)
    }
}

@Suite struct ThreadExecutorTests {
    @Test func aTaskRunsOnTheExecutorsThreadWhichEndsAfterFinish() async {
        let executor = ThreadExecutor(name: "test.executor")
        let onItsThread = await Task(executorPreference: executor) { () -> [Bool] in
            defer { executor.finish() }
            var seen: [Bool] = []
            #expect(ownThreadName() == "test.executor")
            for _ in 0..<3 {
                seen.append(executor.isCurrent)
                await Task.yield()
            }
            return seen
        }.value
        #expect(onItsThread == [true, true, true])
        #expect(!executor.isCurrent)
        #expect(eventually { !threadNames().contains("test.executor") })
    }
}
