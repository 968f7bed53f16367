import Foundation
import IntentKit
import Testing
@testable import Generation
import ModelTestSupport
import Secrets

@Suite("OpenAI-compatible client against the loopback fake server")
struct OpenAIClientTests {
    @Test func nonStreamingRecordedResponse() async throws {
        let server = try FakeOpenAIServer()
        let recorded = try OpenAIFixtures.load("06_real_basic_200.json")
        server.enqueue(.json(status: 200, body: recorded.body, headers: ["x-request-id": "req_1"]))
        let client = localClient(server, apiKey: "sk-test-local-000000000000000000")
        let completion = try await client.complete(CompletionRequest(
            messages: [.system("You are a text parser."), .user("How many letters are in the word Python?")],
            maxTokens: 500, temperature: 0.7))
        #expect(completion.text == "six")
        #expect(completion.finishReason == .stop)
        #expect(completion.usage == TokenUsage(promptTokens: 33, completionTokens: 10, totalTokens: 43))
        #expect(completion.model == "gpt-5.1-2025-11-13")

        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/chat/completions")
        #expect(request.headers["authorization"] == "Bearer sk-test-local-000000000000000000")
        let body = try #require(request.jsonBody)
        #expect(body["model"] as? String == "fake-model")
        #expect(body["max_tokens"] as? Int == 500)
        #expect(body["stream"] as? Bool == false)
        #expect((body["messages"] as? [[String: Any]])?.count == 2)
    }

    @Test func specToolCallResponseDecodes() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.json(status: 200, body: try OpenAIFixtures.load("02_spec_tool_calls.json").body))
        let completion = try await localClient(server).complete(CompletionRequest(messages: [.user("weather?")]))
        #expect(completion.finishReason == .toolCalls)
        #expect(completion.toolCalls.first?.name == "get_current_weather")
        #expect(completion.toolCalls.first?.arguments.contains("Boston, MA") == true)
    }

    @Test(arguments: ["07_real_stream_200.sse", "08b_real_stream_after_tool_result.sse", "09_compatible_provider_stream_quirks.sse"])
    func streamsRecordedSSE(file: String) async throws {
        let server = try FakeOpenAIServer()
        let wire = try OpenAIFixtures.sse(file)
        server.enqueue(.sse(wire, chunkSize: 37))
        let deltas = try await collect(localClient(server).stream(CompletionRequest(messages: [.user("q")])))
        #expect(text(of: deltas) == OpenAIFixtures.expectedText(sse: wire))
        let body = try #require(server.requests.first?.jsonBody)
        #expect(body["stream"] as? Bool == true)
        #expect((body["stream_options"] as? [String: Any])?["include_usage"] as? Bool == true)
        if file.hasPrefix("07") {
            #expect(text(of: deltas) == "six")
            #expect(deltas.last == .finish(.stop))
        }
        if file.hasPrefix("08b") {
            // Usage arrives in a final chunk with no choices.
            #expect(deltas.last == .usage(TokenUsage(promptTokens: 87, completionTokens: 26, totalTokens: 113)))
        }
        if file.hasPrefix("09") {
            // This provider never sends finish_reason; [DONE] still completes the stream.
            #expect(!deltas.contains { if case .finish = $0 { true } else { false } })
            #expect(deltas.contains(.usage(TokenUsage(promptTokens: 57, completionTokens: 17, totalTokens: 74))))
        }
    }

    @Test func streamedToolCallFragmentsConcatenate() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.sse(try OpenAIFixtures.sse("08_real_stream_tool_calls_usage.sse"), chunkSize: 100))
        var accumulator = CompletionAccumulator()
        for delta in try await collect(localClient(server).stream(CompletionRequest(messages: [.user("q")]))) {
            accumulator.add(delta)
        }
        let completion = accumulator.completion(model: nil)
        #expect(completion.toolCalls.count == 1)
        #expect(completion.toolCalls.first?.name == "multiply")
        let arguments = try #require(JSONValue.parse(Data(completion.toolCalls[0].arguments.utf8)))
        #expect(arguments == .object(["a": .number(1231), "b": .number(2331)]))
        #expect(completion.finishReason == .toolCalls)
        #expect(completion.usage?.totalTokens == 74)
    }

    @Test func crlfFramedStream() async throws {
        let server = try FakeOpenAIServer()
        let wire = try OpenAIFixtures.sse("07_real_stream_200.sse")
        let crlf = Data(String(decoding: wire, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
        server.enqueue(.sse(crlf, chunkSize: 1))
        let deltas = try await collect(localClient(server).stream(CompletionRequest(messages: [.user("q")])))
        #expect(text(of: deltas) == "six")
    }

    @Test func everyRecordedErrorBodyMapsToItsType() async throws {
        let cases = try OpenAIFixtures.errorCases()
        #expect(cases.map(\.status).sorted() == [401, 404, 429, 500])
        for recorded in cases {
            let server = try FakeOpenAIServer()
            server.enqueue(.json(status: recorded.status, body: recorded.body, headers: ["retry-after": "7"]))
            let error = await modelError {
                _ = try await localClient(server).complete(CompletionRequest(messages: [.user("q")]))
            }
            switch recorded.status {
            case 401: #expect(error == .unauthorized(status: 401, code: "invalid_api_key"))
            case 404: #expect(error == .notFound(code: "model_not_found"))
            case 429:
                guard case .rateLimited(let info)? = error else { Issue.record("expected rateLimited, got \(String(describing: error))"); continue }
                #expect(info.code == "rate_limit_exceeded")
                #expect(info.retryAfter == 7)
            case 500: #expect(error == .server(status: 500, code: "server_error"))
            default: Issue.record("unexpected status \(recorded.status)")
            }
            // Content-free: the provider's message (which can echo a key or the model) never shows.
            let message = ((recorded.response["body"] as? [String: Any])?["error"] as? [String: Any])?["message"] as? String ?? ""
            let description = error?.description ?? ""
            #expect(!description.contains("DEADBEEF") && !description.contains("does-not-exist"))
            #expect(!message.isEmpty && !description.contains(message))
        }
    }

    @Test func streamingErrorStatusIsTyped() async throws {
        let server = try FakeOpenAIServer()
        let recorded = try OpenAIFixtures.load("12_error_429_rate_limit.json")
        server.enqueue(.json(status: 429, body: recorded.body, headers: ["x-ratelimit-reset-requests": "1m30s", "x-ratelimit-reset-tokens": "6ms"]))
        let error = await modelError {
            _ = try await collect(localClient(server).stream(CompletionRequest(messages: [.user("q")])))
        }
        guard case .rateLimited(let info)? = error else {
            Issue.record("expected rateLimited, got \(String(describing: error))")
            return
        }
        #expect(info.retryAfter == 90)
        #expect(info.resetAt != nil)
    }

    @Test func malformedBody() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.malformed)
        let error = await modelError { _ = try await localClient(server).complete(CompletionRequest(messages: [.user("q")])) }
        #expect(error?.category == "invalid_response")
    }

    @Test func malformedStreamChunk() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.sse(Data("data: {\"choices\": [\n\ndata: [DONE]\n\n".utf8)))
        let error = await modelError { _ = try await collect(localClient(server).stream(CompletionRequest(messages: [.user("q")]))) }
        #expect(error == .invalidResponse(reason: "stream chunk is not JSON"))
    }

    @Test func truncatedStreamWithoutDoneOrFinish() async throws {
        let server = try FakeOpenAIServer()
        let wire = String(decoding: try OpenAIFixtures.sse("08b_real_stream_after_tool_result.sse"), as: UTF8.self)
        let firstHalf = wire.components(separatedBy: "\n\n").prefix(5).joined(separator: "\n\n") + "\n\n"
        server.enqueue(.sse(Data(firstHalf.utf8)))
        var received: [Delta] = []
        let error = await modelError {
            for try await delta in localClient(server).stream(CompletionRequest(messages: [.user("q")])) { received.append(delta) }
        }
        #expect(error == .invalidResponse(reason: "stream ended before completion (truncated)"))
        #expect(!text(of: received).isEmpty)
    }

    @Test func abortedConnectionMidStream() async throws {
        let server = try FakeOpenAIServer()
        let wire = try OpenAIFixtures.sse("07_real_stream_200.sse")
        server.enqueue(.abortedStream(wire.prefix(400)))
        let error = await modelError { _ = try await collect(localClient(server).stream(CompletionRequest(messages: [.user("q")]))) }
        #expect(error != nil)
        #expect(error?.category == "network" || error?.category == "invalid_response")
    }

    @Test func serverErrorEventInsideStream() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.sse(Data("data: {\"error\": {\"message\": \"overloaded\", \"type\": \"server_error\", \"code\": null}}\n\n".utf8)))
        let error = await modelError { _ = try await collect(localClient(server).stream(CompletionRequest(messages: [.user("q")]))) }
        #expect(error == .streamError(code: "server_error"))
    }

    @Test func serverIgnoringStreamFlagStillWorks() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.completion("plain answer"))
        let deltas = try await collect(localClient(server).stream(CompletionRequest(messages: [.user("q")])))
        #expect(text(of: deltas) == "plain answer")
    }
}

