import Foundation
@testable import Generation
import ModelTestSupport
import Secrets
import Testing

/// The URL that is classified is the URL that is connected to; server-controlled strings never
/// reach an error description.
@Suite("Canonical endpoints and untrusted error bodies")
struct EndpointFaultTests {
    @Test func ipv6LoopbackConnects() async throws {
        let server = try FakeOpenAIServer(ipv6: true)
        server.enqueue(.completion("over ::1"))
        let client = OpenAICompatibleClient(configuration: .local(baseURL: "http://[::1]:\(server.port)/v1", model: "m"), apiKey: nil,
                                            transport: TestEffects.loopback, clock: TestEffects.clock)
        #expect(client.descriptor.hostPort == "[::1]:\(server.port)")
        let completion = try await client.complete(CompletionRequest(messages: [.user("q")]))
        #expect(completion.text == "over ::1")
        #expect(server.requests.map(\.path) == ["/v1/chat/completions"])
    }

    @Test func upperCaseSchemeAndTrailingDotConnectInCanonicalForm() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.completion("canonical"), .completion("canonical"))
        let upper = OpenAICompatibleClient(configuration: .local(baseURL: "HTTP://127.0.0.1:\(server.port)/v1/", model: "m"), apiKey: nil,
                                            transport: TestEffects.loopback, clock: TestEffects.clock)
        #expect(try await upper.complete(CompletionRequest(messages: [.user("q")])).text == "canonical")
        let dotted = OpenAICompatibleClient(configuration: .local(baseURL: "http://localhost.:\(server.port)/v1", model: "m"), apiKey: nil,
                                            transport: TestEffects.loopback, clock: TestEffects.clock)
        #expect(dotted.descriptor.host == "localhost")
        #expect(try await dotted.complete(CompletionRequest(messages: [.user("q")])).text == "canonical")
        #expect(server.requests.last?.headers["host"] == "localhost:\(server.port)", "no DNS name with a trailing dot is connected to")
    }

    /// A server that puts the (short, non-vendor) key in every error field: no description of
    /// any resulting error may contain it.
    @Test func aKeyEchoedInEveryErrorFieldIsNeverKept() async throws {
        let key = "k3yZ9short"
        let echo: [String: Any] = ["error": ["code": key, "type": key, "message": "bad key \(key)", "param": key]]
        for status in [400, 401, 403, 404, 409, 413, 422, 429, 500, 503] {
            let server = try FakeOpenAIServer()
            server.enqueue(.json(status: status, object: echo))
            let error = await modelError { _ = try await localClient(server, apiKey: key).complete(CompletionRequest(messages: [.user("q")])) }
            let text = try #require(error).description
            #expect(!text.contains(key), "HTTP \(status): \(text)")
        }
        let streamed = try FakeOpenAIServer()
        streamed.enqueue(.sse(Data("data: {\"error\": {\"code\": \"\(key)\", \"type\": \"\(key)\"}}\n\n".utf8)))
        let client = localClient(streamed, apiKey: key)
        var failure: Error?
        do { for try await _ in client.stream(CompletionRequest(messages: [.user("q")])) {} } catch { failure = error }
        #expect(!(String(describing: try #require(failure))).contains(key))
        // Known provider codes are still reported.
        #expect(OpenAIErrorMapper.map(status: 429, headers: [:], body: Data(#"{"error":{"code":"insufficient_quota"}}"#.utf8), now: TestEffects.now)
                == .rateLimited(RateLimitInfo(code: "insufficient_quota")))
    }
}
