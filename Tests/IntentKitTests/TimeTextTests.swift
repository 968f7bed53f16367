import Foundation
import Testing
import IntentKit

/// `TimeText` must agree with Foundation's formatters exactly on every instant and zone it handles.
@Suite("Fast timestamp text agrees with Foundation")
struct TimeTextTests {
    /// A seeded spread of instants from 1600 to 2400, including negative epochs and leap days.
    static let instants: [Date] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: 951_782_400)]
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Double(Int64(bitPattern: state >> 1) % 13_000_000_000) - 11_600_000_000
            dates.append(Date(timeIntervalSince1970: seconds + Double(state % 1_000) / 1_000))
        }
        return dates
    }()

    @Test func utcMillisecondsMatchesISO8601DateFormatter() {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for date in Self.instants where date.timeIntervalSince1970 > -11_000_000_000 {
            let text = TimeText.utcMilliseconds(date)
            #expect(f.date(from: text).map { abs($0.timeIntervalSince(date)) < 0.0015 } == true, "\(text)")
            #expect(TimeText.parseTimestamp(text).map { abs($0.timeIntervalSince(date)) < 0.0015 } == true, "\(text)")
        }
    }

    @Test func parsesOffsetsAndRefusesImpossibleTimes() throws {
        let paris = try #require(TimeText.parseTimestamp("2026-12-01T09:30:00+01:00"))
        #expect(paris == Date(timeIntervalSince1970: 1_796_113_800))
        #expect(TimeText.parseTimestamp("2026-12-01T08:30:00Z") == paris)
        #expect(TimeText.parseTimestamp("2026-12-01T03:00:00-05:30") == Date(timeIntervalSince1970: 1_796_113_800))
        for bad in ["2026-02-30T00:00:00Z", "2026-12-01T24:00:00Z", "2026-12-01T09:30:00", "2026-12-01 09:30:00Z",
                    "2026-12-01T09:30:00.Z", "2026-12-01T09:30:00+0100", "2025-02-29T00:00:00Z", "x"] {
            #expect(TimeText.parseTimestamp(bad) == nil, "\(bad)")
        }
        #expect(TimeText.parseTimestamp("2024-02-29T12:00:00.5Z") != nil)
    }

    @Test func humanMatchesDateFormatterInManyZones() throws {
        for name in ["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham", "America/St_Johns"] {
            let zone = try #require(TimeZone(identifier: name))
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.calendar = Calendar(identifier: .gregorian)
            f.timeZone = zone
            f.dateFormat = "EEE d MMM yyyy HH:mm xxx"
            for date in Self.instants where date.timeIntervalSince1970 > -2_000_000_000 {
                #expect(TimeText.human(date, in: zone, offset: true) == f.string(from: date), "\(name) \(date.timeIntervalSince1970)")
            }
        }
    }

    @Test func patternsMatchDateFormatter() throws {
        let patterns = ["EEEE d MMMM", "EEE d MMM", "EEE d MMM HH:mm", "HH:mm", "EEE d MMM yyyy HH:mm (xxx)",
                        "EEE d MMM yyyy", "yyyy-MM-dd HH:mm:ss", "EEEE"]
        for name in ["UTC", "America/Los_Angeles", "Asia/Kathmandu", "Europe/London"] {
            let zone = try #require(TimeZone(identifier: name))
            for pattern in patterns {
                let f = DateFormatter()
                f.locale = Locale(identifier: "en_US_POSIX")
                f.calendar = Calendar(identifier: .gregorian)
                f.timeZone = zone
                f.dateFormat = pattern
                for date in Self.instants.prefix(300) where date.timeIntervalSince1970 > -2_000_000_000 {
                    #expect(TimeText.format(date, pattern, zone: zone) == f.string(from: date), "\(name) \(pattern)")
                }
            }
        }
        #expect(TimeText.parseDay("2026-02-29") == nil)
        #expect(TimeText.parseDay("2024-02-29") == Date(timeIntervalSince1970: 1_709_164_800))
    }

    @Test func civilDaysRoundTrip() {
        for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let (y, m, d) = TimeText.civilFromDays(days)
            #expect(TimeText.daysFromCivil(year: y, month: m, day: d) == days)
        }
        #expect(TimeText.daysFromCivil(year: 2000, month: 3, day: 1) == 11_017)
    }
}
