import Foundation
import IntentKit

/// Decodable shapes of the OpenAI Chat Completions wire format, tolerant of the extra and missing
/// fields of compatible servers (llama.cpp, Ollama, aggregators).
enum OpenAIWire {
    struct Usage: Decodable {
        var prompt_tokens: Int?
        var completion_tokens: Int?
        var total_tokens: Int?

        var value: TokenUsage? {
            guard prompt_tokens != nil || completion_tokens != nil else { return nil }
            return TokenUsage(promptTokens: prompt_tokens ?? 0, completionTokens: completion_tokens ?? 0,
                              totalTokens: total_tokens)
        }
    }

    struct FunctionCall: Decodable {
        var name: String?
        var arguments: String?
    }

    struct ToolCallPart: Decodable {
        var index: Int?
        var id: String?
        var function: FunctionCall?
    }

    struct Message: Decodable {
        var content: String?
        var refusal: String?
        var tool_calls: [ToolCallPart]?
    }

    struct Choice: Decodable {
        var message: Message?
        var delta: Message?
        var finish_reason: String?
    }

    struct Response: Decodable {
        var model: String?
        var choices: [Choice]?
        var usage: Usage?
    }

    struct ModelList: Decodable {
        struct Entry: Decodable { var id: String }
        var data: [Entry]?
    }

    /// Decodes a non-streaming response into a completion.
    /// - Throws: `ModelError.invalidResponse` or `.refusal`.
    static func completion(from body: Data) throws -> Completion {
        guard let response = try? JSONDecoder().decode(Response.self, from: body) else {
            throw ModelError.invalidResponse(reason: "response body is not a chat completion")
        }
        guard let choice = response.choices?.first, let message = choice.message else {
            throw ModelError.invalidResponse(reason: "response has no choices")
        }
        let finish = choice.finish_reason.map(FinishReason.init(wire:))
        let calls = (message.tool_calls ?? []).map {
            ToolCall(id: $0.id, name: $0.function?.name ?? "", arguments: $0.function?.arguments ?? "")
        }
        let text = message.content ?? ""
        if let refusal = message.refusal, !refusal.isEmpty, text.isEmpty { throw ModelError.refusal }
        if finish == .contentFilter, text.isEmpty, calls.isEmpty { throw ModelError.refusal }
        return Completion(text: text, finishReason: finish, usage: response.usage?.value,
                          model: response.model, toolCalls: calls)
    }

    /// The deltas of one streamed chunk.
    /// - Throws: `.streamError` for an `{"error": ...}` event, `.refusal`, `.invalidResponse`.
    static func deltas(fromChunk data: String) throws -> [Delta] {
        let bytes = Data(data.utf8)
        if let object = JSONValue.parse(bytes), case .object(let fields) = object, let error = fields["error"] {
            throw ModelError.streamError(code: OpenAIErrorMapper.code(in: error))
        }
        guard let chunk = try? JSONDecoder().decode(Response.self, from: bytes) else {
            throw ModelError.invalidResponse(reason: "stream chunk is not JSON")
        }
        var deltas: [Delta] = []
        if let choice = chunk.choices?.first {
            if let delta = choice.delta {
                if let refusal = delta.refusal, !refusal.isEmpty { throw ModelError.refusal }
                if let text = delta.content, !text.isEmpty { deltas.append(.text(text)) }
                for (position, part) in (delta.tool_calls ?? []).enumerated() {
                    deltas.append(.toolCall(ToolCallDelta(
                        index: part.index ?? position, id: part.id, name: part.function?.name,
                        argumentsFragment: part.function?.arguments ?? "")))
                }
            }
            if let reason = choice.finish_reason { deltas.append(.finish(FinishReason(wire: reason))) }
        }
        if let usage = chunk.usage?.value { deltas.append(.usage(usage)) }
        return deltas
    }
}
