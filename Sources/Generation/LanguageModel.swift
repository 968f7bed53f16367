import Foundation
import Secrets

/// A model on the ladder. Implementations are cheap values; every effect (network, clock) is
/// injected. Nothing they throw carries prompt or reply text.
public protocol LanguageModel: Sendable {
    var descriptor: ModelDescriptor { get }
    var capabilities: ModelCapabilities { get }
    /// Availability known without any I/O: configuration, credentials and endpoint policy.
    /// It never probes the network (routing must not contact a cloud host before consent);
    /// combine it with the remembered quota state and, for the local target, `verify()`.
    var availability: ModelAvailability { get }
    /// One complete reply.
    /// - Throws: `ModelError` only.
    func complete(_ request: CompletionRequest) async throws -> Completion
    /// The reply as it is produced. The stream finishes after the last delta, or throws a
    /// `ModelError`. Cancelling the consuming task (or dropping the stream) closes the connection.
    func stream(_ request: CompletionRequest) -> AsyncThrowingStream<Delta, Error>
    /// The prompt/reply budget routing plans with.
    var tokenBudget: TokenBudget { get }
    /// One cheap check that the model answers (for `capabilities.probedBeforePlanning`).
    /// - Throws: `ModelError` (`unauthorized`, `network`, …).
    func verify() async throws -> ModelVerification
    /// Bytes of the request as it would be sent (what the consent prompt shows).
    func requestBodyBytes(for request: CompletionRequest, stream: Bool) -> Int
    /// The key the model sends, only to derive a keyed fingerprint (quota state binding); nil
    /// for models without one. Never printed.
    var apiKeyForFingerprint: String? { get }
}

/// Availability of a model target, typed so that routing can record why a rung was skipped.
public enum ModelAvailability: Sendable, Equatable {
    case available
    /// No model configured for the target.
    case notConfigured
    /// The target needs a key and none is stored or set in the environment.
    case missingCredentials
    /// The configured endpoint fails the endpoint policy.
    case endpointRefused(rule: EndpointRefusal.Rule)
    /// A probe (local target only) could not reach the server; `reason` is a category, no text.
    case unreachable(reason: String)
    /// Quota not yet verified: does not authorize cloud (fail closed).
    case quotaUnknown
    /// A 429 was seen; cloud is not authorized until `until` (or an hour when unknown).
    case quotaReached(until: Date?)
    /// A 401/403 was seen; cloud is not authorized until the key is set again.
    case credentialsRejected

    /// Only `available` authorizes a call.
    public var isAvailable: Bool { self == .available }

    /// A stable identifier for receipts, `doctor` and `--json` output.
    public var category: String {
        switch self {
        case .available: return "available"
        case .notConfigured: return "not_configured"
        case .missingCredentials: return "missing_credentials"
        case .endpointRefused: return "endpoint_refused"
        case .unreachable: return "unreachable"
        case .quotaUnknown: return "quota_unknown"
        case .quotaReached: return "quota_reached"
        case .credentialsRejected: return "credentials_rejected"
        }
    }
}

extension LanguageModel {
    /// Derived from the context window: the local proportions for a local model, the cloud
    /// reply reserve for a cloud one.
    public var tokenBudget: TokenBudget {
        let window = capabilities.contextWindow
        switch descriptor.target {
        case .local:
            return window == TokenBudget.local.contextWindow ? .local : .forLocalWindow(window)
        case .cloud:
            let reserve = TokenBudget.cloud.replyReserve
            return window == TokenBudget.cloud.contextWindow ? .cloud
                : TokenBudget(contextWindow: window, promptBudget: max(0, window - reserve), replyReserve: reserve)
        }
    }

    /// Nothing to check: the model's `availability` stands.
    public func verify() async throws -> ModelVerification { ModelVerification(method: .declared, modelListed: nil) }

    /// No key.
    public var apiKeyForFingerprint: String? { nil }

    /// The messages' UTF-8 bytes.
    public func requestBodyBytes(for request: CompletionRequest, stream: Bool) -> Int {
        request.messages.reduce(0) { $0 + $1.content.utf8.count }
    }

    /// Collects `stream(_:)` into a `Completion` (for implementations that only stream).
    public func collect(_ request: CompletionRequest) async throws -> Completion {
        var accumulator = CompletionAccumulator()
        for try await delta in stream(request) { accumulator.add(delta) }
        return accumulator.completion(model: descriptor.model)
    }
}

/// Folds deltas into a completion; tool-call fragments concatenate by index.
public struct CompletionAccumulator: Sendable {
    public private(set) var text = ""
    public private(set) var finishReason: FinishReason?
    public private(set) var usage: TokenUsage?
    private var tools: [Int: ToolCall] = [:]

    public init() {}

    public mutating func add(_ delta: Delta) {
        switch delta {
        case .text(let fragment): text += fragment
        case .finish(let reason): finishReason = reason
        case .usage(let value): usage = value
        case .toolCall(let part):
            var call = tools[part.index] ?? ToolCall(id: nil, name: "", arguments: "")
            if let id = part.id { call.id = id }
            if let name = part.name, !name.isEmpty { call.name = name }
            call.arguments += part.argumentsFragment
            tools[part.index] = call
        }
    }

    /// Whether non-whitespace text has arrived (after which the ladder must not fall back).
    public var hasMeaningfulText: Bool { text.contains { !$0.isWhitespace } }

    public func completion(model: String?) -> Completion {
        Completion(text: text, finishReason: finishReason, usage: usage, model: model,
                   toolCalls: tools.keys.sorted().compactMap { tools[$0] })
    }
}
