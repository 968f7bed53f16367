import Foundation
import Generation
import IntentKit
import Routing
import Secrets
import Store

/// `intent models set|check|show|unset`: the local and cloud model endpoints (DESIGN §7, §11).
struct ModelsCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "models", summary: "Configure, check and show the local and cloud models",
        usage: "intent models set local|cloud --base-url URL --model NAME [--context-window N] [--provider P] | set local --embedded smollm2|off | check local|cloud | show | unset local|cloud  [--json]")

    enum Action: String, CommandAction { case set, check, show, unset }

    @Argument("ACTION", help: Action.choices) var action: Action
    @Argument("TARGET", help: "local or cloud") var target: String?
    @Option("embedded", valueName: "smollm2|off", help: "local only: smollm2 (the in-process model) or off") var embedded: String?
    @Option("base-url", valueName: "URL", help: "the OpenAI-compatible base URL, e.g. http://127.0.0.1:8080/v1 or https://api.openai.com/v1") var baseURL: String?
    @Option("model", valueName: "NAME", help: "the model name the endpoint expects") var model: String?
    @Option("context-window", valueName: "N", help: "the model's context window in tokens (local default 4096, cloud 32768)") var contextWindow: String?
    @Option("provider", valueName: "P", help: "cloud: a short provider label shown in consent prompts and receipts") var provider: String?

    mutating func validate() throws {
        if let contextWindow, Int(contextWindow) == nil {
            throw ValidationError(parameter: "--context-window", "must be a whole number of tokens", kind: .invalidInput)
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let admin = try RoutingCLI.admin(context.paths(), context.env)
        switch action {
        case .set: return try await set(admin, context)
        case .check: return try await check(admin, context)
        case .show: return try show(admin, context)
        case .unset: return try unset(admin, context)
        }
    }

    func check(_ admin: ModelAdmin, _ context: CommandContext) async throws -> Int32 {
        let target = try RoutingCLI.target(self.target, usage: "intent models check local|cloud")
        let status = try await admin.check(target)
        try Self.print(status, context, prefix: nil)
        if status.available { return 0 }
        context.err("intent: error: \(Redaction.clean(status.why))\n")
        return status.configured ? ExitCode.unavailable.rawValue : ExitCode.configuration.rawValue
    }

    func show(_ admin: ModelAdmin, _ context: CommandContext) throws -> Int32 {
        let local = try admin.status(.local)
        let cloud = try admin.status(.cloud)
        if context.json {
            try context.printJSON(ModelsDocument(local: local, cloud: cloud))
        } else {
            context.out(Self.line(local) + Self.line(cloud))
            context.out("(show reads configuration and remembered state only; `intent models check local|cloud` contacts the endpoint)\n")
        }
        return 0
    }

    func unset(_ admin: ModelAdmin, _ context: CommandContext) throws -> Int32 {
        let target = try RoutingCLI.target(self.target, usage: "intent models unset local|cloud")
        let removed = try admin.unset(target)
        if context.json { try context.printJSON(["target": target.rawValue, "removed": removed ? "true" : "false"]) } else {
            context.out(removed ? "Removed the \(target.rawValue) model.\n" : "No \(target.rawValue) model was configured.\n")
        }
        return 0
    }

    static func print(_ status: ModelStatus, _ context: CommandContext, prefix: String?) throws {
        if context.json { try context.printJSON(status) } else { context.out((prefix.map { "\($0): " } ?? "") + line(status)) }
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
