import Foundation
import Testing
@testable import DueDate

/// Reference for these tests: Wednesday 2026-03-04 10:15 UTC.
private let wednesday = "2026-03-04T10:15:00"

@Suite struct PhraseFamilyTests {
    @Test(arguments: [
        ("today", "2026-03-04"), ("tomorrow", "2026-03-05"), ("yesterday", "2026-03-03"),
        ("tonight", "2026-03-04T21:00:00+00:00"), ("the day after tomorrow", "2026-03-06"),
        ("day before yesterday", "2026-03-02"), ("now", "2026-03-04T10:15:00+00:00"),
    ])
    func namedDays(_ phrase: String, _ expected: String) {
        #expect(resolve(phrase, at: wednesday) == expected)
    }

    @Test(arguments: [
        ("friday", "2026-03-06"), ("wednesday", "2026-03-11"), ("Fri.", "2026-03-06"),
        ("this friday", "2026-03-06"), ("this wednesday", "2026-03-04"),
        ("next friday", "2026-03-13"), ("next monday", "2026-03-09"), ("next wednesday", "2026-03-11"),
        ("last friday", "2026-02-27"), ("last wednesday", "2026-02-25"),
        ("friday after next", "2026-03-13"), ("tuesday of next week", "2026-03-10"),
        ("monday of this week", "2026-03-02"), ("last week's thursday", "2026-02-26"),
        ("2 fridays from now", "2026-03-13"),
    ])
    func weekdays(_ phrase: String, _ expected: String) {
        #expect(resolve(phrase, at: wednesday) == expected)
    }

    @Test(arguments: [
        ("in 3 days", "2026-03-07"), ("3 weeks from now", "2026-03-25"), ("2 days ago", "2026-03-02"),
        ("in 2 hours", "2026-03-04T12:15:00+00:00"), ("in 90 minutes", "2026-03-04T11:45:00+00:00"),
        ("in half an hour", "2026-03-04T10:45:00+00:00"), ("in 1.5 hours", "2026-03-04T11:45:00+00:00"),
        ("a fortnight from now", "2026-03-18"), ("in a month", "2026-04-04"), ("2 years ago", "2024-03-04"),
        ("5 weeks after tomorrow", "2026-04-09"), ("3 days before friday", "2026-03-03"),
        ("tomorrow +2h", "2026-03-05T12:15:00+00:00"), ("now - 30 minutes", "2026-03-04T09:45:00+00:00"),
        ("in 1 hour and 15 minutes", "2026-03-04T11:30:00+00:00"), ("in 45 seconds", "2026-03-04T10:15:45+00:00"),
    ])
    func offsets(_ phrase: String, _ expected: String) {
        #expect(resolve(phrase, at: wednesday) == expected)
    }

    @Test(arguments: [
        ("at 5pm", "2026-03-04T17:00:00+00:00"), ("17:30", "2026-03-04T17:30:00+00:00"),
        ("noon", "2026-03-04T12:00:00+00:00"), ("midnight", "2026-03-05T00:00:00+00:00"),
        ("5.30pm", "2026-03-04T17:30:00+00:00"), ("at 9", "2026-03-04T21:00:00+00:00"),
        ("at 7am", "2026-03-05T07:00:00+00:00"), ("9:05", "2026-03-04T21:05:00+00:00"),
        ("08:00", "2026-03-05T08:00:00+00:00"), ("half past four pm", "2026-03-04T16:30:00+00:00"),
        ("quarter to noon", "2026-03-04T11:45:00+00:00"), ("11:59:30 pm", "2026-03-04T23:59:30+00:00"),
        ("six thirty pm", "2026-03-04T18:30:00+00:00"), ("3pm UTC", "2026-03-04T15:00:00+00:00"),
        ("3pm CET", "2026-03-04T14:00:00+00:00"),
    ])
    func times(_ phrase: String, _ expected: String) {
        #expect(resolve(phrase, at: wednesday) == expected)
    }

    @Test(arguments: [
        ("March 3", "2027-03-03"), ("March 5", "2026-03-05"), ("3rd of march 2027", "2027-03-03"),
        ("mar 30", "2026-03-30"), ("April 1st, 2026", "2026-04-01"), ("1 April", "2026-04-01"),
        ("the fifth of may", "2026-05-05"), ("Dec. 24th '26", "2026-12-24"), ("Feb 29", "2028-02-29"),
        ("June", "2026-06-01"), ("in January", "2027-01-01"), ("October 2027", "2027-10-01"),
        ("Sunday, March 8", "2026-03-08"),
    ])
    func monthNames(_ phrase: String, _ expected: String) {
        #expect(resolve(phrase, at: wednesday) == expected)
    }

    @Test(arguments: [
        ("2026-04-01", "2026-04-01"), ("4/1/2026", "2026-04-01"), ("4/1", "2026-04-01"), ("4/1/26", "2026-04-01"),
        ("25/12/2026", "2026-12-25"), ("2026/4/1", "2026-04-01"), ("04.01.2026", "2026-04-01"),
        ("2026-04-01T09:30:00+02:00", "2026-04-01T07:30:00+00:00"), ("2026-04-01T09:30Z", "2026-04-01T09:30:00+00:00"),
        ("2026-04-01 18:45", "2026-04-01T18:45:00+00:00"), ("20260401", "2026-04-01"), ("2027", "2027-01-01"),
    ])
    func numericDates(_ phrase: String, _ expected: String) {
        #expect(resolve(phrase, at: wednesday) == expected)
    }

