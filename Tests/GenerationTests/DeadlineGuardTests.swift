import Foundation
import Secrets
import Testing
@testable import Generation
import ModelTestSupport

@Suite("Per-stage deadlines over scripted transports")
struct DeadlineGuardTests {
    // Deadlines that must fire are short; those that must not are generous, so a loaded CI machine
    // (timers late by seconds) cannot flip the outcome.
    let timeouts = ModelTimeouts(connect: .milliseconds(150), firstByte: .milliseconds(600), idle: .milliseconds(200), total: .seconds(30))
    let request = HTTPRequest(method: "POST", url: URL(string: "http://127.0.0.1:1/v1/chat/completions")!, body: Data("{}".utf8))

    @Test func connectStage() async throws {
        let transport = ScriptedTransport([.pause(.seconds(60)), .event(.connected)])
        let error = await modelError { _ = try await transport.send(request, timeouts: timeouts) }
        #expect(error == .timeout(.connect))
        #expect(transport.cancelledCount == 1)
    }

    @Test func connectStageFoldsIntoFirstByteWhenNotReported() async throws {
        let timeouts = ModelTimeouts(connect: .milliseconds(100), firstByte: .seconds(30), idle: .seconds(30), total: .seconds(60))
        let transport = ScriptedTransport([.pause(.milliseconds(300)), .event(.head(status: 200, headers: [:])),
                                           .event(.body(Data("{}".utf8)))], reportsConnection: false)
        let response = try await transport.send(request, timeouts: timeouts)
        #expect(response.status == 200)
    }

    @Test func firstByteStageAfterConnecting() async throws {
        // A generous connect stage: on a busy machine the guard may see `.connected` late.
        let timeouts = ModelTimeouts(connect: .seconds(30), firstByte: .milliseconds(600), idle: .seconds(30), total: .seconds(60))
        let transport = ScriptedTransport([.event(.connected), .event(.head(status: 200, headers: [:])), .pause(.seconds(60))])
        let error = await modelError { _ = try await transport.send(request, timeouts: timeouts) }
        #expect(error == .timeout(.firstByte))
    }

    @Test func idleStage() async throws {
        let transport = ScriptedTransport([.event(.connected), .event(.head(status: 200, headers: [:])),
                                           .event(.body(Data("a".utf8))), .pause(.seconds(60))])
        let timeouts = ModelTimeouts(connect: .seconds(10), firstByte: .seconds(10), idle: .milliseconds(200), total: .seconds(30))
        let error = await modelError { _ = try await transport.send(request, timeouts: timeouts) }
        #expect(error == .timeout(.idle))
    }

    @Test func steadyTrickleHitsTotal() async throws {
        var steps: [ScriptedTransport.Step] = [.event(.connected), .event(.head(status: 200, headers: [:]))]
        for _ in 0..<40 { steps += [.pause(.milliseconds(100)), .event(.body(Data("a".utf8)))] }
        let timeouts = ModelTimeouts(connect: .seconds(30), firstByte: .seconds(30), idle: .seconds(30), total: .seconds(1))
        let error = await modelError { _ = try await ScriptedTransport(steps).send(request, timeouts: timeouts) }
        #expect(error == .timeout(.total))
    }

    /// The watchdog must not need Swift's cooperative pool: here every pool thread is blocked
    /// (this test's own included) and the deadline still cancels the upstream on time. A
    /// `Task.sleep` watchdog would wait for the blockers to give up (10 s).
    @Test func firesWhileEveryPoolThreadIsBlocked() async throws {
        let (upstream, feed) = AsyncThrowingStream<HTTPEvent, Error>.makeStream()
        let terminated = DispatchSemaphore(value: 0)
        feed.onTermination = { _ in terminated.signal() }
        // Only the idle stage is short, so a busy machine cannot make an earlier stage fire first.
        let timeouts = ModelTimeouts(connect: .seconds(60), firstByte: .seconds(60), idle: .seconds(0.2), total: .seconds(60))
        var events = DeadlineGuard.guarded(upstream, timeouts: timeouts, reportsConnection: false).makeAsyncIterator()
        feed.yield(.head(status: 200, headers: [:]))
        feed.yield(.body(Data("a".utf8)))
        _ = try await events.next()
        _ = try await events.next()  // the pump is running and waits for more of the body

        let gate = DispatchSemaphore(value: 0)
        let blockers = ProcessInfo.processInfo.activeProcessorCount + 2
        for _ in 0..<blockers { Task.detached { _ = gate.wait(timeout: .now() + 15) } }
        let start = ContinuousClock.now
        let cancelledInTime = terminated.wait(timeout: .now() + 10) == .success
        let elapsed = ContinuousClock.now - start
        for _ in 0..<blockers { gate.signal() }

        #expect(cancelledInTime)
        #expect(elapsed < .seconds(5))
        await #expect(throws: ModelError.timeout(.idle)) { _ = try await events.next() }
    }

