import DueDate
import Foundation
import IntentKit
import IntentTestSupport
@testable import Intents
import Testing

private func context(_ home: TemporaryHome, dryRun: Bool = false, tz: String = "UTC") -> RunContext {
    var ctx = home.context(timeZone: TimeZone(identifier: tz)!, dryRun: dryRun)
    ctx.dates = DueDateResolver()
    return ctx
}

@Suite struct CaptureThoughtTests {
    @Test func savesTextTagsAndDueHint() async throws {
        let home = TemporaryHome()
        let env = await IntentRunner().run(CaptureThought.self,
                                           request: ParameterRequest(positional: ["call", "the", "plumber", "tomorrow", "at", "5pm", "#home"],
                                                                     flags: ["tag": ["Urgent"]]),
                                           context: context(home, tz: "Europe/Paris"))
        #expect(env.status == .completed)
        #expect(env.value?["tags"] == .array([.string("home"), .string("urgent"), .string("call")]))
        #expect(env.value?["due"] == .string("2026-12-01T17:00:00+01:00"))
        let saved = try home.store().thoughts()
        #expect(saved.count == 1)
        #expect(saved.first?.text == "call the plumber tomorrow at 5pm #home")
    }

    @Test func noDateMeansNoDue() async throws {
        let home = TemporaryHome()
        let env = await IntentRunner().run(CaptureThought.self, request: ParameterRequest(positional: ["an idea about gardens"]),
                                           context: context(home))
        #expect(env.value?["due"] == .null)
        #expect(env.value?["tags"] == .array([.string("idea")]))
    }

    @Test func dryRunWritesNothingAndEmptyTextIsRejected() async throws {
        let home = TemporaryHome()
        let dry = await IntentRunner().run(CaptureThought.self, request: ParameterRequest(positional: ["x"]), context: context(home, dryRun: true))
        #expect(dry.status == .dryRun)
        #expect(try home.store().thoughtCount() == 0)
        let empty = await IntentRunner().run(CaptureThought.self, request: ParameterRequest(positional: ["  "]), context: context(home))
        #expect(empty.exitCode == .dataError)
    }

    @Test func taggerReadsHashtagsAndKeywords() {
        #expect(ThoughtTagger.tags(for: "Pay the rent, #Home #home.", extra: []) == ["home", "finance"])
        #expect(ThoughtTagger.tags(for: "nothing here", extra: []) == [])
    }
}
