import Primitives
import XCTest
@testable import Agenda

final class ICalendarReaderTests: XCTestCase {
    typealias F = AgendaFixtures

    func testUnfoldingEscapingParametersBOMAndLineEnds() throws {
        let text = "\u{FEFF}BEGIN:VCALENDAR\nVERSION:2.0\r\nBEGIN:VEVENT\rUID:u1\r\n"
            + "SUMMARY:Lunch\\, then a walk\\; with \\\\ and\\nnew line\r\n"
            + "DESCRIPTION:folded over two\r\n  lines and\r\n\tone more\r\n"
            + "LOCATION;ALTREP=\"cid:a;b,c\":Room 1\r\n"
            + "DTSTART;TZID=\"America/New_York\":20240102T090000\r\nEND:VEVENT\r\nEND:VCALENDAR"
        let cal = try ICalendarParser.parse(Data(text.utf8), fileName: "t.ics", mode: .strict)
        let e = try XCTUnwrap(cal.events.first)
        XCTAssertEqual(e.summary, "Lunch, then a walk; with \\ and\nnew line")
        XCTAssertEqual(e.description, "folded over two lines andone more")
        XCTAssertEqual(e.location, "Room 1")
        let loc = try XCTUnwrap(cal.components.first?.first("LOCATION"))
        XCTAssertEqual(loc.parameter("ALTREP"), "cid:a;b,c")
        let o = try XCTUnwrap(occurrences(in: [cal], from: nil, to: nil, timeZone: F.utc).first)
        XCTAssertEqual(o.startString(fallback: F.utc), "2024-01-02T09:00:00-05:00")
        XCTAssertEqual(o.timeZoneID, "America/New_York")
    }

    func testParameterListValues() {
        let line = LogicalLine(text: "ATTENDEE;MEMBER=\"mailto:a@x\",\"mailto:b@x\";ROLE=CHAIR:mailto:c@x", line: 3)
        guard case .success(let cl) = ContentLineLexer.parse(line) else { return XCTFail("did not parse") }
        XCTAssertEqual(cl.parameterValues("MEMBER"), ["mailto:a@x", "mailto:b@x"])
        XCTAssertEqual(cl.parameter("role"), "CHAIR")
        XCTAssertEqual(cl.value, "mailto:c@x")
    }

    func testStrictModeNamesFileAndLine() {
        let data = F.calendar(F.event(["DTSTART:20240230T090000Z"]))
        XCTAssertThrowsError(try F.parse(data, mode: .strict)) { error in
            let e = error as? ICalendarError
            XCTAssertEqual(e?.issue?.line, 7)
            XCTAssertEqual(e?.issue?.property, "DTSTART")
            XCTAssertTrue(e?.description.hasPrefix("test.ics:7: DTSTART:") ?? false, "\(String(describing: e))")
        }
    }

    func testTolerantModeKeepsGoodEventsAndReportsBadProperty() throws {
        let data = F.calendar(F.event(["DTSTART:20240101T090000Z", "SUMMARY:good"], uid: "a")
            + F.event(["DTSTART:20240102T090000Z", "DURATION:PXYZ", "SUMMARY:bad duration"], uid: "b")
            + F.event(["DTSTART:2024", "SUMMARY:bad start"], uid: "c")
            + ["JUNK LINE WITHOUT COLON"])
        let cal = try F.parse(data)
        XCTAssertEqual(cal.events.count, 3)
        XCTAssertEqual(Set(cal.issues.compactMap(\.property)), ["DURATION", "DTSTART"])
        XCTAssertTrue(cal.issues.contains { $0.message.contains("outside any component") })
        let titles = occurrences(in: [cal], from: nil, to: nil, timeZone: F.utc).map(\.title)
        XCTAssertEqual(titles, ["good", "bad duration"])
        XCTAssertThrowsError(try F.parse(data, mode: .strict))
    }

    func testErrorsNeverQuoteContent() {
        let secret = "TOPSECRETVALUE"
        let data = F.calendar(F.event(["DTSTART:\(secret)", "RRULE:FREQ=\(secret)", "\(secret) no colon"]))
        let cal = try? F.parse(data)
        XCTAssertFalse((cal?.issues ?? []).contains { $0.description.contains(secret) })
        XCTAssertThrowsError(try F.parse(data, mode: .strict)) { XCTAssertFalse("\($0)".contains(secret)) }
    }

