import Foundation
import IntentKit
import Routing
import Store

/// `intent receipts [ID]`: execution receipts of model-touching runs (content-free, DESIGN §7).
struct ReceiptsCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "receipts", summary: "Show execution receipts: which rung answered, why, and what was sent (sizes only)",
        usage: "intent receipts [ID] [--limit N] [--json]")

    @Argument("ID", help: "one receipt in detail") var id: String?
    @Option("limit", valueName: "N", help: "how many receipts (default 20)") var limit = 20

    mutating func validate() throws {
        guard limit > 0 else { throw ValidationError(parameter: "--limit", "must be a positive whole number") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let store = context.env.home(context.paths()).store
        try await store.ensureConfigured()
        let book = ReceiptBook(store: store)
        if let id {
            guard let receipt = try book.receipt(id: id) else { throw IntentError.invalidInput("no receipt with id \(id)") }
            if context.json { try context.printJSON(receipt) } else { context.out(Self.detail(receipt)) }
            return 0
        }
        let receipts = try book.recent(limit: limit)
        if context.json {
            try context.printJSON(ReceiptsDocument(receipts: receipts))
        } else if receipts.isEmpty {
            context.out("No receipts yet (they are written by runs that consider a model).\n")
        } else {
            for r in receipts {
                let fallback = r.fallbackReason.map { "  (\($0))" } ?? ""
                context.out("\(r.createdAt)  \(r.id)  \((r.intent ?? "-").padding(toLength: 14, withPad: " ", startingAt: 0)) \(r.policy.rawValue)  \(r.intended.rawValue) → \(r.completed?.rawValue ?? r.status)\(fallback)\n")
            }
        }
        return 0
    }

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
