import Foundation
import Testing
@testable import Generation
import ModelTestSupport
import Secrets

@Suite("The fake server itself")
struct FakeServerTests {
    @Test func bindsLoopbackOnlyAndAnswersUnscriptedWith500() async throws {
        let server = try FakeOpenAIServer()
        #expect(server.port > 0)
        #expect(URL(string: server.baseURL)?.host == "127.0.0.1")
        #expect(EndpointPolicy.isLoopback(host: "127.0.0.1"))
        let error = await modelError { _ = try await localClient(server).complete(CompletionRequest(messages: [.user("q")])) }
        #expect(error == .server(status: 500, code: nil), "a code that is not a known provider code is dropped")
        #expect(server.connectionCount == 1)
        #expect(server.requests.count == 1)
    }

    /// The loopback transport (local endpoints) sends `Connection: close`, so the fake server,
    /// which would keep a connection alive, sees exactly one connection per request.
    @Test func eachLoopbackRequestUsesItsOwnConnection() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.completion("one"), .completion("two"))
        let client = localClient(server)
        _ = try await client.complete(CompletionRequest(messages: [.user("a")]))
        _ = try await client.complete(CompletionRequest(messages: [.user("b")]))
        #expect(server.requests.count == 2)
        #expect(server.connectionCount == 2, "Connection: close: no request rides another's connection")
    }

    @Test func boundedConnections() async throws {
        let server = try FakeOpenAIServer(maxConnections: 1)
        server.enqueue(.json(status: 200, body: Data("{}".utf8), headers: ["Connection": "close"]), .completion("never"))
        let client = localClient(server)
        _ = await modelError { _ = try await client.complete(CompletionRequest(messages: [.user("a")])) }
        let second = await modelError { _ = try await client.complete(CompletionRequest(messages: [.user("b")])) }
        #expect(second?.category == "network" || second?.category == "invalid_response")
        #expect(server.connectionCount == 1)
    }

    @Test func stopsByItself() async throws {
        let server = try FakeOpenAIServer(lifetime: .milliseconds(100))
        #expect(await server.waitUntil { $0.hasStopped }, "the server closed its socket after its lifetime")
        server.enqueue(.completion("late"))
        let error = await modelError { _ = try await localClient(server).complete(CompletionRequest(messages: [.user("q")])) }
        #expect(error?.category == "network")
        #expect(server.connectionCount == 0)
    }
}
