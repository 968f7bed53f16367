import Foundation
import IntentTestSupport
import Testing

@Suite(.serialized) struct AgendaCommandTests {
    let calendar = PackagePaths.fixture("demo/calendar.ics").path

    @Test func anEventFolderWithABrokenItemIsRegisteredWithAWarningAndChecked() async throws {
        let home = TemporaryHome()
        let folder = home.url.appendingPathComponent("events/personal")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(try Data(contentsOf: URL(fileURLWithPath: calendar))).write(to: folder.appendingPathComponent("good.ics"))
        try Data("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2026XX\r\n".utf8).write(to: folder.appendingPathComponent("broken.ics"))
        let root = home.url.appendingPathComponent("events").path
        let add = try await IntentBinary.run(["calendars", "add", root], home: home.path)
        #expect(add.exitCode == 0, "\(add.stderr)")
        #expect(add.stderr.contains("broken.ics"))
        let check = try await IntentBinary.run(["calendars", "check", "--json"], home: home.path)
        #expect(check.exitCode == 0, "\(check.stderr)")
        let report = (check.json?["calendars"] as? [[String: Any]])?.first
        #expect(report?["status"] as? String == "warnings")
        #expect((report?["problems"] as? [String])?.contains { $0.hasPrefix("broken.ics") } == true)
        #expect((report?["events"] as? Int ?? 0) >= 4)
    }

    @Test func registeredCalendarsFeedAHeadlessBrief() async throws {
        let home = TemporaryHome()
        let add = try await IntentBinary.run(["calendars", "add", calendar], home: home.path)
        #expect(add.exitCode == 0, "\(add.stderr)")
        let brief = try await IntentBinary.run(["run", "DailyBrief", "--now", "2026-11-30T08:00:00", "--tz", "Europe/Paris", "--json"],
                                         home: home.path)
        #expect(brief.exitCode == 0, "\(brief.stderr)")
        let value = brief.json?["value"] as? [String: Any]
        #expect((value?["events"] as? [Any])?.count == 4)
        #expect((value?["key_points"] as? [String])?.count ?? 0 >= 3)
        let human = try await IntentBinary.run(["run", "DailyBrief", "--now", "2026-11-30T08:00:00", "--tz", "Europe/Paris"], home: home.path)
        #expect(human.stdout.hasPrefix("Good morning — Monday 30 November"))
        #expect(human.stdout.contains("Quarterly review with Mira"))
    }

    @Test func aBrokenCalendarIsRefusedByNameAndLine() async throws {
        let home = TemporaryHome()
        let bad = home.url.appendingPathComponent("broken.ics")
        try Data("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2026-99-99\r\n".utf8).write(to: bad)
        let run = try await IntentBinary.run(["run", "ListEvents", "--calendar", bad.path, "--json"], home: home.path)
        #expect([0, 65].contains(run.exitCode))
        #expect(run.stderr.contains("broken.ics"))
        let missing = try await IntentBinary.run(["run", "ListEvents", "--calendar", "/nope.ics"], home: home.path)
        #expect(missing.exitCode == 65)
        #expect(missing.stderr.contains("nope.ics"))
    }

    @Test func remindersExportReadsBackAsVTODOs() async throws {
        let home = TemporaryHome()
        try await IntentBinary.run(["run", "CreateReminder", "Renew passport", "--due", "2026-12-11T09:00", "--tz", "Europe/Paris", "--yes"], home: home.path)
        try await IntentBinary.run(["run", "CreateReminder", "Pay rent, and \"tip\"; the landlord", "--due", "2026-12-01", "--yes"], home: home.path)
        let out = home.url.appendingPathComponent("reminders.ics")
        let export = try await IntentBinary.run(["reminders", "export", "--output", out.path], home: home.path)
        #expect(export.exitCode == 0)
        let attrs = try FileManager.default.attributesOfItem(atPath: out.path)
        #expect((attrs[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(text.contains("BEGIN:VTODO"))
        #expect(text.contains("DUE;VALUE=DATE:20261201"))
        #expect(text.contains("DUE:20261211T080000Z"))
        #expect(text.contains("SUMMARY:Pay rent\\, and \"tip\"\\; the landlord"))
        // The exported file is itself a calendar this reader accepts.
        let listed = try await IntentBinary.run(["run", "ListEvents", "--calendar", out.path, "--json"], home: home.path)
        #expect(listed.exitCode == 0)
    }
}
