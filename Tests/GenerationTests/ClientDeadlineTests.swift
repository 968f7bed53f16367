import Foundation
import Testing
@testable import Generation
import ModelTestSupport
import Secrets

// Connect is generous: on a busy machine the guard may see the connection late, and the first-byte
// deadline (counted from the start) is what these tests are about.
private let shortTimeouts = ModelTimeouts(connect: .seconds(20), firstByte: .milliseconds(300), idle: .milliseconds(300), total: .seconds(30))

@Suite("Deadlines, cancellation and refusals before any connection")
struct ClientDeadlineTests {
    @Test func slowFirstByteTimesOutAndClosesTheSocket() async throws {
        let server = try FakeOpenAIServer()
        // The reply comes a minute late: the 300 ms deadline has 200 times its length to fire on a
        // busy machine (the server stops waiting as soon as the client closes).
        server.enqueue(.delayed(.seconds(60), .completion("late")))
        let error = await modelError {
            _ = try await localClient(server, timeouts: shortTimeouts).complete(CompletionRequest(messages: [.user("q")]))
        }
        #expect(error == .timeout(.firstByte))
        #expect(await server.waitUntil { $0.clientClosures == 1 })
    }

    @Test func idleStreamTimesOut() async throws {
        let server = try FakeOpenAIServer()
        let wire = try OpenAIFixtures.sse("07_real_stream_200.sse")
        server.enqueue(.sse(wire, chunkSize: 200, pause: .seconds(30)))
        let error = await modelError {
            _ = try await collect(localClient(server, timeouts: shortTimeouts).stream(CompletionRequest(messages: [.user("q")])))
        }
        #expect(error == .timeout(.firstByte) || error == .timeout(.idle))
    }

    @Test func totalDeadlineBoundsATrickle() async throws {
        let server = try FakeOpenAIServer()
        let wire = try OpenAIFixtures.sse("08b_real_stream_after_tool_result.sse")
        server.enqueue(.sse(wire, chunkSize: 50, pause: .milliseconds(100)))
        let timeouts = ModelTimeouts(connect: .seconds(2), firstByte: .seconds(2), idle: .seconds(2), total: .milliseconds(700))
        let error = await modelError {
            _ = try await collect(localClient(server, timeouts: timeouts).stream(CompletionRequest(messages: [.user("q")])))
        }
        #expect(error == .timeout(.total))
    }

