import Foundation
import IntentKit
import Primitives

/// How precisely a resolved date is known.
public enum Granularity: String, Sendable, Codable, CaseIterable, Comparable {
    case year, month, week, day, hour, minute, second

    /// Coarse-to-fine order: `year < month < ... < second`.
    public static func < (lhs: Granularity, rhs: Granularity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// True for `hour`, `minute` and `second`.
    public var hasTime: Bool { self >= .hour }
}

/// The result of resolving a date phrase against a reference instant and zone.
public struct ResolvedDate: Sendable, Equatable {
    /// The instant the phrase starts at. For day (or coarser) results this is local midnight of
    /// the first day in the parser's zone.
    public var start: Date
    /// Exclusive end when the phrase names a span (a week, a month, "next 3 days"); nil for points.
    public var end: Date?
    /// How precisely the phrase pins the date down.
    public var granularity: Granularity

    /// Whether a time of day is known (granularity hour, minute or second).
    public var hasTime: Bool { granularity.hasTime }

    /// The wall-clock time as asked (`2026-03-29 02:30`) when it does not exist in the zone
    /// (a daylight-saving gap) and `start` was moved forward by the gap; nil otherwise.
    public var skippedWallClock: String?
    /// Why a time in a daylight-saving gap is refused (`impossibleTime`, naming the zone, the
    /// jump and the time that exists); set with `skippedWallClock`. Callers refuse such results.
    public var skippedTimeProblem: DueDateError?

    public init(start: Date, end: Date? = nil, granularity: Granularity) {
        self.start = start
        self.end = end
        self.granularity = granularity
    }

    /// `YYYY-MM-DD` when only a day (or coarser) is known; ISO-8601 with a numeric offset
    /// (`2026-12-04T17:00:00+01:00`) when a time is known. Always uses the Gregorian calendar.
    public func isoString(in timeZone: TimeZone) -> String {
        let wall = WallClock(start, in: timeZone)
        let date = String(format: "%04d-%02d-%02d", wall.day.year, wall.day.month, wall.day.day)
        guard hasTime else { return date }
        let offset = timeZone.secondsFromGMT(for: start)
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return date + String(format: "T%02d:%02d:%02d%@%02d:%02d", wall.hour, wall.minute, wall.second,
                             sign, magnitude / 3600, (magnitude % 3600) / 60)
    }
}

/// Wall-clock reading of an instant in a zone (Gregorian, POSIX).
struct WallClock: Sendable, Equatable {
    var day: Day
    var hour: Int
    var minute: Int
    var second: Int
    var nanosecond: Int

    init(day: Day, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) {
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// The reading of `date` in `zone`: the instant plus the zone's UTC offset at that instant,
    /// split by civil-day arithmetic (`Day`, over `Civil`), with no Foundation `Calendar` to set up.
    init(_ date: Date, in zone: TimeZone) {
        // Whole seconds and the fraction from the reference-date interval (what `Date` stores),
        // so no precision is lost to the 1970 shift.
        let reference = date.timeIntervalSinceReferenceDate
        let whole = reference.rounded(.down)
        let nanosecond = min(999_999_999, Int(((reference - whole) * 1e9).rounded(.down)))
        let local = Int(whole) + Self.referenceEpoch + zone.secondsFromGMT(for: date)
        let (days, seconds) = Self.floorDivision(local, 86_400)
        self.init(day: Day(ordinal: days), hour: seconds / 3600, minute: seconds % 3600 / 60,
                  second: seconds % 60, nanosecond: nanosecond)
    }

    /// Seconds from 1970-01-01 to 2001-01-01 (`Date`'s reference date).
    private static let referenceEpoch = 978_307_200

    private static func floorDivision(_ a: Int, _ b: Int) -> (quotient: Int, remainder: Int) {
        let r = a % b
        return r < 0 ? (a / b - 1, r + b) : (a / b, r)
    }

    /// What this wall-clock time means in `zone` (see `LocalTime`).
    func resolution(in zone: TimeZone) -> LocalTime.Resolution {
        LocalTime.resolve(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second,
                          fraction: Double(nanosecond) / 1e9, in: zone)
    }

    /// `YYYY-MM-DD HH:MM` and the reason when this wall-clock time does not exist in `zone` (a DST gap).
    func skipped(in zone: TimeZone) -> (written: String, problem: DueDateError)? {
        guard let gap = resolution(in: zone).gap else { return nil }
        let written = String(format: "%04d-%02d-%02d %02d:%02d", day.year, day.month, day.day, hour, minute)
        return (written, .impossibleTime(gap.explanation(written, zone: zone)))
    }

    /// The instant of this wall-clock time in `zone`: in a daylight-saving overlap the first of
    /// the two; in a gap the time shifted forward by the gap (callers that must not shift check
    /// `skipped(in:)`).
    func instant(in zone: TimeZone) -> Date {
        resolution(in: zone).instant
    }
}