@Suite("Every recorded success case decodes")
struct RecordedSuccessTests {
    @Test(arguments: ["01_spec_basic.json", "02_spec_tool_calls.json", "03_spec_logprobs.json", "04_spec_image_input.json", "06_real_basic_200.json"])
    func nonStreaming(file: String) async throws {
        let recorded = try OpenAIFixtures.load(file)
        let server = try FakeOpenAIServer()
        server.enqueue(.json(status: recorded.status, body: recorded.body))
        let completion = try await localClient(server).complete(CompletionRequest(messages: [.user("q")]))
        let body = try #require(recorded.response["body"] as? [String: Any])
        let choice = try #require((body["choices"] as? [[String: Any]])?.first)
        let message = try #require(choice["message"] as? [String: Any])
        #expect(completion.text == (message["content"] as? String ?? ""))
        #expect(completion.model == body["model"] as? String)
        let usage = try #require(body["usage"] as? [String: Any])
        #expect(completion.usage?.totalTokens == usage["total_tokens"] as? Int)
    }

    /// The spec's streaming example lists chunk objects; framed as SSE they must stream "Hello".
    @Test func specStreamingChunksFramedAsSSE() async throws {
        let recorded = try OpenAIFixtures.load("05_spec_streaming_chunks.json")
        let chunks = try #require(recorded.response["chunks"] as? [[String: Any]])
        var wire = Data()
        for chunk in chunks {
            wire += Data("data: ".utf8) + (try JSONSerialization.data(withJSONObject: chunk)) + Data("\n\n".utf8)
        }
        wire += Data("data: [DONE]\n\n".utf8)
        let server = try FakeOpenAIServer()
        server.enqueue(.sse(wire, chunkSize: 16))
        let deltas = try await collect(localClient(server).stream(CompletionRequest(messages: [.user("Hello!")])))
        #expect(deltas == [.text("Hello"), .finish(.stop)])
    }
}
