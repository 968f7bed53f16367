import Primitives
/// Bounds for one expansion. The expander works on wall-clock times; the caller converts
/// UNTIL and the query window into the series' zone before calling.
public struct ExpansionBounds: Sendable {
    /// Instances at or after this local time end the expansion.
    public var stopAt: LocalDateTime
    /// Instances before this local time are counted (for COUNT) but not returned.
    public var emitFrom: LocalDateTime?
    /// Most instances returned.
    public var maxInstances: Int
    /// Most periods (years, months, weeks, days...) examined; guards rules that never match.
    public var maxPeriods: Int

    public init(stopAt: LocalDateTime, emitFrom: LocalDateTime? = nil, maxInstances: Int, maxPeriods: Int) {
        self.stopAt = stopAt; self.emitFrom = emitFrom; self.maxInstances = maxInstances; self.maxPeriods = maxPeriods
    }
}

/// Expands an RRULE from DTSTART into wall-clock instances (RFC 5545 §3.3.10 semantics:
/// invalid dates such as February 30 are skipped, never rolled over).
public enum RecurrenceExpander {
    /// Candidates generated per period at most (BYHOUR × BYMINUTE × BYSECOND on every day of a
    /// year would otherwise be millions); later ones in the period are dropped.
    static let maxCandidatesPerPeriod = 100_000

    /// - Parameters:
    ///   - start: DTSTART's wall-clock time; instances before it are never produced.
    ///   - isDate: all-day series (times are ignored).
    ///   - until: UNTIL already converted to the series' wall clock (inclusive), or nil.
    public static func expand(_ rule: RecurrenceRule, start: LocalDateTime, isDate: Bool,
                              until: LocalDateTime?, bounds: ExpansionBounds) -> [LocalDateTime] {
        var r = rule
        applyDefaults(&r, start: start)
        var out: [LocalDateTime] = []
        var counted = 0
        let s = Civil.date(of: start.day)
        let interval = max(1, r.interval)
        let subDaily: Int? = switch r.frequency {
        case .hourly: 3600
        case .minutely: 60
        case .secondly: 1
        default: nil
        }
        let first = firstPeriod(r, start: start, s: s, emitFrom: bounds.emitFrom, interval: interval, unit: subDaily)
        for p in first..<(first + bounds.maxPeriods) {
            var candidates: [LocalDateTime]
            if let unit = subDaily {
                let t = LocalDateTime(localSeconds: start.localSeconds + p * interval * unit)
                if t >= bounds.stopAt { break }
                if let until, t > until { break }
                candidates = subDailyCandidates(r, t: t, start: start)
            } else {
                let days = periodDays(r, p: p * interval, start: start, s: s)
                guard let first = days.first else { continue }
                if first > bounds.stopAt.day { break }
                if let until, first > until.day { break }
                let matching = days.filter { matches(r, day: $0) }
                candidates = times(r, days: matching, start: start, isDate: isDate)
            }
            if !r.bySetPos.isEmpty { candidates = select(candidates, positions: r.bySetPos) }
            for c in candidates {
                if c < start { continue }
                if let until, c > until { return out }
                if c >= bounds.stopAt { return out }
                counted += 1
                if bounds.emitFrom.map({ c >= $0 }) ?? true {
                    out.append(c)
                    if out.count >= bounds.maxInstances { return out }
                }
                if let count = r.count, counted >= count { return out }
            }
        }
        return out
    }

    /// Without COUNT, periods wholly before `emitFrom` cannot contribute: start one period
    /// before the one containing it.
    private static func firstPeriod(_ r: RecurrenceRule, start: LocalDateTime, s: (year: Int, month: Int, day: Int),
                                    emitFrom: LocalDateTime?, interval: Int, unit: Int?) -> Int {
        guard r.count == nil, let from = emitFrom, from > start else { return 0 }
        let f = Civil.date(of: from.day)
        let steps: Int
        if let unit {
            steps = (from.localSeconds - start.localSeconds) / (interval * unit)
        } else {
            switch r.frequency {
            case .yearly: steps = (f.year - s.year) / interval
            case .monthly: steps = ((f.year - s.year) * 12 + f.month - s.month) / interval
            case .weekly: steps = (from.day - start.day) / (7 * interval)
            default: steps = (from.day - start.day) / interval
            }
        }
        return max(0, steps - 1)
    }

    private static func applyDefaults(_ r: inout RecurrenceRule, start: LocalDateTime) {
        let (_, m, d) = Civil.date(of: start.day)
        let dayLevel = !r.byYearDay.isEmpty || !r.byMonthDay.isEmpty || !r.byDay.isEmpty || !r.byWeekNo.isEmpty
        guard !dayLevel else { return }
        switch r.frequency {
        case .yearly:
            if r.byMonth.isEmpty { r.byMonth = [m] }
            r.byMonthDay = [d]
        case .monthly:
            r.byMonthDay = [d]
        case .weekly:
            r.byDay = [.init(ordinal: 0, weekday: Civil.isoWeekday(start.day))]
        default:
            break
        }
    }

    private static func periodDays(_ r: RecurrenceRule, p: Int, start: LocalDateTime,
                                   s: (year: Int, month: Int, day: Int)) -> [Int] {
        switch r.frequency {
        case .yearly:
            let y = s.year + p
            if !r.byWeekNo.isEmpty {
                return Array(weekOneStart(y, r.weekStart)..<weekOneStart(y + 1, r.weekStart))
            }
            return Array(Civil.dayNumber(year: y, month: 1, day: 1)..<Civil.dayNumber(year: y + 1, month: 1, day: 1))
        case .monthly:
            let mi = s.year * 12 + (s.month - 1) + p
            let y = mi.floorDiv(12), m = mi.floorMod(12) + 1
            let first = Civil.dayNumber(year: y, month: m, day: 1)
            return Array(first..<(first + Civil.daysInMonth(year: y, month: m)))
        case .weekly:
            let ws = start.day - (Civil.isoWeekday(start.day) - r.weekStart + 7) % 7 + p * 7
            return Array(ws..<(ws + 7))
        default:
            return [start.day + p]
        }
    }

