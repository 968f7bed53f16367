import Foundation
import Primitives

/// One occurrence of an event, ready for listing.
public struct EventOccurrence: Sendable, Codable, Hashable {
    public var uid: String
    public var title: String
    /// Absolute start. All-day occurrences start at midnight of their date in the zone the
    /// listing was asked for.
    public var start: Date
    /// Absolute end (exclusive). All-day: midnight after the last day.
    public var end: Date
    public var allDay: Bool
    public var location: String?
    public var description: String?
    public var organizer: String?
    /// STATUS as written (CONFIRMED, TENTATIVE, CANCELLED), upper-cased.
    public var status: String?
    /// The event's own zone: an IANA identifier, or the TZID as written for in-file zones.
    /// nil when floating or all-day.
    public var timeZoneID: String?
    /// True when the event's times carry no zone and were read in the listing's zone.
    public var floating: Bool
    /// UTC offset (seconds east) of `start`/`end` in the event's own zone; nil when floating or all-day.
    public var startOffset: Int?
    public var endOffset: Int?
    /// True when this occurrence comes from a RECURRENCE-ID override.
    public var isOverride: Bool
    /// The file the event came from (last path component).
    public var calendar: String

    /// Start as ISO-8601 in the event's own zone (`2019-03-20T19:00:00+01:00`), or in
    /// `fallback` when floating; `YYYY-MM-DD` when all-day.
    public func startString(fallback: TimeZone) -> String {
        ISODates.string(for: start, allDay: allDay, offset: startOffset, fallback: fallback)
    }

    public func endString(fallback: TimeZone) -> String {
        ISODates.string(for: end, allDay: allDay, offset: endOffset, fallback: fallback)
    }
}

/// `YYYY-MM-DD` for all-day values, otherwise ISO-8601 with offset (`2024-03-01T09:00:00+01:00`)
/// in `timeZone`. For an all-day occurrence pass the zone the listing was made in.
public func isoString(for date: Date, allDay: Bool, timeZone: TimeZone) -> String {
    ISODates.string(for: date, allDay: allDay, timeZone: timeZone)
}

/// ISO-8601 formatting without formatters (deterministic, Sendable).
public enum ISODates {
    /// `YYYY-MM-DD` for all-day values, otherwise `YYYY-MM-DDTHH:MM:SS±HH:MM` in `timeZone`.
    public static func string(for date: Date, allDay: Bool, timeZone: TimeZone) -> String {
        string(for: date, allDay: allDay, offset: nil, fallback: timeZone)
    }

    /// Formats with an explicit offset (seconds east of UTC) when given, else in `fallback`.
    public static func string(for date: Date, allDay: Bool, offset: Int?, fallback: TimeZone) -> String {
        let t = Int(date.timeIntervalSince1970.rounded(.down))
        let off = offset ?? fallback.secondsFromGMT(for: date)
        let local = LocalDateTime(localSeconds: t + off)
        let (y, m, d) = Civil.date(of: local.day)
        let day = "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
        if allDay { return day }
        let sign = off < 0 ? "-" : "+"
        let a = abs(off)
        return day + "T\(pad(local.hour, 2)):\(pad(local.minute, 2)):\(pad(local.second % 60, 2))"
            + "\(sign)\(pad(a / 3600, 2)):\(pad((a % 3600) / 60, 2))"
    }

    /// Zero-padded decimal (a leading minus sign for negative years).
    static func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(abs(n))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return n < 0 ? "-" + padded : padded
    }
}

/// Lists occurrences overlapping `[from, to)` across calendars, sorted by start (all-day first),
/// then title, end, file and UID.
/// - `to == nil`: unbounded (infinite rules stop after `CalendarConfig.unboundedHorizonDays`
///   from `from`, and at `maxOccurrencesPerSeries`); both nil: the whole (capped) set.
/// - Floating times and all-day dates are read in `timeZone`.
/// - A zero-length occurrence counts when its start lies in the window; an empty window
///   (`from == to`) selects what is happening at that instant.
/// - UTC and floating times of a calendar with an X-WR-TIMEZONE are read on that zone's
///   wall clock (as the exporting application shows them).
public func occurrences(in calendars: [ICalendar], from: Date?, to: Date?, timeZone: TimeZone,
                        config: CalendarConfig = .default) -> [EventOccurrence] {
    var all: [EventOccurrence] = []
    for cal in calendars {
        all += OccurrenceExpander(calendar: cal, viewer: timeZone, config: config).occurrences(from: from, to: to)
    }
    return all.sorted {
        if $0.start != $1.start { return $0.start < $1.start }
        if $0.allDay != $1.allDay { return $0.allDay }
        if $0.title != $1.title { return $0.title < $1.title }
        if $0.end != $1.end { return $0.end < $1.end }
        return ($0.calendar, $0.uid) < ($1.calendar, $1.uid)
    }
}
