import Foundation
import Generation
import IntentKit
import IntentTestSupport
import ModelTestSupport
@testable import Routing
import Secrets
import Store
import Testing

/// A configured local model that is down, failing or slow is a failed local rung: the run
/// answers deterministically with `localFailed:…` and never plans the cloud in its place, even
/// with a verified, consented cloud (issue: a 07:30 cron brief during a llama.cpp restart).
@Suite struct NoFallUpTests {
    /// A verified, always-allowed cloud and a local server on a fake that answers the probe with `probe`.
    func run(probe: FakeResponse?, stopServer: Bool = false, probeTimeout: Duration = .seconds(20)) async throws
        -> (outcome: LadderOutcome<String>, cloudCalls: Int, log: RecordingLog) {
        let h = try LadderHarness()
        try h.verifyCloud()
        try h.allowCloud()
        h.cloud.enqueue(reply: "from the cloud")
        let server = try FakeOpenAIServer()
        if let probe { server.enqueue(probe) }
        // a server that is down: a port held and not listening (a stopped server's port could be
        // taken meanwhile by another test's server)
        let refusing = stopServer ? try RefusingPort() : nil
        let baseURL = refusing.map { "http://127.0.0.1:\($0.port)/v1" } ?? server.baseURL
        let local = OpenAICompatibleClient(configuration: .local(baseURL: baseURL, model: "smol"), apiKey: nil,
                                           transport: TestEffects.loopback, clock: TestEffects.clock)
        let ladder = ModelLadder(cloud: h.cloud, local: local, store: h.store,
                                 configuration: RoutingConfiguration(localProbeTimeout: probeTimeout), clock: { TestClock.reference })
        let log = RecordingLog()
        var context = h.home.context(log: log)
        context.policy = .preferLocal
        context.ladder = ladder
        let outcome = try await ladder.run(phrasingRequest(), in: context)
        server.stop()
        withExtendedLifetime(refusing) {}
        return (outcome, h.cloud.callCount, log)
    }

    @Test func probe500IsAFailedLocalRungNotACloudRun() async throws {
        let (outcome, cloudCalls, log) = try await run(probe: .json(status: 500, object: ["error": ["message": "boom"]]))
        #expect(cloudCalls == 0, "no fall-up to the cloud")
        #expect(outcome.value == "deterministic")
        #expect(outcome.route.intended == .local)
        #expect(outcome.route.completed == .deterministic)
        #expect(outcome.route.fallbackReason == "localFailed:server_error")
        #expect(!outcome.plan.rungs.contains(.cloud))
        #expect(log.messages.contains { $0.contains("localFailed:server_error") }, "the fallback is declared on stderr")
    }

    @Test func llamaCppLoading503IsAFailedLocalRung() async throws {
        let loading = FakeResponse.json(status: 503, object: ["error": ["code": 503, "message": "Loading model", "type": "unavailable_error"]])
        let (outcome, cloudCalls, _) = try await run(probe: loading)
        #expect(cloudCalls == 0)
        #expect(outcome.route.fallbackReason == "localFailed:server_error")
    }

    @Test func serverDownIsAFailedLocalRung() async throws {
        let (outcome, cloudCalls, _) = try await run(probe: nil, stopServer: true)
        #expect(cloudCalls == 0)
        #expect(outcome.route.completed == .deterministic)
        #expect(outcome.route.fallbackReason == "localFailed:connection_refused")
    }

    @Test func slowProbeIsAFailedLocalRung() async throws {
        let (outcome, cloudCalls, _) = try await run(probe: .hang, probeTimeout: .seconds(1))
        #expect(cloudCalls == 0)
        #expect(outcome.route.fallbackReason == "localFailed:probe_timeout")
    }

    @Test func cloudStandsInOnlyWithoutAnyLocalModelOrWhenThePayloadExceedsIt() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        try h.allowCloud()
        h.cloud.enqueue(reply: "from the cloud")
        let none = try await h.ladder(local: false).run(phrasingRequest(), in: h.context(.preferLocal))
        #expect(none.route.completed == .cloud)
        #expect(none.plan.cloudReason == .localUnavailable)
        #expect(none.route.reasons == ["localUnavailable"])

