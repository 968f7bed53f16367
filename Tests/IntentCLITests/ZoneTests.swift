import Agenda
import Foundation
import IntentKit
@testable import IntentCLI
import IntentTestSupport
import Testing

/// A fake root with `etc/` and the real zoneinfo, so the system zone source can be tested without
/// touching this machine's `/etc/localtime`.
private func fakeRoot(localtimeLink: String? = nil, localtimeCopy: String? = nil, timezone: String? = nil) throws -> (SystemZones, URL) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("intent-root-\(UUID().uuidString)")
    let etc = root.appendingPathComponent("etc")
    try FileManager.default.createDirectory(at: etc, withIntermediateDirectories: true)
    if let localtimeLink {
        try FileManager.default.createSymbolicLink(atPath: etc.appendingPathComponent("localtime").path,
                                                   withDestinationPath: "/usr/share/zoneinfo/" + localtimeLink)
    }
    if let localtimeCopy {
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/" + localtimeCopy, toPath: etc.appendingPathComponent("localtime").path)
    }
    if let timezone { try Data((timezone + "\n").utf8).write(to: etc.appendingPathComponent("timezone")) }
    return (SystemZones(root: root.path, environment: ["TZDIR": "/usr/share/zoneinfo"]), root)
}

private let hasTZData = FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Paris")

