import Foundation
import Secrets
import Synchronization

/// Result of `verify()`: the endpoint answered and accepted the key.
public struct ModelVerification: Sendable, Equatable {
    public enum Method: String, Sendable, Equatable {
        /// `GET {base}/models` (costs no tokens).
        case listModels = "list_models"
        /// A one-token completion, for servers without `/models`.
        case oneTokenCompletion = "one_token_completion"
        /// No check: the model is not served over a connection (in-process, scripted).
        case declared
    }

    public var method: Method
    /// Whether the configured model appears in `/models` (`nil` when not listed by the method).
    public var modelListed: Bool?
}

/// A client for OpenAI-compatible Chat Completions endpoints (OpenAI, llama.cpp `llama-server`,
/// Ollama, llama-cpp-python, aggregators).
///
/// Before any connection it checks the endpoint policy, the key (when `requiresKey`), and that
/// the prompt fits the context window; each failure throws without touching the network.
/// Every call runs under `configuration.timeouts`. Errors are `ModelError`, content-free.
public struct OpenAICompatibleClient: LanguageModel {
    public let configuration: OpenAIConfiguration
    private let apiKey: String?
    private let transport: any HTTPTransport
    private let endpointCheck: Result<CanonicalEndpoint, EndpointRefusal>
    /// Wall time, for the reset instant of a rate limit (`Retry-After`).
    let clock: @Sendable () -> Date

    /// - Parameters:
    ///   - apiKey: the key for the `Authorization: Bearer` header, if any (from a `KeyStore`).
    ///   - transport: the network (`AppServices.transport`: `URLSessionTransport` in production).
    ///   - clock: wall time (`AppServices.clock`), for when a rate limit resets.
    public init(configuration: OpenAIConfiguration, apiKey: String?, transport: any HTTPTransport,
                clock: @escaping @Sendable () -> Date) {
        self.configuration = configuration
        let trimmed = apiKey?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.apiKey = (trimmed?.isEmpty ?? true) ? nil : trimmed
        self.transport = transport
        self.clock = clock
        do {
            endpointCheck = .success(try EndpointPolicy.canonical(configuration.baseURL, for: configuration.target))
        } catch {
            endpointCheck = .failure(error)
        }
    }

    /// Reads the key for the configuration's target (`KeyName.cloud` or `KeyName.local`, with the
    /// environment override) from `keys`.
    /// - Throws: `SecretsError` when the secrets file cannot be read (e.g. insecure permissions).
    public init(configuration: OpenAIConfiguration, keys: any KeyStore,
                transport: any HTTPTransport, clock: @escaping @Sendable () -> Date) throws {
        let name = configuration.target == .cloud ? KeyName.cloud : KeyName.local
        self.init(configuration: configuration, apiKey: try keys.get(name: name), transport: transport, clock: clock)
    }

    public var descriptor: ModelDescriptor {
        let endpoint = try? endpointCheck.get()
        return ModelDescriptor(target: configuration.target, provider: configuration.provider, model: configuration.model,
                               host: endpoint?.host ?? URLComponents(string: configuration.baseURL)?.host, endpoint: endpoint)
    }

    /// The canonical endpoint the client connects to, when the policy accepted it.
    public var endpoint: CanonicalEndpoint? { try? endpointCheck.get() }

    public var capabilities: ModelCapabilities { configuration.capabilities }

    public var tokenBudget: TokenBudget { configuration.budget }

    /// From configuration only (no I/O): endpoint policy, then credentials. The caller adds the
    /// remembered quota state (cloud) or a `verify()` probe (local).
    public var availability: ModelAvailability {
        if case .failure(let refusal) = endpointCheck { return .endpointRefused(rule: refusal.rule) }
        if configuration.model.isEmpty { return .notConfigured }
        if configuration.requiresKey && apiKey == nil { return .missingCredentials }
        return .available
    }

