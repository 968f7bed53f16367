import Foundation
import IntentKit
import Intents
import Primitives
import Retrieval
import Routing
import Secrets
import Store

extension HomeServices {
    /// A run's context over the home's services.
    public func context(runID: String, now: Date, timeZone: TimeZone, presence: Presence, policy: RoutingPolicy,
                        assumeYes: Bool, dryRun: Bool, terminal: any Terminal, ids: any IDGenerator,
                        log: any DiagnosticLog) -> RunContext {
        var context = RunContext(runID: runID, now: now, timeZone: timeZone, presence: presence, policy: policy,
                                 assumeYes: assumeYes, dryRun: dryRun, terminal: terminal, ids: ids, log: log)
        context.store = store
        context.dates = dates
        context.ladder = ladder
        context.embedders = embedders
        context.runWrites = RunWrites()
        return context
    }

    /// Writes the content-free `runs` row, and in the same transaction the writes the run
    /// deferred (`RunWrites`: a capture's thought and receipt). A failure to record a run that
    /// deferred nothing never changes its outcome; when deferred writes were lost with it, the
    /// run failed, and the returned envelope (what to print) says so.
    /// `started_at` is the run's clock (`--now` when frozen), so "since the last brief" and the
    /// history agree with the dates the run itself used. MCP calls are marked `mcp` in `presence`.
    @discardableResult
    public func record(_ envelope: RunEnvelope, context: RunContext, elapsed: Duration, entryPoint: EntryPoint,
                       warn: (String) -> Void) -> RunEnvelope {
        let ms = elapsed.inMilliseconds
        func row(_ envelope: RunEnvelope) -> RunRecord {
            var row = RunRecord(envelope: envelope, presence: context.presence, policy: context.policy,
                                startedAt: context.now, durationMs: ms)
            if entryPoint == .mcp { row.presence = EntryPoint.mcp.rawValue }
            return row
        }
        let deferred = context.runWrites?.count ?? 0
        do {
            try store.recordRun(row(envelope), with: context.runWrites)
            return envelope
        } catch {
            let reason = IntentRunner.classify(error)
            guard deferred > 0, envelope.error == nil else {
                if reason.description != envelope.error?.message {  // else the run already said so
                    warn("the run was not recorded in history (\(Redactor().redact(reason.description)))")
                }
                return envelope
            }
            // Nothing the run made was stored: it failed. Its failure row is best effort.
            let failed = IntentRunner.failure(reason, intent: envelope.intent, runID: envelope.runID)
            try? store.recordRun(row(failed))
            return failed
        }
    }
}
