import DueDate
import Foundation
import IntentKit
import IntentTestSupport
@testable import Intents
import ModelTestSupport
import Routing
import Testing

private func briefContext(_ home: TemporaryHome, local: ScriptedModel) -> RunContext {
    var ctx = home.context(now: ISO8601DateFormatter().date(from: "2026-11-30T07:00:00Z")!,
                           timeZone: TimeZone(identifier: "Europe/Paris")!)
    ctx.dates = DueDateResolver()
    ctx.ladder = ModelLadder(cloud: nil, local: local, store: ctx.store, configuration: .unhurried, clock: { TestClock.reference })
    return ctx
}

private let calendar = PackagePaths.fixture("demo/calendar.ics").path

@Suite struct DailyBriefLadderTests {
    @Test func aLocalModelRephrasesAndUngroundedTasksAreDropped() async throws {
        let home = TemporaryHome()
        let local = ScriptedModel()
        local.enqueue(reply: """
            {"headline":"Busy Monday: review with Mira at 14:00","key_points":["Standup at 09:30","Lunch with Sam","Review at 14:00"],
             "tasks":[{"title":"Bring the Q4 numbers","due":"2026-11-30T14:00:00+01:00","source":"event:review@demo.intent@2026-11-30"},
                      {"title":"Book a holiday","due":null,"source":"event:review@demo.intent@2026-11-30"}]}
            """)
        let env = await IntentRunner().run(DailyBrief.self, request: ParameterRequest(flags: ["calendar": [calendar]]),
                                           context: briefContext(home, local: local))
        #expect(env.status == .completed)
        #expect(env.route?.completed == .local)
        #expect(env.receiptID != nil)
        let value = try #require(env.value).decode(DailyBriefValue.self)
        #expect(value.headline == "Busy Monday: review with Mira at 14:00")
        #expect(value.tasks.map(\.title) == ["Bring the Q4 numbers", "Book a holiday"])
        #expect(value.events.count == 4)
        #expect(local.callCount == 1)
    }

