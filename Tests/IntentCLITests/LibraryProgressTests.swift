import Foundation
@testable import IntentCLI
import Retrieval
import Testing

/// Plain progress lines (stderr not a terminal): the first at once, then at most one per interval,
/// the last always; each with files, chunks, bytes and the rate.
@Suite struct LibraryProgressTests {
    func progress(_ completed: Int, of total: Int, seconds: Double, state: IngestionTicket.State = .indexed) -> IngestionProgress {
        var p = IngestionProgress(completed: completed, total: total, ticketId: Int64(completed), path: "/docs/f", state: state)
        p.chunks = completed * 10
        p.bytes = Int64(completed) * 1_500_000
        p.totalBytes = Int64(total) * 1_500_000
        p.seconds = seconds
        return p
    }

    @Test func plainLinesAreRateLimitedAndNameFilesChunksBytesAndRate() {
        let streams = CapturedStreams()
        let printer = LibraryProgressPrinter(streams: streams, interval: 1, verb: "indexed")
        printer.report(progress(1, of: 4, seconds: 0.5))
        printer.report(progress(2, of: 4, seconds: 0.9))   // within the interval: not printed
        printer.report(progress(2, of: 4, seconds: 1.6, state: .processing))
        printer.report(progress(4, of: 4, seconds: 1.7))   // the last one always
        printer.finish()
        let lines = streams.stderr.split(separator: "\n").map(String.init)
        #expect(lines == [
            "intent: indexed 1/4 files, 10 chunks, 1.5 MB of 6.0 MB, 3.0 MB/s",
            "intent: indexed 2/4 files, 20 chunks, 3.0 MB of 6.0 MB, 1.9 MB/s",
            "intent: indexed 4/4 files, 40 chunks, 6.0 MB of 6.0 MB, 3.5 MB/s",
        ])
    }

    @Test func sizesReadLikeLsSI() {
        #expect(LibraryProgressPrinter.size(999) == "999 B")
        #expect(LibraryProgressPrinter.size(12_345) == "12.3 kB")
        #expect(LibraryProgressPrinter.size(2_500_000_000) == "2.50 GB")
    }
}
