import Primitives
/// How a DATE-TIME is anchored: UTC (`Z`), floating (no zone: read in the viewer's zone),
/// or a TZID as written in the file (resolved through `ICalendar.zones`).
public enum TimeAnchor: Sendable, Hashable, Codable {
    case utc
    case floating
    case zoned(String)
}

/// A DATE or DATE-TIME value as written in the file.
public enum ICSTime: Sendable, Hashable, Codable {
    case date(day: Int)
    case dateTime(LocalDateTime, TimeAnchor)

    public var isDate: Bool { if case .date = self { return true } else { return false } }

    /// The wall-clock value (midnight for a DATE).
    public var local: LocalDateTime {
        switch self {
        case .date(let day): return LocalDateTime(day: day)
        case .dateTime(let l, _): return l
        }
    }
}

/// A DURATION value: nominal days (weeks count as 7) and exact seconds, with a sign.
public struct ICSDuration: Sendable, Hashable, Codable {
    public var days: Int
    public var seconds: Int
    public init(days: Int, seconds: Int) { self.days = days; self.seconds = seconds }
}

/// Why a value failed to parse. Never includes the value itself.
public struct ICSValueError: Error, Sendable, Equatable {
    public var reason: String
}

/// Parsers for the value types the reader needs (RFC 5545 §3.3).
public enum ICSValueParser {
    /// `YYYYMMDD`.
    public static func date(_ s: String) throws(ICSValueError) -> Int {
        let b = Array(s.trimmingSpaces().utf8)
        guard b.count == 8, let y = digits(b, 0, 4), let m = digits(b, 4, 2), let d = digits(b, 6, 2) else {
            throw ICSValueError(reason: "not a DATE (YYYYMMDD)")
        }
        guard Civil.isValid(year: y, month: m, day: d) else { throw ICSValueError(reason: "DATE is not a calendar day") }
        return Civil.dayNumber(year: y, month: m, day: d)
    }

    /// `YYYYMMDDTHHMMSS[Z]` (seconds may be omitted). A trailing `Z` gives `.utc`,
    /// otherwise `tzid` (if any) or floating.
    public static func dateTime(_ s: String, tzid: String?) throws(ICSValueError) -> ICSTime {
        var b = Array(s.trimmingSpaces().utf8)
        var utc = false
        if let last = b.last, last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") { utc = true; b.removeLast() }
        guard b.count == 15 || b.count == 13, b[8] == UInt8(ascii: "T") || b[8] == UInt8(ascii: "t"),
              let y = digits(b, 0, 4), let mo = digits(b, 4, 2), let d = digits(b, 6, 2),
              let h = digits(b, 9, 2), let mi = digits(b, 11, 2) else {
            throw ICSValueError(reason: "not a DATE-TIME (YYYYMMDDTHHMMSS)")
        }
        let sec = b.count == 15 ? digits(b, 13, 2) : 0
        guard let sec, Civil.isValid(year: y, month: mo, day: d), h < 24, mi < 60, sec <= 60 else {
            throw ICSValueError(reason: "DATE-TIME is not a valid time")
        }
        let local = LocalDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: min(sec, 59))
        if utc { return .dateTime(local, .utc) }
        if let tzid, !tzid.isEmpty { return .dateTime(local, .zoned(tzid)) }
        return .dateTime(local, .floating)
    }

    /// DATE when the value has 8 characters or `VALUE=DATE`, DATE-TIME otherwise.
    public static func time(_ s: String, valueType: String?, tzid: String?) throws(ICSValueError) -> ICSTime {
        let trimmed = s.trimmingSpaces()
        if valueType?.uppercased() == "DATE" || (trimmed.utf8.count == 8 && valueType == nil) {
            return .date(day: try date(trimmed))
        }
        return try dateTime(trimmed, tzid: tzid)
    }

    /// `[+-]P[nW][nD][T[nH][nM][nS]]`. Values beyond `maxDays` are rejected as out of range.
    public static func duration(_ s: String, maxDays: Int) throws(ICSValueError) -> ICSDuration {
        var b = Array(s.trimmingSpaces().utf8)[...]
        var sign = 1
        if let f = b.first, f == UInt8(ascii: "-") || f == UInt8(ascii: "+") {
            sign = f == UInt8(ascii: "-") ? -1 : 1
            b = b.dropFirst()
        }
        guard b.first == UInt8(ascii: "P") else { throw ICSValueError(reason: "DURATION must start with P") }
        b = b.dropFirst()
        var days = 0, seconds = 0, inTime = false, sawUnit = false
        var number: Int? = nil
        for c in b {
            if c >= 0x30 && c <= 0x39 {
                let (m, o1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (v, o2) = m.addingReportingOverflow(Int(c - 0x30))
                guard !o1, !o2, v <= maxDays * 86_400 else { throw ICSValueError(reason: "DURATION out of range") }
                number = v
                continue
            }
            if c == UInt8(ascii: "T") { guard !inTime, number == nil else { throw ICSValueError(reason: "malformed DURATION") }; inTime = true; continue }
            guard let n = number else { throw ICSValueError(reason: "malformed DURATION") }
            switch (c, inTime) {
            case (UInt8(ascii: "W"), false): days += n * 7
            case (UInt8(ascii: "D"), false): days += n
            case (UInt8(ascii: "H"), true): seconds += n * 3600
            case (UInt8(ascii: "M"), true): seconds += n * 60
            case (UInt8(ascii: "S"), true): seconds += n
            default: throw ICSValueError(reason: "malformed DURATION")
            }
            guard days <= maxDays, seconds <= maxDays * 86_400 else { throw ICSValueError(reason: "DURATION out of range") }
            number = nil
            sawUnit = true
        }
        guard sawUnit, number == nil else { throw ICSValueError(reason: "malformed DURATION") }
        return ICSDuration(days: sign * days, seconds: sign * seconds)
    }

    /// `+HHMM[SS]` or `-HHMM[SS]` in seconds east of UTC.
    public static func utcOffset(_ s: String) throws(ICSValueError) -> Int {
        let b = Array(s.trimmingSpaces().utf8)
        guard b.count == 5 || b.count == 7, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-"),
              let h = digits(b, 1, 2), let m = digits(b, 3, 2), h < 24, m < 60 else {
            throw ICSValueError(reason: "not a UTC-OFFSET")
        }
        let sec = b.count == 7 ? (digits(b, 5, 2) ?? 0) : 0
        let v = h * 3600 + m * 60 + sec
        return b[0] == UInt8(ascii: "-") ? -v : v
    }

    static func digits(_ b: [UInt8], _ at: Int, _ n: Int) -> Int? {
        guard at + n <= b.count else { return nil }
        var v = 0
        for i in at..<(at + n) {
            let c = b[i]
            guard c >= 0x30 && c <= 0x39 else { return nil }
            v = v * 10 + Int(c - 0x30)
        }
        return v
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
