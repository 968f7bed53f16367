import Foundation
import Primitives

/// Wall-clock readings in a time zone, with daylight-saving gaps and overlaps made explicit.
///
/// A reading such as 2027-03-28 02:30 in Europe/Berlin does not exist (the clocks go from 02:00
/// straight to 03:00); 2027-10-31 02:30 exists twice (02:00–03:00 is lived through twice).
/// Callers refuse a reading in a gap with `Gap.explanation` and take the first occurrence of a
/// repeated one (as RFC 5545 and Python's `fold=0` do).
public enum LocalTime {
    /// A wall-clock reading that the clocks skip.
    public struct Gap: Sendable, Equatable {
        /// The instant the clocks jumped.
        public var transition: Date
        /// UTC offsets (seconds) before and after the jump.
        public var offsetBefore: Int
        public var offsetAfter: Int
        /// The reading shifted forward by the gap: the instant of the reading at the offset in
        /// force before the gap (RFC 5545's reading of a time that does not occur).
        public var shifted: Date

        /// "2027-03-28 02:30 does not exist in Europe/Berlin: the clocks go forward from 02:00 to
        /// 03:00 (+01:00 to +02:00); use 03:30, or give a UTC offset". `written` is the reading.
        public func explanation(_ written: String, zone: TimeZone) -> String {
            let from = LocalTime.text(transition, offset: offsetBefore, "HH:mm")
            let to = LocalTime.text(transition, offset: offsetAfter, "HH:mm")
            let use = LocalTime.text(shifted, offset: offsetAfter, "HH:mm")
            return "\(written) does not exist in \(zone.identifier): the clocks go forward from \(from) to \(to) "
                + "(\(LocalTime.offsetText(offsetBefore)) to \(LocalTime.offsetText(offsetAfter))); use \(use), or give a UTC offset"
        }
    }

    /// What a reading means in a zone.
    public enum Resolution: Sendable, Equatable {
        case unique(Date)
        /// The clocks went back: the reading happens at `first`, then again at `second`.
        case repeated(first: Date, second: Date)
        /// The clocks went forward over the reading.
        case skipped(Gap)

        /// The instant used: the only one, the first of two, or the reading shifted forward by the gap.
        public var instant: Date {
            switch self {
            case .unique(let d), .repeated(let d, _): return d
            case .skipped(let gap): return gap.shifted
            }
        }

        public var gap: Gap? {
            if case .skipped(let gap) = self { return gap }
            return nil
        }
    }

    /// The reading `year-month-day hour:minute:second` (+ `fraction` seconds) in `zone`, on the
    /// proleptic Gregorian calendar. Fields are not range-checked.
    public static func resolve(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
                               fraction: Double = 0, in zone: TimeZone) -> Resolution {
        let local = Double(Civil.dayNumber(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second)
            + fraction
        return resolve(localSeconds: local, in: zone)
    }

    /// The reading given as seconds since 1970-01-01 00:00 *on the wall clock*.
    public static func resolve(localSeconds local: Double, in zone: TimeZone) -> Resolution {
        func offset(_ t: Double) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: t)) }
        let offsets = Set([-86_400.0, 0, 86_400].map { offset(local + $0) })
        let valid = offsets.map { local - Double($0) }.filter { Double(offset($0)) == local - $0 }.sorted()
        if let first = valid.first {
            return valid.count > 1 ? .repeated(first: Date(timeIntervalSince1970: first), second: Date(timeIntervalSince1970: valid.last!))
                : .unique(Date(timeIntervalSince1970: first))
        }
        // a gap: find the jump between the last instant at the old offset and the first at the new one
        let before = offset(local - 86_400), after = offset(local + 86_400)
        // whole seconds: offset(lo) == before, offset(hi) != before
        var lo = (local - Double(max(before, after))).rounded(.down) - 1
        var hi = (local - Double(min(before, after))).rounded(.up) + 1
        while hi - lo > 1 {
            let mid = ((lo + hi) / 2).rounded(.down)
            if offset(mid) == before { lo = mid } else { hi = mid }
        }
        let transition = Date(timeIntervalSince1970: hi)
        return .skipped(Gap(transition: transition, offsetBefore: before, offsetAfter: after,
                            shifted: Date(timeIntervalSince1970: local - Double(before))))
    }

    /// `+01:00`, `-04:00`, `+05:30`.
    public static func offsetText(_ seconds: Int) -> String {
        let m = abs(seconds) / 60
        return String(format: "%@%02d:%02d", seconds < 0 ? "-" : "+", m / 60, m % 60)
    }

    /// `instant` read at a fixed UTC offset, formatted with `pattern` (POSIX locale).
    static func text(_ instant: Date, offset: Int, _ pattern: String) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(secondsFromGMT: offset)
        f.dateFormat = pattern
        return f.string(from: instant)
    }
}
