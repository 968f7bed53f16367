import Foundation
import Primitives

/// The library's long-running work for async callers: it runs off Swift's cooperative pool
/// (`Blocking.run`), so a deadline, a signal's handler or an MCP `ping` in the same process is
/// not held back by SQLite transactions, `pdftotext`, embedding batches or a search at 100k chunks.
extension Library {
    /// `processQueue` on a thread of its own. Cancelling the calling task stops the run at its
    /// next transaction boundary, like `shouldStop` (the summary then says `interrupted`).
    public func ingest(progress: (@Sendable (IngestionProgress) -> Void)? = nil,
                       shouldStop: @escaping @Sendable () -> Bool = { false }) async throws -> IngestionSummary {
        try await Blocking.run(label: "intent.library.ingest") { stop in
            try self.processQueue(progress: progress, shouldStop: { stop.isRequested || shouldStop() })
        }
    }
}
