import Foundation

/// Evaluates one expectation line. Returns the failed checks (empty = pass).
struct ICSEvalCheck {
    let directory: URL
    let file: String
    let query: [String: Any]
    let expect: [String: Any]
    let config: CalendarConfig

    func run() -> [String] {
        let op = query["op"] as? String ?? ""
        let expectsError = expect["error"] != nil
        let modeName = query["mode"] as? String ?? (op == "parse" && expectsError ? "strict" : "tolerant")
        let mode = ParseMode(rawValue: modeName) ?? .tolerant
        let url = directory.appendingPathComponent(file)
        let cal: ICalendar
        do { cal = try CalendarFile.load(url, mode: mode, config: config) } catch {
            return expectsError ? [] : ["load failed: \(error.description)"]
        }
        if op == "parse" { return ICSParseChecks(calendar: cal, expect: expect, config: config).run() }
        let zone = queryZone(cal)
        guard let window = window(op: op, zone: zone) else { return ["unsupported query"] }
        let occ = occurrences(in: [cal], from: window.0, to: window.1, timeZone: zone, config: config)
        if expectsError {
            let bad = Set(cal.events.filter(\.badRecurrence).map { $0.uid ?? "" })
            let skipped = !bad.isEmpty && !occ.contains { bad.contains($0.uid) }
            return (expect["or_skip_series"] as? Bool == true && skipped) ? [] : ["expected an error"]
        }
        return OccurrenceChecks(occurrences: occ, zone: zone).check(expect)
    }

    private func queryZone(_ cal: ICalendar) -> TimeZone {
        if let id = query["tz"] as? String, let tz = ZoneResolver.systemZone(id) { return tz }
        if let tz = cal.defaultZone { return tz }
        for e in cal.events {
            guard case .dateTime(let l, let anchor)? = e.start, case .zoned = anchor, let z = cal.zone(for: anchor) else { continue }
            switch z.kind {
            case .system(let tz): return tz
            case .rules(let r):
                let off = r.offset(atUTC: l.localSeconds)
                if let tz = TimeZone(secondsFromGMT: off) { return tz }
            case .floating: continue
            }
        }
        return TimeZone(secondsFromGMT: 0)!
    }

    /// `[from, to)` of the query, naive times read in `zone`.
    private func window(op: String, zone: TimeZone) -> (Date?, Date?)? {
        switch op {
        case "all": return (nil, nil)
        case "at":
            let text = ["datetime", "minute", "hour", "date"].lazy.compactMap { key -> String? in
                if let s = query[key] as? String { return s }
                return (query[key] as? Int).map(String.init)
            }.first ?? ""
            guard let (start, next) = EvalTime.span(text) else { return nil }
            return (EvalTime.date(start, zone), EvalTime.date(next, zone))
        case "between":
            guard let s = query["start"] as? String, let start = EvalTime.instant(s, zone) else { return nil }
            if let e = query["end"] as? String {
                guard let end = EvalTime.instant(e, zone) else { return nil }
                return (start, end)
            }
            return (start, nil)
        default: return nil
        }
    }
}

/// Parsing of the eval's naive times: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `YYYY-MM-DDTHH[:MM[:SS]]`,
/// optionally with `Z` or an offset.
enum EvalTime {
    static func span(_ s: String) -> (LocalDateTime, LocalDateTime)? {
        let p = s.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" }).compactMap { Int($0) }
        switch p.count {
        case 1: return (LocalDateTime(year: p[0], month: 1, day: 1), LocalDateTime(year: p[0] + 1, month: 1, day: 1))
        case 2:
            let m = p[0] * 12 + p[1] - 1 + 1
            return (LocalDateTime(year: p[0], month: p[1], day: 1), LocalDateTime(year: m / 12, month: m % 12 + 1, day: 1))
        case 3:
            let d = LocalDateTime(year: p[0], month: p[1], day: p[2])
            return (d, d.adding(days: 1))
        case 4:
            let h = LocalDateTime(year: p[0], month: p[1], day: p[2], hour: p[3])
            return (h, h.adding(seconds: 3600))
        case 5:
            let m = LocalDateTime(year: p[0], month: p[1], day: p[2], hour: p[3], minute: p[4])
            return (m, m.adding(seconds: 60))
        case 6:
            let t = LocalDateTime(year: p[0], month: p[1], day: p[2], hour: p[3], minute: p[4], second: p[5])
            return (t, t.adding(seconds: 1))
        default: return nil
        }
    }

    static func date(_ l: LocalDateTime, _ zone: TimeZone) -> Date {
        Date(timeIntervalSince1970: TimeInterval(ZoneMath.utc(of: l, offset: ZoneMath.offsetFunction(zone))))
    }

    static func instant(_ s: String, _ zone: TimeZone) -> Date? {
        if s.count > 19, let d = ISO8601DateFormatter().date(from: s) { return d }
        if s.hasSuffix("Z"), let d = ISO8601DateFormatter().date(from: s) { return d }
        let p = s.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" }).compactMap { Int($0) }
        guard p.count >= 3 else { return span(s).map { date($0.0, zone) } }
        let l = LocalDateTime(year: p[0], month: p[1], day: p[2], hour: p.count > 3 ? p[3] : 0,
                              minute: p.count > 4 ? p[4] : 0, second: p.count > 5 ? p[5] : 0)
        return date(l, zone)
    }
}