    @Test(arguments: [
        ("the 3rd", "2026-04-03"), ("the 4th", "2026-03-04"), ("on the 31st", "2026-03-31"),
        ("first tuesday of october", "2026-10-06"), ("last friday of march", "2026-03-27"),
        ("second monday in february", "2027-02-08"), ("the 15th of next month", "2026-04-15"),
        ("last day of february 2028", "2028-02-29"), ("third day of june", "2026-06-03"),
    ])
    func ordinals(_ phrase: String, _ expected: String) {
        #expect(resolve(phrase, at: wednesday) == expected)
    }

    @Test(arguments: [
        ("end of month", "2026-03-31"), ("eom", "2026-03-31"), ("by the end of the month", "2026-03-31"),
        ("end of next month", "2026-04-30"), ("eoy", "2026-12-31"), ("eod", "2026-03-04T17:00:00+00:00"),
        ("eod friday", "2026-03-06T17:00:00+00:00"), ("end of week", "2026-03-07"),
        ("next week", "2026-03-11"), ("next month", "2026-04-04"), ("next year", "2027-03-04"),
        ("this weekend", "2026-03-07"), ("next weekend", "2026-03-14"), ("start of next month", "2026-04-01"),
        ("christmas", "2026-12-25"), ("thanksgiving", "2026-11-26"),
    ])
    func periods(_ phrase: String, _ expected: String) {
        #expect(resolve(phrase, at: wednesday) == expected)
    }

    @Test(arguments: [
        ("tomorrow at 9", "2026-03-05T09:00:00+00:00"), ("tomorrow at 5", "2026-03-05T17:00:00+00:00"),
        ("next friday 14:00", "2026-03-13T14:00:00+00:00"), ("3pm tomorrow", "2026-03-05T15:00:00+00:00"),
        ("friday at noon", "2026-03-06T12:00:00+00:00"), ("tomorrow evening", "2026-03-05T18:00:00+00:00"),
        ("tonight at 11", "2026-03-04T23:00:00+00:00"), ("March 20 at 8:15am", "2026-03-20T08:15:00+00:00"),
        ("at 7:30 PM on Thu, Mar 12", "2026-03-12T19:30:00+00:00"), ("in 2 days at 6pm", "2026-03-06T18:00:00+00:00"),
        ("monday morning", "2026-03-09T06:00:00+00:00"), ("due by 4/2 at 5pm", "2026-04-02T17:00:00+00:00"),
    ])
    func combinations(_ phrase: String, _ expected: String) {
        #expect(resolve(phrase, at: wednesday) == expected)
    }

    @Test(arguments: [
        ("July 13-15", "2026-07-13"), ("from 13 to 15 July", "2026-07-13"), ("23rd to 26th Oct", "2026-10-23"),
        ("Aug 10 - Nov 12, 2027", "2027-08-10"), ("monday - friday", "2026-03-09"), ("4pm for 30 mins", "2026-03-04T16:00:00+00:00"),
        ("15h30", "2026-03-04T15:30:00+00:00"), ("9 tomorrow", "2026-03-05T09:00:00+00:00"), ("at 10:05", "2026-03-04T10:05:00+00:00"),
        ("09:00", "2026-03-05T09:00:00+00:00"), ("this summer", "2026-06-21"), ("next season", "2026-03-20"),
        ("upcoming two weeks", "2026-03-18"), ("next 2 weeks", "2026-03-18"), ("last 3 days", "2026-03-01"),
        ("third quarter", "2026-07-01"), ("2012/Aug/10", "2012-08-10"), ("09-JAN-2027", "2027-01-09"),
        ("3rd Feb 82", "1982-02-03"), ("05/31/2026-14:15", "2026-05-31T14:15:00+00:00"), ("easter 2027", "2027-03-28"),
        ("the week of april 8th", "2026-04-08"),
    ])
    func rangesSeasonsAndVariants(_ phrase: String, _ expected: String) {
        #expect(resolve(phrase, at: wednesday) == expected)
    }

    @Test func granularityAndSpans() throws {
        let p = parser(wednesday)
        let week = try p.parse("next week")
        #expect(week.granularity == .week)
        #expect(week.end.map { p.parse_iso($0) } == "2026-03-16")
        let month = try p.parse("in April")
        #expect(month.granularity == .month)
        #expect(month.end.map { p.parse_iso($0) } == "2026-05-01")
        #expect(try p.parse("2027").granularity == .year)
        #expect(try p.parse("tomorrow").granularity == .day)
        #expect(try p.parse("at 5pm").granularity == .hour)
        #expect(try p.parse("17:30").granularity == .minute)
        #expect(try p.parse("17:30:05").granularity == .second)
        #expect(try p.parse("at 5pm").hasTime)
        #expect(try !p.parse("friday").hasTime)
        let range = try p.parse("July 13-15")
        #expect(range.end.map { p.parse_iso($0) } == "2026-07-16")
        #expect(try p.parse("the week of april 8th").granularity == .week)
        let weekend = try p.parse("this weekend")
        #expect(weekend.end.map { p.parse_iso($0) } == "2026-03-09")
    }

    @Test func pastDatesResolve() {
        #expect(resolve("March 3 2020", at: wednesday) == "2020-03-03")
        #expect(resolve("last year", at: wednesday) == "2025-03-04")
        #expect(resolve("yesterday at 3pm", at: wednesday) == "2026-03-03T15:00:00+00:00")
    }
}

extension DueDateParser {
    /// Day of an instant in the parser's zone, for span assertions.
    func parse_iso(_ date: Date) -> String {
        ResolvedDate(start: date, granularity: .day).isoString(in: timeZone)
    }
}
