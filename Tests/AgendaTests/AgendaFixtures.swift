import Foundation
@testable import Agenda

/// Locates the package's Fixtures folder from this file, and builds small calendars.
enum AgendaFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var ics: URL { root.appendingPathComponent("ics") }
    static var vcf: URL { root.appendingPathComponent("vcf") }

    static let utc = TimeZone(secondsFromGMT: 0)!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// A VCALENDAR around the given lines (joined with CRLF).
    static func calendar(_ lines: [String], header: [String] = []) -> Data {
        Data((["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + header + lines + ["END:VCALENDAR"])
            .joined(separator: "\r\n").utf8)
    }

    static func event(_ lines: [String], uid: String = "e1") -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20200101T000000Z"] + lines + ["END:VEVENT"]
    }

    static func parse(_ data: Data, mode: ParseMode = .tolerant) throws -> ICalendar {
        try ICalendarParser.parse(data, fileName: "test.ics", mode: mode)
    }

    /// Start days (YYYY-MM-DD in `tz`) of the whole capped set of a one-rule series.
    static func days(dtstart: String, rule: String, extra: [String] = [], tz: TimeZone = newYork,
                     limit: Int = 50) throws -> [String] {
        let cal = try parse(calendar(event(["DTSTART;TZID=America/New_York:\(dtstart)", "RRULE:\(rule)"] + extra)))
        return occurrences(in: [cal], from: nil, to: nil, timeZone: tz).prefix(limit)
            .map { String($0.startString(fallback: tz).prefix(10)) }
    }
}

