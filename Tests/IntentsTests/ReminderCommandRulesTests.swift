import Foundation
import DueDate
import IntentKit
import IntentTestSupport
@testable import Intents
import Routing
import Testing

/// The per-command grammar, the deterministic title rules and each reconciler rule, passing and failing.
@Suite struct ReminderCommandRulesTests {
    /// Monday 2026-11-30 09:00 in Berlin.
    static let now = TestClock.date("2026-11-30T08:00:00Z")

    func command(_ text: String) -> ReminderCommand {
        var ctx = TemporaryHome().context(now: Self.now, timeZone: TimeZone(identifier: "Europe/Berlin")!)
        ctx.dates = DueDateResolver()
        return ReminderCommand(text: text, context: ctx)
    }

    func rule(_ text: String, _ reply: String) -> String? {
        let json = JSONValue.parse(Data(reply.utf8))
        do { _ = try command(text).check(json); return nil } catch let r as LadderRejection { return r.rule } catch { return "other" }
    }

    @Test(arguments: [
        ("pay the rent on the 1st", "Pay the rent", "2026-12-01"),
        ("cancel the gym membership on 2026-12-20", "Cancel the gym membership", "2026-12-20"),
        ("remind me to call Mira friday at 5pm", "Call Mira", "2026-12-04T17:00:00+01:00"),
        ("dont forget to set a reminder to pay the bills", "Pay the bills", nil),
        ("i need to take out the trash please remind me", "Take out the trash", nil),
        ("add farm trip to my calendar for friday", "Farm trip", "2026-12-04"),
        ("set up a reminder so i don't forget the baby shower this weekend", "The baby shower", "2026-12-05"),
        ("make me a reminder that tommorow is trash day", "Trash day", "2026-12-01"),
        ("tell me later to call bill", "Call bill", nil),
        // "add" before an entry goes; other verbs stay
        ("add a dentist visit for monday at 3pm", "A dentist visit", "2026-12-07T15:00:00+01:00"),
        ("add my sister's graduation on friday", "My sister's graduation", "2026-12-04"),
        ("add milk to the shopping list", "Milk", nil),
        ("schedule the boiler service for friday", "Schedule the boiler service", "2026-12-04"),
        // a meal after "for" is what the thing is for; "at lunch" is a time
        ("reserve a table for lunch on thursday at 1pm", "Reserve a table for lunch", "2026-12-03T13:00:00+01:00"),
        ("phone the bank at lunch tomorrow", "Phone the bank", "2026-12-01T12:00:00+01:00"),
        // a part of the day already past today is tomorrow's (09:00 now, mornings at 06:00)
        ("water the plants in the morning", "Water the plants", "2026-12-01T06:00:00+01:00"),
        ("water the plants in the evening", "Water the plants", "2026-11-30T18:00:00+01:00"),
        // "add" before a bare entry goes; with a destination or a particle the adding is the task
        ("add call with the bank on thursday at 11", "Call with the bank", "2026-12-03T11:00:00+01:00"),
        ("add dentist appointment on 12/14", "Dentist appointment", "2026-12-14"),
        ("add salt to the soup", "Add salt to the soup", nil),
        ("add up the receipts tonight", "Add up the receipts", "2026-11-30T21:00:00+01:00"),
        // a day and a time apart are one due date, in either order
        ("Friday: vet at 3", "Vet", "2026-12-04T15:00:00+01:00"),
        ("tomorrow call mom at 5", "Call mom", "2026-12-01T17:00:00+01:00"),
        ("at 9 water the plants on saturday", "Water the plants", "2026-12-05T09:00:00+01:00"),
        ("next week ask Bo at 5", "Ask Bo", "2026-12-07"),
        // names and numbers of the task are not dates; misspelt weekdays are weekdays
        ("read chapter 3 tonight", "Read chapter 3", "2026-11-30T21:00:00+01:00"),
        ("meet April for coffee tomorrow", "Meet April for coffee", "2026-12-01"),
        ("book flights for the june wedding", "Book flights for the june wedding", nil),
        ("send the christmas cards before 24 december", "Send the christmas cards", "2026-12-24"),
        ("pay the window cleaner on wensday", "Pay the window cleaner", "2026-12-02"),
    ] as [(String, String, String?)])
    func deterministicTitlesLoseTheFrameAndTheWholeDatePhrase(_ text: String, _ title: String, _ due: String?) {
        let parsed = command(text).deterministic()
        #expect(parsed.title == title)
        #expect(parsed.due?.iso == due)
    }

    @Test func theGrammarOffersOnlySpansOfTheCommandAndItsDatePhrases() throws {
        let c = command("pay the rent on the 1st")
        #expect(c.titleSpans.contains("pay the rent"))
        #expect(c.titleSpans.contains("the rent"))
        #expect(!c.titleSpans.contains { $0.contains("1st") || $0.hasSuffix(" on") })
        #expect(c.duePhrases.count == 1)
        let schema = c.grammar().schema
        let title = try #require(schema.properties.first { $0.name == "title" }?.schema)
        #expect(title.enumValues == c.titleSpans)
        let due = try #require(schema.properties.first { $0.name == "due" }?.schema)
        #expect(due.enumValues == c.duePhrases)
        #expect(due.types.contains(.null))
        // No date phrase: no due to choose.
        #expect(!command("buy milk").grammar().schema.properties.contains { $0.name == "due" })
    }