    /// Nor Dispatch's: here every thread libdispatch will start for private queues (255) is
    /// blocked, and the first-byte deadline still cancels the upstream. A Dispatch timer, even on
    /// a queue of its own, waits for a thread to be let go (15 s here).
    @Test func firesWhileDispatchsOvercommitThreadsAreHeld() async throws {
        let (upstream, feed) = AsyncThrowingStream<HTTPEvent, Error>.makeStream()
        let terminated = DispatchSemaphore(value: 0)
        feed.onTermination = { _ in terminated.signal() }
        let timeouts = ModelTimeouts(connect: .seconds(60), firstByte: .milliseconds(300), idle: .seconds(60), total: .seconds(60))
        let (cancelledInTime, guarded) = holdingDispatchThreads {
            let guarded = DeadlineGuard.guarded(upstream, timeouts: timeouts, reportsConnection: false)
            return (terminated.wait(timeout: .now() + 10) == .success, guarded)
        }
        var events = guarded.makeAsyncIterator()

        #expect(cancelledInTime)
        await #expect(throws: ModelError.timeout(.firstByte)) { _ = try await events.next() }
    }

    @Test func urlErrorsMapToCategories() async throws {
        let timeouts = ModelTimeouts(connect: .seconds(30), firstByte: .seconds(30), idle: .seconds(30), total: .seconds(60))
        let refused = await modelError { _ = try await ScriptedTransport([.fail(.cannotConnectToHost)]).send(request, timeouts: timeouts) }
        #expect(refused == .network(kind: "connection_refused"))
        let cancelled = await modelError { _ = try await ScriptedTransport([.fail(.cancelled)]).send(request, timeouts: timeouts) }
        #expect(cancelled == .cancelled)
        let tls = await modelError { _ = try await ScriptedTransport([.fail(.secureConnectionFailed)]).send(request, timeouts: timeouts) }
        #expect(tls == .network(kind: "tls"))
    }
}

@Suite("Cloud client through the fake server")
struct CloudClientTests {
    @Test func cloudRequestsUseHTTPSConfigurationAndBearerKey() async throws {
        let server = try FakeOpenAIServer()
        server.enqueue(.json(status: 200, body: try OpenAIFixtures.load("06_real_basic_200.json").body))
        let transport = FakeServerTransport(server: server)
        let client = OpenAICompatibleClient(configuration: .cloud(baseURL: "https://api.example.com/v1", model: "gpt-x"),
                                            apiKey: "sk-proj-cloudkey0000000000000000", transport: transport, clock: TestEffects.clock)
        #expect(client.availability == .available)
        #expect(client.descriptor == ModelDescriptor(target: .cloud, provider: "openai-compatible", model: "gpt-x", host: "api.example.com",
                                                     endpoint: try EndpointPolicy.canonical("https://api.example.com/v1", for: .cloud)))
        #expect(client.descriptor.endpointIdentity == "https://api.example.com:443/v1")
        let completion = try await client.complete(CompletionRequest(messages: [.user("q")], maxTokens: 20))
        #expect(completion.text == "six")
        #expect(transport.openedHosts == ["api.example.com"])
        let recorded = try #require(server.requests.first)
        #expect(recorded.headers["authorization"] == "Bearer sk-proj-cloudkey0000000000000000")
        #expect(recorded.jsonBody?["max_completion_tokens"] as? Int == 20)
        #expect(recorded.jsonBody?["max_tokens"] == nil)
    }

    @Test func cloudWithoutKeyNeverOpens() async throws {
        let server = try FakeOpenAIServer()
        let transport = FakeServerTransport(server: server)
        let client = OpenAICompatibleClient(configuration: .cloud(baseURL: "https://api.example.com/v1", model: "gpt-x"),
                                            apiKey: nil, transport: transport, clock: TestEffects.clock)
        #expect(client.availability == .missingCredentials)
        let error = await modelError { _ = try await collect(client.stream(CompletionRequest(messages: [.user("q")]))) }
        #expect(error == .missingCredentials)
        #expect(transport.openedURLs.isEmpty)
        #expect(server.connectionCount == 0)
    }
}
