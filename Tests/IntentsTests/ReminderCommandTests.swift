import DueDate
import Foundation
import IntentKit
import IntentTestSupport
@testable import Intents
import ModelTestSupport
import Routing
import Testing

private func context(_ home: TemporaryHome, local: ScriptedModel? = nil) -> RunContext {
    var ctx = home.context(timeZone: TimeZone(identifier: "Europe/Paris")!, assumeYes: true)
    ctx.dates = DueDateResolver()
    if let local { ctx.ladder = ModelLadder(cloud: nil, local: local, store: ctx.store, configuration: .unhurried,
                                                        clock: { TestClock.reference }) }
    return ctx
}

@Suite struct ReminderCommandTests {
    @Test func deterministicRoutingFindsTitleAndDue() async throws {
        let home = TemporaryHome()
        let env = await IntentRunner().run(CreateReminder.self,
                                           request: ParameterRequest(flags: ["text": ["remind me to call Mira friday at 5pm"]]),
                                           context: context(home))
        #expect(env.status == .completed)
        #expect(env.value?["title"] == .string("Call Mira"))
        #expect(env.value?["due"] == .string("2026-12-04T17:00:00+01:00"))
        #expect(env.route?.completed == .deterministic)
    }

    @Test func aModelAnswerIsCheckedByTheParser() async throws {
        let home = TemporaryHome()
        let local = ScriptedModel()
        local.enqueue(reply: #"{"title":"call Mira","due":"friday at 5pm"}"#)
        let ok = await IntentRunner().run(CreateReminder.self,
                                          request: ParameterRequest(flags: ["text": ["please remind me to call Mira friday at 5pm"]]),
                                          context: context(home, local: local))
        #expect(ok.route?.completed == .local)
        #expect(ok.value?["title"] == .string("Call Mira"))
        #expect(ok.value?["due"] == .string("2026-12-04T17:00:00+01:00"))

        let invented = ScriptedModel()
        invented.enqueue(reply: #"{"title":"call Mira about the contract","due":"saturday"}"#)
        let fallback = await IntentRunner().run(CreateReminder.self,
                                                request: ParameterRequest(flags: ["text": ["call Mira friday at 5pm"]]),
                                                context: context(home, local: invented))
        #expect(fallback.route?.completed == .deterministic)
        // The invented title is outside the per-command grammar: refused before any rule runs.
        #expect(fallback.route?.fallbackReason != nil)
        #expect(fallback.value?["title"] == .string("Call Mira"))
    }

    @Test(arguments: ["tomorrow at 5", "?!...,,", "remind me to", "please remind me tomorrow", "   ",
                      String(repeating: "buy milk ", count: 1200)])
    func textWithoutATaskOrTooLongIsInvalidAndNothingIsWritten(_ text: String) async throws {
        let home = TemporaryHome()
        let ctx = context(home)
        let env = await IntentRunner().run(CreateReminder.self, request: ParameterRequest(flags: ["text": [text]]), context: ctx)
        #expect(env.exitCode == .dataError)
        #expect(env.error?.message.contains("--text") == true)
        let listed = await IntentRunner().run(ListReminders.self, request: ParameterRequest(), context: ctx)
        #expect(listed.exitCode == .success)
        #expect(listed.value?["reminders"]?.arrayValue?.count == 0)
    }

    @Test func neitherTitleNorTextHeadlessIsMissingTitle() async {
        let env = await IntentRunner().run(CreateReminder.self, request: ParameterRequest(), context: context(TemporaryHome()))
        #expect(env.exitCode == .usage)
        #expect(env.error?.message.contains("--title") == true)
    }
}
