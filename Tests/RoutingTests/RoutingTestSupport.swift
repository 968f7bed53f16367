import Foundation
import Generation
import IntentKit
import IntentTestSupport
import ModelTestSupport
@testable import Routing
import Secrets
import Store
import Testing

/// A temporary home with a store, scripted models and contexts for ladder tests.
final class LadderHarness: @unchecked Sendable {
    let home = TemporaryHome()
    let store: IntentStore
    let cloud = ScriptedModel(
        descriptor: ModelDescriptor(target: .cloud, provider: "test-cloud", model: "cloud-model", host: "api.cloud.test"),
        capabilities: ModelCapabilities(contextWindow: 32_768, streaming: true, jsonSchemaOutput: true))
    let local = ScriptedModel(
        descriptor: ModelDescriptor(target: .local, provider: "test-local", model: "local-model", host: "127.0.0.1"),
        capabilities: ModelCapabilities(contextWindow: 4_096, streaming: true))

    init() throws {
        store = home.store()
        try store.database().read { _ in }
    }

    /// A ladder over the scripted models (pass nil to leave a target unconfigured).
    func ladder(cloud: Bool = true, local: Bool = true) -> ModelLadder {
        ModelLadder(cloud: cloud ? self.cloud : nil, local: local ? self.local : nil, store: store,
                    configuration: .unhurried, clock: { TestClock.reference })
    }

    func context(_ policy: RoutingPolicy, presence: Presence = .headless,
                 terminal: any Terminal = ScriptedTerminal(), ladder: ModelLadder? = nil) -> RunContext {
        var context = home.context(presence: presence, terminal: terminal)
        context.policy = policy
        context.ladder = ladder ?? self.ladder()
        return context
    }

    /// Marks the cloud endpoint as verified (quota `available`).
    func verifyCloud() throws {
        try QuotaMemory(store: store).remember(.available, for: cloud.descriptor, at: TestClock.reference)
    }

    func allowCloud() throws {
        try ConsentBook(store: store).remember(.allow, for: cloud.descriptor, at: TestClock.reference)
    }

    func receipt(_ outcome: LadderOutcome<String>) throws -> Receipt {
        let id = try #require(outcome.receiptID)
        return try #require(try ReceiptBook(store: store).receipt(id: id))
    }
}

/// Text that stands for user content: it must never reach receipts, runs or logs.
enum Secretive {
    static let question = "PRIVATE-QUESTION-about-the-Mira-renewal"
    static let evidence = "PRIVATE-EVIDENCE-insurance-policy-number-77"
    static let reply = "PRIVATE-REPLY-the-renewal-is-due-friday"
}

/// A request whose deterministic value is "deterministic" and whose model reply is accepted as is.
func phrasingRequest(need: PlanNeed = .improvable, extraContext: String = "") -> LadderRequest<String> {
    let envelope = EvidenceEnvelope(prompt: "Answer briefly. " + Secretive.question,
                                    chunks: [EvidenceChunk(id: "c1", title: "notes.md", text: Secretive.evidence + extraContext)])
    return LadderRequest(need: need,
                         messages: [.system("Answer briefly."), .user(Secretive.question + "\n" + envelope.contextText)],
                         envelope: envelope, deterministic: "deterministic", intent: "TestIntent") { reply in
        reply.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Recorded OpenAI responses from `Fixtures/openai` (see its PROVENANCE.md).
enum OpenAIFixture {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/openai")

    /// The recorded status and body as a fake-server response (placeholder headers dropped).
    static func response(_ file: String, headers: [String: String] = [:]) throws -> FakeResponse {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let response = object?["response"] as? [String: Any] ?? [:]
        let status = response["status"] as? Int ?? 500
        let body = try JSONSerialization.data(withJSONObject: response["body"] ?? [:], options: [.sortedKeys])
        return .json(status: status, body: body, headers: headers)
    }
}

/// `GET /models` listing one model.
func modelList(_ id: String) -> FakeResponse {
    .json(object: ["object": "list", "data": [["id": id, "object": "model", "owned_by": "test"]]])
}