    @Test func invalidModelOutputFallsBackToTheDeterministicBrief() async throws {
        let home = TemporaryHome()
        let local = ScriptedModel()
        local.enqueue(reply: #"{"headline":"x","key_points":["only one"],"tasks":[]}"#)
        local.enqueue(reply: #"{"headline":"x","key_points":["only one"],"tasks":[]}"#)
        let env = await IntentRunner().run(DailyBrief.self, request: ParameterRequest(flags: ["calendar": [calendar]]),
                                           context: briefContext(home, local: local))
        #expect(env.status == .completed)
        #expect(env.route?.completed == .deterministic)
        #expect(env.route?.fallbackReason != nil)
        let value = try #require(env.value).decode(DailyBriefValue.self)
        #expect(value.headline.hasPrefix("Monday 30 November"))
    }

    @Test func pointsWithTimesOrTagsNotInTheFactsAreRejected() {
        let facts = "Team standup, 2026-11-30T09:30:00+01:00 to 2026-11-30T09:45:00+01:00\ncall Mira #family"
        #expect(BriefModel.grounded("Standup at 09:30, then call Mira #family", in: facts))
        #expect(!BriefModel.grounded("Thurday #work, 16:00 to 17:00", in: facts))
        #expect(!BriefModel.grounded("Lunch at 12:30", in: facts))
        #expect(BriefModel.grounded("3 events today", in: facts))
    }

    @Test func tasksFromUnknownSourcesOrWithImpossibleDatesAreRejected() throws {
        let facts = BriefFacts(day: Date(), dayEnd: Date(), now: TestClock.reference, timeZone: .gmt, events: [], nextMorning: [],
                               dueReminders: [], openReminders: [], thoughts: [])
        let draft = DailyBriefValue(date: "2026-11-30", headline: "h", keyPoints: ["a", "b", "c"], tasks: [], events: [],
                                    reminders: [], thoughts: [.init(id: "th_1", text: "call Mira", tags: [], due: nil)])
        let model = BriefModel(facts: facts, deterministic: draft, dates: DueDateResolver())
        let reply = JSONValue.parse(Data("""
            {"headline":"H","key_points":["a","b","c"],"tasks":[
              {"title":"Call Mira","due":"2026-02-30","source":"thought:th_1"},
              {"title":"Invented","due":null,"source":"thought:th_999"},
              {"title":"Call Mira today","due":"2026-11-30","source":"thought:th_1"}]}
            """.utf8))
        let value = try model.reconcile(reply)
        #expect(value.tasks.map(\.title) == ["Call Mira today"])
        #expect(throws: LadderRejection.self) { try model.reconcile(JSONValue.parse(Data(#"{"headline":""}"#.utf8))) }
    }

    @Test func theCompactFormOffersTheFactsAsChoicesAndNoTasksWithoutSources() throws {
        let facts = BriefFacts(day: Date(), dayEnd: Date(), now: TestClock.reference, timeZone: .gmt, events: [], nextMorning: [],
                               dueReminders: [], openReminders: [], thoughts: [])
        let draft = DailyBriefValue(date: "2026-11-30", headline: "Monday 30 November: a clear calendar",
                                    keyPoints: ["No events on the calendar today.", "No open reminders.", "No thoughts."],
                                    tasks: [], events: [], reminders: [], thoughts: [])
        let model = BriefModel(facts: facts, deterministic: draft, dates: DueDateResolver())
        let form = model.compactForm
        let schema = form.schema.schema
        #expect(schema.properties.map(\.name) == ["headline", "key_points"])
        let choices = try #require(schema.properties.last?.schema.items.first?.enumValues)
        #expect(choices == draft.keyPoints)
        #expect(form.maxTokens == CompactForm.replyTokens(for: schema))
        #expect(form.maxTokens < BriefModel.maxReplyTokens)
        // Chosen twice counts once; a compact reply is topped up from the deterministic points.
        let reply = JSONValue.parse(Data(#"{"headline":"A clear Monday","key_points":["No open reminders.","No open reminders.","No thoughts."]}"#.utf8))
        let value = try model.reconcile(reply, compact: true)
        #expect(value.keyPoints == ["No open reminders.", "No thoughts.", "No events on the calendar today."])
        #expect(throws: LadderRejection(rule: "key-points-count")) { try model.reconcile(reply) }
        let invented = JSONValue.parse(Data(#"{"headline":"Monday 2021-12-31","key_points":["No open reminders.","No thoughts.","x"]}"#.utf8))
        #expect(throws: LadderRejection(rule: "point-not-grounded")) { try model.reconcile(invented, compact: true) }
    }

    @Test func theCompactFormLetsTasksCiteOnlyEventsAndThoughts() throws {
        let facts = BriefFacts(day: Date(), dayEnd: Date(), now: TestClock.reference, timeZone: .gmt, events: [], nextMorning: [],
                               dueReminders: [], openReminders: [], thoughts: [])
        let draft = DailyBriefValue(date: "2026-11-30", headline: "h", keyPoints: ["a", "b", "c"], tasks: [], events: [],
                                    reminders: [.init(id: "r1", title: "pay rent", due: "2026-11-30", list: "todo", overdue: false)],
                                    thoughts: [.init(id: "th_1", text: "call Mira", tags: [], due: nil)])
        let schema = BriefModel(facts: facts, deterministic: draft, dates: DueDateResolver()).compactSchema.schema
        let task = try #require(schema.properties.first { $0.name == "tasks" }?.schema.items.first)
        #expect(task.properties.first { $0.name == "source" }?.schema.enumValues == ["thought:th_1"])
        let choices = try #require(schema.properties.first { $0.name == "key_points" }?.schema.items.first?.enumValues)
        #expect(choices == ["a", "b", "c", "Due: pay rent", "Thought: call Mira"])
    }
}
