import DueDate
import Foundation
import IntentKit
import IntentTestSupport
@testable import Intents
import Store
import Testing

private let paris = TimeZone(identifier: "Europe/Paris")!
private let calendar = PackagePaths.fixture("demo/calendar.ics").path

private func context(_ home: TemporaryHome, at iso: String) -> RunContext {
    var ctx = home.context(now: ISO8601DateFormatter().date(from: iso)!, timeZone: paris, assumeYes: true)
    ctx.dates = DueDateResolver()
    return ctx
}

private func run<I: Intent>(_ type: I.Type, _ home: TemporaryHome, at iso: String, _ positional: [String] = [],
                            _ flags: [String: [String]] = [:]) async -> RunEnvelope {
    await IntentRunner().run(type, request: ParameterRequest(positional: positional, flags: flags), context: context(home, at: iso))
}

@Suite struct DailyBriefTests {
    @Test func aBriefFromCalendarRemindersAndThoughts() async throws {
        let home = TemporaryHome()
        let evening = "2026-11-29T19:00:00Z"
        _ = await run(CaptureThought.self, home, at: evening, ["buy a birthday present for Mira by saturday"])
        _ = await run(CaptureThought.self, home, at: evening, ["call the plumber tomorrow at 8am #home"])
        _ = await run(CreateReminder.self, home, at: evening, ["Call the plumber about the tap"], ["due": ["2026-11-27"]])
        _ = await run(CreateReminder.self, home, at: evening, ["Pay the electricity bill"], ["due": ["tomorrow"]])

        let env = await run(DailyBrief.self, home, at: "2026-11-30T07:00:00Z", [], ["calendar": [calendar]])
        #expect(env.status == .completed)
        let value = try #require(env.value).decode(DailyBriefValue.self)
        #expect(value.date == "2026-11-30")
        #expect(value.headline.count <= BriefRules.headlineLimit)
        #expect((3...5).contains(value.keyPoints.count))
        #expect(value.tasks.count <= 5)
        #expect(value.events.map(\.title) == ["Saint Andrew's day", "Team standup", "Lunch with Sam", "Quarterly review with Mira"])
        #expect(value.reminders.map(\.title).sorted() == ["Call the plumber about the tap", "Pay the electricity bill"])
        #expect(value.reminders.first { $0.title.hasPrefix("Call") }?.overdue == true)
        #expect(value.reminders.first { $0.title.hasPrefix("Pay") }?.overdue == false)
        // The plumber thought duplicates an open reminder: no task for it.
        #expect(!value.tasks.contains { $0.title.lowercased().contains("plumber") })
        #expect(value.tasks.contains { $0.title == "Buy a birthday present for Mira" && $0.due == "2026-12-05" })
        #expect(value.tasks.contains { $0.title == "Prepare for Quarterly review with Mira" && $0.source.hasPrefix("event:review@demo.intent") })
        for task in value.tasks { #expect(task.source.hasPrefix("thought:") || task.source.hasPrefix("event:")) }
        #expect(value.keyPoints.contains { $0.contains("Tomorrow starts with Flight to Berlin at 07:10") })
    }

    @Test func taskIdsAreStableAcrossRuns() async throws {
        let home = TemporaryHome()
        _ = await run(CaptureThought.self, home, at: "2026-11-29T19:00:00Z", ["email Sam the slides on tuesday"])
        let first = try #require(await run(DailyBrief.self, home, at: "2026-11-30T07:00:00Z").value).decode(DailyBriefValue.self)
        let again = try #require(await run(DailyBrief.self, TemporaryHome(), at: "2026-11-30T07:00:00Z").value).decode(DailyBriefValue.self)
        #expect(first.tasks.count == 1)
        #expect(again.tasks.isEmpty)
        let second = try #require(await run(DailyBrief.self, home, at: "2026-11-30T07:00:00Z").value).decode(DailyBriefValue.self)
        // The second brief only looks at thoughts since the first.
        #expect(second.thoughts.isEmpty || second.tasks.map(\.id) == first.tasks.map(\.id))
    }

    @Test func anEmptyHomeStillGetsAUsefulBrief() async throws {
        let env = await run(DailyBrief.self, TemporaryHome(), at: "2026-11-30T07:00:00Z")
        let value = try #require(env.value).decode(DailyBriefValue.self)
        #expect((3...5).contains(value.keyPoints.count))
        #expect(value.headline.contains("Monday 30 November"))
        #expect(value.tasks.isEmpty)
    }

    @Test func aMissingCalendarIsAnInvalidValue() async {
        let env = await run(DailyBrief.self, TemporaryHome(), at: "2026-11-30T07:00:00Z", [], ["calendar": ["/no/such.ics"]])
        #expect(env.exitCode == .dataError)
        #expect(env.error?.message.contains("--calendar") == true)
    }

    @Test func titlesAreCleaned() {
        let text = "todo: buy milk by friday #home"
        let range = text.range(of: "friday")
        #expect(BriefTasks.cleanTitle(text, removing: range) == "Buy milk")
        #expect(BriefTasks.similar(BriefTasks.words("Call the plumber about the tap"), BriefTasks.words("call the plumber")))
        #expect(!BriefTasks.similar(BriefTasks.words("call Mira"), BriefTasks.words("email Sam")))
    }
}

@Suite struct ListEventsTests {
    @Test func windowAndZone() async throws {
        let home = TemporaryHome()
        let env = await run(ListEvents.self, home, at: "2026-11-30T07:00:00Z", [],
                            ["calendar": [calendar], "from": ["2026-12-01"], "to": ["2026-12-02"]])
        let events = try #require(env.value?["events"]?.arrayValue)
        #expect(events.compactMap { $0["title"]?.stringValue } == ["Flight to Berlin", "Team standup"])
        #expect(events.first?["start"] == .string("2026-12-01T07:10:00+01:00"))
    }

    @Test func exdateAndCountAreHonoured() async throws {
        let home = TemporaryHome()
        // With only --from the window is unbounded after it (without both it is today + 7 days).
        let env = await run(ListEvents.self, home, at: "2026-11-30T07:00:00Z", [], ["calendar": [calendar], "from": ["2000-01-01"]])
        let titles = try #require(env.value?["events"]?.arrayValue).compactMap { $0["title"]?.stringValue }
        #expect(titles.filter { $0 == "Yoga" }.count == 6)
        let standups = try #require(env.value?["events"]?.arrayValue).filter { $0["title"] == .string("Team standup") }
        #expect(!standups.contains { $0["start"]?.stringValue?.hasPrefix("2026-12-04") == true })
    }

    @Test func toBeforeFromIsRejected() async {
        let env = await run(ListEvents.self, TemporaryHome(), at: "2026-11-30T07:00:00Z", [],
                            ["calendar": [calendar], "from": ["2026-12-05"], "to": ["2026-12-01"]])
        #expect(env.exitCode == .dataError)
    }
}
