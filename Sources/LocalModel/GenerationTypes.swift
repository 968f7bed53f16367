import Foundation

/// Options of one generation call.
public struct GenerationOptions: Sendable, Equatable {
    /// Upper bound on generated tokens (the context window bounds it too).
    public var maxTokens: Int
    /// 0 means greedy decoding; otherwise logits are divided by it before sampling.
    public var temperature: Double
    /// Nucleus sampling mass (1 disables it). Ignored when greedy.
    public var topP: Double
    /// Seed of the sampler; the same seed, prompt and options give the same output.
    public var seed: UInt64
    /// When set, the output is constrained to JSON that validates against this schema.
    public var schema: JSONSchema?
    /// How many top logits of the first step to report in `GenerationResult.step0Top`.
    public var reportTopLogits: Int
    /// Leading prompt tokens that form a fixed prefix (instructions, schema: no user text),
    /// evaluated on their own so their keys and values can be reused; 0: none. Set by
    /// `LocalModelRunner.generate(messages:…)` from the messages.
    public var fixedPrefixTokens = 0
    /// When set, the fixed prefix's keys and values are kept in a snapshot file in this directory
    /// and later processes load it instead of evaluating the prefix.
    public var prefixCacheDirectory: URL? = nil
    /// Text in a system message where the fixed prefix ends (what follows it depends on the
    /// request, e.g. a schema built from the command); nil: the whole system message is fixed.
    public var fixedPrefixEnd: String? = nil

    public init(maxTokens: Int = 256, temperature: Double = 0, topP: Double = 1, seed: UInt64 = 0,
                schema: JSONSchema? = nil, reportTopLogits: Int = 10) {
        self.maxTokens = maxTokens
        self.temperature = temperature
        self.topP = topP
        self.seed = seed
        self.schema = schema
        self.reportTopLogits = reportTopLogits
    }

    func validate() throws {
        guard maxTokens >= 0 else { throw LocalModelError.invalidOption(name: "maxTokens", reason: "must be ≥ 0") }
        guard temperature >= 0, temperature.isFinite else { throw LocalModelError.invalidOption(name: "temperature", reason: "must be a finite number ≥ 0") }
        guard topP > 0, topP <= 1 else { throw LocalModelError.invalidOption(name: "topP", reason: "must be in (0, 1]") }
    }
}

/// One chat turn.
public struct ChatMessage: Sendable, Equatable, Codable {
    public var role: String
    public var content: String
    public init(role: String, content: String) { self.role = role; self.content = content }
}

/// Why generation ended.
public enum FinishReason: String, Sendable, Codable {
    /// The model emitted an end-of-turn token.
    case stop
    /// `maxTokens` or the context window was reached.
    case length
    /// Guided generation completed a value that satisfies the schema.
    case schemaComplete = "schema_complete"
}

/// A token id and its logit.
public struct TokenScore: Sendable, Equatable, Codable {
    public var id: Int
    public var logit: Float
    public init(id: Int, logit: Float) { self.id = id; self.logit = logit }
}

/// The outcome of one generation call.
public struct GenerationResult: Sendable, Equatable {
    public var text: String
    public var promptTokenIDs: [Int]
    public var generatedTokenIDs: [Int]
    public var finishReason: FinishReason
    /// The highest logits after the prompt (before any constraint), best first.
    public var step0Top: [TokenScore]
    /// Wall-clock seconds spent on the prompt and on generation.
    public var promptSeconds: Double
    public var generationSeconds: Double
    /// Prompt tokens whose keys and values were reused (this process's cache or a prefix
    /// snapshot) instead of evaluated; "memory", "snapshot" or "evaluated" for a fixed prefix.
    public var reusedPrefixTokens = 0
    public var prefixSource: String? = nil
}
