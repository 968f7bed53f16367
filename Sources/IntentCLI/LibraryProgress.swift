@preconcurrency import Glibc
@preconcurrency import Dispatch
import Foundation
import IntentKit
import Retrieval
import Synchronization

/// Progress of `library add|process|reindex` on stderr: a bar redrawn in place at a terminal,
/// otherwise a plain line at most every `interval` seconds (the first report at once): files and
/// chunks done, bytes done of the total and the rate.
final class LibraryProgressPrinter: Sendable {
    private let streams: any OutputStreams
    private let bar: Bool
    private let interval: Double
    private let verb: String
    private let last = Mutex<(printed: Double?, drew: Bool)>((nil, false))

    init(streams: any OutputStreams, interval: Double, verb: String) {
        self.streams = streams
        self.bar = streams.stderrIsTerminal
        self.interval = interval
        self.verb = verb
    }

    func report(_ p: IngestionProgress) {
        let final = p.completed == p.total && p.state != .processing
        let due = last.withLock { state -> Bool in
            if bar || final { state.drew = true; state.printed = p.seconds; return true }
            if let printed = state.printed, p.seconds - printed < interval { return false }
            state.printed = p.seconds
            state.drew = true
            return true
        }
        guard due else { return }
        let files = "\(p.completed)/\(p.total) files, \(p.chunks) chunks"
        let bytes = p.totalBytes > 0 ? ", \(Self.size(p.bytes)) of \(Self.size(p.totalBytes))" : ""
        let rate = p.seconds > 0 ? String(format: ", %@/s", Self.size(Int64(Double(p.bytes) / p.seconds))) : ""
        if bar {
            let width = 30
            let filled = Int(p.fraction * Double(width))
            streams.err("\r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(files)\(bytes)\(rate)\u{1B}[K")
        } else {
            streams.err("intent: \(verb) \(files)\(bytes)\(rate)\n")
        }
    }

    /// Ends the bar's line (nothing for plain lines).
    func finish() {
        if bar, last.withLock({ $0.drew }) { streams.err("\n") }
    }

    /// Human byte counts: 512 B, 12.3 kB, 45.6 MB, 1.2 GB (SI, like `ls -h --si`).
    static func size(_ bytes: Int64) -> String {
        let b = Double(bytes)
        if b < 1_000 { return "\(bytes) B" }
        if b < 1_000_000 { return String(format: "%.1f kB", b / 1_000) }
        if b < 1_000_000_000 { return String(format: "%.1f MB", b / 1_000_000) }
        return String(format: "%.2f GB", b / 1_000_000_000)
    }
}

/// SIGINT and SIGTERM while the library works the queue: the first one asks the worker to stop
/// at its next transaction boundary (what is written stays; the next run continues). SIGTERM's
/// default action is held off meanwhile; if the worker has not stopped `graceSeconds` after
/// SIGTERM the process exits 143 (the store is consistent at any point).
final class LibraryInterrupt: @unchecked Sendable {
    /// The first signal received (0: none); shared with the handlers.
    private final class Received: Sendable { let value = Atomic<Int32>(0) }
    private let received = Received()
    /// Set once in `init`; `cancel()` is thread-safe.
    private let sources: [any DispatchSourceSignal]

    init(graceSeconds: Double = 3) {
        signal(SIGTERM, SIG_IGN)
        var made: [any DispatchSourceSignal] = []
        let received = self.received
        for number in [SIGINT, SIGTERM] {
            // Private queues: the global one shares its width with a busy cooperative pool.
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue(label: "intent.library.signals"))
            source.setEventHandler { @Sendable in
                _ = received.value.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                if number == SIGTERM {
                    DispatchQueue(label: "intent.library.grace").asyncAfter(deadline: .now() + graceSeconds) { @Sendable in
                        fputs("intent: terminated; what was indexed is kept, the rest stays queued\n", stderr)
                        _exit(143)
                    }
                }
            }
            source.resume()
            made.append(source)
        }
        sources = made
    }

    /// The signal received, 0 while none.
    var signalNumber: Int32 { received.value.load(ordering: .relaxed) }
    var stopRequested: Bool { signalNumber != 0 }

    /// 130 after SIGINT, 143 after SIGTERM (128 + the signal, as shells report it).
    var exitCode: Int32 { 128 + signalNumber }

    /// Stops listening and gives SIGTERM its default action back.
    func end() {
        for source in sources { source.cancel() }
        signal(SIGTERM, SIG_DFL)
    }
}
