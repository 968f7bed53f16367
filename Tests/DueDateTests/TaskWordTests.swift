import Foundation
import Testing
@testable import DueDate

/// Free text: names and numbers that belong to the task, and misspelt day words.
@Suite struct TaskWordTests {
    /// Wednesday 2026-03-04 10:15 UTC.
    private let p = parser("2026-03-04T10:15:00")

    private func found(_ text: String) -> (String, String)? {
        guard let (range, date) = p.find(in: text) else { return nil }
        return (String(text[range]), date.isoString(in: p.timeZone))
    }

    @Test(arguments: [
        ("wensday", "wednesday"), ("wendsday", "wednesday"), ("thrusday", "thursday"), ("thusday", "thursday"),
        ("fridya", "friday"), ("saterday", "saturday"), ("tomorw", "tomorrow"), ("tomorrw", "tomorrow"), ("tommorrow", "tomorrow"),
    ])
    func misspeltDayWordsAreCorrected(_ typed: String, _ meant: String) {
        #expect(Lexicon.corrected(typed) == meant)
    }

    @Test(arguments: ["friday", "today", "tonight", "midday", "mayday", "birthday", "payday", "weekday", "wedding",
                      "sundae", "tomato", "towards", "monkey", "wed", "sat"])
    func wordsThatAreNotMisspeltDaysStay(_ word: String) {
        #expect(Lexicon.corrected(word) == nil, "corrected \(word)")
    }

    @Test func aMisspeltWeekdayInTextIsThatWeekday() {
        #expect(found("pay the window cleaner on wensday")! == ("wensday", "2026-03-11"))
        #expect(found("call the garage thrusday at 10am")! == ("thrusday at 10am", "2026-03-05T10:00:00+00:00"))
        #expect(found("renew the permit tomorrw")! == ("tomorrw", "2026-03-05"))
        #expect(resolve("next wensday", at: "2026-03-04T10:15:00") == "2026-03-11")
    }

    @Test(arguments: ["book flights for the june wedding", "meet April for coffee", "ask August about the lease",
                      "plan the july barbecue", "the october newsletter is late"])
    func aMonthNameWithoutDayOrTimeWordIsPartOfTheTask(_ text: String) {
        #expect(found(text) == nil, "fired on \(text)")
    }

    @Test func aMonthNameAfterATimeWordOrOnItsOwnIsAMonth() {
        #expect(found("renew the passport by june")! == ("june", "2026-06-01"))
        #expect(found("taxes due in May")! == ("in May", "2026-05-01"))
        #expect(found("June: book flights")! == ("June", "2026-06-01"))
        #expect(found("meet April for coffee on june 3")! == ("june 3", "2026-06-03"))
        #expect(found("visit grandma next august")! == ("next august", "2026-08-01"))
        #expect(found("start the diet starting june")! == ("june", "2026-06-01"))
    }

    @Test(arguments: ["buy christmas presents", "send the christmas cards", "find a halloween costume", "order the thanksgiving turkey"])
    func aHolidayBeforeANounIsPartOfTheTask(_ text: String) {
        #expect(found(text) == nil, "fired on \(text)")
    }

    @Test func aHolidayAfterATimeWordOrBeforeAClauseIsADay() {
        #expect(found("send the christmas cards before 24 december")! == ("24 december", "2026-12-24"))
        #expect(found("send cards for christmas")! == ("christmas", "2026-12-25"))
        #expect(found("call grandma on christmas eve")! == ("christmas eve", "2026-12-24"))
        #expect(found("christmas shopping on saturday")! == ("saturday", "2026-03-07"))
        #expect(found("halloween, carve the pumpkin")! == ("halloween", "2026-10-31"))
        #expect(found("christmas to see grandma")! == ("christmas", "2026-12-25"))
    }

    @Test func aNumberAfterALabelWordIsNotAnHour() {
        #expect(found("read chapter 3 tonight")! == ("tonight", "2026-03-04T21:00:00+00:00"))
        #expect(found("clean room 4 tonight")! == ("tonight", "2026-03-04T21:00:00+00:00"))
        #expect(found("board flight 5 at 17:30")! == ("at 17:30", "2026-03-04T17:30:00+00:00"))
        #expect(found("take the bus 7pm")! == ("7pm", "2026-03-04T19:00:00+00:00"))
        #expect(found("call mom 8 tonight")! == ("8 tonight", "2026-03-04T20:00:00+00:00"))
    }
}