        h.cloud.enqueue(reply: "from the cloud")
        let long = String(repeating: "word ", count: 4_000)
        let bigRequest = LadderRequest(need: .improvable, messages: [.user(long)], envelope: EvidenceEnvelope(prompt: long),
                                       deterministic: "deterministic") { $0.text }
        let big = try await h.ladder().run(bigRequest, in: h.context(.preferLocal))
        #expect(big.route.completed == .cloud)
        #expect(big.plan.cloudReason == .localContextExceeded)
        #expect(h.local.callCount == 0)
    }

    /// Only the embedded SmolLM2 is installed: not selected, it is a present-but-unsuitable local
    /// model for every intent; selected, it serves CreateReminder only. Never the cloud.
    @Test func embeddedModelIsPresentButUnsuitableUnlessSelectedAndUsedByTheIntent() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        try h.allowCloud()
        let weights = h.home.url.appendingPathComponent("not-a-model.gguf")
        try Data("not gguf".utf8).write(to: weights)
        func ladder(selected: Bool) -> ModelLadder {
            ModelLadder(cloud: h.cloud, local: EmbeddedLanguageModel(url: weights, selected: selected), store: h.store,
                        configuration: .unhurried, clock: { TestClock.reference })
        }
        for intent in ["DailyBrief", "CaptureThought", "AskLibrary", "CreateReminder"] {
            var request = phrasingRequest()
            request.intent = intent
            let outcome = try await ladder(selected: false).run(request, in: h.context(.preferLocal, ladder: ladder(selected: false)))
            #expect(outcome.route.completed == .deterministic, "\(intent)")
            #expect(outcome.route.fallbackReason == "localUnsuitable:embedded_not_selected", "\(intent)")
        }
        var brief = phrasingRequest()
        brief.intent = "DailyBrief"
        let declined = try await ladder(selected: true).run(brief, in: h.context(.preferLocal, ladder: ladder(selected: true)))
        #expect(declined.route.fallbackReason == "localUnsuitable:embedded_not_used_by_intent")
        var reminder = phrasingRequest()
        reminder.intent = "CreateReminder"
        let tried = try await ladder(selected: true).run(reminder, in: h.context(.preferLocal, ladder: ladder(selected: true)))
        #expect(tried.receipt.attempts.map(\.target) == [.local], "selected, it is CreateReminder's local rung")
        #expect(tried.route.completed == .deterministic, "an unreadable model file fails the rung")
        #expect(h.cloud.callCount == 0)
    }

    /// A model that accepts and never answers costs at most the run's model budget.
    @Test func theModelBudgetBoundsARunWhoseModelNeverAnswers() async throws {
        let h = try LadderHarness()
        h.local.enqueue(.delayed(.seconds(120), .reply("too late")))
        let ladder = ModelLadder(cloud: nil, local: h.local, store: h.store,
                                 configuration: RoutingConfiguration(modelBudget: .seconds(2)), clock: { TestClock.reference })
        let started = ContinuousClock.now
        let outcome = try await ladder.run(phrasingRequest(), in: h.context(.preferLocal, ladder: ladder))
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(outcome.route.completed == .deterministic)
        #expect(outcome.route.fallbackReason == "localFailed:timeout_total")
        #expect(outcome.receipt.attempts.map(\.errorCategory) == ["timeout_total"])
    }

    @Test func defaultsKeepACronRunUnderThirtySeconds() {
        for timeouts in [ModelTimeouts.local, .cloud] {
            #expect(timeouts.firstByte + RoutingConfiguration.standard.localProbeTimeout < .seconds(30))
            #expect(timeouts.total <= .seconds(25))
        }
        #expect(RoutingConfiguration.standard.modelBudget < .seconds(28))
    }

    @Test func plannerNeverPlansTheCloudForAPresentLocalModel() throws {
        let cloud = TargetSnapshot(target: .cloud, descriptor: ModelDescriptor(target: .cloud, provider: "p", model: "m", host: "h"),
                                   base: .available, quota: .available, budget: .cloud)
        let consent = RememberedConsent(decision: .allow, provider: "p", host: "h", model: "m")
        let present: [TargetSnapshot] = [
            TargetSnapshot(target: .local, descriptor: nil, base: .available, probe: .unreachable(reason: "server_error"), quota: .available, budget: .local),
            TargetSnapshot(target: .local, descriptor: nil, base: .endpointRefused(rule: .lanNameIsNotLocal), quota: .available, budget: .local),
            TargetSnapshot(target: .local, descriptor: nil, base: .available, quota: .available, budget: .local, unsuitable: .notSelected),
        ]
        for local in present {
            for presence in [Presence.headless, .interactive] {
                let plan = try Planner().plan(PlanInput(policy: .preferLocal, need: .improvable, promptTokens: 100, cloud: cloud,
                                                        local: local, presence: presence, consent: consent), id: "p")
                #expect(plan.rungs == [.deterministic])
                #expect(plan.skipDetail?.target == .local)
                #expect(plan.skipDetail?.description.hasPrefix("local") == true)
            }
        }
    }
}