    /// First day of week 1 of `year` (the first week with at least four days in the year).
    static func weekOneStart(_ year: Int, _ wkst: Int) -> Int {
        let jan1 = Civil.dayNumber(year: year, month: 1, day: 1)
        let offset = (Civil.isoWeekday(jan1) - wkst + 7) % 7
        return offset <= 3 ? jan1 - offset : jan1 + 7 - offset
    }

    private static func matches(_ r: RecurrenceRule, day: Int) -> Bool {
        let (y, m, d) = Civil.date(of: day)
        if !r.byMonth.isEmpty, !r.byMonth.contains(m) { return false }
        let monthLen = Civil.daysInMonth(year: y, month: m)
        if !r.byMonthDay.isEmpty, !r.byMonthDay.contains(where: { $0 == d || $0 == d - monthLen - 1 }) { return false }
        let jan1 = Civil.dayNumber(year: y, month: 1, day: 1)
        let yearLen = Civil.isLeap(y) ? 366 : 365
        let doy = day - jan1 + 1
        if !r.byYearDay.isEmpty, !r.byYearDay.contains(where: { $0 == doy || $0 == doy - yearLen - 1 }) { return false }
        if !r.byWeekNo.isEmpty, !weekNoMatches(r, day: day, year: y) { return false }
        if !r.byDay.isEmpty {
            let wd = Civil.isoWeekday(day)
            let inMonth = r.frequency == .monthly || (r.frequency == .yearly && !r.byMonth.isEmpty)
            let useOrdinals = r.frequency == .monthly || r.frequency == .yearly
            let ok = r.byDay.contains { entry in
                guard entry.weekday == wd else { return false }
                if entry.ordinal == 0 || !useOrdinals { return true }
                let (pos, len) = inMonth ? (d, monthLen) : (doy, yearLen)
                return entry.ordinal == (pos - 1) / 7 + 1 || entry.ordinal == -((len - pos) / 7 + 1)
            }
            if !ok { return false }
        }
        return true
    }

    private static func weekNoMatches(_ r: RecurrenceRule, day: Int, year: Int) -> Bool {
        var owner = year
        if day >= weekOneStart(year + 1, r.weekStart) { owner = year + 1 }
        else if day < weekOneStart(year, r.weekStart) { owner = year - 1 }
        let w1 = weekOneStart(owner, r.weekStart)
        let weeks = (weekOneStart(owner + 1, r.weekStart) - w1) / 7
        let n = (day - w1) / 7 + 1
        return r.byWeekNo.contains { $0 == n || $0 == n - weeks - 1 }
    }

    private static func times(_ r: RecurrenceRule, days: [Int], start: LocalDateTime, isDate: Bool) -> [LocalDateTime] {
        if isDate { return days.map { LocalDateTime(day: $0) } }
        let hours = r.byHour.isEmpty ? [start.hour] : r.byHour.sorted()
        let minutes = r.byMinute.isEmpty ? [start.minute] : r.byMinute.sorted()
        let seconds = r.bySecond.isEmpty ? [start.second % 60] : r.bySecond.sorted()
        var out: [LocalDateTime] = []
        out.reserveCapacity(min(maxCandidatesPerPeriod, days.count * hours.count * minutes.count * seconds.count))
        for d in days { for h in hours { for mi in minutes { for s in seconds {
            out.append(LocalDateTime(day: d, second: h * 3600 + mi * 60 + s))
            if out.count >= maxCandidatesPerPeriod { return out }
        } } } }
        return out
    }

    private static func subDailyCandidates(_ r: RecurrenceRule, t: LocalDateTime, start: LocalDateTime) -> [LocalDateTime] {
        guard matches(r, day: t.day) else { return [] }
        if !r.byHour.isEmpty, !r.byHour.contains(t.hour) { return [] }
        let base = t.day * 86_400 + t.hour * 3600
        switch r.frequency {
        case .hourly:
            let minutes = r.byMinute.isEmpty ? [t.minute] : r.byMinute.sorted()
            let seconds = r.bySecond.isEmpty ? [t.second % 60] : r.bySecond.sorted()
            return minutes.flatMap { mi in seconds.map { LocalDateTime(localSeconds: base + mi * 60 + $0) } }
        case .minutely:
            if !r.byMinute.isEmpty, !r.byMinute.contains(t.minute) { return [] }
            let seconds = r.bySecond.isEmpty ? [t.second % 60] : r.bySecond.sorted()
            return seconds.map { LocalDateTime(localSeconds: base + t.minute * 60 + $0) }
        default:
            if !r.byMinute.isEmpty, !r.byMinute.contains(t.minute) { return [] }
            if !r.bySecond.isEmpty, !r.bySecond.contains(t.second % 60) { return [] }
            return [t]
        }
    }

    private static func select(_ items: [LocalDateTime], positions: [Int]) -> [LocalDateTime] {
        guard !items.isEmpty else { return [] }
        var chosen = Set<Int>()
        for p in positions {
            let i = p > 0 ? p - 1 : items.count + p
            if i >= 0 && i < items.count { chosen.insert(i) }
        }
        return chosen.sorted().map { items[$0] }
    }
}
