/// A parsed RRULE (RFC 5545 §3.3.10). Weekdays are 0 = Monday ... 6 = Sunday.
public struct RecurrenceRule: Sendable, Hashable, Codable {
    public enum Frequency: String, Sendable, Codable {
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY"
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// A BYDAY entry: `ordinal` 0 means every such weekday in the period.
    public struct WeekdayNum: Sendable, Hashable, Codable {
        public var ordinal: Int
        /// ISO weekday: 1 = Monday ... 7 = Sunday (`Civil.isoWeekday`).
        public var weekday: Int
    }

    public var frequency: Frequency
    public var interval = 1
    public var count: Int?
    public var until: ICSTime?
    public var byDay: [WeekdayNum] = []
    public var byMonthDay: [Int] = []
    public var byMonth: [Int] = []
    public var byYearDay: [Int] = []
    public var byWeekNo: [Int] = []
    public var bySetPos: [Int] = []
    public var byHour: [Int] = []
    public var byMinute: [Int] = []
    public var bySecond: [Int] = []
    /// WKST as an ISO weekday (1 = Monday ... 7 = Sunday), like `WeekdayNum.weekday`.
    public var weekStart = 1

    public init(frequency: Frequency) { self.frequency = frequency }

    static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// Parses an RRULE value. Backslash-escaped separators (`FREQ=DAILY\;COUNT=10`) are accepted.
    /// Unknown rule parts (other than `X-` extensions), a missing FREQ and out-of-range numbers throw.
    public static func parse(_ raw: String) throws(ICSValueError) -> RecurrenceRule {
        let text = (raw.utf8.contains(0x5C) ? String(raw.filter { $0 != "\\" }) : raw).trimmingSpaces()
        var parts: [(String, String)] = []
        for piece in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard let eq = piece.firstIndex(of: "=") else { throw ICSValueError(reason: "RRULE part without '='") }
            let key = piece[..<eq].trimmingSpaces().uppercased()
            let value = String(piece[piece.index(after: eq)...]).trimmingSpaces()
            guard !value.isEmpty else { throw ICSValueError(reason: "RRULE part \(safe(key)) has no value") }
            parts.append((key, value))
        }
        guard let freqText = parts.first(where: { $0.0 == "FREQ" })?.1,
              let freq = Frequency(rawValue: freqText.uppercased()) else {
            throw ICSValueError(reason: "RRULE has no valid FREQ")
        }
        var rule = RecurrenceRule(frequency: freq)
        for (key, value) in parts {
            switch key {
            case "FREQ": continue
            case "INTERVAL": rule.interval = try number(value, key, 1...100_000)
            case "COUNT":
                // Some exporters write COUNT=-1 for "no limit": read any non-positive COUNT that way.
                let n = try number(value, key, Int(Int32.min)...Int(Int32.max))
                rule.count = n > 0 ? n : nil
            case "UNTIL":
                do throws(ICSValueError) {
                    rule.until = try ICSValueParser.time(value, valueType: nil, tzid: nil)
                } catch {
                    throw ICSValueError(reason: "RRULE UNTIL is not a DATE or DATE-TIME")
                }
            case "BYDAY": rule.byDay = try value.split(separator: ",").map { (s) throws(ICSValueError) in try weekdayNum(String(s)) }
            case "BYMONTHDAY": rule.byMonthDay = try list(value, key, -31...31, allowZero: false)
            case "BYMONTH": rule.byMonth = try list(value, key, 1...12, allowZero: false)
            case "BYYEARDAY": rule.byYearDay = try list(value, key, -366...366, allowZero: false)
            case "BYWEEKNO": rule.byWeekNo = try list(value, key, -53...53, allowZero: false)
            case "BYSETPOS": rule.bySetPos = try list(value, key, -366...366, allowZero: false)
            case "BYHOUR": rule.byHour = try list(value, key, 0...23, allowZero: true)
            case "BYMINUTE": rule.byMinute = try list(value, key, 0...59, allowZero: true)
            case "BYSECOND": rule.bySecond = try list(value, key, 0...60, allowZero: true).map { min($0, 59) }
            case "WKST":
                guard let w = weekdayCodes.firstIndex(of: value.uppercased()) else { throw ICSValueError(reason: "RRULE WKST is not a weekday") }
                rule.weekStart = w + 1
            case "RSCALE" where value.uppercased() == "GREGORIAN", "SKIP" where value.uppercased() == "OMIT":
                continue  // RFC 7529 values that mean the RFC 5545 behaviour
            default:
                if key.hasPrefix("X-") { continue }
                throw ICSValueError(reason: "RRULE has unknown part \(safe(key))")
            }
        }
        return rule
    }

    /// Only rule-part names made of letters and dashes are echoed in messages (never values).
    private static func safe(_ key: String) -> String {
        key.count <= 20 && key.allSatisfy({ $0.isLetter || $0 == "-" }) ? key : "(unreadable)"
    }

    private static func number(_ s: String, _ key: String, _ range: ClosedRange<Int>) throws(ICSValueError) -> Int {
        guard let v = Int(s.trimmingSpaces()), range.contains(v) else {
            throw ICSValueError(reason: "RRULE \(key) is out of range")
        }
        return v
    }

    private static func list(_ s: String, _ key: String, _ range: ClosedRange<Int>, allowZero: Bool) throws(ICSValueError) -> [Int] {
        var out: [Int] = []
        for piece in s.split(separator: ",") {
            let v = try number(String(piece), key, range)
            guard allowZero || v != 0 else { throw ICSValueError(reason: "RRULE \(key) contains 0") }
            out.append(v)
        }
        return out
    }

    private static func weekdayNum(_ s: String) throws(ICSValueError) -> WeekdayNum {
        let t = s.trimmingSpaces().uppercased()
        guard t.count >= 2, let wd = weekdayCodes.firstIndex(of: String(t.suffix(2))) else {
            throw ICSValueError(reason: "RRULE BYDAY is not a weekday")
        }
        let prefix = t.dropLast(2)
        if prefix.isEmpty { return WeekdayNum(ordinal: 0, weekday: wd + 1) }
        guard let n = Int(prefix.hasPrefix("+") ? String(prefix.dropFirst()) : String(prefix)),
              n != 0, (-53...53).contains(n) else {
            throw ICSValueError(reason: "RRULE BYDAY ordinal is out of range")
        }
        return WeekdayNum(ordinal: n, weekday: wd + 1)
    }
}
