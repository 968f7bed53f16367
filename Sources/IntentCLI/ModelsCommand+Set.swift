import IntentKit
import Routing

/// `intent models set local|cloud --base-url URL --model NAME …` and `set local --embedded smollm2|off`.
extension ModelsCommand {
    func set(_ admin: ModelAdmin, _ context: CommandContext) async throws -> Int32 {
        let target = try RoutingCLI.target(self.target, usage: "intent models set local|cloud --base-url URL --model NAME")
        if let embedded {
            guard target == .local else { throw IntentError.usage("--embedded applies to the local model only") }
            try Self.print(try admin.setEmbedded(embedded), context, prefix: "saved")
            return 0
        }
        guard let baseURL, let model else {
            throw IntentError.usage("intent models set \(target.rawValue) needs --base-url URL and --model NAME")
        }
        let window = contextWindow.flatMap { Int($0) }
        if target == .local, provider != nil {
            throw IntentError.usage("--provider applies to the cloud model only")
        }
        let status = target == .local
            ? try await admin.setLocal(baseURL: baseURL, model: model, contextWindow: window)
            : try await admin.setCloud(baseURL: baseURL, model: model, provider: provider, contextWindow: window)
        try Self.print(status, context, prefix: "saved")
        if target == .local || status.available || status.availability == "missing_credentials" {
            if !status.available {
                context.warn("\(target.rawValue) model saved, but \(status.why)")
            }
            return 0
        }
        context.err("intent: error: \(target.rawValue) model saved, but verification failed: \(Redaction.clean(status.why))\n")
        return ExitCode.unavailable.rawValue
    }
}
