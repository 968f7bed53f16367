import Dispatch
import Foundation
import Synchronization

/// Splits a range of work items across the calling thread and `threads − 1` persistent workers.
///
/// The range is cut into small chunks that threads claim one at a time, so a worker that the
/// OS has not scheduled yet (a busy machine) simply claims nothing and the caller does the
/// work; the caller only ever waits for chunks already in progress. Idle workers spin for
/// `spinMicroseconds` (the next product of a token follows within microseconds), then sleep on
/// a semaphore, so an idle model costs no CPU. `run` blocks until all chunks are done. One
/// caller at a time.
final class WorkerPool: @unchecked Sendable {
    let threads: Int
    private let spinNanoseconds: UInt64
    /// generation << 32 | next chunk index.
    private let ticket = Atomic<Int>(0)
    private let completed = Atomic<Int>(0)
    private let generation = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let sleepers: [SleepFlag]
    private let wakeups: [DispatchSemaphore]
    // Written by the caller before the ticket is published, read by workers after a claim.
    nonisolated(unsafe) private var job: ((Range<Int>) -> Void)?
    nonisolated(unsafe) private var jobCount = 0
    nonisolated(unsafe) private var jobChunks = 0
    static let chunksPerThread = 4
    /// Parallel regions run so far (each ends in the caller waiting for all chunks).
    nonisolated(unsafe) private(set) var regions = 0

    init(threads: Int, spinMicroseconds: Int) {
        self.threads = max(1, threads)
        spinNanoseconds = UInt64(max(0, spinMicroseconds)) * 1000
        sleepers = (1..<max(2, threads)).map { _ in SleepFlag() }
        wakeups = (1..<max(2, threads)).map { _ in DispatchSemaphore(value: 0) }
        for w in 1..<self.threads {
            // The thread keeps the pool alive until `shutdown` lets it return.
            let thread = Thread { self.workerLoop(w) }
            thread.name = "intent.localmodel.worker\(w)"
            thread.start()
        }
    }

    /// Stops the worker threads.
    func shutdown() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        generation.add(1, ordering: .sequentiallyConsistent)
        wakeAll()
    }

    private func wakeAll() {
        for w in 1..<threads where sleepers[w - 1].value.exchange(false, ordering: .sequentiallyConsistent) {
            wakeups[w - 1].signal()
        }
    }

    func run(_ count: Int, _ body: (Range<Int>) -> Void) {
        let chunks = min(count, threads * Self.chunksPerThread)
        if threads <= 1 || chunks <= 1 { body(0..<count); return }
        regions &+= 1
        withoutActuallyEscaping(body) { body in
            job = body
            jobCount = count
            jobChunks = chunks
            completed.store(0, ordering: .relaxed)
            let gen = generation.load(ordering: .relaxed) + 1
            ticket.store(gen << 32, ordering: .sequentiallyConsistent)
            generation.store(gen, ordering: .sequentiallyConsistent)
            wakeAll()
            work(gen)
            while completed.load(ordering: .acquiring) < chunks {}
            job = nil
        }
    }

    /// Claims and runs chunks of generation `gen` until none are left.
    private func work(_ gen: Int) {
        while true {
            let v = ticket.load(ordering: .acquiring)
            guard v >> 32 == gen else { return }
            let c = v & 0xFFFF_FFFF
            guard c < jobChunks else { return }
            guard ticket.compareExchange(expected: v, desired: v + 1, ordering: .acquiringAndReleasing).exchanged else { continue }
            do {
                let body = job!
                body((jobCount * c / jobChunks)..<(jobCount * (c + 1) / jobChunks))
            }
            completed.add(1, ordering: .releasing)
        }
    }

    private func workerLoop(_ w: Int) {
        var seen = 0
        while true {
            var current = generation.load(ordering: .acquiring)
            if current == seen {
                let start = DispatchTime.now().uptimeNanoseconds
                while current == seen && DispatchTime.now().uptimeNanoseconds - start < spinNanoseconds {
                    current = generation.load(ordering: .acquiring)
                }
            }
            if current == seen {
                sleepers[w - 1].value.store(true, ordering: .sequentiallyConsistent)
                if generation.load(ordering: .sequentiallyConsistent) == seen { wakeups[w - 1].wait() }
                sleepers[w - 1].value.store(false, ordering: .sequentiallyConsistent)
                continue
            }
            seen = current
            if stopping.load(ordering: .acquiring) { return }
            work(current)
        }
    }
}

/// Whether a worker is (about to be) asleep on its semaphore.
final class SleepFlag: Sendable {
    let value = Atomic<Bool>(false)
}
