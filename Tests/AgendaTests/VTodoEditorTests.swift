import Foundation
import Testing
@testable import Agenda

/// A VTODO as todoman/Nextcloud write them: LF line endings, a VTIMEZONE, folded text,
/// X- properties, an alarm and a second VTODO in the same file.
private let nextcloudFile = """
BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//Nextcloud Tasks v0.16.0\r
BEGIN:VTIMEZONE\r
TZID:Europe/Berlin\r
BEGIN:STANDARD\r
DTSTART:19701025T030000\r
TZOFFSETFROM:+0200\r
TZOFFSETTO:+0100\r
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
END:STANDARD\r
BEGIN:DAYLIGHT\r
DTSTART:19700329T020000\r
TZOFFSETFROM:+0100\r
TZOFFSETTO:+0200\r
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
END:DAYLIGHT\r
END:VTIMEZONE\r
BEGIN:VTODO\r
UID:abc-123\r
CREATED:20261120T101010Z\r
DTSTAMP:20261120T101010Z\r
SUMMARY:Call the plumber about the leaking tap in the upstairs bathroom before \r
 the weekend\r
X-NEXTCLOUD-SORT:7\r
PRIORITY:1\r
DUE;TZID=Europe/Berlin:20261203T170000\r
STATUS:NEEDS-ACTION\r
SEQUENCE:4\r
BEGIN:VALARM\r
ACTION:DISPLAY\r
TRIGGER;RELATED=END:-PT1H\r
DESCRIPTION:x\r
END:VALARM\r
END:VTODO\r
BEGIN:VTODO\r
UID:child-9\r
SUMMARY:Buy washers\r
RELATED-TO:abc-123\r
END:VTODO\r
END:VCALENDAR\r

"""

