import Foundation
import Testing
@testable import DueDate

/// DST: America/New_York springs forward on 2026-03-08 02:00, Europe/Berlin falls back on
/// 2026-10-25 03:00.
@Suite struct ZoneAndDSTTests {
    @Test func springForwardKeepsWallClockForDayPhrases() {
        let ref = "2026-03-07T10:00:00"
        #expect(resolve("tomorrow at 9am", at: ref, zone: "America/New_York") == "2026-03-08T09:00:00-04:00")
        #expect(resolve("at 9am", at: ref, zone: "America/New_York") == "2026-03-08T09:00:00-04:00")
        #expect(resolve("tomorrow", at: ref, zone: "America/New_York") == "2026-03-08")
        #expect(resolve("in 2 days", at: ref, zone: "America/New_York") == "2026-03-09")
    }

    @Test func elapsedOffsetsCountRealHours() {
        // 24 elapsed hours across the jump land one wall-clock hour later
        #expect(resolve("in 24 hours", at: "2026-03-07T10:00:00", zone: "America/New_York") == "2026-03-08T11:00:00-04:00")
        #expect(resolve("in 24 hours", at: "2026-10-24T12:00:00", zone: "Europe/Berlin") == "2026-10-25T11:00:00+01:00")
    }

    @Test func fallBackDay() throws {
        let ref = "2026-10-24T12:00:00"
        #expect(resolve("tomorrow at noon", at: ref, zone: "Europe/Berlin") == "2026-10-25T12:00:00+01:00")
        let p = parser(ref, zone: "Europe/Berlin")
        let day = try p.parse("tomorrow")
        // the day starts at local midnight, still in summer time
        #expect(day.start == DateEval.wallClock("2026-10-24T22:00:00")!.instant(in: TimeZone(identifier: "UTC")!))
    }

    @Test func skippedWallTimeStillResolves() throws {
        let p = parser("2026-03-07T10:00:00", zone: "America/New_York")
        let r = try p.parse("tomorrow at 2:30am")
        #expect(r.isoString(in: p.timeZone).hasPrefix("2026-03-08T0"))
    }

    @Test func explicitOffsetsConvertIntoTheInjectedZone() {
        #expect(resolve("2026-12-04T17:00:00Z", at: "2026-03-04T10:15:00", zone: "Europe/Paris") == "2026-12-04T18:00:00+01:00")
        #expect(resolve("2026-07-04T17:00:00-05:00", at: "2026-03-04T10:15:00", zone: "Asia/Kolkata") == "2026-07-05T03:30:00+05:30")
    }

    @Test func todayFollowsTheInjectedZone() {
        // 23:30 UTC is already the next day in Tokyo
        #expect(resolve("today", at: "2026-03-04T23:30:00", zone: "UTC") == "2026-03-04")
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let now = DateEval.wallClock("2026-03-04T23:30:00")!.instant(in: TimeZone(identifier: "UTC")!)
        let p = DueDateParser(now: now, timeZone: tokyo)
        #expect((try? p.parse("today").isoString(in: tokyo)) == "2026-03-05")
    }
}
