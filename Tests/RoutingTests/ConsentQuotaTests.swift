import Foundation
import Generation
import IntentKit
import IntentTestSupport
import ModelTestSupport
@testable import Routing
import Secrets
import Store
import Testing

/// Consent and quota memory are bound to one endpoint (scheme, host, port, path), provider,
/// model — and the quota state to the key; malformed state never authorizes; the receipt's
/// digest is keyed per home.
@Suite struct ConsentQuotaTests {
    func cloudClient(_ base: String, key: String = "sk-test-0123456789abcdefghijklmnop",
                     transport: any HTTPTransport = ScriptedTransport([])) -> OpenAICompatibleClient {
        OpenAICompatibleClient(configuration: .cloud(baseURL: base, model: "gpt-test"), apiKey: key, transport: transport, clock: TestEffects.clock)
    }

    @Test func anAllowForOnePortAndPathIsNotUsedForAnother() async throws {
        let home = TemporaryHome()
        let store = home.store()
        let first = cloudClient("https://127.0.0.1:18443/v1")
        try ConsentBook(store: store).remember(.allow, for: first.descriptor, at: TestClock.reference)
        let consent = try ConsentBook(store: store).load()
        #expect(consent.allows(first.descriptor))
        #expect(consent.host == "https://127.0.0.1:18443/v1")
        for other in ["https://127.0.0.1:18444/other/v1", "https://127.0.0.1:18444/v1", "https://127.0.0.1:18443/v2",
                      "https://localhost:18443/v1"] {
            #expect(!consent.allows(cloudClient(other).descriptor), "\(other) must not reuse the allow")
        }
        #expect(consent.allows(cloudClient("HTTPS://127.0.0.1:18443/v1/").descriptor), "the same endpoint, written differently")

        // A headless run against the moved endpoint opens no connection at all.
        let transport = ScriptedTransport([])
        let moved = cloudClient("https://127.0.0.1:18444/other/v1", transport: transport)
        try QuotaMemory(store: store).remember(.available, of: moved, at: TestClock.reference)
        var context = home.context()
        context.policy = .cloudAllowed
        let outcome = try await ModelLadder(cloud: moved, local: nil, store: store, configuration: .unhurried,
                                                clock: TestEffects.clock).run(phrasingRequest(), in: context)
        #expect(outcome.route.completed == .deterministic)
        #expect(outcome.route.fallbackReason == "consentUnavailable")
        #expect(transport.requests.isEmpty)
    }

