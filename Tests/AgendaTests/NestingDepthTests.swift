import Foundation
@testable import Agenda
import Testing

/// A calendar a sync turned into tens of thousands of nested components must not exhaust the
/// stack of ListEvents, `calendars add` or DailyBrief: the depth is bounded and the reader warns.
@Suite struct NestingDepthTests {
    private func calendar(depth: Int, name: String) -> Data {
        let event = "BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261201T090000Z\r\nSUMMARY:kept\r\nEND:VEVENT\r\n"
        let open = String(repeating: "BEGIN:\(name)\r\n", count: depth)
        let close = String(repeating: "END:\(name)\r\n", count: depth)
        return Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + event + open + close + "END:VCALENDAR\r\n").utf8)
    }

    @Test(arguments: ["X-UNKNOWN", "VALARM", "STANDARD"])
    func deepNestingIsSkippedWithOneWarningNamingTheFile(name: String) throws {
        let cal = try ICalendarParser.parse(calendar(depth: 60_000, name: name), fileName: "deep.ics")
        #expect(cal.events.contains { $0.summary == "kept" })
        let warnings = cal.issues.filter { $0.message.contains("nested deeper than") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.file == "deep.ics")
        _ = occurrences(in: [cal], from: nil, to: nil, timeZone: TimeZone(identifier: "Europe/Berlin")!)
    }

    @Test func strictModeRefusesTooDeepACalendar() {
        #expect(throws: ICalendarError.self) {
            try ICalendarParser.parse(calendar(depth: 100, name: "X-A"), fileName: "deep.ics", mode: .strict)
        }
    }

    @Test func unclosedDeepNestingStillEndsWithAWarning() throws {
        let data = Data(("BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:X-A\r\n", count: 50_000)).utf8)
        let cal = try ICalendarParser.parse(data, fileName: "cut.ics")
        #expect(cal.issues.contains { $0.message.contains("file ends") })
    }

    @Test func realNestingIsUntouched() throws {
        let data = Data("""
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            UID:b\r
            DTSTART:20261201T090000Z\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:-PT5M\r
            END:VALARM\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8)
        let cal = try ICalendarParser.parse(data, fileName: "ok.ics", mode: .strict)
        #expect(cal.components.first?.children.first?.name == "VALARM")
    }
}
