import Foundation
import IntentKit
import Routing
import Store

/// `intent receipts [ID]`: execution receipts of model-touching runs (content-free, DESIGN §7).
enum ReceiptsCommand {
    static let specs = [
        FlagSpec(name: "json", takesValue: false, help: "print JSON"),
        FlagSpec(name: "limit", takesValue: true, help: "how many receipts (default 20)"),
        FlagSpec(name: "home", takesValue: true, help: "use the home DIR"),
        CatalogCommands.helpFlag,
    ]

    static let command: Command = Command(
        name: "receipts", summary: "Show execution receipts: which rung answered, why, and what was sent (sizes only)",
        usage: "intent receipts [ID] [--limit N] [--json]",
        run: { args, globals, env in
            let parsed = try ArgumentParser.parse(args, specs: specs)
            if parsed.has("help") { env.streams.out(HelpText.command(command, flags: specs)); return 0 }
            let json = globals.json || parsed.has("json")
            let store = env.home(env.paths(globals, home: parsed.value("home"))).store
            try await store.ensureConfigured()
            let book = ReceiptBook(store: store)
            if let id = parsed.positional.first {
                guard let receipt = try book.receipt(id: id) else { throw IntentError.invalidInput("no receipt with id \(id)") }
                if json { try env.printJSON(receipt) } else { env.streams.out(detail(receipt)) }
                return 0
            }
            guard let limit = Int(parsed.value("limit") ?? "20"), limit > 0 else {
                throw IntentError.usage("--limit must be a positive whole number")
            }
            let receipts = try book.recent(limit: limit)
            if json {
                try env.printJSON(ReceiptsDocument(receipts: receipts))
            } else if receipts.isEmpty {
                env.streams.out("No receipts yet (they are written by runs that consider a model).\n")
            } else {
                for r in receipts {
                    let fallback = r.fallbackReason.map { "  (\($0))" } ?? ""
                    env.streams.out("\(r.createdAt)  \(r.id)  \((r.intent ?? "-").padding(toLength: 14, withPad: " ", startingAt: 0)) \(r.policy.rawValue)  \(r.intended.rawValue) → \(r.completed?.rawValue ?? r.status)\(fallback)\n")
                }
            }
            return 0
        })

    static func detail(_ r: Receipt) -> String {
        var lines = [
            "receipt   \(r.id)  (run \(r.runID ?? "-"), plan \(r.planID))",
            "intent    \(r.intent ?? "-")   policy \(r.policy.rawValue)   need \(r.need.rawValue)",
            "route     intended \(r.intended.rawValue) → \(r.completed.map { "completed \($0.rawValue)" } ?? r.status)"
                + (r.fallbackReason.map { "   fallback \($0)" } ?? ""),
            "rungs     \(r.rungs.map(\.rawValue).joined(separator: " → "))",
            "reasons   \(r.reasons.joined(separator: ", "))",
            "payload   \(r.promptBytes) prompt bytes, \(r.contextBytes) context bytes, \(r.chunkCount) chunks (\(r.droppedChunks) dropped), ~\(r.promptTokens) tokens",
            "digest    \(r.envelopeSHA256)",
            "quota     \(r.quota)   consent \(r.consent?.rawValue ?? "-")   verification \(r.verification)",
        ]
        for a in r.attempts {
            lines.append("attempt   \(a.target.rawValue) \(a.provider)/\(a.model)@\(a.host ?? "-")\(a.path ?? "")  \(a.outcome.rawValue)"
                         + (a.errorCategory.map { " [\($0)]" } ?? "") + "  \(a.start) → \(a.end)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `intent receipts --json`.
struct ReceiptsDocument: Encodable {
    var schema = "intent.receipts/1"
    var receipts: [Receipt]
}
