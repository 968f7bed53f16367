import Foundation
import IntentKit

/// Builds chat-completion request bodies (JSON with sorted keys).
enum OpenAIRequestBuilder {
    static func body(for request: CompletionRequest, configuration: OpenAIConfiguration, stream: Bool) -> Data {
        var object: [String: JSONValue] = [
            "model": .string(configuration.model),
            "messages": .array(request.messages.map {
                .object(["role": .string($0.role.rawValue), "content": .string($0.content)])
            }),
            "stream": .bool(stream),
        ]
        if let maxTokens = request.maxTokens {
            object[configuration.maxTokensField.rawValue] = .number(Double(maxTokens))
        }
        if let temperature = request.temperature { object["temperature"] = .number(temperature) }
        if let stop = request.stop, !stop.isEmpty { object["stop"] = .array(stop.map { .string($0) }) }
        if stream && configuration.requestStreamUsage {
            object["stream_options"] = .object(["include_usage": .bool(true)])
        }
        if let schema = request.responseSchema, configuration.capabilities.jsonSchemaOutput {
            object["response_format"] = .object([
                "type": .string("json_schema"),
                "json_schema": .object([
                    "name": .string(schema.name),
                    "schema": schema.schema.jsonValue,
                    "strict": .bool(false),
                ]),
            ])
        }
        if configuration.capabilities.tools && !request.tools.isEmpty {
            object["tools"] = .array(request.tools.map { tool in
                .object([
                    "type": .string("function"),
                    "function": .object([
                        "name": .string(tool.name),
                        "description": .string(tool.description),
                        "parameters": tool.parameters.jsonValue,
                    ]),
                ])
            })
        }
        return JSONValue.object(object).encoded()
    }

    static func headers(apiKey: String?, stream: Bool) -> [String: String] {
        var headers = [
            "Content-Type": "application/json",
            "Accept": stream ? "text/event-stream" : "application/json",
            "User-Agent": "intent",
        ]
        if let apiKey, !apiKey.isEmpty { headers["Authorization"] = "Bearer \(apiKey)" }
        return headers
    }
}
