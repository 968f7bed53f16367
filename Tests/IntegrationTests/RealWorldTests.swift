import Foundation
import IntentTestSupport
import Testing

/// The user's environment: a zone set only through /etc/localtime (a fake root, never this
/// machine's), no TZ, readers west of the writer, briefs of other days, calendars that vanish.
@Suite(.serialized) struct RealWorldTests {
    /// A root whose etc/localtime links to `zone`; the binary reads it through INTENT_SYSTEM_ROOT.
    func systemRoot(_ zone: String) throws -> [String: String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("intent-sysroot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("etc"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("etc/localtime").path,
                                                   withDestinationPath: "/usr/share/zoneinfo/" + zone)
        return ["INTENT_SYSTEM_ROOT": root.path, "TZDIR": "/usr/share/zoneinfo", "TZ": ""]
    }

    func value(_ r: ProcessResult) -> [String: Any] { r.json?["value"] as? [String: Any] ?? [:] }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Asia/Kolkata")))
    func theSystemZoneFromLocaltimeIsTheRunsZone() async throws {
        let home = TemporaryHome()
        let env = try systemRoot("Asia/Kolkata")
        let r = try await IntentBinary.run(["run", "CreateReminder", "x", "--due", "tomorrow 9", "--dry-run", "--json",
                                      "--now", "2026-12-01T20:00:00Z"], home: home.path, environment: env)
        #expect(r.exitCode == 0, "\(r.stderr)")
        // 20:00 UTC is 01:30 on the 2nd in Kolkata, so "tomorrow" is the 3rd.
        #expect(value(r)["due"] as? String == "2026-12-03T09:00:00+05:30")
        let show = try await IntentBinary.run(["config", "show", "--json"], home: home.path, environment: env)
        #expect(show.json?["tz"] as? String == "Asia/Kolkata")
        #expect(show.json?["tz_source"] as? String == "system")
    }

    @Test func aDayOnlyDueDateIsACalendarDayWestOfWhereItWasMade() async throws {
        let home = TemporaryHome()
        let made = try await IntentBinary.run(["run", "CreateReminder", "renew passport", "--due", "2026-12-03", "--yes",
                                         "--tz", "Europe/Paris", "--now", "2026-12-01T10:00"], home: home.path)
        #expect(made.exitCode == 0, "\(made.stderr)")
        func brief(_ now: String) async throws -> [[String: Any]] {
            let r = try await IntentBinary.run(["run", "DailyBrief", "--json", "--tz", "America/Los_Angeles", "--now", now], home: home.path)
            #expect(r.exitCode == 0, "\(r.stderr)")
            return value(r)["reminders"] as? [[String: Any]] ?? []
        }
        await #expect(try brief("2026-12-02T20:00").isEmpty)                  // evening of the 2nd: not due yet
        let onTheDay = try await brief("2026-12-03T23:00")
        #expect(onTheDay.count == 1)
        #expect(onTheDay.first?["overdue"] as? Bool == false)           // still the 3rd there
        await #expect(try brief("2026-12-04T07:00").first?["overdue"] as? Bool == true)
        let human = try await IntentBinary.run(["run", "DailyBrief", "--tz", "America/Los_Angeles", "--now", "2026-12-03T08:00"], home: home.path)
        #expect(human.stdout.contains("renew passport — due Thu 3 Dec"))
    }

