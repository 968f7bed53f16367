import Foundation
import IntentKit
import Secrets

/// One chat message. Content is user material: it never goes into errors, logs or receipts.
public struct ChatMessage: Sendable, Equatable, Codable {
    public enum Role: String, Sendable, Codable {
        case system, user, assistant
    }

    public var role: Role
    public var content: String

    public init(role: Role, content: String) {
        self.role = role
        self.content = content
    }

    public static func system(_ content: String) -> ChatMessage { ChatMessage(role: .system, content: content) }
    public static func user(_ content: String) -> ChatMessage { ChatMessage(role: .user, content: content) }
    public static func assistant(_ content: String) -> ChatMessage { ChatMessage(role: .assistant, content: content) }
}

/// A function the model may call (sent only when the model declares `capabilities.tools`).
public struct ToolDefinition: Sendable, Equatable {
    public var name: String
    public var description: String
    public var parameters: JSONSchema
}

/// A JSON Schema the reply must follow, with the name sent in `response_format`.
public struct ResponseSchema: Sendable, Equatable {
    /// `[A-Za-z0-9_-]`, at most 64 characters (OpenAI's rule for `json_schema.name`).
    public var name: String
    public var schema: JSONSchema

    public init(name: String, schema: JSONSchema) {
        self.name = name
        self.schema = schema
    }
}

/// What to ask the model.
public struct CompletionRequest: Sendable, Equatable {
    public var messages: [ChatMessage]
    /// Upper bound on reply tokens; `nil` leaves it to the server.
    public var maxTokens: Int?
    /// Sampling temperature; 0 for routing and extraction tasks.
    public var temperature: Double?
    /// Sent as `response_format` when the model declares `jsonSchemaOutput`; see `StructuredOutput`
    /// for prompting and local validation.
    public var responseSchema: ResponseSchema?
    public var stop: [String]?
    /// Sent only when the model declares `capabilities.tools`.
    public var tools: [ToolDefinition]

    public init(messages: [ChatMessage], maxTokens: Int? = nil, temperature: Double? = nil,
                responseSchema: ResponseSchema? = nil, stop: [String]? = nil, tools: [ToolDefinition] = []) {
        self.messages = messages
        self.maxTokens = maxTokens
        self.temperature = temperature
        self.responseSchema = responseSchema
        self.stop = stop
        self.tools = tools
    }
}

/// Why the model stopped.
public enum FinishReason: Sendable, Equatable {
    case stop
    case length
    case toolCalls
    case contentFilter
    case other(String)

    init(wire: String) {
        switch wire {
        case "stop", "eos", "end_turn": self = .stop
        case "length", "max_tokens": self = .length
        case "tool_calls", "function_call": self = .toolCalls
        case "content_filter": self = .contentFilter
        default: self = .other(String(wire.prefix(32)))
        }
    }
}

/// Token counts reported by the server.
public struct TokenUsage: Sendable, Equatable, Codable {
    public var promptTokens: Int
    public var completionTokens: Int
    public var totalTokens: Int

    public init(promptTokens: Int, completionTokens: Int, totalTokens: Int? = nil) {
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.totalTokens = totalTokens ?? promptTokens + completionTokens
    }
}

/// A function call the model asked for; `arguments` is the raw JSON text it produced.
public struct ToolCall: Sendable, Equatable {
    public var id: String?
    public var name: String
    public var arguments: String

    public init(id: String?, name: String, arguments: String) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }
}

/// A finished reply.
public struct Completion: Sendable, Equatable {
    public var text: String
    /// `nil` when the provider never sent one (some compatible servers do not).
    public var finishReason: FinishReason?
    public var usage: TokenUsage?
    /// The model name the server reported, if any.
    public var model: String?
    public var toolCalls: [ToolCall]

    public init(text: String, finishReason: FinishReason? = .stop, usage: TokenUsage? = nil,
                model: String? = nil, toolCalls: [ToolCall] = []) {
        self.text = text
        self.finishReason = finishReason
        self.usage = usage
        self.model = model
        self.toolCalls = toolCalls
    }
}

