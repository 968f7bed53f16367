import Foundation
import IntentTestSupport
import Primitives
import Testing

/// The real todoman, khal, vdirsyncer and a Radicale server on loopback, driven as a user would.
/// Each test is skipped (with a message on stderr) when its program is not installed.
@Suite(.serialized) struct VdirInteropTests {
    static func tool(_ name: String) -> String? {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: dir + "/" + name) {
            return dir + "/" + name
        }
        FileHandle.standardError.write(Data("VdirInteropTests: skipped — \(name) is not installed (apt-get install \(name))\n".utf8))
        return nil
    }

    /// Runs an external program; stdin is `input` (or /dev/null).
    @discardableResult
    static func sh(_ tool: String, _ args: [String], env extra: [String: String] = [:], input: String? = nil) async throws -> (Int32, String, String) {
        // On a thread of its own: vdirsyncer takes seconds, and waiting must not hold a pool thread.
        try await Blocking.run { _ in try blockingSh(tool, args, env: extra, input: input) }
    }

    private static func blockingSh(_ tool: String, _ args: [String], env extra: [String: String], input: String?) throws -> (Int32, String, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env.merge(extra) { _, b in b }
        p.environment = env
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out; p.standardError = err
        p.standardInput = input == nil ? FileHandle(forReadingAtPath: "/dev/null") : inp
        try p.run()
        if let input { inp.fileHandleForWriting.write(Data(input.utf8)); try? inp.fileHandleForWriting.close() }
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    let zone = ["TZ": "Europe/Paris"]

    @Test(.enabled(if: VdirInteropTests.tool("todoman") != nil, "needs todoman"))
    func todomanAndIntentReadEachOthersReminders() async throws {
        let todoman = try #require(Self.tool("todoman"))
        let home = TemporaryHome()
        let vdir = home.path + "/tasks"
        try FileManager.default.createDirectory(atPath: vdir + "/work", withIntermediateDirectories: true)
        let config = home.path + "/todoman.py"
        try "path = \"\(vdir)/*\"\ndate_format = \"%Y-%m-%d\"\ntime_format = \"%H:%M\"\ndefault_list = \"work\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let env = zone.merging(["TODOMAN_CONFIG": config, "XDG_CACHE_HOME": home.path + "/cache"]) { _, b in b }
        #expect(try await IntentBinary.run(["reminders", "use", vdir], home: home.path).exitCode == 0)
        let made = try await IntentBinary.run(["run", "CreateReminder", "Call Mira", "--due", "2026-12-04T17:00", "--list", "work",
                                         "--alert", "15m", "--tz", "Europe/Paris", "--yes"], home: home.path)
        #expect(made.exitCode == 0, "\(made.stderr)")
        func todos() async throws -> [[String: Any]] {
            let (rc, out, err) = try await Self.sh(todoman, ["--porcelain", "list", "--status", "ANY"], env: env)
            #expect(rc == 0, "\(err)")
            return (try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]]) ?? []
        }
        // 17:00 in Paris on 4 December is 16:00 UTC.
        let mine = try await todos().first { $0["summary"] as? String == "Call Mira" }
        #expect((mine?["due"] as? NSNumber)?.intValue == 1_796_400_000)

        let (rc, _, err) = try await Self.sh(todoman, ["new", "-l", "work", "--due", "2026-12-05 10:00", "Pick up parcel"], env: env)
        #expect(rc == 0, "\(err)")
        let list = try await IntentBinary.run(["run", "ListReminders", "--tz", "America/New_York", "--json"], home: home.path)
        let items = ((list.json?["value"] as? [String: Any])?["reminders"] as? [[String: Any]]) ?? []
        let theirs = items.first { $0["title"] as? String == "Pick up parcel" }
        // Same instant (10:00 Paris = 04:00 New York), shown in the run's zone.
        #expect(theirs?["due"] as? String == "2026-12-05T04:00:00-05:00")
        let done = try await IntentBinary.run(["run", "CompleteReminder", "parcel", "--yes"], home: home.path)
        #expect(done.exitCode == 0, "\(done.stderr)")
        await #expect(try todos().first { $0["summary"] as? String == "Pick up parcel" }?["completed"] as? Bool == true)
        let up = try await IntentBinary.run(["run", "UpdateReminder", "Call Mira", "--title", "Call Mira back", "--yes"], home: home.path)
        #expect(up.exitCode == 0, "\(up.stderr)")
        await #expect(try todos().contains { $0["summary"] as? String == "Call Mira back" })
        let del = try await IntentBinary.run(["run", "DeleteReminder", "Call Mira back", "--yes"], home: home.path)
        #expect(del.exitCode == 0, "\(del.stderr)")
        await #expect(try !todos().contains { $0["summary"] as? String == "Call Mira back" })
        let undo = try await IntentBinary.run(["undo", "--yes"], home: home.path)
        #expect(undo.exitCode == 0, "\(undo.stderr)")
        await #expect(try todos().contains { $0["summary"] as? String == "Call Mira back" })
    }

    @Test(.enabled(if: VdirInteropTests.tool("khal") != nil, "needs khal"))
    func khalsNewEventIsListed() async throws {
        let khal = try #require(Self.tool("khal"))
        let home = TemporaryHome()
        let cal = home.path + "/calendars/personal"
        try FileManager.default.createDirectory(atPath: cal, withIntermediateDirectories: true)
        let config = home.path + "/khal.conf"
        try """
        [calendars]
        [[personal]]
        path = \(cal)
        [locale]
        timeformat = %H:%M
        dateformat = %Y-%m-%d
        longdateformat = %Y-%m-%d
        datetimeformat = %Y-%m-%d %H:%M
        longdatetimeformat = %Y-%m-%d %H:%M
        default_timezone = Europe/Paris
        local_timezone = Europe/Paris
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let env = zone.merging(["XDG_DATA_HOME": home.path + "/xdg"]) { _, b in b }
        #expect(try await IntentBinary.run(["calendars", "add", home.path + "/calendars"], home: home.path).exitCode == 0)
        let (rc, _, err) = try await Self.sh(khal, ["-c", config, "new", "-a", "personal", "2026-12-03", "10:00", "11:00", "Dentist"], env: env)
        #expect(rc == 0, "\(err)")
        // Picked up on the next run, without registering again.
        let run = try await IntentBinary.run(["run", "ListEvents", "--from", "2026-12-03", "--to", "2026-12-04", "--tz", "Europe/Paris", "--json"],
                                       home: home.path)
        let events = ((run.json?["value"] as? [String: Any])?["events"] as? [[String: Any]]) ?? []
        #expect(events.first?["title"] as? String == "Dentist", "\(run.stderr)")
        #expect(events.first?["start"] as? String == "2026-12-03T10:00:00+01:00")
    }

    @Test(.enabled(if: ["radicale", "vdirsyncer", "curl"].allSatisfy { VdirInteropTests.tool($0) != nil },
                   "needs radicale, vdirsyncer and curl"))
    func aReminderMadeOnTheCalDAVServerReachesTheBriefAfterASync() async throws {
        let radicale = try #require(Self.tool("radicale")), vdirsyncer = try #require(Self.tool("vdirsyncer"))
        let curl = try #require(Self.tool("curl"))
        let home = TemporaryHome()
        let port = 20_000 + Int(getpid() % 20_000)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: radicale)
        server.arguments = ["--server-hosts", "127.0.0.1:\(port)", "--storage-filesystem-folder", home.path + "/radicale",
                            "--auth-type", "none", "--rights-type", "owner_only", "--logging-level", "warning"]
        server.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        server.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try server.run()
        // SIGKILL: the test process's signal mask can leave SIGTERM blocked in the child.
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        let base = "http://127.0.0.1:\(port)/test/tasks/"
        // Wait (generously) until the server answers.
        var ready = false
        for _ in 0..<300 where !ready {
            let (_, code, _) = try await Self.sh(curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-u", "test:x", "http://127.0.0.1:\(port)/"])
            ready = code != "000"
            if !ready { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(ready, "radicale did not start")
        await #expect(try Self.sh(curl, ["-s", "-u", "test:x", "-X", "MKCALENDAR", base]).0 == 0)
        let phone = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VTODO\r\nUID:phone-1\r\nSUMMARY:Buy a birthday card\r\nDUE;VALUE=DATE:20261202\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let put = try await Self.sh(curl, ["-s", "-u", "test:x", "-X", "PUT", "-H", "Content-Type: text/calendar", "--data-binary", "@-",
                                     base + "phone-1.ics", "-w", "%{http_code}"], input: phone)
        #expect(put.1.hasSuffix("201"), "\(put)")
        let vdir = home.path + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        let config = home.path + "/vdirsyncer.conf"
        try """
        [general]
        status_path = "\(home.path)/status/"
        [pair tasks]
        a = "local"
        b = "server"
        collections = ["from b"]
        [storage local]
        type = "filesystem"
        path = "\(vdir)/"
        fileext = ".ics"
        [storage server]
        type = "caldav"
        url = "http://127.0.0.1:\(port)/"
        username = "test"
        password = "x"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let discover = try await Self.sh(vdirsyncer, ["-c", config, "discover"], input: "y\ny\n")
        #expect(discover.0 == 0, "\(discover.2)")
        let sync = try await Self.sh(vdirsyncer, ["-c", config, "sync"])
        #expect(sync.0 == 0, "\(sync.2)")
        #expect(try await IntentBinary.run(["reminders", "use", vdir], home: home.path).exitCode == 0)
        let list = try await IntentBinary.run(["run", "ListReminders", "--json"], home: home.path)
        #expect(list.stdout.contains("Buy a birthday card"), "\(list.stderr)")
        let brief = try await IntentBinary.run(["run", "DailyBrief", "--now", "2026-12-02T07:30:00", "--tz", "America/New_York"], home: home.path)
        #expect(brief.stdout.contains("Buy a birthday card"), "\(brief.stderr)")
        // And back: a reminder made here reaches the server with the next sync.
        let made = try await IntentBinary.run(["run", "CreateReminder", "Reply to Sam", "--due", "2026-12-03", "--alert", "1h", "--yes"], home: home.path)
        #expect(made.exitCode == 0, "\(made.stderr)")
        await #expect(try Self.sh(vdirsyncer, ["-c", config, "sync"]).0 == 0)
        let (_, report, _) = try await Self.sh(curl, ["-s", "-u", "test:x", "-X", "PROPFIND", "-H", "Depth: 1", base])
        #expect(report.contains(".ics"))
        let all = try await Self.sh(curl, ["-s", "-u", "test:x", base])
        #expect(all.1.contains("Reply to Sam"), "\(all.1.prefix(300))")
    }
}
