import Foundation
import IntentKit

/// A reply that passed the schema.
public struct StructuredResult: Sendable, Equatable {
    public var value: JSONValue
    /// The completion whose text produced `value`.
    public var completion: Completion
    /// 1, or 2 when the repair retry was needed.
    public var attempts: Int

    /// Decodes `value` into a `Decodable` type.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T { try value.decode(type) }
}

/// Structured output over any `LanguageModel`: the schema goes into the prompt, and into
/// `response_format` when the model declares `jsonSchemaOutput`; the reply is always validated
/// locally. One repair retry (the violations, which name paths and rules only, are sent back);
/// then `ModelError.decodingFailure`.
public enum StructuredOutput {
    /// The instruction placed before the schema in the system message.
    public static let instruction =
        "Reply with one JSON value that conforms to the JSON Schema below. Output only the JSON: no prose, no code fences."

    /// Runs `request` and returns a validated JSON value.
    /// - Parameter deadline: when the caller's budget ends. A repair is started only when it can
    ///   finish by then, taking as long as the attempt it repairs (its prompt is longer); else
    ///   the failure is reported at once instead of being cut off later by the budget.
    /// - Throws: `ModelError` from the model (not retried), or `.decodingFailure` after the repair.
    public static func generate(_ model: any LanguageModel, request: CompletionRequest,
                                schema: ResponseSchema, maxAttempts: Int = 2,
                                deadline: ContinuousClock.Instant? = nil) async throws -> StructuredResult {
        var current = prepared(request, schema: schema, model: model)
        var lastReason = "no reply"
        for attempt in 1...max(1, maxAttempts) {
            try Task.checkCancellation()
            let started = ContinuousClock.now
            let completion = try await model.complete(current)
            switch evaluate(completion.text, schema: schema.schema) {
            case .success(let value):
                return StructuredResult(value: value, completion: completion, attempts: attempt)
            case .failure(let problem):
                lastReason = problem.reason
                let now = ContinuousClock.now
                if let deadline, attempt < maxAttempts, now + (now - started) > deadline {
                    throw ModelError.decodingFailure(reason: "\(problem.reason); no time left for a repair")
                }
                current.messages.append(.assistant(completion.text))
                current.messages.append(.user(
                    "That reply was not valid: \(problem.reason). Reply again with only the corrected JSON."))
            }
        }
        throw ModelError.decodingFailure(reason: lastReason)
    }

    /// The request with the schema instruction added (and `responseSchema` set when supported);
    /// an in-process model's prompt shows the schema without its enumerations (its grammar keeps them).
    public static func prepared(_ request: CompletionRequest, schema: ResponseSchema,
                                model: any LanguageModel) -> CompletionRequest {
        var copy = request
        // An in-process model decodes under the schema's grammar, enumerations included: its
        // prompt shows the shape only, the same for every request of an intent, so the whole
        // system message is a cached prefix (a per-command enumeration is most of the prompt).
        let shown = model.capabilities.inProcess ? schema.schema.withoutEnums : schema.schema
        let schemaText = String(decoding: shown.jsonValue.encoded(), as: UTF8.self)
        let block = "\(instruction)\nJSON Schema:\n\(schemaText)"
        if let index = copy.messages.firstIndex(where: { $0.role == .system }) {
            copy.messages[index].content += "\n\n" + block
        } else {
            copy.messages.insert(.system(block), at: 0)
        }
        copy.responseSchema = model.capabilities.jsonSchemaOutput ? schema : nil
        return copy
    }

    struct Problem: Error {
        let reason: String
    }

    /// Extracts JSON from a reply and validates it. Reasons are content-free.
    static func evaluate(_ text: String, schema: JSONSchema) -> Result<JSONValue, Problem> {
        guard let value = extractJSON(text) else {
            return .failure(Problem(reason: "the reply is not JSON"))
        }
        let violations = schema.validate(value)
        guard violations.isEmpty else {
            let listed = violations.prefix(5).map(\.description).joined(separator: "; ")
            let more = violations.count > 5 ? " and \(violations.count - 5) more" : ""
            return .failure(Problem(reason: "schema violations: \(listed)\(more)"))
        }
        return .success(value)
    }

    /// The JSON in a reply: the whole text, else inside a code fence, else from the first `{`/`[`
    /// to the last `}`/`]`.
    public static func extractJSON(_ text: String) -> JSONValue? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let value = JSONValue.parse(Data(trimmed.utf8)) { return value }
        if let fenceStart = trimmed.range(of: "```") {
            let afterFence = trimmed[fenceStart.upperBound...]
            let bodyStart = afterFence.firstIndex(of: "\n").map { afterFence.index(after: $0) } ?? afterFence.startIndex
            if let fenceEnd = afterFence[bodyStart...].range(of: "```"),
               let value = JSONValue.parse(Data(afterFence[bodyStart..<fenceEnd.lowerBound].utf8)) {
                return value
            }
        }
        guard let open = trimmed.firstIndex(where: { $0 == "{" || $0 == "[" }) else { return nil }
        let closer: Character = trimmed[open] == "{" ? "}" : "]"
        guard let close = trimmed.lastIndex(of: closer), close > open else { return nil }
        return JSONValue.parse(Data(trimmed[open...close].utf8))
    }
}
