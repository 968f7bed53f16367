import XCTest
@testable import Agenda

final class ICSWriterTests: XCTestCase {
    func testTodosRoundTripThroughTheReader() throws {
        let created = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01T00:00:00Z
        let items = [
            TodoItem(uid: "r-1", title: "Buy milk, eggs; bread \\ more", notes: "line one\nline two",
                     due: Date(timeIntervalSince1970: 1_767_373_200), dueIsDateOnly: false, list: "Groceries",
                     completed: false, created: created),
            TodoItem(uid: "r-2", title: String(repeating: "Überweisung prüfen ", count: 8), notes: nil,
                     due: Date(timeIntervalSince1970: 1_767_484_800), dueIsDateOnly: true, list: nil,
                     completed: true, created: created),
            TodoItem(uid: "r-3", title: "No due", created: created),
        ]
        let text = ICSWriter.todos(items, prodID: "-//intent//reminders//EN")
        XCTAssertTrue(text.hasSuffix("\r\n"))
        for line in text.components(separatedBy: "\r\n") {
            XCTAssertLessThanOrEqual(line.utf8.count, 75)
            XCTAssertFalse(line.contains("\n"))
        }
        XCTAssertTrue(text.contains("DUE;VALUE=DATE:20260104\r\n"))
        XCTAssertTrue(text.contains("DUE:20260102T170000Z\r\n"))
        let cal = try ICalendarParser.parse(Data(text.utf8), fileName: "r.ics", mode: .strict)
        XCTAssertTrue(cal.events.isEmpty)
        let back = cal.todoItems(timeZone: AgendaFixtures.utc)
        XCTAssertEqual(back.map(\.uid), ["r-1", "r-2", "r-3"])
        XCTAssertEqual(back[0], items[0])
        XCTAssertEqual(back[1].title, items[1].title)
        XCTAssertEqual(back[1].due, items[1].due)
        XCTAssertTrue(back[1].dueIsDateOnly && back[1].completed)
        XCTAssertEqual(back[2], items[2])
    }

    func testFoldingNeverSplitsUTF8() {
        let line = "SUMMARY:" + String(repeating: "ä€😀", count: 40)
        let folded = ICSWriter.fold(line)
        let physical = folded.components(separatedBy: "\r\n")
        XCTAssertGreaterThan(physical.count, 1)
        XCTAssertTrue(physical.allSatisfy { $0.utf8.count <= 75 })
        let unfolded = ContentLineLexer.unfold(folded)
        XCTAssertEqual(unfolded.map(\.text), [line])
    }

    func testSerializeKeepsRawProperties() throws {
        let cal = try CalendarFile.load(AgendaFixtures.ics.appendingPathComponent("icalendar__invalid_duration.ics"))
        let text = ICSWriter.serialize(cal)
        XCTAssertTrue(text.contains("DURATION:P999999999999999999W\r\n"))
        let again = try ICalendarParser.parse(Data(text.utf8), fileName: "again.ics")
        XCTAssertEqual(again.events.count, cal.events.count)
    }
}
