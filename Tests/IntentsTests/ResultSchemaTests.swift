import DueDate
import Foundation
import IntentKit
import IntentTestSupport
@testable import Intents
import Testing

/// The catalog promises each intent's result as JSON Schema; real results must validate.
@Suite struct ResultSchemaTests {
    static let arguments: [String: ParameterRequest] = [
        "CaptureThought": ParameterRequest(positional: ["call Mira tomorrow at 5pm #family"]),
        "CreateReminder": ParameterRequest(positional: ["renew passport"], flags: ["due": ["next friday"], "notes": ["bring photos"]]),
        "ListReminders": ParameterRequest(),
        "CompleteReminder": ParameterRequest(positional: ["seed reminder"]),
        "UpdateReminder": ParameterRequest(positional: ["seed reminder"], flags: ["title": ["seeded reminder"], "due": ["none"]]),
        "DeleteReminder": ParameterRequest(positional: ["seed reminder"]),
        "UndoWrite": ParameterRequest(),
        "ListEvents": ParameterRequest(flags: ["calendar": [PackagePaths.fixture("demo/calendar.ics").path], "from": ["2026-11-30"], "to": ["2026-12-02"]]),
        "DailyBrief": ParameterRequest(flags: ["calendar": [PackagePaths.fixture("demo/calendar.ics").path]]),
        "AskLibrary": ParameterRequest(positional: ["what is the renewal date?"]),
    ]

    @Test(arguments: intentRegistry.names)
    func resultsValidateAgainstTheCatalog(name: String) async throws {
        let home = TemporaryHome()
        var context = home.context(assumeYes: true)
        context.dates = DueDateResolver()
        _ = await IntentRunner().run(CreateReminder.self, request: ParameterRequest(positional: ["seed reminder"], flags: ["due": ["tomorrow"]]),
                                     context: context)
        _ = await IntentRunner().run(CaptureThought.self, request: ParameterRequest(positional: ["email Sam the slides on friday"]), context: context)
        let type = try #require(intentRegistry.intent(named: name))
        let request = try #require(Self.arguments[name], "add arguments for \(name)")
        let envelope = await IntentRunner().run(type, request: request, context: context)
        #expect(envelope.error == nil, "\(name): \(envelope.error?.message ?? "")")
        let schema = try JSONSchema(json: try #require(Catalog.entry(type)["result"]))
        let value = try #require(envelope.value)
        #expect(schema.validate(value) == [], "\(name)")
    }
}
