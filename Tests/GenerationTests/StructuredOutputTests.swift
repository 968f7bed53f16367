import Foundation
import Testing
@testable import Generation
import ModelTestSupport

@Suite("Structured output: prompt, response_format, local validation, one repair")
struct StructuredOutputTests {
    let schema = ResponseSchema(name: "daily_brief", schema: briefSchema)
    let valid = #"{"headline": "Quiet day", "key_points": ["a", "b", "c"], "tasks": []}"#
    let request = CompletionRequest(messages: [.system("You write briefs."), .user("Facts: ...")], temperature: 0)

    @Test func validFirstReply() async throws {
        let model = ScriptedModel()
        model.enqueue(reply: "```json\n\(valid)\n```")
        let result = try await StructuredOutput.generate(model, request: request, schema: schema)
        #expect(result.attempts == 1)
        #expect(result.value["headline"] == .string("Quiet day"))
        let sent = try #require(model.history.first)
        #expect(sent.messages[0].content.contains(StructuredOutput.instruction))
        #expect(sent.messages[0].content.contains("\"key_points\""))
        #expect(sent.responseSchema == nil)  // the scripted model does not declare jsonSchemaOutput
    }

    @Test func anInProcessModelSeesTheSchemaShapeOnly() {
        // a per-request enumeration (CreateReminder's title spans) is enforced by the in-process
        // grammar: its prompt is then the same for every request, a cached prefix.
        let spans = ResponseSchema(name: "command", schema: .object([.init("title", .string(enum: ["call mom", "call mom friday"]))]))
        let inProcess = ScriptedModel(capabilities: ModelCapabilities(contextWindow: 2_048, jsonSchemaOutput: true, inProcess: true))
        let server = ScriptedModel(capabilities: ModelCapabilities(contextWindow: 2_048, jsonSchemaOutput: true))
        let local = StructuredOutput.prepared(request, schema: spans, model: inProcess)
        let remote = StructuredOutput.prepared(request, schema: spans, model: server)
        #expect(!local.messages[0].content.contains("call mom") && local.messages[0].content.contains("\"title\""))
        #expect(remote.messages[0].content.contains("call mom friday"))
        #expect(local.responseSchema == spans, "the grammar still gets the enumerations")
        let other = ResponseSchema(name: "command", schema: .object([.init("title", .string(enum: ["pay rent"]))]))
        #expect(StructuredOutput.prepared(request, schema: other, model: inProcess).messages == local.messages)
    }