    @Test func aBriefOfTomorrowDoesNotChangeTodays() async throws {
        let home = TemporaryHome()
        let zone = ["--tz", "Europe/Paris"]
        try await IntentBinary.run(["run", "CaptureThought", "call Mira about the lease", "--now", "2026-11-30T18:00"] + zone, home: home.path)
        try await IntentBinary.run(["run", "CaptureThought", "buy a gift friday", "--now", "2026-11-20T09:00"] + zone, home: home.path)
        func thoughts(_ args: [String]) async throws -> [String] {
            let r = try await IntentBinary.run(["run", "DailyBrief", "--json"] + args + zone, home: home.path)
            #expect(r.exitCode == 0, "\(r.stderr)")
            return (value(r)["thoughts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        }
        let alone = try await thoughts(["--now", "2026-12-01T07:30"])
        let preview = try await thoughts(["--now", "2026-11-30T21:00", "--date", "tomorrow"])
        let after = try await thoughts(["--now", "2026-12-01T07:30"])
        #expect(alone == ["call Mira about the lease"])
        #expect(preview == alone)
        #expect(after == alone)
        // A thought comes back on its own due day (Friday 27 November).
        await #expect(try thoughts(["--now", "2026-11-27T08:00"]) == ["buy a gift friday"])
    }

    @Test func aDeletedRegisteredCalendarCostsOneWarning() async throws {
        let home = TemporaryHome()
        let kept = PackagePaths.fixture("demo/calendar.ics").path
        let doomed = home.url.appendingPathComponent("shared.ics")
        try FileManager.default.copyItem(atPath: kept, toPath: doomed.path)
        #expect(try await IntentBinary.run(["calendars", "add", kept, doomed.path], home: home.path).exitCode == 0)
        try FileManager.default.removeItem(at: doomed)
        let r = try await IntentBinary.run(["run", "DailyBrief", "--json", "--now", "2026-11-30T08:00:00", "--tz", "Europe/Paris"], home: home.path)
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "shared.ics: it no longer exists").count == 2)
        #expect((value(r)["warnings"] as? [String])?.count == 1)
        #expect((value(r)["events"] as? [Any])?.count == 4)
        let check = try await IntentBinary.run(["calendars", "check"], home: home.path)
        #expect(check.exitCode == 65)
        #expect(check.stdout.contains("MISSING"))
        let list = try await IntentBinary.run(["run", "ListEvents", "--json", "--now", "2026-11-30T08:00:00", "--tz", "Europe/Paris"], home: home.path)
        #expect(list.exitCode == 0)
        #expect((value(list)["warnings"] as? [String])?.count == 1)
    }

    @Test func shellConventionsThroughTheBinary() async throws {
        let home = TemporaryHome()
        let short = try await IntentBinary.run(["run", "CaptureThought", "hello", "-t", "work"], home: home.path)
        #expect(short.exitCode == 64)
        let bare = try await IntentBinary.run([], home: home.path)
        #expect(bare.exitCode == 64)
        #expect(bare.stdout.isEmpty && bare.stderr.contains("usage: intent"))
        let listAfter = try await IntentBinary.run(["list", "--home", home.path], home: nil)
        #expect(listAfter.exitCode == 0)
        let file = home.url.appendingPathComponent("file")
        try Data().write(to: file)
        let unusable = try await IntentBinary.run(["run", "CaptureThought", "x", "--home", file.path], home: nil)
        #expect(unusable.exitCode == 78)
        #expect(unusable.stderr.contains("is not a directory"))
        #expect(!unusable.stderr.contains("NSCocoaErrorDomain"))
        let badNow = try await IntentBinary.run(["run", "DailyBrief", "--now", "2026-02-30"], home: home.path)
        #expect(badNow.exitCode == 65)
        #expect(badNow.stderr.contains("28 days"))
    }

    /// The README's cron line, run with stock cron's environment: PATH=/usr/bin:/bin, HOME, no TZ.
    @Test func theReadmeCronLineWorksUnderStockCron() async throws {
        let binary = try #require(IntentBinary.url, "build the binary (INTENT_BIN)")
        let home = TemporaryHome()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(binary.path) run DailyBrief > \"$HOME/brief.txt\" 2>> \"$HOME/intent.err\""]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": home.path, "SHELL": "/bin/sh", "LOGNAME": "cron",
                               "XDG_DATA_HOME": home.url.appendingPathComponent("xdg").path]
        let cron = try await IntentBinary.run(process)
        #expect(cron.exitCode == 0)
        let brief = try String(contentsOf: home.url.appendingPathComponent("brief.txt"), encoding: .utf8)
        #expect(brief.contains(" — "))
    }
}
