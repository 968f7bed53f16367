import Foundation
import Generation
import IntentKit
import IntentTestSupport
import ModelTestSupport
@testable import Routing
import Secrets
import Store
import Testing

/// Streams that fail mid-way, over the real client and a loopback fake: cloud and local output
/// never mix, and fallback happens only before meaningful text.
@Suite struct StreamIntegrityTests {
    static func chunk(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\"", with: "\\\"")
        return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\(escaped)\"}}]}\n\n"
    }

    /// A consented, verified cloud client whose requests go to `server`.
    func cloud(_ server: FakeOpenAIServer, store: IntentStore) throws -> OpenAICompatibleClient {
        let client = OpenAICompatibleClient(configuration: .cloud(baseURL: "https://api.cloud.test/v1", model: "gpt-test"),
                                            apiKey: "sk-test-0123456789abcdefghijklmnop", transport: FakeServerTransport(server: server),
                                            clock: TestEffects.clock)
        try QuotaMemory(store: store).remember(.available, of: client, at: TestClock.reference)
        try ConsentBook(store: store).remember(.allow, for: client.descriptor, at: TestClock.reference)
        return client
    }

    /// A ladder whose cloud stream sends `sent` and then dies, with `localReply` queued on the
    /// local model; the request shows the text it streams in `shown`.
    func dyingStream(after sent: String, localReply: String, in h: LadderHarness) throws
        -> (server: FakeOpenAIServer, ladder: ModelLadder, request: LadderRequest<String>, shown: Shown) {
        let server = try FakeOpenAIServer()
        server.enqueue(.abortedStream(Data(sent.utf8)))
        let client = try cloud(server, store: h.store)
        h.local.enqueue(reply: localReply)
        let shown = Shown()
        var request = phrasingRequest()
        request.onText = { shown.append($0) }
        let ladder = ModelLadder(cloud: client, local: h.local, store: h.store, configuration: .unhurried, clock: { TestClock.reference })
        return (server, ladder, request, shown)
    }

    @Test func aCloudStreamThatDiesAfterTextFailsTheRunAndNeverAsksLocal() async throws {
        let h = try LadderHarness()
        let (server, ladder, request, shown) = try dyingStream(
            after: Self.chunk("The renewal ") + Self.chunk("is due"), localReply: "LOCAL TEXT", in: h)
        do {
            _ = try await ladder.run(request, in: h.context(.cloudAllowed, ladder: ladder))
            Issue.record("a stream that failed after text must fail the run")
        } catch let error as IntentError {
            #expect(error.exitCode.rawValue == 75)
        }
        #expect(shown.text == "The renewal is due", "only the cloud's text was shown")
        #expect(h.local.callCount == 0, "no fallback after meaningful output: outputs never mix")
        let receipt = try #require(try ReceiptBook(store: h.store).recent(limit: 1).first)
        #expect(receipt.status == "failed")
        #expect(receipt.attempts.map(\.target) == [.cloud])
        server.stop()
    }

    @Test func aStreamThatDiesBeforeMeaningfulTextFallsBackCleanly() async throws {
        let h = try LadderHarness()
        let roleOnly = "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\"}}]}\n\n" + Self.chunk("  ")
        let (server, ladder, request, shown) = try dyingStream(after: roleOnly, localReply: "from local", in: h)
        let outcome = try await ladder.run(request, in: h.context(.cloudAllowed, ladder: ladder))
        #expect(outcome.route.completed == .local)
        #expect(outcome.route.fallbackReason == "networkUnavailable", "the connection was cut mid-stream")
        #expect(outcome.value == "from local")
        #expect(shown.text.trimmingCharacters(in: .whitespaces) == "from local", "whitespace only came before; no cloud text mixed in")
        server.stop()
    }

    @Test func aLocalStreamThatDiesAfterTextNeverFallsUpToTheCloud() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        try h.allowCloud()
        let server = try FakeOpenAIServer()
        server.enqueue(modelList("smol"), .abortedStream(Data(Self.chunk("Partial local answer").utf8)))
        let local = OpenAICompatibleClient(configuration: .local(baseURL: server.baseURL, model: "smol"), apiKey: nil,
                                           transport: TestEffects.loopback, clock: TestEffects.clock)
        let shown = Shown()
        var request = phrasingRequest()
        request.onText = { shown.append($0) }
        let ladder = ModelLadder(cloud: h.cloud, local: local, store: h.store, configuration: .unhurried, clock: { TestClock.reference })
        await #expect(throws: IntentError.self) { _ = try await ladder.run(request, in: h.context(.preferLocal, ladder: ladder)) }
        #expect(shown.text == "Partial local answer")
        #expect(h.cloud.callCount == 0)
        server.stop()
    }
}
