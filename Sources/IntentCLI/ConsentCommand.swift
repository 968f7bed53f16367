import Foundation
import IntentKit
import Routing
import Store

/// `intent consent show|allow|deny|ask`: the one remembered decision about sending payloads to the
/// cloud model (DESIGN §7). `allow` is bound to the cloud model configured now.
enum ConsentCommand {
    static let specs = [
        FlagSpec(name: "json", takesValue: false, help: "print JSON"),
        FlagSpec(name: "home", takesValue: true, help: "use the home DIR"),
        CatalogCommands.helpFlag,
    ]

    static let command: Command = Command(
        name: "consent", summary: "Show or set whether payloads may be sent to the cloud model without asking",
        usage: "intent consent show | allow | deny | ask  [--json]",
        run: { args, globals, env in
            let parsed = try ArgumentParser.parse(args, specs: specs)
            if parsed.has("help") { env.streams.out(HelpText.command(command, flags: specs)); return 0 }
            let action = parsed.positional.first ?? "show"
            let paths = env.paths(globals, home: parsed.value("home"))
            let home = env.home(paths), store = home.store
            try await store.ensureConfigured()
            let book = ConsentBook(store: store)
            switch action {
            case "show":
                break
            case "allow":
                let ladder = home.ladder
                if let error = ladder.setupError { throw error }
                guard let cloud = ladder.cloud else {
                    throw IntentError.configuration("no cloud model is configured; run `intent models set cloud --base-url https://… --model NAME` first")
                }
                try book.remember(.allow, for: cloud.descriptor, at: env.wallClock())
            case "deny":
                try book.remember(.deny, for: nil, at: env.wallClock())
            case "ask":
                try book.remember(.ask, for: nil, at: env.wallClock())
            default:
                throw IntentError.usage("unknown action '\(action)' for intent consent (show, allow, deny, ask)")
            }
            let consent = try book.load()
            if globals.json || parsed.has("json") {
                try env.printJSON(ConsentDocument(consent: consent))
            } else {
                env.streams.out(describe(consent))
            }
            return 0
        })

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
