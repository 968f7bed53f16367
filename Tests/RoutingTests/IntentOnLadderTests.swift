import Foundation
import Generation
import IntentKit
import IntentTestSupport
@testable import Routing
import Testing

/// A small intent on the ladder, the way the built-in intents use it: the envelope's route and
/// receipt id come from the ladder's receipt.
struct ShortenNote: Intent {
    static let description = IntentDescription(name: "ShortenNote", summary: "Shorten a note", sideEffect: .none)

    @Parameter("text", description: "The note", primary: true)
    var text: String

    struct Value: IntentValue, Equatable {
        var short: String
        static var schema: JSONSchema { .object([.init("short", .string())]) }
    }

    func perform(in context: RunContext) async throws -> IntentResult<Value> {
        let deterministic = Value(short: String(text.prefix(12)))
        let envelope = EvidenceEnvelope(prompt: "Shorten to at most 12 characters:\n" + text)
        let outcome = try await context.ladder.run(LadderRequest(
            need: text.count > 12 ? .improvable : .exact,
            messages: [.system("Shorten to at most 12 characters."), .user(text)],
            envelope: envelope, deterministic: deterministic, intent: Self.description.name) { reply in
                let short = reply.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard short.count <= 12 else { throw LadderRejection(rule: "too-long") }
                return Value(short: short)
            }, in: context)
        return IntentResult(value: outcome.value, dialog: outcome.value.short, route: outcome.route,
                            receiptID: outcome.receiptID)
    }
}

@Suite struct IntentOnLadderTests {
    @Test func envelopeRouteAndReceiptComeFromTheLadder() async throws {
        let h = try LadderHarness()
        h.local.enqueue(reply: "call Mira")
        let envelope = await IntentRunner().run(ShortenNote.self, request: ParameterRequest(positional: ["remember to call Mira about the renewal"]),
                                                context: h.context(.preferLocal))
        #expect(envelope.status == .completed)
        #expect(envelope.value?["short"]?.stringValue == "call Mira")
        #expect(envelope.route?.completed == .local)
        let id = try #require(envelope.receiptID)
        let receipt = try #require(try ReceiptBook(store: h.store).receipt(id: id))
        #expect(receipt.route == envelope.route)
        #expect(receipt.runID == "run_test")

        h.local.enqueue(reply: "a reply that is far too long to be a short note")
        let rejected = await IntentRunner().run(ShortenNote.self, request: ParameterRequest(positional: ["remember to call Mira about the renewal"]),
                                                context: h.context(.preferLocal))
        #expect(rejected.route?.completed == .deterministic)
        #expect(rejected.route?.fallbackReason == "localRejected:too-long")
        #expect(rejected.value?["short"]?.stringValue == "remember to ")
    }

    @Test func cloudRequiredWithoutCloudIsExit69InTheEnvelope() async throws {
        let h = try LadderHarness()
        let envelope = await IntentRunner().run(ShortenNote.self, request: ParameterRequest(positional: ["remember to call Mira about the renewal"]),
                                                context: h.context(.cloudRequired, ladder: h.ladder(cloud: false)))
        #expect(envelope.exitCode.rawValue == 69)
        #expect(envelope.status == .failed)
        #expect(envelope.error?.message.contains("intent models set cloud") == true)
    }

    @Test func reachedLimitsExpire() {
        let now = Date(timeIntervalSince1970: 1_000)
        #expect(QuotaState.limitReached(until: now.addingTimeInterval(-1)).effective(at: now) == .available)
        #expect(QuotaState.limitReached(until: now.addingTimeInterval(60)).effective(at: now) == .limitReached(until: now.addingTimeInterval(60)))
        #expect(QuotaState.unknown.effective(at: now) == .unknown)
    }
}