@Suite(.enabled(if: hasTZData, "needs the system tzdata in /usr/share/zoneinfo")) struct ZoneTests {
    @Test func systemZoneFromLocaltimeLinkCopyOrTimezoneFile() throws {
        let (link, _) = try fakeRoot(localtimeLink: "America/Los_Angeles")
        #expect(link.systemZone()?.name == "America/Los_Angeles")
        #expect(link.systemZone()?.source == .localtime)
        let (copy, _) = try fakeRoot(localtimeCopy: "Asia/Kolkata", timezone: "Asia/Kolkata")
        #expect(copy.systemZone()?.name == "Asia/Kolkata")
        let (copyOnly, _) = try fakeRoot(localtimeCopy: "Australia/Sydney")
        let july = Date(timeIntervalSince1970: 1_784_000_000)
        #expect(copyOnly.systemZone()?.zone.secondsFromGMT(for: july) == 36_000)
        let (file, _) = try fakeRoot(timezone: "Europe/Berlin")
        #expect(file.systemZone()?.name == "Europe/Berlin")
        #expect(file.systemZone()?.source == .timezone)
        let (none, _) = try fakeRoot()
        #expect(none.systemZone() == nil)
    }

    @Test func runZoneOrderIsFlagTZConfigSystemUTC() throws {
        let (system, _) = try fakeRoot(localtimeLink: "America/New_York")
        func zone(_ flag: String?, _ tz: String?, _ config: String?) throws -> String {
            try ClockOptions.timeZone(flag: flag, environment: tz.map { ["TZ": $0] } ?? [:], configured: config,
                                      system: system, warn: { _ in }).identifier
        }
        #expect(try zone("Asia/Tokyo", "Europe/Paris", "Asia/Kolkata") == "Asia/Tokyo")
        #expect(try zone(nil, ":Europe/Paris", "Asia/Kolkata") == "Europe/Paris")
        #expect(try zone(nil, nil, "Asia/Kolkata") == "Asia/Kolkata")
        #expect(try zone(nil, nil, nil) == "America/New_York")
        let (empty, _) = try fakeRoot()
        #expect(try ClockOptions.timeZone(flag: nil, environment: [:], system: empty, warn: { _ in }).secondsFromGMT() == 0)
        #expect(throws: (any Error).self) { try zone("Mars/Base", nil, nil) }
        #expect(throws: (any Error).self) { try zone(nil, nil, "Mars/Base") }
        var warnings: [String] = []
        _ = try ClockOptions.timeZone(flag: nil, environment: ["TZ": "Foo/Bar"], system: system) { warnings.append($0) }
        #expect(warnings.count == 1)
    }

    /// Offsets of backward links and legacy names equal the compiled files' own tables. Known
    /// gap: the legacy rule zones WET and EET have no Foundation twin before 1997 and 1981
    /// (Foundation's tables differ there), so they are compared from then on.
    @Test(arguments: ["Asia/Kolkata", "Asia/Calcutta", "US/Pacific", "CET", "EET", "WET", "MET", "EST5EDT", "Etc/GMT+5",
                      "Etc/GMT-14", "America/Nuuk", "Europe/Kyiv", "America/Ciudad_Juarez", "Antarctica/Troll", "Navajo"])
    func offsetsEqualTheSystemTZData(_ name: String) throws {
        let zones = SystemZones(environment: [:])
        let zone = try #require(zones.zone(named: name))
        let file = try #require(TZifFile(data: try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + name))))
        var t: Int64 = ["WET": 857_000_000, "EET": 347_000_000][name] ?? 0
        while t < 2_140_000_000 {
            #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) == file.offset(at: t), "\(name) at \(t)")
            t += 86_400 * 9 + 3_607
        }
    }

    @Test func posixTZStrings() {
        let zones = SystemZones(environment: [:])
        #expect(zones.posixZone("UTC+5")?.secondsFromGMT() == -18_000)
        #expect(zones.posixZone("<+0530>-5:30")?.secondsFromGMT() == 19_800)
        let july = Date(timeIntervalSince1970: 1_784_000_000)
        #expect(zones.posixZone("CET-1CEST,M3.5.0,M10.5.0/3")?.secondsFromGMT(for: july) == 7_200)
        #expect(zones.posixZone("nonsense") == nil)
        #expect(zones.zone(named: "../../etc/passwd") == nil)
    }

    @Test func nowIsStrict() throws {
        let paris = TimeZone(identifier: "Europe/Paris")!
        for bad in ["2026-02-30", "2026-13-01", "2026-04-31T10:00", "2026-12-01T25:00", "1500-01-01", "tomorrow"] {
            #expect(throws: (any Error).self, "\(bad)") {
                try ClockOptions.now(flag: bad, environment: [:], zone: paris, wallClock: { Date() })
            }
        }
        // a time the clocks skip is invalid input naming --now, with the time that exists
        #expect(throws: IntentError.invalidValue(parameter: "now", reason: "'2026-03-29T02:30': 2026-03-29T02:30 does not exist in "
            + "Europe/Paris: the clocks go forward from 02:00 to 03:00 (+01:00 to +02:00); use 03:30, or give a UTC offset")) {
            try ClockOptions.now(flag: "2026-03-29T02:30", environment: [:], zone: paris, wallClock: { Date() })
        }
        #expect(throws: IntentError.invalidInput("invalid value for INTENT_NOW: '2026-02-30': February 2026 has 28 days, not 30")) {
            try ClockOptions.now(flag: nil, environment: ["INTENT_NOW": "2026-02-30"], zone: paris, wallClock: { Date() })
        }
        // not ISO-8601 at all is a usage error
        #expect(throws: IntentError.usage("--now 'tomorrow': not an ISO-8601 date or date-time (use ISO-8601, e.g. "
            + "2026-12-01T09:00:00+01:00 or 2026-12-01T09:00)")) {
            try ClockOptions.now(flag: "tomorrow", environment: [:], zone: paris, wallClock: { Date() })
        }
        #expect(try ClockOptions.now(flag: "2026-03-29T02:30+01:00", environment: [:], zone: paris, wallClock: { Date() })
                == TestClock.date("2026-03-29T01:30:00Z"))
        #expect(try ClockOptions.now(flag: "2028-02-29T12:00:00+01:00", environment: [:], zone: paris, wallClock: { Date() })
                == TestClock.date("2028-02-29T11:00:00Z"))
        // In the autumn overlap the first (earlier) instant is used, with a warning naming both.
        var warnings: [String] = []
        #expect(try ClockOptions.now(flag: "2026-10-25T02:30", environment: [:], zone: paris, wallClock: { Date() }) {
            warnings.append($0)
        } == TestClock.date("2026-10-25T00:30:00Z"))
        #expect(warnings == ["--now 2026-10-25T02:30 happens twice in Europe/Paris (the clocks go back); using the first, "
            + "2026-10-25T02:30:00+02:00, not 2026-10-25T02:30:00+01:00 (give an offset to choose)"])
    }
}
