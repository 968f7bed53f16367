import Foundation
import IntentKit

/// How a reply schema is asked for. OpenAI, LM Studio, vLLM and llama.cpp's `llama-server` read
/// `{"type":"json_schema","json_schema":{"schema":…}}`; llama-cpp-python's server refuses that
/// (it answers 500) and reads `{"type":"json_object","schema":…}`, which llama.cpp reads too.
enum ResponseFormatStyle: Sendable {
    case jsonSchema
    case jsonObjectWithSchema
}

/// Builds chat-completion request bodies (JSON with sorted keys).
enum OpenAIRequestBuilder {
    static func body(for request: CompletionRequest, configuration: OpenAIConfiguration, stream: Bool,
                     style: ResponseFormatStyle = .jsonSchema) -> Data {
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
        if let schema = request.responseSchema, configuration.capabilities.jsonSchemaOutput, style == .jsonObjectWithSchema {
            object["response_format"] = .object(["type": .string("json_object"), "schema": schema.schema.jsonValue])
        } else if let schema = request.responseSchema, configuration.capabilities.jsonSchemaOutput {
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
