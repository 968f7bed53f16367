import DueDate
import Foundation
import IntentKit
import IntentTestSupport
@testable import Intents
import Testing

private func run(_ home: TemporaryHome, _ flags: [String: [String]], positional: [String] = [], yes: Bool = true,
                 dryRun: Bool = false, presence: Presence = .headless, answers: [String] = [], tz: String = "UTC") async -> RunEnvelope {
    var ctx = home.context(timeZone: TimeZone(identifier: tz)!, presence: presence, assumeYes: yes, dryRun: dryRun,
                           terminal: ScriptedTerminal(answers: answers))
    ctx.dates = DueDateResolver()
    return await IntentRunner().run(CreateReminder.self, request: ParameterRequest(positional: positional, flags: flags), context: ctx)
}

@Suite struct CreateReminderTests {
    @Test func dayOnlyDueIsADateAndTimedDueHasAnOffset() async throws {
        let home = TemporaryHome()
        let day = await run(home, ["due": ["tomorrow"]], positional: ["renew", "passport"])
        #expect(day.value?["due"] == .string("2026-12-01"))
        #expect(day.value?["title"] == .string("renew passport"))
        let timed = await run(home, ["title": ["call Mira"], "due": ["friday 5pm"]], tz: "America/New_York")
        #expect(timed.value?["due"] == .string("2026-12-04T17:00:00-05:00"))
        #expect(try home.store().reminderCount() == 2)
    }

    @Test func headlessWithoutYesWritesNothing() async throws {
        let home = TemporaryHome()
        let env = await run(home, ["title": ["t"]], yes: false)
        #expect(env.exitCode == .notPermitted)
        #expect(env.status == .needsConfirmation)
        #expect(try home.store().reminderCount() == 0)
    }

    @Test func interactiveDeclineWritesNothing() async throws {
        let home = TemporaryHome()
        let env = await run(home, ["title": ["t"], "due": ["2026-12-24"]], yes: false, presence: .interactive, answers: ["n"])
        #expect(env.status == .denied)
        #expect(try home.store().reminderCount() == 0)
        let accepted = await run(home, ["title": ["t"]], yes: false, presence: .interactive, answers: ["yes"])
        #expect(accepted.status == .completed)
        #expect(try home.store().reminderCount() == 1)
    }

    @Test func invalidDueIsRejectedWithoutWriting() async throws {
        let home = TemporaryHome()
        for bad in ["2026-02-30", "June 31", "25:12", "not a date at all"] {
            let env = await run(home, ["title": ["t"], "due": [bad]])
            #expect(env.exitCode == .dataError, "\(bad)")
            #expect(env.error?.message.contains("--due") == true)
        }
        #expect(try home.store().reminderCount() == 0)
    }

    @Test func dryRunShowsTheResolvedReminder() async throws {
        let home = TemporaryHome()
        let env = await run(home, ["title": ["t"], "due": ["in 3 days"], "list": ["Work"]], dryRun: true)
        #expect(env.status == .dryRun)
        #expect(env.value?["due"] == .string("2026-12-03"))
        #expect(env.value?["list"] == .string("Work"))
        #expect(env.dialog.contains("Thu 3 Dec 2026"))
        #expect(try home.store().reminderCount() == 0)
    }

    @Test func pastDueWarnsButIsAccepted() async throws {
        let home = TemporaryHome()
        let log = RecordingLog()
        var ctx = home.context(assumeYes: true, log: log)
        ctx.dates = DueDateResolver()
        let env = await IntentRunner().run(CreateReminder.self, request: ParameterRequest(flags: ["title": ["t"], "due": ["2020-01-01"]]), context: ctx)
        #expect(env.status == .completed)
        #expect(log.messages.contains { $0.contains("past") })
    }
}