    @Test func oneRepairThenSuccess() async throws {
        let model = ScriptedModel()
        model.enqueue(reply: #"{"headline": "Quiet day", "key_points": ["only"], "tasks": []}"#)
        model.enqueue(reply: "Sure! " + valid)
        let result = try await StructuredOutput.generate(model, request: request, schema: schema)
        #expect(result.attempts == 2)
        let repair = try #require(model.history.last?.messages.last)
        #expect(repair.role == .user)
        #expect(repair.content.contains("$.key_points: minItems"))
    }

    /// The decoding-failure reason after an unreadable first reply and then `second`, and how many
    /// calls the model got; nil reason when the error was anything else.
    private func failureAfterUnreadableReply(then second: String, deadline: ContinuousClock.Instant? = nil)
        async -> (reason: String?, calls: Int) {
        let model = ScriptedModel()
        model.enqueue(reply: "I cannot produce JSON today.")
        model.enqueue(reply: second)
        let error = await modelError {
            _ = try await StructuredOutput.generate(model, request: request, schema: schema, deadline: deadline)
        }
        guard case .decodingFailure(let reason)? = error else {
            Issue.record("expected decodingFailure, got \(String(describing: error))")
            return (nil, model.callCount)
        }
        return (reason, model.callCount)
    }

    @Test func secondFailureIsADecodingFailure() async throws {
        let failure = await failureAfterUnreadableReply(then: #"{"headline": 3}"#)
        #expect(failure.reason?.contains("$.headline: type") == true)
        #expect(failure.calls == 2)
    }

    @Test func aRepairThatCannotFinishBeforeTheDeadlineIsNotStarted() async throws {
        let failure = await failureAfterUnreadableReply(then: valid, deadline: .now - .seconds(1))
        #expect(failure.reason?.contains("no time left for a repair") == true)
        #expect(failure.calls == 1)
    }

    @Test func aRepairThatFitsTheDeadlineIsMade() async throws {
        let model = ScriptedModel()
        model.enqueue(reply: "I cannot produce JSON today.")
        model.enqueue(reply: valid)
        let result = try await StructuredOutput.generate(model, request: request, schema: schema, deadline: .now + .seconds(600))
        #expect(result.attempts == 2)
    }

    @Test func modelErrorsAreNotRepaired() async throws {
        let model = ScriptedModel()
        model.enqueue(error: .server(status: 503, code: nil))
        let error = await modelError { _ = try await StructuredOutput.generate(model, request: request, schema: schema) }
        #expect(error == .server(status: 503, code: nil))
        #expect(model.callCount == 1)
    }

    @Test func responseFormatIsSentWhenDeclared() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.completion(valid))
        let result = try await StructuredOutput.generate(localClient(server, jsonSchema: true), request: request, schema: schema)
        #expect(result.attempts == 1)
        let body = try #require(server.requests.first?.jsonBody)
        let format = try #require(body["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        let jsonSchema = try #require(format["json_schema"] as? [String: Any])
        #expect(jsonSchema["name"] as? String == "daily_brief")
        #expect((jsonSchema["schema"] as? [String: Any])?["additionalProperties"] as? Bool == false)

        server.enqueue(.completion(valid))
        _ = try await StructuredOutput.generate(localClient(server, jsonSchema: false), request: request, schema: schema)
        #expect(server.requests.last?.jsonBody?["response_format"] == nil)
    }

    @Test func decodesIntoTypes() async throws {
        struct Brief: Decodable { let headline: String; let key_points: [String] }
        let model = ScriptedModel()
        model.enqueue(reply: valid)
        let brief = try await StructuredOutput.generate(model, request: request, schema: schema).decode(Brief.self)
        #expect(brief.key_points == ["a", "b", "c"])
    }

    @Test func extraction() {
        #expect(StructuredOutput.extractJSON("no json here") == nil)
        #expect(StructuredOutput.extractJSON("Here: [1, 2] done") == .array([.number(1), .number(2)]))
        #expect(StructuredOutput.extractJSON("```\n{\"a\": true}\n```") == .object(["a": .bool(true)]))
    }
}

@Suite("A local server that refuses json_schema is asked with json_object + schema")
struct ResponseFormatFallbackTests {
    @Test func llamaCppPythonStyleRefusalIsRetriedOnceTheOtherWay() async throws {
        let server = try FakeOpenAIServer()
        // llama-cpp-python answers `json_schema` with a 500 (a validation error), then accepts.
        server.enqueue(.json(status: 500, object: ["error": ["message": "Input should be 'text' or 'json_object'"]]),
                       .completion(#"{"headline": "ok"}"#), .completion(#"{"headline": "again"}"#))
        let schema = ResponseSchema(name: "brief", schema: .object([.init("headline", .string())]))
        let request = CompletionRequest(messages: [.user("q")], responseSchema: schema)
        let client = localClient(server)
        #expect(try await client.complete(request).text == #"{"headline": "ok"}"#)
        let formats = server.requests.compactMap { $0.jsonBody?["response_format"] as? [String: Any] }
        #expect(formats.map { $0["type"] as? String } == ["json_schema", "json_object"])
        #expect(formats.last?["schema"] != nil)
        // Remembered for the process: the next call asks the accepted way at once.
        _ = try await client.complete(request)
        #expect(server.requests.count == 3)
        #expect((server.requests.last?.jsonBody?["response_format"] as? [String: Any])?["type"] as? String == "json_object")
    }
}