@Suite struct VTodoEditorTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test func readsWhatOthersWrote() throws {
        let file = try VTodoReader.read(Data(nextcloudFile.utf8), fileName: "a.ics", timeZone: TimeZone(identifier: "America/New_York")!, today: now)
        #expect(file.todos.count == 2)
        let t = file.todos[0]
        #expect(t.summary.hasSuffix("before the weekend"))
        #expect(t.priority == 1)
        #expect(t.hasAlarm)
        // 17:00 in Berlin on 3 December is 16:00 UTC.
        #expect(t.due?.instant == Date(timeIntervalSince1970: 1_796_313_600))
        #expect(t.due?.text == "2026-12-03T11:00:00-05:00")
        #expect(file.todos[1].parentUID == "abc-123")
    }

    @Test func completingTouchesOnlyTheChangedLines() throws {
        let data = Data(nextcloudFile.utf8)
        let change = VTodoChange(set: ["STATUS:COMPLETED", "COMPLETED:20261201T090000Z", "PERCENT-COMPLETE:100"])
        let out = try VTodoEditor.apply(change, uid: "abc-123", to: data, now: now, fileName: "a.ics")
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.contains("STATUS:COMPLETED\r\n"))
        #expect(text.contains("SEQUENCE:5\r\n"))
        #expect(!text.contains("SEQUENCE:4"))
        #expect(text.contains("LAST-MODIFIED:"))
        // Every line that was not changed is still there, byte for byte, in order.
        let changed: Set<String> = ["STATUS", "SEQUENCE", "DTSTAMP"]
        let kept = nextcloudFile.components(separatedBy: "\r\n").filter { l in !changed.contains { l.hasPrefix($0) } }
        var rest = Substring(text)
        for line in kept where !line.isEmpty {
            guard let r = rest.range(of: line + "\r\n") else { Issue.record("lost line: \(line)"); return }
            rest = rest[r.upperBound...]
        }
        // The child VTODO is untouched and still second.
        #expect(text.hasSuffix("BEGIN:VTODO\r\nUID:child-9\r\nSUMMARY:Buy washers\r\nRELATED-TO:abc-123\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"))
        let back = try VTodoReader.read(out, fileName: "a.ics", timeZone: berlin, today: now)
        #expect(back.todos[0].isDone)
        #expect(!back.todos[1].isDone)
    }

    @Test func keepsLFFilesLF() throws {
        let lf = nextcloudFile.replacingOccurrences(of: "\r\n", with: "\n")
        let out = try VTodoEditor.apply(VTodoChange(set: ["SUMMARY:New title"]), uid: "child-9", to: Data(lf.utf8), now: now, fileName: "a.ics")
        let text = String(decoding: out, as: UTF8.self)
        #expect(!text.contains("\r"))
        #expect(text.contains("SUMMARY:New title\nRELATED-TO:abc-123\nSEQUENCE:1\n"))
    }

    @Test func replacesAlarmsOnlyWhenAsked() throws {
        let data = Data(nextcloudFile.utf8)
        let keep = String(decoding: try VTodoEditor.apply(VTodoChange(set: ["SUMMARY:x"]), uid: "abc-123", to: data, now: now, fileName: "a"), as: UTF8.self)
        #expect(keep.contains("TRIGGER;RELATED=END:-PT1H"))
        let swap = String(decoding: try VTodoEditor.apply(VTodoChange(alarms: VTodoWriter.alarm(minutes: 15, title: "x")),
                                                          uid: "abc-123", to: data, now: now, fileName: "a"), as: UTF8.self)
        #expect(!swap.contains("-PT1H"))
        #expect(swap.contains("TRIGGER;RELATED=END:-PT15M"))
    }

    @Test func removingOneOfTwoKeepsTheOther() throws {
        let data = Data(nextcloudFile.utf8)
        let rest = try #require(try VTodoEditor.removing(uid: "child-9", from: data, fileName: "a"))
        let text = String(decoding: rest, as: UTF8.self)
        #expect(!text.contains("child-9"))
        #expect(text.contains("UID:abc-123"))
        let single = VTodoWriter.file(NewTodo(uid: "u1", title: "t"), prodID: "p", now: now)
        #expect(try VTodoEditor.removing(uid: "u1", from: single, fileName: "u1.ics") == nil)
        #expect(throws: VTodoEditError.self) { try VTodoEditor.apply(VTodoChange(), uid: "nope", to: data, now: now, fileName: "a") }
    }

    @Test func newFilesCarryEveryProperty() throws {
        let todo = NewTodo(uid: "rem_1", title: "Pay rent, now", notes: "line\nmore", due: .day(year: 2026, month: 12, day: 3),
                           categories: ["Home"], alertMinutes: 15)
        let text = String(decoding: VTodoWriter.file(todo, prodID: "-//intent//reminders//EN", now: now), as: UTF8.self)
        for needle in ["PRODID:", "UID:rem_1\r\n", "DTSTAMP:", "CREATED:", "LAST-MODIFIED:", "SUMMARY:Pay rent\\, now\r\n",
                       "STATUS:NEEDS-ACTION\r\n", "DUE;VALUE=DATE:20261203\r\n", "DESCRIPTION:line\\nmore\r\n",
                       "CATEGORIES:Home\r\n", "BEGIN:VALARM\r\n", "TRIGGER;RELATED=END:-PT15M\r\n"] {
            #expect(text.contains(needle), "\(needle)")
        }
        let timed = VTodoWriter.file(NewTodo(uid: "x", title: "t", due: .instant(Date(timeIntervalSince1970: 1_796_313_600))), prodID: "p", now: now)
        #expect(String(decoding: timed, as: UTF8.self).contains("DUE:20261203T160000Z\r\n"))
        #expect(VTodoWriter.fileName(forUID: "rem_01ab") == "rem_01ab.ics")
        #expect(VTodoWriter.fileName(forUID: "a/b c") != "a/b c.ics")
    }

    @Test func recurringShowsTheNextOpenOccurrenceAndCompletingAdvancesIt() throws {
        let text = """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:r\r\nSUMMARY:Water plants\r\n\
        DTSTART;VALUE=DATE:20261101\r\nDUE;VALUE=DATE:20261101\r\nRRULE:FREQ=WEEKLY;COUNT=10\r\nX-KEEP:1\r\nEND:VTODO\r\nEND:VCALENDAR\r\n
        """
        // Today is Tue 1 Dec 2026 (UTC): the occurrences are Sundays from 1 Nov.
        let today = Date(timeIntervalSince1970: 1_795_996_800)
        let utc = TimeZone(identifier: "UTC")!
        let file = try VTodoReader.read(Data(text.utf8), fileName: "r.ics", timeZone: utc, today: today)
        #expect(file.dependsOnDay)
        #expect(file.todos[0].recurring)
        #expect(file.todos[0].due?.text == "2026-12-06")
        let change = try #require(VTodoRecurrence.advance(uid: "r", in: Data(text.utf8), fileName: "r.ics", timeZone: utc, today: today))
        let out = try VTodoEditor.apply(change, uid: "r", to: Data(text.utf8), now: today, fileName: "r.ics")
        let s = String(decoding: out, as: UTF8.self)
        #expect(s.contains("DUE;VALUE=DATE:20261213\r\n"))
        #expect(s.contains("DTSTART;VALUE=DATE:20261213\r\n"))
        // Six occurrences (1 Nov … 6 Dec) are behind it now: 10 - 6 remain.
        #expect(s.contains("RRULE:FREQ=WEEKLY;COUNT=4\r\n"))
        #expect(s.contains("X-KEEP:1\r\n"))
        let after = try VTodoReader.read(out, fileName: "r.ics", timeZone: utc, today: today)
        #expect(after.todos[0].due?.text == "2026-12-13")
        #expect(!after.todos[0].isDone)
    }

    @Test func lastOccurrenceIsNotAdvanced() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:r\r\nSUMMARY:x\r\nDUE;VALUE=DATE:20261206\r\nRRULE:FREQ=DAILY;COUNT=1\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let today = Date(timeIntervalSince1970: 1_795_996_800)
        #expect(VTodoRecurrence.advance(uid: "r", in: Data(text.utf8), fileName: "r", timeZone: TimeZone(identifier: "UTC")!, today: today) == nil)
    }

    @Test func bundlesRoundTrip() throws {
        let a = VTodoWriter.file(NewTodo(uid: "a", title: "A", due: .instant(now), alertMinutes: 5), prodID: "p", now: now)
        let combined = VTodoBundle.combine([a, Data(nextcloudFile.utf8)], prodID: "p")
        let parts = VTodoBundle.split(combined, prodID: "p")
        #expect(parts.map(\.uid) == ["a", "abc-123", "child-9"])
        #expect(String(decoding: parts[0].data, as: UTF8.self).contains("BEGIN:VALARM"))
        #expect(String(decoding: parts[1].data, as: UTF8.self).contains("TZID:Europe/Berlin"))
    }
}
