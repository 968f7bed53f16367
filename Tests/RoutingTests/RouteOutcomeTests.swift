import Foundation
import Generation
import IntentKit
import IntentTestSupport
import ModelTestSupport
@testable import Routing
import Testing

@Suite("Typed routing outcomes keep their wire strings; the ladder reads declared capabilities")
struct RouteOutcomeTests {
    @Test func outcomesRenderAndParseTheirWireStrings() throws {
        let reasons: [(FallbackReason, String)] = [
            (.code(.networkUnavailable), "networkUnavailable"),
            (.failed(.local, category: "timeout_total"), "localFailed:timeout_total"),
            (.failed(.cloud, category: "unauthorized"), "cloudFailed:unauthorized"),
            (.rejected(.local, rule: "task-not-grounded"), "localRejected:task-not-grounded"),
            (.unsuitable(.notSelected), "localUnsuitable:embedded_not_selected"),
            (.unsuitable(.notUsedByIntent), "localUnsuitable:embedded_not_used_by_intent"),
        ]
        for (reason, wire) in reasons {
            #expect(reason.description == wire)
            #expect(FallbackReason(wire: wire) == reason)
        }
        #expect(FallbackReason(wire: "localFailed:") == nil)
        #expect(FallbackReason(wire: "marsFailed:x") == nil)
        let verifications: [(Verification, String)] = [(.notRun, "not_run"), (.passed, "passed"), (.failed(rule: "brief-not-json"), "failed:brief-not-json")]
        for (verification, wire) in verifications {
            #expect(verification.description == wire)
            #expect(Verification(wire: wire) == verification)
            let encoded = try JSONEncoder().encode([verification])
            #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(wire)\"]")
            #expect(try JSONDecoder().decode([Verification].self, from: encoded) == [verification])
        }
        #expect(ConsentState(.remembered) == .remembered)
        #expect(ConsentState.denied.rawValue == "denied")
    }

    @Test func theReceiptCarriesTheSameStringsAsBefore() async throws {
        let h = try LadderHarness()
        h.local.enqueue(reply: "rejected")
        let request = LadderRequest(need: .improvable, messages: [.user("q")], deterministic: "deterministic",
                                    intent: "TestIntent") { _ -> String in throw LadderRejection(rule: "answer-not-grounded") }
        let outcome = try await h.ladder(cloud: false).run(request, in: h.context(.preferLocal))
        #expect(outcome.route.fallbackReason == "localRejected:answer-not-grounded")
        let id = try #require(outcome.receiptID)
        let body = try #require(try h.store.receipt(id: id)?.body)
        #expect(body.contains(#""verification":"failed:answer-not-grounded""#))
        #expect(body.contains(#""fallback_reason":"localRejected:answer-not-grounded""#))
        #expect(!body.contains(#""consent""#), "no cloud rung: no consent field")
    }

    @Test func aModelThatDeclinesTheIntentIsPresentButUnsuitable() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        try h.allowCloud()
        let local = ScriptedModel(descriptor: h.local.descriptor,
                                  capabilities: ModelCapabilities(contextWindow: 4_096, intents: .only(["CreateReminder"])))
        let ladder = ModelLadder(cloud: h.cloud, local: local, store: h.store, configuration: .unhurried,
                                 clock: { TestClock.reference })
        let outcome = try await ladder.run(phrasingRequest(), in: h.context(.preferLocal, ladder: ladder))
        #expect(outcome.value == "deterministic")
        #expect(outcome.route.fallbackReason == "localUnsuitable:embedded_not_used_by_intent")
        #expect(local.callCount == 0)
        #expect(h.cloud.callCount == 0, "a present local model is never replaced by the cloud")

        let unselected = ScriptedModel(descriptor: h.local.descriptor,
                                       capabilities: ModelCapabilities(contextWindow: 4_096, intents: .notSelected))
        let second = ModelLadder(cloud: h.cloud, local: unselected, store: h.store, configuration: .unhurried,
                                 clock: { TestClock.reference })
        let declined = try await second.run(phrasingRequest(), in: h.context(.preferLocal, ladder: second))
        #expect(declined.route.fallbackReason == "localUnsuitable:embedded_not_selected")
    }
}
