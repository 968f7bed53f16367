import Foundation
import IntentKit
import Routing
import Store

/// `intent consent show|allow|deny|ask`: the one remembered decision about sending payloads to the
/// cloud model (DESIGN §7). `allow` is bound to the cloud model configured now.
struct ConsentCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "consent", summary: "Show or set whether payloads may be sent to the cloud model without asking",
        usage: "intent consent show | allow | deny | ask  [--json]")

    enum Action: String, CommandAction { case show, allow, deny, ask }

    @Argument("ACTION", help: "\(Action.choices) (show is the default)") var action: Action?

    func run(_ context: CommandContext) async throws -> Int32 {
        let paths = context.paths()
        let home = context.env.home(paths), store = home.store
        try await store.ensureConfigured()
        let book = ConsentBook(store: store)
        let now = context.env.wallClock()
        switch action ?? .show {
        case .show:
            break
        case .allow:
            let ladder = home.ladder
            if let error = ladder.setupError { throw error }
            guard let cloud = ladder.cloud else {
                throw IntentError.configuration("no cloud model is configured; run `intent models set cloud --base-url https://… --model NAME` first")
            }
            try book.remember(.allow, for: cloud.descriptor, at: now)
        case .deny:
            try book.remember(.deny, for: nil, at: now)
        case .ask:
            try book.remember(.ask, for: nil, at: now)
        }
        let consent = try book.load()
        if context.json {
            try context.printJSON(ConsentDocument(consent: consent))
        } else {
            context.out(Self.describe(consent))
        }
        return 0
    }

    static func describe(_ c: RememberedConsent) -> String {
        switch c.decision {
        case .allow:
            return "Cloud consent: allow — payloads go to \(c.provider ?? "?") / \(c.model ?? "?") at \(c.host ?? "?") without asking "
                + "(only that scheme, host, port and path; any change asks again).\n"
        case .deny:
            return "Cloud consent: deny — nothing is sent to a cloud model; cloud-required runs exit 77.\n"
        case .ask:
            return "Cloud consent: ask — a person at the terminal is asked each time; headless runs use their fallback.\n"
        }
    }
}

/// `intent consent show --json`.
struct ConsentDocument: Encodable {
    var schema = "intent.consent/1"
    var consent: RememberedConsent
}