/// A fragment of a tool call while streaming; fragments with the same `index` concatenate.
public struct ToolCallDelta: Sendable, Equatable {
    public var index: Int
    public var id: String?
    public var name: String?
    public var argumentsFragment: String

    public init(index: Int, id: String?, name: String?, argumentsFragment: String) {
        self.index = index
        self.id = id
        self.name = name
        self.argumentsFragment = argumentsFragment
    }
}

/// One streamed event. Empty text fragments are not delivered.
public enum Delta: Sendable, Equatable {
    case text(String)
    case toolCall(ToolCallDelta)
    case finish(FinishReason)
    case usage(TokenUsage)
}

/// What a model can do, as data.
public struct ModelCapabilities: Sendable, Equatable, Codable {
    /// Context window in tokens (prompt + reply).
    public var contextWindow: Int
    public var streaming: Bool
    /// Accepts `response_format: {type: json_schema}`.
    public var jsonSchemaOutput: Bool
    public var tools: Bool
    /// Answers best (and in time) to the compact form of a request: a short prompt and a tight
    /// schema that keeps a constrained reply short. True for local models, which run on the CPU
    /// within the run's model budget.
    public var compactRequests: Bool
    /// Which intents the model may answer for; routing treats a present model that declines a
    /// run's intent as present but unsuitable (deterministic, never the cloud in its place).
    public var intents: IntentScope
    /// Runs inside this process (no server, nothing leaves it).
    public var inProcess: Bool
    /// Whether routing checks the model with `verify()` before planning (a server on loopback),
    /// or takes its `availability` at its word.
    public var probedBeforePlanning: Bool

    public init(contextWindow: Int, streaming: Bool = true, jsonSchemaOutput: Bool = false, tools: Bool = false,
                compactRequests: Bool = false, intents: IntentScope = .any, inProcess: Bool = false,
                probedBeforePlanning: Bool = false) {
        self.contextWindow = contextWindow
        self.streaming = streaming
        self.jsonSchemaOutput = jsonSchemaOutput
        self.tools = tools
        self.compactRequests = compactRequests
        self.intents = intents
        self.inProcess = inProcess
        self.probedBeforePlanning = probedBeforePlanning
    }
}

/// The intents a model declares itself suitable for.
public enum IntentScope: Sendable, Equatable, Codable {
    /// Any intent.
    case any
    /// Only these intents (by name); a request without an intent name says itself whether it
    /// accepts such a model (`LadderRequest.allowsEmbedded`).
    case only(Set<String>)
    /// None: the model is present but was not selected as a rung.
    case notSelected
}

/// Who answers: shown in the consent prompt and written to receipts (no credentials, no paths
/// of this machine).
public struct ModelDescriptor: Sendable, Equatable, Codable {
    public var target: EndpointPolicy.Target
    /// A short provider label, e.g. `openai-compatible`.
    public var provider: String
    public var model: String
    /// The endpoint host, when the model is remote or served over HTTP.
    public var host: String?
    /// The canonical endpoint (scheme, host, port, path) when the model is served over HTTP:
    /// consent and the remembered quota state are bound to it.
    public var endpoint: CanonicalEndpoint?

    public init(target: EndpointPolicy.Target, provider: String, model: String, host: String?,
                endpoint: CanonicalEndpoint? = nil) {
        self.target = target
        self.provider = provider
        self.model = model
        self.host = endpoint?.host ?? host
        self.endpoint = endpoint
    }

    /// `host:port` when the endpoint is known, else the host (or `-`).
    public var hostPort: String { endpoint?.hostPort ?? host ?? "-" }
    /// The endpoint's path (`/v1`), or nil when there is none.
    public var path: String? { endpoint?.displayPath }
    /// What consent and quota memory are bound to: the canonical endpoint URL, else the host.
    public var endpointIdentity: String { endpoint?.string ?? host ?? "" }
}
