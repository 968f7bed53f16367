import DueDate
import Foundation
import IntentKit
import IntentTestSupport
@testable import Intents
import Store
import Testing

/// ListReminders and CompleteReminder on the built-in store, through the runner.
@Suite struct ReminderIntentsTests {
    private func run<I: Intent>(_ type: I.Type, _ home: TemporaryHome, _ flags: [String: [String]] = [:],
                                positional: [String] = [], yes: Bool = true) async -> RunEnvelope {
        var ctx = home.context(assumeYes: yes)
        ctx.dates = DueDateResolver()
        return await IntentRunner().run(type, request: ParameterRequest(positional: positional, flags: flags), context: ctx)
    }

    private func seeded() async -> TemporaryHome {
        let home = TemporaryHome()
        _ = await run(CreateReminder.self, home, ["title": ["renew passport"], "due": ["2026-12-10"]])
        _ = await run(CreateReminder.self, home, ["title": ["call Mira"], "due": ["2026-12-02"], "list": ["Work"]])
        _ = await run(CreateReminder.self, home, ["title": ["buy stamps"]])
        return home
    }

    private func titles(_ env: RunEnvelope) -> [String] {
        env.value?["reminders"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    }

    @Test func listsOpenRemindersSoonestDueFirstWithFiltersAndLimit() async throws {
        let home = await seeded()
        let all = await run(ListReminders.self, home)
        #expect(all.exitCode == .success)
        #expect(titles(all) == ["call Mira", "renew passport", "buy stamps"])
        #expect(titles(await run(ListReminders.self, home, ["list": ["Work"]])) == ["call Mira"])
        let limited = await run(ListReminders.self, home, ["limit": ["1"]])
        #expect(titles(limited) == ["call Mira"])
        #expect(limited.dialog.contains("first 1 of 3"))
        let bad = await run(ListReminders.self, home, ["limit": ["0"]])
        #expect(bad.exitCode == .dataError)
    }

    @Test func completesByTitleThenListsItOnlyWithIncludeCompleted() async throws {
        let home = await seeded()
        let done = await run(CompleteReminder.self, home, positional: ["passport"])
        #expect(done.exitCode == .success, "\(done.error?.message ?? "")")
        #expect(done.value?["title"] == .string("renew passport"))
        #expect(done.value?["completed_at"] == .string(StoreTime.string(TestClock.reference)))
        #expect(titles(await run(ListReminders.self, home)) == ["call Mira", "buy stamps"])
        let everything = await run(ListReminders.self, home, ["include_completed": ["true"]])
        #expect(Set(titles(everything)) == ["call Mira", "renew passport", "buy stamps"])
        let again = await run(CompleteReminder.self, home, positional: ["renew passport"])
        #expect(again.exitCode == .dataError)
        #expect(again.error?.message.contains("already completed") == true)
    }

    @Test func completesByHandleAndRefusesHeadlessWithoutYes() async throws {
        let home = await seeded()
        let listed = await run(ListReminders.self, home)
        let handle = try #require(listed.value?["reminders"]?.arrayValue?.first?["handle"]?.stringValue)
        let refused = await run(CompleteReminder.self, home, positional: [handle], yes: false)
        #expect(refused.exitCode == .notPermitted)
        #expect(titles(await run(ListReminders.self, home)).count == 3, "nothing written without --yes")
        let done = await run(CompleteReminder.self, home, positional: [handle])
        #expect(done.value?["title"] == .string("call Mira"))
        let missing = await run(CompleteReminder.self, home, positional: ["no such reminder"])
        #expect(missing.exitCode == .dataError)
    }
}
