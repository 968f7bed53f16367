import Foundation
import Generation
import IntentKit
import IntentTestSupport
import ModelTestSupport
@testable import Routing
import Testing

@Suite("The compact form: chosen by the model's declared capabilities, capped by its schema")
struct CompactFormTests {
    let schema = ResponseSchema(name: "pick", schema: .object([
        .init("headline", .string(minLength: 1, maxLength: 40)),
        .init("points", .array(of: .string(enum: ["short", "a much longer choice"]), minItems: 1, maxItems: 3)),
    ]))

    func request(compact: Bool) -> LadderRequest<String> {
        let form = CompactForm(messages: [.system("Pick."), .user("compact facts")], schema: schema, maxTokens: 77)
        return LadderRequest(need: .improvable, messages: [.system("Write a long answer."), .user("full facts")],
                             schema: schema, temperature: 0.2, maxTokens: 300, deterministic: "deterministic",
                             intent: "TestIntent", compact: compact ? form : nil) { reply in
            reply.compact ? "compact" : "full"
        }
    }

    @Test func aModelDeclaringCompactRequestsGetsTheCompactForm() async throws {
        let h = try LadderHarness()
        let local = ScriptedModel(descriptor: h.local.descriptor,
                                  capabilities: ModelCapabilities(contextWindow: 4_096, compactRequests: true))
        local.enqueue(reply: #"{"headline": "h", "points": ["short"]}"#)
        let ladder = ModelLadder(cloud: nil, local: local, store: h.store, configuration: .unhurried,
                                 clock: { TestClock.reference })
        let outcome = try await ladder.run(request(compact: true), in: h.context(.preferLocal, ladder: ladder))
        #expect(outcome.value == "compact")
        let sent = try #require(local.history.first)
        #expect(sent.maxTokens == 77)
        #expect(sent.temperature == 0)
        #expect(sent.messages.last?.content == "compact facts")
    }

    @Test func otherModelsGetTheRequestAsBuilt() async throws {
        let h = try LadderHarness()
        h.local.enqueue(reply: #"{"headline": "h", "points": ["short"]}"#)
        let outcome = try await h.ladder(cloud: false).run(request(compact: true), in: h.context(.preferLocal))
        #expect(outcome.value == "full")
        let sent = try #require(h.local.history.first)
        #expect(sent.maxTokens == 300)
        #expect(sent.messages.last?.content == "full facts")
    }

    @Test func replyTokensCoverTheLongestReplyTheSchemaAdmits() throws {
        let longest = try #require(CompactForm.longestReply(schema.schema))
        #expect(longest.contains(String(repeating: "a", count: 40)))
        #expect(longest.components(separatedBy: "a much longer choice").count == 4)
        #expect(JSONValue.parse(Data(longest.utf8)) != nil)
        let tokens = try #require(CompactForm.replyTokens(for: schema.schema))
        #expect(tokens > TokenEstimator.estimate(longest))
        #expect(CompactForm.replyTokens(for: .object([.init("free", .string())])) == nil, "an unbounded string has no cap")
    }
}
