import Foundation
import Generation
import IntentKit

/// What an intent asks of the ladder: a deterministic value that is already a complete answer,
/// and a model request that may improve it.
public struct LadderRequest<Value: Sendable>: Sendable {
    /// What the deterministic work found (exact / improvable / insufficient evidence).
    public var need: PlanNeed
    /// The final payload. Build it from `envelope` (e.g. `envelope.contextText`) so that what is
    /// consented to, hashed and counted is what is sent.
    public var messages: [ChatMessage]
    /// When set, the reply must be JSON valid against it (prompted, sent as `response_format`
    /// where supported, validated locally, one repair retry).
    public var schema: ResponseSchema?
    public var temperature: Double?
    /// Reply-token cap; `RoutingConfiguration.defaultMaxTokens` when nil.
    public var maxTokens: Int?
    /// The evidence envelope, for consent, counts and the receipt's digest.
    public var envelope: EvidenceEnvelope
    /// The answer when no model answers (or none is needed).
    public var deterministic: Value
    /// `.deterministic`, or `.abstain` when the deterministic value is an abstention.
    public var fallback: RouteTarget
    /// The payload must never leave the machine (cloud is never planned).
    public var payloadMustStayLocal: Bool
    /// The intent's name, for the receipt.
    public var intent: String?
    /// Whether the in-process (embedded) local model may answer, for requests without an
    /// `intent` name; named intents follow `LadderIntents.usingEmbedded` (what `doctor` reports).
    /// The embedded model answers only when selected (`models set local --embedded smollm2`); a
    /// configured local server is used either way.
    public var allowsEmbedded: Bool
    /// Turns a model reply into the typed value, or throws (`LadderRejection` for a failed
    /// grounding/reconciliation rule, `ModelError.decodingFailure` for bad JSON). A throw makes the
    /// ladder move on to the next rung with the reason recorded.
    public var accept: @Sendable (ModelReply) throws -> Value
    /// When set (and there is no schema), the reply is streamed and each text fragment passed
    /// here. Once meaningful text was passed on, the answer finishes or fails on that target:
    /// there is no fallback after output.
    public var onText: (@Sendable (String) -> Void)?
    /// Content-free counts for the receipt's `grounding` object (rule id → firings), from the final value.
    public var receiptCounts: (@Sendable (Value) -> [String: Int])?
    /// The smaller form sent to models that declare `compactRequests` (local models); nil sends
    /// every model `messages` and `schema`.
    public var compact: CompactForm?

    public init(need: PlanNeed, messages: [ChatMessage], schema: ResponseSchema? = nil, temperature: Double? = 0,
                maxTokens: Int? = nil, envelope: EvidenceEnvelope? = nil, deterministic: Value,
                fallback: RouteTarget = .deterministic, payloadMustStayLocal: Bool = false, intent: String? = nil,
                allowsEmbedded: Bool = false, compact: CompactForm? = nil,
                onText: (@Sendable (String) -> Void)? = nil,
                accept: @escaping @Sendable (ModelReply) throws -> Value) {
        self.need = need
        self.messages = messages
        self.schema = schema
        self.temperature = temperature
        self.maxTokens = maxTokens
        self.envelope = envelope ?? EvidenceEnvelope(prompt: messages.map(\.content).joined(separator: "\n"))
        self.deterministic = deterministic
        self.fallback = fallback
        self.payloadMustStayLocal = payloadMustStayLocal
        self.intent = intent
        self.allowsEmbedded = allowsEmbedded
        self.onText = onText
        self.compact = compact
        self.accept = accept
    }

    /// Estimated tokens of the request as it will be sent (schema instruction included).
    public var promptTokens: Int {
        var tokens = TokenEstimator.estimate(messages)
        if let schema {
            tokens += TokenEstimator.estimate(StructuredOutput.instruction)
                + TokenEstimator.estimate(String(decoding: schema.schema.jsonValue.encoded(), as: UTF8.self))
        }
        return tokens
    }
}

/// A model's reply as the validator sees it.
public struct ModelReply: Sendable {
    public var text: String
    /// The validated JSON when the request had a schema.
    public var json: JSONValue?
    public var target: RouteTarget
    public var descriptor: ModelDescriptor
    /// The reply answers the request's `compact` form (the model declares `compactRequests`).
    public var compact: Bool = false
}

/// Thrown by a validator/reconciler when a reply breaks one of its rules; `rule` is a stable,
/// content-free identifier (e.g. `task-not-grounded`, `quote-not-in-source`).
public struct LadderRejection: Error, Sendable, Equatable, CustomStringConvertible {
    public var rule: String

    public init(rule: String) {
        self.rule = rule
    }

    public var description: String { "model reply rejected by rule \(rule)" }
}

/// What the ladder returns: the value, the route for the run envelope and the receipt id.
public struct LadderOutcome<Value: Sendable>: Sendable {
    public var value: Value
    /// For `IntentResult.route`.
    public var route: RouteSummary
    /// For `IntentResult.receiptID`; nil only when the receipt could not be written.
    public var receiptID: String?
    public var receipt: Receipt
    public var plan: RoutePlan
}