    func testNotACalendarAndUnterminated() throws {
        XCTAssertThrowsError(try ICalendarParser.parse(Data("hello".utf8), fileName: "x.ics"))
        XCTAssertThrowsError(try ICalendarParser.parse(Data(), fileName: "x.ics"))
        let cut = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:1\nDTSTART:20240101T090000Z\n"
        XCTAssertThrowsError(try ICalendarParser.parse(Data(cut.utf8), fileName: "x.ics", mode: .strict))
        let cal = try ICalendarParser.parse(Data(cut.utf8), fileName: "x.ics")
        XCTAssertEqual(occurrences(in: [cal], from: nil, to: nil, timeZone: F.utc).count, 1)
    }

    func testUnknownTZIDFallsBackToXWRTimezoneOrFloating() throws {
        let ev = F.event(["DTSTART;TZID=Mars/Olympus_Mons:20240102T090000"])
        let withDefault = try F.parse(F.calendar(ev, header: ["X-WR-TIMEZONE:Europe/Berlin"]))
        XCTAssertTrue(withDefault.issues.contains { $0.property == "TZID" })
        let a = try XCTUnwrap(occurrences(in: [withDefault], from: nil, to: nil, timeZone: F.utc).first)
        XCTAssertEqual(a.startString(fallback: F.utc), "2024-01-02T09:00:00+01:00")
        let floating = try F.parse(F.calendar(ev))
        XCTAssertTrue(floating.issues.contains { $0.property == "TZID" })
        let b = try XCTUnwrap(occurrences(in: [floating], from: nil, to: nil, timeZone: F.newYork).first)
        XCTAssertTrue(b.floating)
        XCTAssertEqual(b.startString(fallback: F.newYork), "2024-01-02T09:00:00-05:00")
    }

    func testWindowsAndPrefixedZoneNames() throws {
        let cal = try F.parse(F.calendar(
            F.event(["DTSTART;TZID=W. Europe Standard Time:20240702T090000"], uid: "w")
            + F.event(["DTSTART;TZID=/mozilla.org/20050126_1/America/New_York:20240702T090000"], uid: "m")
            + F.event(["DTSTART;TZID=\"(UTC+10:00) Canberra, Melbourne, Sydney\":20240702T090000"], uid: "c")))
        let byUID = Dictionary(uniqueKeysWithValues: occurrences(in: [cal], from: nil, to: nil, timeZone: F.utc)
            .map { ($0.uid, $0.startString(fallback: F.utc)) })
        XCTAssertEqual(byUID["w"], "2024-07-02T09:00:00+02:00")
        XCTAssertEqual(byUID["m"], "2024-07-02T09:00:00-04:00")
        XCTAssertEqual(byUID["c"], "2024-07-02T09:00:00+10:00")
        XCTAssertTrue(cal.issues.isEmpty)
    }

    func testDSTKeepsWallClockAndNonexistentTimeMovesForward() throws {
        let cal = try F.parse(F.calendar(F.event(["DTSTART;TZID=Europe/Berlin:20240329T023000", "RRULE:FREQ=DAILY;COUNT=3"])))
        let starts = occurrences(in: [cal], from: nil, to: nil, timeZone: F.berlin).map { $0.startString(fallback: F.utc) }
        XCTAssertEqual(starts, ["2024-03-29T02:30:00+01:00", "2024-03-30T02:30:00+01:00", "2024-03-31T03:30:00+02:00"])
        let weekly = try F.parse(F.calendar(F.event(["DTSTART;TZID=Europe/Berlin:20241020T190000",
                                                     "DTEND;TZID=Europe/Berlin:20241020T200000", "RRULE:FREQ=WEEKLY;COUNT=2"])))
        let o = occurrences(in: [weekly], from: nil, to: nil, timeZone: F.utc)
        XCTAssertEqual(o.map { $0.startString(fallback: F.utc) }, ["2024-10-20T19:00:00+02:00", "2024-10-27T19:00:00+01:00"])
        XCTAssertEqual(o.map { $0.end.timeIntervalSince($0.start) }, [3600, 3600])
    }

