import Foundation
import IntentKit
import Store

/// `intent history`: the most recent runs from the `runs` table (ids, status, timings; no content).
enum HistoryCommand {
    static let specs = [
        FlagSpec(name: "json", takesValue: false, help: "one JSON object with the runs"),
        FlagSpec(name: "limit", takesValue: true, help: "how many runs (default 20)"),
        FlagSpec(name: "intent", takesValue: true, help: "only runs of this intent"),
        FlagSpec(name: "home", takesValue: true, help: "use the store under DIR"),
        CatalogCommands.helpFlag,
    ]

    static let command: Command = Command(
        name: "history", summary: "Show recent runs (no content, just what ran and how it ended)",
        usage: "intent history [--limit N] [--intent NAME] [--json]",
        run: { args, globals, env in
            let parsed = try ArgumentParser.parse(args, specs: specs)
            if parsed.has("help") { env.streams.out(HelpText.command(command, flags: specs)); return 0 }
            let limitText = parsed.value("limit") ?? "20"
            guard let limit = Int(limitText), limit > 0 else {
                throw IntentError.usage("--limit must be a positive whole number")
            }
            let store = env.home(env.paths(globals, home: parsed.value("home"))).store
            try await store.ensureConfigured()
            let intentName = parsed.value("intent").map { env.registry.intent(named: $0)?.description.name ?? $0 }
            let runs = try store.runs(limit: limit, intent: intentName)
            if globals.json || parsed.has("json") {
                try env.printJSON(HistoryDocument(runs: runs))
                return 0
            }
            if runs.isEmpty { env.streams.out("No runs yet.\n"); return 0 }
            let zone = try ClockOptions.zone(globals, env)
            for r in runs {
                let route = r.routeCompleted.map { " via \($0)" } ?? ""
                let code = r.exitCode == 0 ? "" : " exit \(r.exitCode)"
                env.streams.out("\(HumanTime.format(StoreTime.date(r.startedAt) ?? Date(), in: zone, pattern: "yyyy-MM-dd HH:mm:ss"))  \(r.intent.padding(toLength: 16, withPad: " ", startingAt: 0)) \(r.status)\(code)\(route)  \(String(format: "%.0f", r.durationMs)) ms  \(r.id)\n")
            }
            return 0
        })
}

/// `intent history --json`.
struct HistoryDocument: Encodable {
    var schema = "intent.history/1"
    var runs: [RunRecord]
}