    public func complete(_ request: CompletionRequest) async throws -> Completion {
        let url = try preflight(request, path: "chat/completions")
        // A local server that refused `json_schema` once in this process is asked the other way.
        let structured = request.responseSchema != nil && configuration.capabilities.jsonSchemaOutput
        let local = configuration.target == .local && structured
        var style: ResponseFormatStyle = local && JSONObjectServers.contains(url) ? .jsonObjectWithSchema : .jsonSchema
        while true {
            let httpRequest = HTTPRequest(
                method: "POST", url: url, headers: OpenAIRequestBuilder.headers(apiKey: apiKey, stream: false),
                body: OpenAIRequestBuilder.body(for: request, configuration: configuration, stream: false, style: style))
            let response = try await transport.send(httpRequest, timeouts: configuration.timeouts)
            if (200..<300).contains(response.status) {
                if style == .jsonObjectWithSchema { JSONObjectServers.remember(url) }
                return try OpenAIWire.completion(from: response.body)
            }
            // llama-cpp-python answers a `json_schema` request with 500 (others with 400/422): ask
            // once more with `json_object` + `schema`, before any output, and remember the answer.
            if local, style == .jsonSchema, [400, 422, 500].contains(response.status) {
                style = .jsonObjectWithSchema
                continue
            }
            if style == .jsonObjectWithSchema { JSONObjectServers.forget(url) }
            throw OpenAIErrorMapper.map(status: response.status, headers: response.headers, body: response.body, now: clock())
        }
    }

    /// One cheap authenticated request: `GET {base}/models`, or a one-token completion when the
    /// server has no `/models`. For `intent models set|check` and the local reachability probe.
    /// - Throws: `ModelError` (`unauthorized` → credentials rejected, `rateLimited` → quota reached).
    public func verify() async throws -> ModelVerification {
        let url = try preflight(nil, path: "models")
        let request = HTTPRequest(method: "GET", url: url, headers: OpenAIRequestBuilder.headers(apiKey: apiKey, stream: false))
        let response = try await transport.send(request, timeouts: .verification)
        if (200..<300).contains(response.status) {
            let list = try? JSONDecoder().decode(OpenAIWire.ModelList.self, from: response.body)
            let listed = list?.data.map { entries in entries.contains { $0.id == configuration.model } }
            return ModelVerification(method: .listModels, modelListed: listed)
        }
        guard response.status == 404 || response.status == 405 else {
            throw OpenAIErrorMapper.map(status: response.status, headers: response.headers, body: response.body, now: clock())
        }
        var probe = configuration
        probe.timeouts = .verification
        let client = OpenAICompatibleClient(configuration: probe, apiKey: apiKey, transport: transport, clock: clock)
        _ = try await client.complete(CompletionRequest(messages: [.user("ping")], maxTokens: 1, temperature: 0))
        return ModelVerification(method: .oneTokenCompletion, modelListed: nil)
    }

    /// Checks everything that can fail without a connection and returns the request URL.
    func preflight(_ request: CompletionRequest?, path: String) throws -> URL {
        let endpoint: CanonicalEndpoint
        switch endpointCheck {
        case .failure(let refusal): throw ModelError.endpointRefused(refusal)
        case .success(let canonical): endpoint = canonical
        }
        if configuration.requiresKey && apiKey == nil { throw ModelError.missingCredentials }
        if Task.isCancelled { throw ModelError.cancelled }
        if let request {
            let estimated = TokenEstimator.estimate(request.messages)
            let reply = request.maxTokens ?? configuration.budget.replyReserve
            if estimated + reply > configuration.capabilities.contextWindow {
                throw ModelError.contextOverflow(estimatedTokens: estimated, limit: configuration.capabilities.contextWindow)
            }
        }
        // The canonical form is what was classified, so it is what is connected to.
        guard let url = URL(string: endpoint.string + "/" + path) else {
            throw ModelError.endpointRefused(EndpointRefusal(rule: .malformedURL, target: configuration.target, host: nil))
        }
        return url
    }

    /// Bytes of the chat-completion body this client would send for `request`.
    public func requestBodyBytes(for request: CompletionRequest, stream: Bool) -> Int {
        OpenAIRequestBuilder.body(for: request, configuration: configuration, stream: stream).count
    }

    /// The key, for a keyed fingerprint only (quota state binding); never print it.
    public var apiKeyForFingerprint: String? { apiKey }

    var streamingTransport: any HTTPTransport { transport }
    var streamingAPIKey: String? { apiKey }
}

/// Local endpoints (by URL) that accepted `json_object` + `schema` after refusing `json_schema`,
/// for the life of the process (a long-lived MCP server asks the right way from then on).
enum JSONObjectServers {
    private static let known = Mutex<Set<String>>([])

    static func contains(_ url: URL) -> Bool { known.withLock { $0.contains(url.absoluteString) } }
    static func remember(_ url: URL) { _ = known.withLock { $0.insert(url.absoluteString) } }
    static func forget(_ url: URL) { _ = known.withLock { $0.remove(url.absoluteString) } }
}
