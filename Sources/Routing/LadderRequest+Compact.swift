import Foundation
import Generation
import IntentKit

/// The smaller form of a request, for models that declare `ModelCapabilities.compactRequests`
/// (local models on the CPU): a shorter prompt, and a schema whose limits (`maxItems`,
/// `maxLength`, `enum`) keep a grammar-constrained reply short enough to finish within the run's
/// model budget. The same `accept` validates it, so it must produce the same JSON shape.
public struct CompactForm: Sendable {
    public var messages: [ChatMessage]
    public var schema: ResponseSchema
    /// The reply-token cap; `CompactForm.replyTokens(for:)` gives one the schema cannot outgrow.
    public var maxTokens: Int
    public var temperature: Double?

    public init(messages: [ChatMessage], schema: ResponseSchema, maxTokens: Int, temperature: Double? = 0) {
        self.messages = messages
        self.schema = schema
        self.maxTokens = maxTokens
        self.temperature = temperature
    }

    /// Tokens of the longest reply `schema` allows (every string at its `maxLength` or longest
    /// `enum` value, every array at `maxItems`), with a margin for the tokenizer: a cap that a
    /// constrained reply reaches only by finishing. Nil when the schema is unbounded.
    public static func replyTokens(for schema: JSONSchema) -> Int? {
        guard let longest = longestReply(schema) else { return nil }
        return TokenEstimator.estimate(longest) * 5 / 4 + 16
    }

    /// The longest JSON text `schema` admits, with one space after each separator (how a
    /// grammar-constrained server writes it).
    static func longestReply(_ schema: JSONSchema) -> String? {
        if let values = schema.enumValues {
            return values.map { String(decoding: JSONValue.string($0).encoded(), as: UTF8.self) }
                .max { $0.utf8.count < $1.utf8.count }
        }
        var longest: String?
        for kind in schema.types {
            guard let text = longestReply(schema, as: kind) else { return nil }
            if text.utf8.count > longest?.utf8.count ?? -1 { longest = text }
        }
        return longest
    }

    private static func longestReply(_ schema: JSONSchema, as kind: JSONSchema.Kind) -> String? {
        switch kind {
        case .string:
            guard let limit = schema.maxLength else { return nil }
            return "\"" + String(repeating: "a", count: limit) + "\""
        case .integer, .number: return "-1234567890.5"
        case .boolean: return "false"
        case .null: return "null"
        case .array:
            guard let limit = schema.maxItems else { return nil }
            if limit == 0 { return "[]" }
            guard let items = schema.items.first, let item = longestReply(items) else { return nil }
            return "[ " + Array(repeating: item, count: limit).joined(separator: ", ") + " ]"
        case .object:
            var parts: [String] = []
            for property in schema.properties {
                guard let value = longestReply(property.schema) else { return nil }
                parts.append("\"\(property.name)\": \(value)")
            }
            return "{ " + parts.joined(separator: ", ") + " }"
        }
    }
}

extension LadderRequest {
    /// What is sent to a model with `capabilities`: the compact form when the model declares
    /// `compactRequests` and the request has one, else the request as built.
    func usesCompactForm(for capabilities: ModelCapabilities) -> Bool { capabilities.compactRequests && compact != nil }

    func completion(for capabilities: ModelCapabilities, defaultMaxTokens: Int) -> (request: CompletionRequest, schema: ResponseSchema?) {
        if usesCompactForm(for: capabilities), let compact {
            return (CompletionRequest(messages: compact.messages, maxTokens: compact.maxTokens, temperature: compact.temperature),
                    compact.schema)
        }
        return (CompletionRequest(messages: messages, maxTokens: maxTokens ?? defaultMaxTokens, temperature: temperature), schema)
    }
}
