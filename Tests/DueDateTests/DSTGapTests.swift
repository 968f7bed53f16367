import Foundation
import IntentKit
import Testing
@testable import DueDate

/// Times the clocks skip are refused with the reason; times they repeat take the first occurrence.
/// Europe/Berlin springs forward on 2027-03-28 02:00 → 03:00 and falls back on 2027-10-31
/// 03:00 → 02:00; America/New_York springs forward on 2027-03-14 02:00 → 03:00.
@Suite("Daylight-saving gaps and overlaps")
struct DSTGapTests {
    static func utc(_ text: String) -> Date { DateEval.wallClock(text)!.instant(in: TimeZone(identifier: "UTC")!) }

    @Test func localTimeResolvesGapsOverlapsAndOrdinaryTimes() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let gap = try #require(LocalTime.resolve(year: 2027, month: 3, day: 28, hour: 2, minute: 30, second: 0, in: berlin).gap)
        #expect(gap.transition == Self.utc("2027-03-28T01:00:00"))
        #expect(gap.offsetBefore == 3600 && gap.offsetAfter == 7200)
        #expect(gap.shifted == Self.utc("2027-03-28T01:30:00"))
        #expect(gap.explanation("2027-03-28 02:30", zone: berlin)
                == "2027-03-28 02:30 does not exist in Europe/Berlin: the clocks go forward from 02:00 to 03:00 "
                + "(+01:00 to +02:00); use 03:30, or give a UTC offset")
        #expect(LocalTime.resolve(year: 2027, month: 10, day: 31, hour: 2, minute: 30, second: 0, in: berlin)
                == .repeated(first: Self.utc("2027-10-31T00:30:00"), second: Self.utc("2027-10-31T01:30:00")))
        #expect(LocalTime.resolve(year: 2027, month: 3, day: 28, hour: 3, minute: 0, second: 0, in: berlin)
                == .unique(Self.utc("2027-03-28T01:00:00")))
        #expect(LocalTime.resolve(year: 2027, month: 3, day: 28, hour: 1, minute: 59, second: 59, in: berlin)
                == .unique(Self.utc("2027-03-28T00:59:59")))
        // a half-hour jump (Lord Howe Island: +10:30 → +11:00 on 2027-10-03 02:00)
        let lordHowe = TimeZone(identifier: "Australia/Lord_Howe")!
        let half = try #require(LocalTime.resolve(year: 2027, month: 10, day: 3, hour: 2, minute: 15, second: 0, in: lordHowe).gap)
        #expect(half.offsetAfter - half.offsetBefore == 1800)
        #expect(half.explanation("x", zone: lordHowe).contains("from 02:00 to 02:30"))
    }

    @Test func aDueTimeInTheGapCarriesTheReasonItIsRefused() throws {
        for (zone, now, phrase, written) in [
            ("Europe/Berlin", "2027-03-27T12:00:00", "tomorrow 2:30am", "2027-03-28 02:30"),
            ("Europe/Berlin", "2027-03-20T12:00:00", "2027-03-28T02:30", "2027-03-28 02:30"),
            ("Europe/Berlin", "2027-03-20T12:00:00", "28 March 2027 at 2:30", "2027-03-28 02:30"),
            ("America/New_York", "2027-03-13T12:00:00", "tomorrow at 2:30am", "2027-03-14 02:30"),
            ("America/New_York", "2027-03-13T22:00:00", "at 2:30am", "2027-03-14 02:30"),
        ] {
            let r = try parser(now, zone: zone).parse(phrase)
            #expect(r.skippedWallClock == written, "\(phrase)")
            guard case .impossibleTime(let why)? = r.skippedTimeProblem else {
                Issue.record("\(phrase) in \(zone) was not flagged"); continue
            }
            #expect(why.hasPrefix("\(written) does not exist in \(zone): the clocks go forward from 02:00 to 03:00"))
            #expect(why.contains("use 03:30"))
        }
        // the hour after the jump, and a time with an explicit offset, are fine
        #expect(try parser("2027-03-27T12:00:00", zone: "Europe/Berlin").parse("tomorrow 3:30am").skippedTimeProblem == nil)
        #expect(try parser("2027-03-27T12:00:00", zone: "Europe/Berlin").parse("2027-03-28T02:30:00+01:00").skippedTimeProblem == nil)
        // a day whose midnight is skipped is not a refused time (America/Santiago, 2027-09-05 00:00 → 01:00)
        let santiago = try parser("2027-09-04T12:00:00", zone: "America/Santiago").parse("tomorrow")
        #expect(santiago.skippedTimeProblem == nil)
        #expect(santiago.isoString(in: TimeZone(identifier: "America/Santiago")!) == "2027-09-05")
    }

    @Test func freeTextWithAGapTimeIsReportedLikeAnImpossibleDate() {
        let p = parser("2027-03-27T12:00:00", zone: "Europe/Berlin")
        guard case .impossibleTime(let why)? = p.impossibleDate(in: "call mum tomorrow 2:30am") else {
            Issue.record("not reported"); return
        }
        #expect(why.contains("2027-03-28 02:30 does not exist in Europe/Berlin"))
        #expect(p.impossibleDate(in: "call mum tomorrow 3:30am") == nil)
        #expect(p.impossibleDate(in: "call mum tomorrow") == nil)
        #expect(p.impossibleDate(in: "pay rent on Feb 30")?.code == "impossible_date_or_time")
        // in New York the same words are an ordinary time
        #expect(parser("2027-03-27T12:00:00", zone: "America/New_York").impossibleDate(in: "call mum tomorrow 2:30am") == nil)
    }

    @Test func anAmbiguousTimeIsTheFirstOccurrence() throws {
        let p = parser("2027-10-30T12:00:00", zone: "Europe/Berlin")
        let berlin = p.timeZone
        #expect(try p.parse("tomorrow 2:30am").isoString(in: berlin) == "2027-10-31T02:30:00+02:00")
        #expect(try p.parse("2027-10-31T02:30").isoString(in: berlin) == "2027-10-31T02:30:00+02:00")
        #expect(try p.parse("tomorrow 2:30am").skippedTimeProblem == nil)
        let ny = parser("2027-11-06T12:00:00", zone: "America/New_York")
        #expect(try ny.parse("tomorrow at 1:30am").isoString(in: ny.timeZone) == "2027-11-07T01:30:00-04:00")
    }

    @Test func datesBeforeTheGregorianCalendarAreRefused() {
        #expect(resolve("1500-03-01", at: "2026-03-04T10:15:00") == "error:out_of_range")
        #expect(resolve("October 4, 1582", at: "2026-03-04T10:15:00") == "error:out_of_range")
        #expect(resolve("1583-01-01", at: "2026-03-04T10:15:00") == "1583-01-01")
        #expect(resolve("500 years ago", at: "2026-03-04T10:15:00") == "error:out_of_range")
        let p = parser("2026-03-04T10:15:00")
        #expect((try? p.parse("1066-10-14")) == nil)
        do { _ = try p.parse("1066-10-14") } catch {
            #expect(error.description.contains("1583 to 9999") && error.description.contains("Gregorian"))
        }
    }
}
