import Foundation
@testable import DueDate
import Testing

/// Phrases people type at a shell: an hour after a day, day-first numeric dates, impossible
/// dates inside free text.
@Suite struct TypedPhraseTests {
    @Test(arguments: [
        ("tomorrow 9", "2013-02-13T09:00:00+00:00"),
        ("sunday 10", "2013-02-17T10:00:00+00:00"),
        ("next friday 14", "2013-02-22T14:00:00+00:00"),
        ("friday 5", "2013-02-15T17:00:00+00:00"),
        ("tonight 11", "2013-02-12T23:00:00+00:00"),
        ("tomorrow 9, please", "2013-02-13T09:00:00+00:00"),
    ])
    func anHourAfterADay(_ phrase: String, _ expected: String) {
        #expect(resolve(phrase, at: tuesday) == expected)
    }

    @Test func aCountAfterADayIsNotAnHour() {
        #expect(parser(tuesday).find(in: "order friday 5 boxes")?.date.hasTime == false)
        #expect(resolve("friday 5/3", at: tuesday) != "2013-02-15T17:00:00+00:00")
    }

    @Test func dayFirstOrder() {
        let zone = TimeZone(identifier: "UTC")!
        let now = DateEval.wallClock(tuesday)!.instant(in: zone)
        let dayFirst = DueDateParser(now: now, timeZone: zone, configuration: DueDateConfiguration(dayFirst: true))
        #expect((try? dayFirst.parse("3/4"))?.isoString(in: zone) == "2013-04-03")
        #expect((try? dayFirst.parse("4/3/2014"))?.isoString(in: zone) == "2014-03-04")
        #expect((try? dayFirst.parse("3/25/2014"))?.isoString(in: zone) == "2014-03-25")  // only month-first exists
        #expect((try? dayFirst.parse("2014-03-04"))?.isoString(in: zone) == "2014-03-04")  // ISO is never reordered
        #expect(resolve("3/4", at: tuesday) == "2013-03-04")
        #expect(throws: DueDateError.self) { try dayFirst.parse("31/2") }
    }

    @Test func impossibleDatesInFreeText() {
        let p = parser(tuesday)
        #expect(p.impossibleDate(in: "pay rent on Feb 30") != nil)
        #expect(p.impossibleDate(in: "party on June 31st") != nil)
        #expect(p.impossibleDate(in: "split the bill 50/50") == nil)
        #expect(p.impossibleDate(in: "call mom tomorrow at 5") == nil)
        #expect(p.impossibleDate(in: "version 13/2 of the spec") == nil)
    }
}