    @Test func thePromptShowsHostPortPathTrueBytesAndTheRealReason() async throws {
        let h = try LadderHarness()
        let reply = Data(#"{"choices":[{"index":0,"message":{"role":"assistant","content":"from the cloud"},"finish_reason":"stop"}]}"#.utf8)
        let transport = ScriptedTransport([.event(.connected), .event(.head(status: 200, headers: ["content-type": "application/json"])),
                                           .event(.body(reply))])
        let cloud = cloudClient("https://api.example.com:8443/base/v1", transport: transport)
        try QuotaMemory(store: h.store).remember(.available, of: cloud, at: TestClock.reference)
        let terminal = ScriptedTerminal(answers: ["o"])
        let ladder = ModelLadder(cloud: cloud, local: nil, store: h.store, configuration: .unhurried,
                                 clock: { TestClock.reference })
        let outcome = try await ladder.run(phrasingRequest(), in: h.context(.preferLocal, presence: .interactive, terminal: terminal, ladder: ladder))
        #expect(outcome.route.completed == .cloud)
        let shown = terminal.transcript.joined(separator: "\n")
        let sent = try #require(transport.requests.first?.body).count
        #expect(shown.contains("host:     api.example.com:8443"))
        #expect(shown.contains("path:     /base/v1"))
        #expect(shown.contains("sends:    \(sent) bytes"), "the prompt counts the bytes actually sent")
        #expect(shown.contains("localUnavailable — no local model is configured or installed"))
        #expect(transport.requests.first?.url.absoluteString == "https://api.example.com:8443/base/v1/chat/completions")
        let receipt = try h.receipt(outcome)
        #expect(receipt.attempts.first?.host == "api.example.com:8443")
        #expect(receipt.attempts.first?.path == "/base/v1")
    }

    @Test func quotaAuthorizationIsExhaustiveAndFailsClosed() throws {
        let now = TestClock.reference
        #expect(QuotaState.available.authorizesCloud(at: now))
        #expect(QuotaState.limitReached(until: now.addingTimeInterval(-1)).authorizesCloud(at: now))
        for state in [QuotaState.unknown, .credentialsRejected, .malformed, .limitReached(until: now.addingTimeInterval(60))] {
            #expect(!state.authorizesCloud(at: now), "\(state.category)")
            #expect(state.effective(at: now).availability != .available)
        }
        #expect(QuotaMemory.decode(quota: "limit_reached", until: nil) == .malformed, "a limit without a reset time")
        #expect(QuotaMemory.decode(quota: "AVAILABLE", until: nil) == .malformed)
        #expect(QuotaMemory.decode(quota: "", until: nil) == .malformed)
    }

    @Test func malformedStoredStateDoesNotAuthorizeARun() async throws {
        let h = try LadderHarness()
        try h.allowCloud()
        let binding = QuotaMemory(store: h.store).binding(h.cloud.descriptor, key: nil)
        for (quota, until) in [("limit_reached", nil), ("sure", nil)] as [(String, Date?)] {
            try h.store.setModelState(ModelStateRecord(target: "cloud", quota: quota, until: until, provider: h.cloud.descriptor.provider,
                                                       host: binding, model: h.cloud.descriptor.model, updatedAt: "x"))
            let outcome = try await h.ladder(local: false).run(phrasingRequest(), in: h.context(.cloudAllowed))
            #expect(outcome.route.completed == .deterministic, "\(quota)")
            #expect(outcome.receipt.quota == "malformed")
            let report = try TargetSnapshot(target: .cloud, descriptor: h.cloud.descriptor, base: .available,
                                            quota: QuotaMemory(store: h.store).state(for: h.cloud.descriptor, at: TestClock.reference),
                                            budget: .cloud)
            #expect(!report.isAvailable)
        }
        #expect(h.cloud.callCount == 0)
    }

    @Test func aNewKeyStartsUnknown() throws {
        let home = TemporaryHome()
        let store = home.store()
        let old = cloudClient("https://api.example.com/v1", key: "sk-old-0123456789abcdefghijkl")
        let new = cloudClient("https://api.example.com/v1", key: "sk-new-0123456789abcdefghijkl")
        try QuotaMemory(store: store).remember(.available, of: old, at: TestClock.reference)
        #expect(try QuotaMemory(store: store).state(of: old, at: TestClock.reference) == .available)
        #expect(try QuotaMemory(store: store).state(of: new, at: TestClock.reference) == .unknown)
        let row = try #require(try store.modelState(target: "cloud"))
        #expect(!row.host.contains("sk-old"), "the key is bound by a keyed fingerprint, never stored")
    }

    @Test func theReceiptDigestIsKeyedPerHome() throws {
        let envelope = EvidenceEnvelope(prompt: "remember the milk")
        let a = HomeKeys.load(directory: TemporaryHome().paths.configDirectory)
        let b = HomeKeys.load(directory: TemporaryHome().paths.configDirectory)
        #expect(a.digest(envelope) != b.digest(envelope))
        #expect(a.digest(envelope) == a.digest(envelope))
        #expect(!a.digest(envelope).contains(envelope.sha256))
        // RFC 4231 test case 2.
        let rfc = HomeKeys(secret: Array("Jefe".utf8)).hmac(Data("what do ya want for nothing?".utf8))
        #expect(rfc == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}

