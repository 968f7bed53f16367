import Foundation
import Generation
import IntentKit
import Routing
import Secrets
import Store

/// `intent models set|check|show|unset`: the local and cloud model endpoints (DESIGN §7, §11).
enum ModelsCommand {
    static let specs = [
        FlagSpec(name: "embedded", takesValue: true, help: "local only: smollm2 (the in-process model) or off"),
        FlagSpec(name: "base-url", takesValue: true, help: "the OpenAI-compatible base URL, e.g. http://127.0.0.1:8080/v1 or https://api.openai.com/v1"),
        FlagSpec(name: "model", takesValue: true, help: "the model name the endpoint expects"),
        FlagSpec(name: "context-window", takesValue: true, help: "the model's context window in tokens (local default 4096, cloud 32768)"),
        FlagSpec(name: "provider", takesValue: true, help: "cloud: a short provider label shown in consent prompts and receipts"),
        FlagSpec(name: "json", takesValue: false, help: "print JSON"),
        FlagSpec(name: "home", takesValue: true, help: "use the home DIR"),
        CatalogCommands.helpFlag,
    ]

    static let command: Command = Command(
        name: "models", summary: "Configure, check and show the local and cloud models",
        usage: "intent models set local|cloud --base-url URL --model NAME [--context-window N] [--provider P] | set local --embedded smollm2|off | check local|cloud | show | unset local|cloud  [--json]",
        run: { args, globals, env in
            let (parsed, action) = try ArgumentParser.parseAction(args, specs: specs, command: command)
            let json = globals.json || parsed.has("json")
            let paths = env.paths(globals, home: parsed.value("home"))
            let admin = try RoutingCLI.admin(paths, env)
            switch action {
            case "set":
                let target = try RoutingCLI.target(parsed.positional.dropFirst().first, usage: "intent models set local|cloud --base-url URL --model NAME")
                if let choice = parsed.value("embedded") {
                    guard target == .local else { throw IntentError.usage("--embedded applies to the local model only") }
                    try print(try admin.setEmbedded(choice), json: json, env: env, prefix: "saved")
                    return 0
                }
                guard let base = parsed.value("base-url"), let model = parsed.value("model") else {
                    throw IntentError.usage("intent models set \(target.rawValue) needs --base-url URL and --model NAME")
                }
                let window = try parsed.value("context-window").map { text -> Int in
                    guard let value = Int(text) else { throw IntentError.invalidValue(parameter: "context-window", reason: "must be a whole number of tokens") }
                    return value
                }
                if target == .local, parsed.value("provider") != nil {
                    throw IntentError.usage("--provider applies to the cloud model only")
                }
                let status = target == .local
                    ? try await admin.setLocal(baseURL: base, model: model, contextWindow: window)
                    : try await admin.setCloud(baseURL: base, model: model, provider: parsed.value("provider"), contextWindow: window)
                try print(status, json: json, env: env, prefix: "saved")
                if target == .local || status.available || status.availability == "missing_credentials" {
                    if !status.available {
                        env.streams.err("intent: warning: \(target.rawValue) model saved, but \(status.why)\n")
                    }
                    return 0
                }
                env.streams.err("intent: error: \(target.rawValue) model saved, but verification failed: \(Redaction.clean(status.why))\n")
                return ExitCode.unavailable.rawValue
            case "check":
                let target = try RoutingCLI.target(parsed.positional.dropFirst().first, usage: "intent models check local|cloud")
                let status = try await admin.check(target)
                try print(status, json: json, env: env, prefix: nil)
                if status.available { return 0 }
                env.streams.err("intent: error: \(Redaction.clean(status.why))\n")
                return status.configured ? ExitCode.unavailable.rawValue : ExitCode.configuration.rawValue
            case "show":
                let local = try admin.status(.local)
                let cloud = try admin.status(.cloud)
                if json {
                    try env.printJSON(ModelsDocument(local: local, cloud: cloud))
                } else {
                    env.streams.out(line(local) + line(cloud))
                    env.streams.out("(show reads configuration and remembered state only; `intent models check local|cloud` contacts the endpoint)\n")
                }
                return 0
            case "unset":
                let target = try RoutingCLI.target(parsed.positional.dropFirst().first, usage: "intent models unset local|cloud")
                let removed = try admin.unset(target)
                if json { try env.printJSON(["target": target.rawValue, "removed": removed ? "true" : "false"]) } else {
                    env.streams.out(removed ? "Removed the \(target.rawValue) model.\n" : "No \(target.rawValue) model was configured.\n")
                }
                return 0
            default:
                throw IntentError.usage("unknown action '\(action)' for intent models (set, check, show, unset)")
            }
        })

    static func print(_ status: ModelStatus, json: Bool, env: CLIEnvironment, prefix: String?) throws {
        if json { try env.printJSON(status) } else { env.streams.out((prefix.map { "\($0): " } ?? "") + line(status)) }
    }

    /// One line per target: `local: available — smol at http://127.0.0.1:8080/v1 (context 4096)`.
    static func line(_ s: ModelStatus) -> String {
        guard s.configured else { return "\(s.target): not configured — \(s.why)\n" }
        let state = s.available ? (s.target == "local" && s.verified == nil ? "configured (not probed)" : "available") : s.availability
        var text = "\(s.target): \(state) — \(s.model ?? "?")" + (s.baseURL.map { " at \($0)" } ?? "")
        if let window = s.contextWindow { text += " (context \(window))" }
        if s.target == "cloud" { text += ", key: \(s.credentials), quota: \(s.quota ?? "unknown")" }
        if !s.available { text += "; \(s.why)" }
        return Redaction.clean(text) + "\n"
    }
}

/// `intent models show --json`.
struct ModelsDocument: Encodable {
    var schema = "intent.models/1"
    var local: ModelStatus
    var cloud: ModelStatus
}

/// Shared plumbing of the routing commands.
enum RoutingCLI {
    static func keys(_ paths: AppPaths, _ env: CLIEnvironment) -> any KeyStore { env.services.keys(paths) }

    static func admin(_ paths: AppPaths, _ env: CLIEnvironment) throws -> ModelAdmin { env.home(paths).modelAdmin }

    static func target(_ word: String?, usage: String) throws -> EndpointPolicy.Target {
        guard let word else { throw IntentError.usage(usage) }
        guard let target = EndpointPolicy.Target(rawValue: word) else {
            throw IntentError.usage("unknown target '\(word)' (local, cloud)")
        }
        return target
    }
}
