import XCTest
@testable import Agenda

/// Examples from RFC 5545 §3.8.5.3, expanded in America/New_York.
final class RecurrenceRuleTests: XCTestCase {
    func testEveryOtherWeekMondayWednesdayFridayUntil() throws {
        let d = try AgendaFixtures.days(dtstart: "19970901T090000",
                                        rule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR")
        XCTAssertEqual(d.count, 25)
        XCTAssertEqual(d.first, "1997-09-01")
        XCTAssertEqual(d.last, "1997-12-22")
        XCTAssertTrue(d.contains("1997-10-31"))
    }

    func testMonthlyFirstFridayCount() throws {
        XCTAssertEqual(try AgendaFixtures.days(dtstart: "19970905T090000", rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR"),
                       ["1997-09-05", "1997-10-03", "1997-11-07", "1997-12-05", "1998-01-02",
                        "1998-02-06", "1998-03-06", "1998-04-03", "1998-05-01", "1998-06-05"])
    }

    func testSecondToLastMonday() throws {
        XCTAssertEqual(try AgendaFixtures.days(dtstart: "19970922T090000", rule: "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO"),
                       ["1997-09-22", "1997-10-20", "1997-11-17", "1997-12-22", "1998-01-19", "1998-02-16"])
    }

    func testNegativeMonthDay() throws {
        let d = try AgendaFixtures.days(dtstart: "19970928T090000", rule: "FREQ=MONTHLY;BYMONTHDAY=-3", limit: 6)
        XCTAssertEqual(d, ["1997-09-28", "1997-10-29", "1997-11-28", "1997-12-29", "1998-01-29", "1998-02-26"])
    }

    func testBySetPos() throws {
        XCTAssertEqual(try AgendaFixtures.days(dtstart: "19970904T090000", rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3"),
                       ["1997-09-04", "1997-10-07", "1997-11-06"])
        XCTAssertEqual(try AgendaFixtures.days(dtstart: "19970929T090000", rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", limit: 7),
                       ["1997-09-29", "1997-10-30", "1997-11-27", "1997-12-30", "1998-01-29", "1998-02-26", "1998-03-30"])
    }

    func testYearlyByMonthByDay() throws {
        XCTAssertEqual(try AgendaFixtures.days(dtstart: "19970313T090000", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", limit: 7),
                       ["1997-03-13", "1997-03-20", "1997-03-27", "1998-03-05", "1998-03-12", "1998-03-19", "1998-03-26"])
    }

    func testFridayThe13thWithExdate() throws {
        let d = try AgendaFixtures.days(dtstart: "19970902T090000", rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
                                        extra: ["EXDATE;TZID=America/New_York:19970902T090000"], limit: 5)
        XCTAssertEqual(d, ["1998-02-13", "1998-03-13", "1998-11-13", "1999-08-13", "2000-10-13"])
    }

    func testWeekNumberAndYearlyOrdinal() throws {
        XCTAssertEqual(try AgendaFixtures.days(dtstart: "19970512T090000", rule: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", limit: 3),
                       ["1997-05-12", "1998-05-11", "1999-05-17"])
        XCTAssertEqual(try AgendaFixtures.days(dtstart: "19970519T090000", rule: "FREQ=YEARLY;BYDAY=20MO", limit: 3),
                       ["1997-05-19", "1998-05-18", "1999-05-17"])
    }

    func testWeekStartChangesResult() throws {
        XCTAssertEqual(try AgendaFixtures.days(dtstart: "19970805T090000", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO"),
                       ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"])
        XCTAssertEqual(try AgendaFixtures.days(dtstart: "19970805T090000", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU"),
                       ["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"])
    }

    func testInvalidDatesAreSkippedNotRolledOver() throws {
        XCTAssertEqual(try AgendaFixtures.days(dtstart: "20070115T090000", rule: "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5"),
                       ["2007-01-15", "2007-01-30", "2007-02-15", "2007-03-15", "2007-03-30"])
        XCTAssertEqual(try AgendaFixtures.days(dtstart: "20240131T090000", rule: "FREQ=MONTHLY;COUNT=3"),
                       ["2024-01-31", "2024-03-31", "2024-05-31"])
    }

    func testRuleParsingErrors() {
        XCTAssertThrowsError(try RecurrenceRule.parse("FREQ=WEEKLY;UNTL=20191023"))
        XCTAssertThrowsError(try RecurrenceRule.parse("INTERVAL=2"))
        XCTAssertThrowsError(try RecurrenceRule.parse("FREQ=MONTHLY;BYMONTHDAY=32"))
        XCTAssertThrowsError(try RecurrenceRule.parse("FREQ=WEEKLY;BYDAY=XX"))
        XCTAssertNoThrow(try RecurrenceRule.parse("FREQ=DAILY\\;COUNT=10;X-NAME=1"))
        XCTAssertNil(try RecurrenceRule.parse("FREQ=WEEKLY;COUNT=-1").count)
    }

    func testInfiniteRuleIsCapped() throws {
        var config = CalendarConfig()
        config.maxOccurrencesPerSeries = 100
        let cal = try AgendaFixtures.parse(AgendaFixtures.calendar(AgendaFixtures.event(
            ["DTSTART:20200101T090000Z", "RRULE:FREQ=DAILY"])))
        XCTAssertEqual(occurrences(in: [cal], from: nil, to: nil, timeZone: AgendaFixtures.utc, config: config).count, 100)
        config.maxOccurrencesPerSeries = 100_000
        let all = occurrences(in: [cal], from: nil, to: nil, timeZone: AgendaFixtures.utc, config: config)
        XCTAssertEqual(all.count, config.unboundedHorizonDays)
    }
}
