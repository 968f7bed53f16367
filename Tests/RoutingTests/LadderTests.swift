import Foundation
import Generation
import IntentKit
import IntentTestSupport
import ModelTestSupport
@testable import Routing
import Store
import Testing

@Suite struct LadderTests {
    @Test func localAnswersWhenItFits() async throws {
        let h = try LadderHarness()
        h.local.enqueue(reply: "from local")
        let outcome = try await h.ladder().run(phrasingRequest(), in: h.context(.preferLocal))
        #expect(outcome.value == "from local")
        #expect(outcome.route == RouteSummary(policy: .preferLocal, intended: .local, completed: .local,
                                              reasons: ["localContextFits"]))
        #expect(h.cloud.callCount == 0)
        let receipt = try h.receipt(outcome)
        #expect(receipt.attempts.map(\.outcome) == [.completed])
        #expect(receipt.verification == .passed)
        #expect(receipt.envelopeSHA256.hasPrefix("hmac-sha256:"))
        #expect(!receipt.envelopeSHA256.contains(phrasingRequest().envelope.sha256), "keyed: a guess cannot be confirmed")
        #expect(receipt.envelopeSHA256 == HomeKeys.load(directory: h.home.paths.configDirectory).digest(phrasingRequest().envelope))
    }

    @Test func localOnlyNeverCallsTheCloudEvenWithConsentAndQuota() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        try h.allowCloud()
        h.local.enqueue(error: .server(status: 500, code: nil))
        let outcome = try await h.ladder().run(phrasingRequest(), in: h.context(.localOnly, presence: .interactive))
        #expect(h.cloud.callCount == 0)
        #expect(outcome.value == "deterministic")
        #expect(outcome.route.completed == .deterministic)
        #expect(outcome.route.fallbackReason == "localFailed:server_error")
    }

    @Test func failingLocalFallsBackToDeterministicWithATypedReason() async throws {
        let cases: [(ScriptedModel.Step, String)] = [
            (.error(.server(status: 503, code: nil)), "localFailed:server_error"),
            (.error(.timeout(.firstByte)), "localFailed:timeout_first_byte"),
            (.error(.network(kind: "connection_refused")), "localFailed:connection_refused"),
            (.error(.contextOverflow(estimatedTokens: nil, limit: 4_096)), "localContextExceeded"),
            (.completion(Completion(text: "", finishReason: .stop)), "localFailed:invalid_response"),
            (.completion(Completion(text: "no", finishReason: .contentFilter)), "localFailed:refusal"),
        ]
        for (step, reason) in cases {
            let h = try LadderHarness()
            h.local.enqueue(step)
            let outcome = try await h.ladder().run(phrasingRequest(), in: h.context(.preferLocal))
            #expect(outcome.value == "deterministic")
            #expect(outcome.route.intended == .local)
            #expect(outcome.route.completed == .deterministic)
            #expect(outcome.route.fallbackReason == reason)
            #expect(outcome.route.reasons.contains("fallback"))
            let receipt = try h.receipt(outcome)
            #expect(receipt.attempts.count == 1)
            #expect(receipt.attempts[0].outcome == .failed)
        }
    }

    @Test func invalidJSONAndFailedGroundingFallBack() async throws {
        let schema = ResponseSchema(name: "answer", schema: .object([.init("answer", .string())]))
        let h = try LadderHarness()
        h.local.enqueue(reply: "not json at all")
        h.local.enqueue(reply: "{\"wrong\": 1}")
        var request = phrasingRequest()
        request.schema = schema
        var outcome = try await h.ladder().run(request, in: h.context(.preferLocal))
        #expect(h.local.callCount == 2, "one repair retry, then the rung fails")
        #expect(outcome.route.fallbackReason == "localFailed:decoding_failure")

        let grounded = LadderRequest(need: .improvable, messages: [.user("facts")], schema: schema,
                                     deterministic: "deterministic") { reply -> String in
            guard reply.json?["answer"]?.stringValue == "grounded" else { throw LadderRejection(rule: "answer-not-grounded") }
            return "grounded"
        }
        h.local.enqueue(reply: "{\"answer\": \"invented\"}")
        outcome = try await h.ladder().run(grounded, in: h.context(.preferLocal))
        #expect(outcome.value == "deterministic")
        #expect(outcome.route.fallbackReason == "localRejected:answer-not-grounded")
        #expect(outcome.receipt.verification == .failed(rule: "answer-not-grounded"))
        h.local.enqueue(reply: "{\"answer\": \"grounded\"}")
        outcome = try await h.ladder().run(grounded, in: h.context(.preferLocal))
        #expect(outcome.value == "grounded")
        #expect(outcome.receipt.verification == .passed)
    }

    @Test func headlessWithoutConsentNeverPromptsAndRecordsConsentUnavailable() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        let terminal = ScriptedTerminal(answers: ["a"])
        h.local.enqueue(reply: "from local")
        let outcome = try await h.ladder().run(phrasingRequest(), in: h.context(.cloudAllowed, terminal: terminal))
        #expect(terminal.transcript.isEmpty, "headless runs never prompt")
        #expect(h.cloud.callCount == 0)
        #expect(outcome.value == "from local")
        #expect(outcome.route.intended == .cloud)
        #expect(outcome.route.completed == .local)
        #expect(outcome.route.fallbackReason == "consentUnavailable")
        #expect(outcome.route.reasons.contains("consentUnavailable"))
        let receipt = try h.receipt(outcome)
        #expect(receipt.consent == .unavailable)
        #expect(try ConsentBook(store: h.store).load() == .none)
    }

    @Test func interactiveConsentPromptShowsSizesAndRemembersAlways() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        let terminal = ScriptedTerminal(answers: ["always"])
        h.cloud.enqueue(reply: "from cloud")
        let request = phrasingRequest()
        let outcome = try await h.ladder().run(request, in: h.context(.cloudAllowed, presence: .interactive, terminal: terminal))
        #expect(outcome.value == "from cloud")
        #expect(outcome.route.completed == .cloud)
        let shown = terminal.transcript.joined(separator: "\n")
        let sent = ModelLadder.sentBytes(of: request, to: h.cloud, maxTokens: RoutingConfiguration.standard.defaultMaxTokens)
        for field in ["test-cloud", "cloud-model", "api.cloud.test", "\(request.envelope.promptBytes) prompt bytes",
                      "\(request.envelope.contextBytes) context bytes", "1 chunk", "\(sent) bytes",
                      "userPreferredCloud — the policy is cloud-allowed"] {
            #expect(shown.contains(field), "the consent prompt shows \(field)")
        }
        #expect(!shown.contains(Secretive.evidence), "the prompt shows sizes, not the payload")
        let remembered = try ConsentBook(store: h.store).load()
        #expect(remembered.allows(h.cloud.descriptor))
        // Next time headless: the remembered allow is enough, nobody is asked.
        h.cloud.enqueue(reply: "again")
        let silent = ScriptedTerminal()
        let second = try await h.ladder().run(request, in: h.context(.cloudAllowed, terminal: silent))
        #expect(second.route.completed == .cloud)
        #expect(silent.transcript.isEmpty)
        #expect(second.receipt.consent == .remembered)
    }

    @Test func deniedConsentFallsBackOrExits77UnderCloudRequired() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        h.local.enqueue(reply: "from local")
        let outcome = try await h.ladder().run(phrasingRequest(),
                                               in: h.context(.cloudAllowed, presence: .interactive, terminal: ScriptedTerminal(answers: ["d"])))
        #expect(outcome.route.completed == .local)
        #expect(outcome.route.fallbackReason == "consentUnavailable")
        #expect(h.cloud.callCount == 0)

        await #expect(throws: IntentError.notPermitted("cloud-required, and consent to send this payload was denied")) {
            _ = try await h.ladder().run(phrasingRequest(),
                                         in: h.context(.cloudRequired, presence: .interactive, terminal: ScriptedTerminal(answers: ["n"])))
        }
        #expect(h.cloud.callCount == 0)
        try ConsentBook(store: h.store).remember(.deny, for: nil, at: TestClock.reference)
        do {
            _ = try await h.ladder().run(phrasingRequest(), in: h.context(.cloudRequired))
            Issue.record("a remembered deny must stop a cloud-required run")
        } catch let error as IntentError {
            #expect(error.exitCode.rawValue == 77)
        }
    }

    @Test func cloudRequiredWithoutCloudExits69AndNeverAnswersFromLocal() async throws {
        let h = try LadderHarness()
        h.local.enqueue(reply: "from local")
        do {
            _ = try await h.ladder(cloud: false).run(phrasingRequest(), in: h.context(.cloudRequired))
            Issue.record("cloud-required without a cloud must fail")
        } catch let error as IntentError {
            #expect(error.exitCode.rawValue == 69)
            #expect(error.description.contains("intent models set cloud"))
        }
        #expect(h.local.callCount == 0)
        // A cloud failure under cloud-required is an error, never a local or template answer.
        try h.verifyCloud()
        try h.allowCloud()
        h.cloud.enqueue(error: .server(status: 502, code: nil))
        do {
            _ = try await h.ladder().run(phrasingRequest(), in: h.context(.cloudRequired))
            Issue.record("a failed cloud call under cloud-required must fail the run")
        } catch let error as IntentError {
            #expect(error.exitCode.rawValue == 75)
        }
        #expect(h.local.callCount == 0)
        let failed = try #require(try ReceiptBook(store: h.store).recent(limit: 1).first)
        #expect(failed.status == "failed")
        #expect(failed.completed == nil, "a failed cloud-required run is never labelled with a target")
        #expect(failed.attempts.map(\.errorCategory) == ["server_error"])
    }

    @Test func rateLimitIsNotRetriedAndIsRemembered() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        try h.allowCloud()
        let reset = TestClock.reference.addingTimeInterval(120)
        h.cloud.enqueue(error: .rateLimited(RateLimitInfo(retryAfter: 120, resetAt: reset, code: "rate_limit_exceeded")))
        h.local.enqueue(reply: "from local")
        let outcome = try await h.ladder().run(phrasingRequest(), in: h.context(.cloudAllowed))
        #expect(h.cloud.callCount == 1, "a 429 is not retried on cloud")
        #expect(outcome.route.completed == .local)
        #expect(outcome.route.fallbackReason == "cloudQuotaReached")
        #expect(try QuotaMemory(store: h.store).stored(for: h.cloud.descriptor) == .limitReached(until: reset))

        h.local.enqueue(reply: "local again")
        let next = try await h.ladder().run(phrasingRequest(), in: h.context(.cloudAllowed))
        #expect(h.cloud.callCount == 1, "the remembered limit keeps the next run off the cloud")
        #expect(next.plan.skipReason == .cloudQuotaReached)
        #expect(next.receipt.quota == "limit_reached")

        // Without a reset header the limit lasts an hour.
        let h2 = try LadderHarness()
        try h2.verifyCloud()
        try h2.allowCloud()
        h2.cloud.enqueue(error: .rateLimited(RateLimitInfo()))
        _ = try await h2.ladder(local: false).run(phrasingRequest(), in: h2.context(.cloudAllowed))
        #expect(try QuotaMemory(store: h2.store).stored(for: h2.cloud.descriptor)
                == .limitReached(until: TestClock.reference.addingTimeInterval(3_600)))
    }

    @Test func rejectedCredentialsAreRememberedUntilTheKeyIsSetAgain() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        try h.allowCloud()
        h.cloud.enqueue(error: .unauthorized(status: 401, code: "invalid_api_key"))
        let outcome = try await h.ladder(local: false).run(phrasingRequest(), in: h.context(.cloudAllowed))
        #expect(outcome.route.completed == .deterministic)
        #expect(outcome.route.fallbackReason == "cloudFailed:unauthorized")
        #expect(try QuotaMemory(store: h.store).stored(for: h.cloud.descriptor) == .credentialsRejected)
    }

    @Test func noFallbackAfterMeaningfulStreamedOutput() async throws {
        let h = try LadderHarness()
        h.local.enqueue(.deltasThenError([.text("The renewal "), .text("is")], .timeout(.idle)))
        let shown = Shown()
        var request = phrasingRequest()
        request.onText = { shown.append($0) }
        await #expect(throws: IntentError.self) {
            _ = try await h.ladder().run(request, in: h.context(.preferLocal))
        }
        #expect(shown.text == "The renewal is")
        // Whitespace only is not meaningful: falling back is still allowed.
        h.local.enqueue(.deltasThenError([.text("  ")], .timeout(.idle)))
        let outcome = try await h.ladder().run(request, in: h.context(.preferLocal))
        #expect(outcome.route.completed == .deterministic)
    }

    @Test func exactAnswersTouchNoModelButAreReceipted() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        try h.allowCloud()
        let outcome = try await h.ladder().run(phrasingRequest(need: .exact), in: h.context(.cloudAllowed))
        #expect(outcome.route == RouteSummary(policy: .cloudAllowed, intended: .deterministic, completed: .deterministic,
                                              reasons: ["exactAnswerAvailable"]))
        #expect(h.cloud.callCount + h.local.callCount == 0)
        let abstained = try await h.ladder().run(phrasingRequest(need: .insufficientEvidence), in: h.context(.preferLocal))
        #expect(abstained.route.completed == .abstain)
        #expect(abstained.route.reasons == ["insufficientEvidence"])
    }

    @Test func receiptsHoldNoContent() async throws {
        let h = try LadderHarness()
        try h.verifyCloud()
        try h.allowCloud()
        h.cloud.enqueue(reply: Secretive.reply)
        h.local.enqueue(reply: Secretive.reply)
        _ = try await h.ladder().run(phrasingRequest(), in: h.context(.cloudAllowed))
        h.local.enqueue(reply: Secretive.reply)
        _ = try await h.ladder().run(phrasingRequest(), in: h.context(.localOnly))
        let receipts = try ReceiptBook(store: h.store).recent()
        #expect(receipts.count == 2)
        let rows = try h.store.receipts().map(\.body).joined(separator: "\n")
        for text in [Secretive.question, Secretive.evidence, Secretive.reply, "Answer briefly"] {
            #expect(!rows.contains(text), "receipts must not hold content")
        }
        // The whole database file (and its WAL) carries no content either.
        let files = try FileManager.default.contentsOfDirectory(at: h.home.paths.dataDirectory, includingPropertiesForKeys: nil)
        for file in files where file.lastPathComponent.hasPrefix("intent.sqlite") {
            let bytes = try Data(contentsOf: file)
            for text in [Secretive.question, Secretive.evidence, Secretive.reply] {
                #expect(bytes.range(of: Data(text.utf8)) == nil, "\(file.lastPathComponent) holds content")
            }
        }
    }
}

/// Collects streamed text.
final class Shown: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []
    func append(_ text: String) { lock.withLock { parts.append(text) } }
    var text: String { lock.withLock { parts.joined() } }
}