    func testExdateListsRdatePeriodsOverridesAndDuplicates() throws {
        let data = F.calendar(F.event([
            "DTSTART;TZID=Europe/Berlin:20240101T100000", "DTEND;TZID=Europe/Berlin:20240101T110000",
            "RRULE:FREQ=DAILY;COUNT=5", "EXDATE;TZID=Europe/Berlin:20240102T100000,20240103T100000",
            "RDATE;VALUE=PERIOD:20240110T090000Z/PT2H", "RDATE;TZID=Europe/Berlin:20240104T100000",
        ], uid: "s") + F.event(["RECURRENCE-ID;TZID=Europe/Berlin:20240105T100000",
                                "DTSTART;TZID=Europe/Berlin:20240105T150000", "DTEND;TZID=Europe/Berlin:20240105T160000",
                                "SUMMARY:moved"], uid: "s"))
        let o = occurrences(in: [try F.parse(data)], from: nil, to: nil, timeZone: F.berlin)
        XCTAssertEqual(o.map { $0.startString(fallback: F.utc) },
                       ["2024-01-01T10:00:00+01:00", "2024-01-04T10:00:00+01:00", "2024-01-05T15:00:00+01:00",
                        "2024-01-10T10:00:00+01:00"])
        XCTAssertEqual(o[2].title, "moved")
        XCTAssertTrue(o[2].isOverride)
        XCTAssertEqual(o[3].end.timeIntervalSince(o[3].start), 7200)
    }

    func testWindowOverlapAndAllDay() throws {
        let cal = try F.parse(F.calendar(F.event(["DTSTART;VALUE=DATE:20240301", "DTEND;VALUE=DATE:20240303"], uid: "a")
            + F.event(["DTSTART:20240305T230000Z", "DURATION:PT2H"], uid: "b")))
        let day = { (d: Int) in Date(timeIntervalSince1970: TimeInterval(Civil.dayNumber(year: 2024, month: 3, day: d) * 86_400)) }
        XCTAssertEqual(occurrences(in: [cal], from: day(2), to: day(3), timeZone: F.utc).map(\.uid), ["a"])
        XCTAssertEqual(occurrences(in: [cal], from: day(3), to: day(4), timeZone: F.utc).map(\.uid), [])
        XCTAssertEqual(occurrences(in: [cal], from: day(6), to: nil, timeZone: F.utc).map(\.uid), ["b"])
        let a = try XCTUnwrap(occurrences(in: [cal], from: nil, to: nil, timeZone: F.utc).first)
        XCTAssertEqual(a.startString(fallback: F.utc), "2024-03-01")
        XCTAssertEqual(a.endString(fallback: F.utc), "2024-03-03")
        XCTAssertEqual(ISODates.string(for: day(1), allDay: false, timeZone: F.newYork), "2024-02-29T19:00:00-05:00")
    }

    func testStructuralDamageKeepsLaterEvents() throws {
        let text = "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:t\nEND:VTOOD\nBEGIN:VEVENT\nUID:a\nDTSTART:20240101T090000Z\n"
            + "RRULE:\nEND:VEVENT\nEND:VCALENDAR\n"
        let cal = try ICalendarParser.parse(Data(text.utf8), fileName: "d.ics")
        XCTAssertEqual(cal.todos.count, 1)
        XCTAssertEqual(occurrences(in: [cal], from: nil, to: nil, timeZone: F.utc).map(\.uid), ["a"])
        XCTAssertTrue(cal.issues.contains { $0.property == "RRULE" })
        XCTAssertThrowsError(try ICalendarParser.parse(Data(text.utf8), fileName: "d.ics", mode: .strict))
        let bare = "BEGIN:VEVENT\nUID:b\nDTSTART:20240101T090000Z\nEND:VEVENT\n"
        XCTAssertEqual(try ICalendarParser.parse(Data(bare.utf8), fileName: "b.ics").events.count, 1)
        XCTAssertThrowsError(try ICalendarParser.parse(Data(bare.utf8), fileName: "b.ics", mode: .strict))
    }

    func testQuotedPrintableTextInVCalendar10() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:1.0\r\nBEGIN:VEVENT\r\n"
            + "DESCRIPTION;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:foo =C3=A5=0Abar =C3=A4=\r\n=0Abaz =C3=B6\r\n"
            + "UID:q\r\nDTSTART:20080406T152030Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let cal = try ICalendarParser.parse(Data(text.utf8), fileName: "q.ics", mode: .strict)
        XCTAssertEqual(cal.events.first?.description, "foo å\nbar ä\nbaz ö")
    }
}