    @Test func cancellingTheTaskClosesTheConnection() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.hang)
        let client = localClient(server)
        let task = Task { try await client.complete(CompletionRequest(messages: [.user("q")])) }
        #expect(await server.waitUntil { $0.requests.count == 1 })
        task.cancel()
        let error = await modelError { _ = try await task.value }
        #expect(error == .cancelled)
        #expect(await server.waitUntil { $0.clientClosures == 1 })
    }

    @Test func droppingAStreamClosesTheConnection() async throws {
        let server = try FakeOpenAIServer()
        let wire = try OpenAIFixtures.sse("08b_real_stream_after_tool_result.sse")
        server.enqueue(.sse(wire, chunkSize: 40, pause: .milliseconds(50)))
        let client = localClient(server)
        let task = Task {
            var count = 0
            for try await delta in client.stream(CompletionRequest(messages: [.user("q")])) {
                if case .text = delta { count += 1 }
                if count == 2 { break }
            }
            return count
        }
        #expect(try await task.value == 2)
        #expect(await server.waitUntil { $0.clientClosures == 1 })
    }

    @Test func refusedEndpointOpensNoConnection() async throws {
        let server = try FakeOpenAIServer()
        // A cloud configuration over plain http is refused by policy before any connection.
        let configuration = OpenAIConfiguration.cloud(baseURL: server.baseURL, model: "gpt-x")
        let client = OpenAICompatibleClient(configuration: configuration, apiKey: "sk-proj-abcdefghijklmnopqrstuvwx",
                                            transport: TestEffects.loopback, clock: TestEffects.clock)
        #expect(client.availability == .endpointRefused(rule: .cloudRequiresHTTPS))
        let error = await modelError { _ = try await client.complete(CompletionRequest(messages: [.user("q")])) }
        #expect(error?.category == "endpoint_refused")
        let streamError = await modelError { _ = try await collect(client.stream(CompletionRequest(messages: [.user("q")]))) }
        #expect(streamError?.category == "endpoint_refused")
        let verifyError = await modelError { _ = try await client.verify() }
        #expect(verifyError?.category == "endpoint_refused")
        // Each call returned its refusal before any connection could start: nothing to wait for.
        #expect(server.connectionCount == 0)
    }

    @Test func missingKeyOpensNoConnection() async throws {
        let server = try FakeOpenAIServer()
        var configuration = OpenAIConfiguration.local(baseURL: server.baseURL, model: "m")
        configuration.requiresKey = true
        let client = OpenAICompatibleClient(configuration: configuration, apiKey: "  ", transport: TestEffects.loopback, clock: TestEffects.clock)
        #expect(client.availability == .missingCredentials)
        let error = await modelError { _ = try await client.complete(CompletionRequest(messages: [.user("q")])) }
        #expect(error == .missingCredentials)
        #expect(server.connectionCount == 0)
    }

    @Test func oversizedPromptOpensNoConnection() async throws {
        let server = try FakeOpenAIServer()
        let client = localClient(server)
        let long = String(repeating: "evidence sentence with several words. ", count: 600)
        let error = await modelError { _ = try await client.complete(CompletionRequest(messages: [.user(long)])) }
        guard case .contextOverflow(let estimated, let limit)? = error else {
            Issue.record("expected contextOverflow, got \(String(describing: error))")
            return
        }
        #expect(limit == 4_096)
        #expect((estimated ?? 0) > 4_096 - 256)
        #expect(server.connectionCount == 0)
    }

    @Test func contextOverflowReportedByServer() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.json(status: 400, object: ["error": ["message": "This model's maximum context length is 4097 tokens.", "type": "invalid_request_error", "code": "context_length_exceeded"]]))
        let error = await modelError { _ = try await localClient(server).complete(CompletionRequest(messages: [.user("q")])) }
        #expect(error == .contextOverflow(estimatedTokens: nil, limit: nil))
    }

    @Test func verifyListsModels() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.json(object: ["object": "list", "data": [["id": "fake-model", "object": "model"]]]))
        let verification = try await localClient(server).verify()
        #expect(verification == ModelVerification(method: .listModels, modelListed: true))
        #expect(server.requests.first?.method == "GET")
        #expect(server.requests.first?.path == "/v1/models")
    }

    @Test func verifyFallsBackToOneTokenCompletion() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.json(status: 404, object: ["error": ["message": "not found", "type": "not_found"]]), .completion("p"))
        let verification = try await localClient(server).verify()
        #expect(verification.method == .oneTokenCompletion)
        let body = try #require(server.requests.last?.jsonBody)
        #expect(body["max_tokens"] as? Int == 1)
    }

    @Test func verifyReportsRejectedKey() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.json(status: 401, body: try OpenAIFixtures.load("10_error_401_invalid_api_key.json").body))
        let error = await modelError { _ = try await localClient(server, apiKey: "sk-wrong-0000000000000000").verify() }
        #expect(error == .unauthorized(status: 401, code: "invalid_api_key"))
    }

    @Test func connectionRefusedIsANetworkError() async throws {
        // a port held and not listening: a stopped server's port could be taken by another test's
        // server meanwhile, which answers 500
        let refusing = try RefusingPort()
        let client = OpenAICompatibleClient(configuration: .local(baseURL: "http://127.0.0.1:\(refusing.port)/v1", model: "m"),
                                            apiKey: nil, transport: TestEffects.loopback, clock: TestEffects.clock)
        let error = await modelError { _ = try await client.complete(CompletionRequest(messages: [.user("q")])) }
        #expect(error?.category == "network")
        withExtendedLifetime(refusing) {}
    }
}

@Suite("Environment proxies never carry loopback traffic")
struct ProxyEnvironmentTests {
    /// libcurl reads the process environment at each connection, so the exemption must be there,
    /// in both spellings, keeping the entries the person had.
    @Test func theLiveTransportExemptsLoopbackInTheProcessEnvironment() {
        _ = URLSessionTransport()
        for variable in ["no_proxy", "NO_PROXY"] {
            let value = getenv(variable).map { String(cString: $0) } ?? ""
            let entries = value.split(separator: ",").map(String.init)
            for entry in ProxyEnvironment.loopbackEntries {
                #expect(entries.contains(entry), "\(variable) lacks \(entry): \(value)")
            }
        }
        #expect(ProxyEnvironment.loopbackRefusal(for: URL(string: "http://127.0.0.1:8080/v1")!) == nil)
    }
}
