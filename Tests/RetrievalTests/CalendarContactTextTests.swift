import Foundation
@testable import Retrieval
import XCTest

/// Calendars (`.ics`) and contacts (`.vcf`) read as records: one line per event or card whose
/// values quote the file's bytes.
final class CalendarContactTextTests: XCTestCase {
    private func extract(_ text: String, _ kind: DocumentKind) throws -> (ExtractedText, [UInt8]) {
        let bytes = Array(text.utf8)
        return (try TextExtractor.extract(bytes, kind: kind, path: "f"), bytes)
    }


    static let calendar = """
        BEGIN:VCALENDAR\r
        PRODID:-//Google Inc//Google Calendar 70.9054//EN\r
        VERSION:2.0\r
        X-WR-CALNAME:Shop\r
        X-WR-TIMEZONE:Europe/London\r
        BEGIN:VTIMEZONE\r
        TZID:Europe/London\r
        BEGIN:STANDARD\r
        DTSTART:19701025T020000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0000\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        DTSTART;TZID=Europe/London:20261114T093000\r
        DTEND;TZID=Europe/London:20261114T170000\r
        SUMMARY:Wedding fair\r
        LOCATION:Royal Armouries\\, Armouries Drive\\, Leeds LS10 1LT\r
        ORGANIZER;CN=Amy Hart:mailto:amy@weddingfair.example\r
        DESCRIPTION:Stand 14. Bring the arch and 40 buttonholes.\\nLoad-in from 0\r
         7:00 at the east door.\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        DESCRIPTION:Reminder\r
        TRIGGER:-PT30M\r
        END:VALARM\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        DTSTART;VALUE=DATE:20261225\r
        DTEND;VALUE=DATE:20261227\r
        SUMMARY:Shop closed\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        DTSTART:20261103T180000Z\r
        DTEND:20261103T190000Z\r
        RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20261215T235959Z\r
        SUMMARY:Netball (Mia)\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    func testEventsAreRecordsWithSpelledDatesAndTheirDescriptions() throws {
        let (extracted, bytes) = try extract(Self.calendar, .calendar)
        XCTAssertEqual(extracted.text, """
            calendar: Shop

            event: Wedding fair; location: Royal Armouries, Armouries Drive, Leeds LS10 1LT; \
            starts: 20261114T093000 (Saturday 14 November 2026, 09:30, until 17:00); \
            organizer: Amy Hart (amy@weddingfair.example); \
            description: Stand 14. Bring the arch and 40 buttonholes. Load-in from 07:00 at the east door.

            event: Shop closed; starts: 20261225 (Friday 25 December 2026, until Saturday 26 December 2026)

            event: Netball (Mia); starts: 20261103T180000Z (Tuesday 3 November 2026, 18:00 (Europe/London time), \
            until 19:00); repeats: FREQ=WEEKLY;BYDAY=TU;UNTIL=20261215T235959Z \
            (every week on Tuesday until Tuesday 15 December 2026)


            """)
        // an escaped comma quotes its two bytes; a folded value quotes across its fold; fields
        // read in another order than the file's quote the bytes from the first to the last
        XCTAssertEqual(try extracted.sourceText(of: "Royal Armouries, Armouries", in: bytes), "Royal Armouries\\, Armouries")
        XCTAssertEqual(try extracted.sourceText(of: "from 07:00", in: bytes), "from 0\r\n 7:00")
        XCTAssertEqual(try extracted.sourceText(of: "Wedding fair; location: Royal", in: bytes),
                       "Wedding fair\r\nLOCATION:Royal")
        XCTAssertEqual(try extracted.sourceText(of: "LS10 1LT; starts: 20261114T093000", in: bytes), """
            20261114T093000\r
            DTEND;TZID=Europe/London:20261114T170000\r
            SUMMARY:Wedding fair\r
            LOCATION:Royal Armouries\\, Armouries Drive\\, Leeds LS10 1LT
            """)
        // a long description is lines of its own after its record
        let long = Self.calendar.replacingOccurrences(of: "Stand 14.", with: String(repeating: "More words here. ", count: 8))
        XCTAssertTrue(try extract(long, .calendar).0.text.contains(
            "organizer: Amy Hart (amy@weddingfair.example)\ndescription: More words here."))
    }

    func testAUTCTimeIsGivenInTheCalendarsZone() throws {
        let invite = """
            BEGIN:VCALENDAR
            METHOD:PUBLISH
            BEGIN:VTIMEZONE
            TZID:Australia/Melbourne
            END:VTIMEZONE
            BEGIN:VEVENT
            DTSTART:20261114T223000Z
            SUMMARY:Cardiology review
            END:VEVENT
            END:VCALENDAR
            """
        XCTAssertTrue(try extract(invite, .calendar).0.text.contains(
            "starts: 20261114T223000Z (Sunday 15 November 2026, 09:30 (Australia/Melbourne time))"))
    }

    func testRecurrenceRulesInWords() {
        XCTAssertEqual(RecurrenceWords.spelled("FREQ=MONTHLY;BYDAY=-1FR"), "every month on last Friday")
        XCTAssertEqual(RecurrenceWords.spelled("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;COUNT=6"),
                       "every other week on Monday, Wednesday and Friday, 6 times")
        XCTAssertNil(RecurrenceWords.spelled("FREQ=HOURLY"))
        XCTAssertNil(RecurrenceWords.spelled("FREQ=WEEKLY;BYDAY=XX"))
    }

    func testContactsAreOneLineACardLabelledByType() throws {
        let vcf = """
            BEGIN:VCARD
            VERSION:3.0
            N:Patel;Dev;;;
            FN:Dev Patel
            ORG:Patel Plumbing;Emergencies
            TEL;TYPE=CELL:07700 900412
            TEL;TYPE=WORK,VOICE:0113 496 0718
            item1.TEL:0113 496 0999
            item1.X-ABLabel:Out of hours
            EMAIL;TYPE=INTERNET;TYPE=WORK:dev@patelplumbing.example
            ADR;TYPE=WORK:;;4 Mill Lane;Leeds;;LS6 2AB;UK
            BDAY:1984-03-15
            NOTE:Fixed the shop boiler\\, Oct 2026
            END:VCARD
            BEGIN:VCARD
            VERSION:2.1
            N:Okafor;Grace
            TEL;CELL:07700 900881
            END:VCARD
            """
        let (extracted, bytes) = try extract(vcf, .contacts)
        XCTAssertEqual(extracted.text, """
            contact: Dev Patel; organisation: Patel Plumbing, Emergencies; mobile: 07700 900412; work phone: 0113 496 0718; \
            out of hours: 0113 496 0999; email (work): dev@patelplumbing.example; address (work): 4 Mill Lane, Leeds, LS6 2AB, UK; \
            birthday: 1984-03-15 (15 March 1984); note: Fixed the shop boiler, Oct 2026
            contact: Okafor, Grace; mobile: 07700 900881

            """)
        XCTAssertEqual(try extracted.sourceText(of: "4 Mill Lane, Leeds, LS6 2AB", in: bytes), "4 Mill Lane;Leeds;;LS6 2AB")
        XCTAssertEqual(try extracted.sourceText(of: "out of hours: 0113 496 0999", in: bytes), "0113 496 0999")
    }
}