    @Test func aSpanMayCrossTheRemovedDatePhrase() {
        let c = command("call mom tomorrow about the taxes")
        #expect(c.titleSpans.contains("call mom about the taxes"))
        #expect(rule("call mom tomorrow about the taxes", #"{"title":"call mom about the taxes","due":"tomorrow"}"#) == nil)
    }

    @Test func acceptedAnswersAreSpansWithTheActionAndAnOfferedDue() throws {
        let c = command("please remind me to call Mira friday at 5pm")
        #expect(c.duePhrases == ["friday at 5pm"])
        let parsed = try c.check(JSONValue.parse(Data(#"{"title":"remind me to call Mira","due":"friday at 5pm"}"#.utf8)))
        #expect(parsed.title == "Call Mira")
        #expect(parsed.due?.iso == "2026-12-04T17:00:00+01:00")
        #expect(rule("pay the rent on the 1st", #"{"title":"pay the rent","due":null}"#) == nil)
    }

    @Test func eitherPartOfADayAndATimeApartCarriesTheJoinedDate() throws {
        let c = command("Friday: vet at 3")
        #expect(c.duePhrases == ["Friday", "at 3"])
        for due in c.duePhrases {
            let parsed = try c.check(JSONValue.parse(Data(#"{"title":"vet","due":"\#(due)"}"#.utf8)))
            #expect(parsed.due?.iso == "2026-12-04T15:00:00+01:00")
        }
    }

    @Test func commandNotJSON() {
        #expect(rule("pay the rent on the 1st", #"{"due":"on the 1st"}"#) == "command-not-json")
        #expect(rule("pay the rent on the 1st", #"{"title":"  "}"#) == "command-not-json")
    }

    @Test func titleNotASpan() {
        #expect(rule("call Mira friday at 5pm", #"{"title":"call Mira about the contract"}"#) == "title-not-a-span")
        #expect(rule("call Mira friday at 5pm", #"{"title":"Mira call"}"#) == "title-not-a-span")
        #expect(rule("call Mira friday at 5pm", #"{"title":"call Mira friday"}"#) == "title-not-a-span")
        #expect(rule("call Mira friday at 5pm", #"{"title":"Call Mira"}"#) == nil)
    }

    @Test func titleDropsAction() {
        // "The 1st"-style answers lose the verb; "pay" alone loses the object.
        #expect(rule("pay the rent on the 1st", #"{"title":"the rent"}"#) == "title-drops-action")
        #expect(rule("pay the rent on the 1st", #"{"title":"pay"}"#) == "title-drops-action")
        #expect(rule("pay the rent on the 1st", #"{"title":"remind"}"#) == "title-not-a-span")
        #expect(rule("remind me to renew the passport", #"{"title":"remind me to"}"#) == "title-drops-action")
        #expect(rule("remind me to renew the passport", #"{"title":"renew the passport"}"#) == nil)
    }

    @Test func titleKeepsRequestWords() {
        // A span that starts before the parser's verb carries the request's words with it.
        #expect(rule("remind me to set the meat out to defrost", #"{"title":"me to set the meat out to defrost"}"#)
                == "title-keeps-request-words")
        #expect(rule("please remember to water the plants", #"{"title":"to water the plants"}"#) == nil, "a leading 'to' is the parser's to drop")
        #expect(rule("remind me to set the meat out to defrost", #"{"title":"set the meat out to defrost"}"#) == nil)
    }

    @Test func titleIsDate() {
        // "every friday" is a recurrence the parser leaves in the text; "friday" alone is a date.
        #expect(rule("call mom every friday", #"{"title":"friday"}"#) == "title-is-date")
        #expect(rule("call mom every friday", #"{"title":"every friday"}"#) == "title-is-date")
    }

    @Test func titleHasDateWords() {
        #expect(rule("call mom every friday", #"{"title":"call mom every friday"}"#) == "title-has-date-words")
        #expect(rule("call mom every friday", #"{"title":"call mom"}"#) == nil)
        #expect(ReminderCommand.isDateWord("2026-12-20"))
        #expect(ReminderCommand.isDateWord("5pm"))
        #expect(ReminderCommand.isDateWord("1st"))
        #expect(!ReminderCommand.isDateWord("rent"))
        #expect(!ReminderCommand.isDateWord("may"))
    }

    @Test func dueNotOffered() {
        #expect(rule("call Mira friday at 5pm", #"{"title":"call Mira","due":"saturday"}"#) == "due-not-offered")
        #expect(rule("call Mira", #"{"title":"call Mira","due":"tomorrow"}"#) == "due-not-offered")
        #expect(rule("call Mira", #"{"title":"call Mira","due":null}"#) == nil)
    }
}
