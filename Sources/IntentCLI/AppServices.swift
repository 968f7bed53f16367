import Foundation
import DueDate
import IntentKit
import Intents
import Primitives
import Retrieval
import Routing
import Store

/// Where a run came from, recorded in the `runs` row's `presence` column for MCP calls.
enum EntryPoint: String, Sendable {
    case commandLine = "cli"
    case mcp
}

/// The run wiring `intent run` and `intent mcp` share: one store, one model ladder, one embedder
/// provider, built once. A long-lived server reuses them for every call instead of rewiring.
struct AppServices: Sendable {
    let paths: AppPaths
    let store: IntentStore
    let ladder: ModelLadder
    let embedders: EmbedderProvider
    let dates: DueDateResolver

    /// - Parameter dateOrder: config.json's `date_order` (else the locale's, from the environment).
    init(paths: AppPaths, environment: [String: String], dateOrder: String?) {
        self.paths = paths
        store = IntentStore(paths: paths)
        dates = DueDateResolver(dateOrder: dateOrder, environment: environment)
        ladder = ModelLadder.live(paths: paths, store: store, environment: environment)
        embedders = .live(paths: paths)
    }

    /// A run's context over the shared services.
    func context(runID: String, now: Date, timeZone: TimeZone, presence: Presence, policy: RoutingPolicy,
                 assumeYes: Bool, dryRun: Bool, terminal: any Terminal, ids: any IDGenerator,
                 log: any DiagnosticLog) -> RunContext {
        var context = RunContext(runID: runID, now: now, timeZone: timeZone, presence: presence, policy: policy,
                                 assumeYes: assumeYes, dryRun: dryRun, terminal: terminal, ids: ids, log: log)
        context.store = store
        context.dates = dates
        context.ladder = ladder
        context.embedders = embedders
        return context
    }

    /// Writes the content-free `runs` row. A failure to record never changes the run's outcome.
    /// `started_at` is the run's clock (`--now` when frozen), so "since the last brief" and the
    /// history agree with the dates the run itself used. MCP calls are marked `mcp` in `presence`.
    func record(_ envelope: RunEnvelope, context: RunContext, elapsed: Duration, entryPoint: EntryPoint,
                warn: (String) -> Void) {
        let ms = elapsed.inMilliseconds
        var row = RunRecord(envelope: envelope, presence: context.presence, policy: context.policy,
                            startedAt: context.now, durationMs: ms)
        if entryPoint == .mcp { row.presence = EntryPoint.mcp.rawValue }
        do {
            try store.recordRun(row)
        } catch {
            let reason = IntentRunner.classify(error).description
            guard reason != envelope.error?.message else { return }  // the run already said so
            warn("the run was not recorded in history (\(Redaction.clean(reason)))")
        }
    }
}
