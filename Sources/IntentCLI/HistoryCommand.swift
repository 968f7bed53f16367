import Foundation
import IntentKit
import Store

/// `intent history`: the most recent runs from the `runs` table (ids, status, timings; no content).
struct HistoryCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "history", summary: "Show recent runs (no content, just what ran and how it ended)",
        usage: "intent history [--limit N] [--intent NAME] [--json]")

    @Option("limit", valueName: "N", help: "how many runs (default 20)") var limit = 20
    @Option("intent", valueName: "NAME", help: "only runs of this intent") var intent: String?

    mutating func validate() throws {
        guard limit > 0 else { throw ValidationError(parameter: "--limit", "must be a positive whole number") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let env = context.env
        let store = env.home(context.paths()).store
        try await store.ensureConfigured()
        let intentName = intent.map { env.registry.intent(named: $0)?.description.name ?? $0 }
        let runs = try store.runs(limit: limit, intent: intentName)
        if context.json {
            try context.printJSON(HistoryDocument(runs: runs))
            return 0
        }
        if runs.isEmpty { context.out("No runs yet.\n"); return 0 }
        let zone = try context.zone()
        for r in runs {
            let route = r.routeCompleted.map { " via \($0)" } ?? ""
            let code = r.exitCode == 0 ? "" : " exit \(r.exitCode)"
            context.out("\(HumanTime.format(StoreTime.date(r.startedAt) ?? Date(), in: zone, pattern: "yyyy-MM-dd HH:mm:ss"))  \(r.intent.padding(toLength: 16, withPad: " ", startingAt: 0)) \(r.status)\(code)\(route)  \(String(format: "%.0f", r.durationMs)) ms  \(r.id)\n")
        }
        return 0
    }
}

/// `intent history --json`.
struct HistoryDocument: Encodable {
    var schema = "intent.history/1"
    var runs: [RunRecord]
}
