import Foundation
import Secrets

/// Everything an OpenAI-compatible endpoint needs, as data. Keys are not part of it: they are
/// passed to the client separately and never serialized.
public struct OpenAIConfiguration: Sendable, Equatable, Codable {
    /// Which parameter carries the reply limit: OpenAI's current models want
    /// `max_completion_tokens`; most compatible servers read `max_tokens`.
    public enum MaxTokensField: String, Sendable, Equatable, Codable {
        case maxTokens = "max_tokens"
        case maxCompletionTokens = "max_completion_tokens"
    }

    public var target: EndpointPolicy.Target
    /// The base URL including the API version path, e.g. `https://api.openai.com/v1` or
    /// `http://127.0.0.1:8080/v1`; `chat/completions` and `models` are appended.
    public var baseURL: String
    public var model: String
    /// A short label for receipts and the consent prompt.
    public var provider: String
    public var capabilities: ModelCapabilities
    public var budget: TokenBudget
    public var timeouts: ModelTimeouts
    public var maxTokensField: MaxTokensField
    /// Ask for a usage-only final chunk (`stream_options.include_usage`) when streaming.
    public var requestStreamUsage: Bool
    /// Whether calls need an API key (cloud: yes; local: only if the server was started with one).
    public var requiresKey: Bool

    public init(target: EndpointPolicy.Target, baseURL: String, model: String, provider: String = "openai-compatible",
                capabilities: ModelCapabilities, budget: TokenBudget, timeouts: ModelTimeouts,
                maxTokensField: MaxTokensField, requestStreamUsage: Bool = true, requiresKey: Bool) {
        self.target = target
        self.baseURL = baseURL
        self.model = model
        self.provider = provider
        self.capabilities = capabilities
        self.budget = budget
        self.timeouts = timeouts
        self.maxTokensField = maxTokensField
        self.requestStreamUsage = requestStreamUsage
        self.requiresKey = requiresKey
    }

    /// A loopback server (llama.cpp, Ollama, llama-cpp-python). `contextWindow` defaults to 4,096.
    public static func local(baseURL: String, model: String, contextWindow: Int = TokenBudget.local.contextWindow,
                             jsonSchemaOutput: Bool = true) -> OpenAIConfiguration {
        let budget = contextWindow == TokenBudget.local.contextWindow ? TokenBudget.local : .forLocalWindow(contextWindow)
        return OpenAIConfiguration(
            target: .local, baseURL: baseURL, model: model, provider: "openai-compatible-local",
            capabilities: ModelCapabilities(contextWindow: contextWindow, streaming: true,
                                            jsonSchemaOutput: jsonSchemaOutput, tools: false, compactRequests: true,
                                            probedBeforePlanning: true),
            budget: budget, timeouts: .local, maxTokensField: .maxTokens, requiresKey: false)
    }

    /// A bring-your-own-key HTTPS endpoint.
    public static func cloud(baseURL: String, model: String, contextWindow: Int = TokenBudget.cloud.contextWindow,
                             jsonSchemaOutput: Bool = true) -> OpenAIConfiguration {
        var budget = TokenBudget.cloud
        if contextWindow != budget.contextWindow {
            budget = TokenBudget(contextWindow: contextWindow, promptBudget: max(0, contextWindow - budget.replyReserve),
                                 replyReserve: budget.replyReserve)
        }
        return OpenAIConfiguration(
            target: .cloud, baseURL: baseURL, model: model, provider: "openai-compatible",
            capabilities: ModelCapabilities(contextWindow: contextWindow, streaming: true,
                                            jsonSchemaOutput: jsonSchemaOutput, tools: true),
            budget: budget, timeouts: .cloud, maxTokensField: .maxCompletionTokens, requiresKey: true)
    }
}
