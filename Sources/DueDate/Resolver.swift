import Foundation

/// Combines the parts of one phrase into a single resolved date.
///
/// Rules: a bare weekday is the next one strictly after today (ignored next to an explicit
/// date; placed inside a week-granular day); a time or a part of the day ("in the morning")
/// without a day is today's, or tomorrow's once its hour has passed; an am/pm-less 12-hour time without a day is the next of its two readings; with
/// a day, a part of the day (afternoon, evening, tonight) decides, else a bare hour 1-6 is pm and
/// anything else (7-12, or with minutes: "3:26") is read on the 24-hour clock; "midnight" alone
/// is the coming 00:00, with a day it is that day's 00:00;
/// offsets ("+10 days", "-2h") apply last.
struct Resolver {
    let grammar: Grammar

    private var zone: TimeZone { grammar.zone }
    private var today: Day { grammar.today }

    func resolve(_ parts: [Part]) throws(DueDateError) -> ResolvedDate {
        var day: DayValue?
        var weekday: Int?
        var time: TimeValue?
        var dayPart: DayPart?
        var instant: (Date, Granularity)?
        var offset = Duration()
        var hasOffset = false
        for part in parts {
            switch part {
            case .day(let value):
                if let existing = day, existing != value {
                    // a coarse span followed by a finer day inside it is not a conflict
                    guard existing.granularity != .day || value.granularity != .day else {
                        throw .conflicting("the phrase names two different days")
                    }
                    let (coarse, fine) = existing.granularity < value.granularity ? (existing, value) : (value, existing)
                    day = fine
                    // "next month on the 15th": a day of the month placed inside the named month
                    if coarse.granularity == .month, fine.inferred == .month {
                        let d = Day(year: coarse.day.year, month: coarse.day.month, day: fine.day.day)
                        guard Day.isValid(year: d.year, month: d.month, day: d.day) else {
                            throw .impossibleDate("\(Day.monthNames[d.month - 1]) \(d.year) has no day \(d.day)")
                        }
                        day = DayValue(day: d)
                    }
                } else {
                    day = value
                }
            case .weekday(let wd):
                if let existing = weekday, existing != wd { throw .conflicting("the phrase names two different weekdays") }
                weekday = wd
            case .time(let value):
                if let existing = time, existing != value { throw .conflicting("the phrase names two different times") }
                time = value
            case .dayPart(let value):
                dayPart = value
            case .instant(let date, let granularity):
                if instant != nil { throw .conflicting("the phrase names two different instants") }
                instant = (date, granularity)
            case .offset(let d):
                offset = offset + d
                hasOffset = true
            }
        }
        if let (date, granularity) = instant {
            // "today in one hour": a day that contains the instant adds nothing
            if let d = day, d.granularity == .day, time == nil, weekday == nil, WallClock(date, in: zone).day == d.day {
                day = nil
            }
            if day != nil || time != nil || weekday != nil {
                throw .conflicting("a relative offset cannot be combined with another date or time")
            }
            var result = ResolvedDate(start: date, granularity: granularity)
            if hasOffset { result = apply(offset, to: result) }
            return result
        }
        // the day
        var resolvedDay = day
        if let wd = weekday {
            if let d = day, d.granularity == .week {
                resolvedDay = DayValue(day: d.day.mondayOfWeek.adding(days: wd - 1))
            } else if let d = day, d.granularity == .day, d.day.weekday != wd, d.inferred != .nothing {
                resolvedDay = DayValue(day: matchWeekday(wd, near: d))
            } else if day == nil {
                resolvedDay = DayValue(day: today.adding(days: (wd - today.weekday + 6) % 7 + 1))
            }
        }
        var result: ResolvedDate
        if var t = time {
            var base = resolvedDay?.day
            // "tonight at midnight": the midnight that ends this evening
            if t.endOfDay, let part = dayPart, part.isAfternoonOrLater, let b = base { base = b.adding(days: 1) }
            if t.ambiguous {
                if let part = dayPart {
                    if part.isAfternoonOrLater && t.hour < 12 { t.hour += 12 }
                    if !part.isAfternoonOrLater && t.hour == 12 { t.hour = 0 }
                    t.ambiguous = false
                } else if base != nil {
                    // a bare hour with a day: 1-6 are read as afternoon ("tomorrow at 5"), 7-12 as morning/noon
                    if t.granularity == .hour, (1...6).contains(t.hour) { t.hour += 12 }
                    t.ambiguous = false
                }
            }
            result = timed(t, on: base)
        } else if let part = dayPart {
            var wall = WallClock(day: resolvedDay?.day ?? today, hour: part.hour(grammar.config))
            // "in the morning" with no day is the next morning once this one's hour has passed
            if resolvedDay == nil, wall.instant(in: zone) <= grammar.now {
                wall = WallClock(day: today.adding(days: 1), hour: wall.hour)
            }
            result = ResolvedDate(start: wall.instant(in: zone), granularity: .hour)
        } else if let d = resolvedDay {
            result = spanned(d)
        } else if hasOffset {
            result = offset.hasSubDay ? ResolvedDate(start: grammar.now, granularity: .second) : spanned(DayValue(day: today))
        } else {
            throw .notADate
        }
        if hasOffset { result = apply(offset, to: result) }
        return result
    }

    /// Moves a day whose year (or month) the parser chose to the nearest one on weekday `wd`
    /// ("Sunday, Feb 10" is the Feb 10 that is a Sunday); unchanged when none is close.
    private func matchWeekday(_ wd: Int, near d: DayValue) -> Day {
        let day = d.day
        if d.inferred == .year {
            // the one just past (within a week) or the one a year later
            for delta in [-1, 1] {
                let y = day.year + delta
                if Day.isValid(year: y, month: day.month, day: day.day) {
                    let candidate = Day(year: y, month: day.month, day: day.day)
                    if candidate.weekday == wd && (delta > 0 || candidate >= today.adding(days: -7)) { return candidate }
                }
            }
        } else {
            var first = day.firstOfMonth
            for _ in 0..<28 {
                first = first.adding(months: 1)
                if Day.isValid(year: first.year, month: first.month, day: day.day) {
                    let candidate = Day(year: first.year, month: first.month, day: day.day)
                    if candidate.weekday == wd { return candidate }
                }
            }
        }
        return day
    }

    /// A day (or coarser span) as a result: local midnight, end from the granularity.
    func spanned(_ d: DayValue) -> ResolvedDate {
        let start = WallClock(day: d.day).instant(in: zone)
        var endDay = d.end
        if endDay == nil {
            switch d.granularity {
            case .week: endDay = d.day.mondayOfWeek.adding(days: 7)
            case .month: endDay = d.day.firstOfMonth.adding(months: 1)
            case .year: endDay = Day(year: d.day.year + 1, month: 1, day: 1)
            default: endDay = nil
            }
        }
        return ResolvedDate(start: start, end: endDay.map { WallClock(day: $0).instant(in: zone) }, granularity: d.granularity)
    }

    /// A clock reading on `base`, or on the next day it is still ahead of the reference.
    private func timed(_ t: TimeValue, on base: Day?) -> ResolvedDate {
        let readingZone = t.zone ?? zone
        func at(_ day: Day, hour: Int) -> WallClock {
            let shifted = t.endOfDay ? day.adding(days: 1) : day
            return WallClock(day: shifted, hour: hour, minute: t.minute, second: t.second, nanosecond: t.nanosecond)
        }
        // a reading the clocks skip keeps its shifted instant but carries the reason it is refused
        func result(_ wall: WallClock) -> ResolvedDate {
            var result = ResolvedDate(start: wall.instant(in: readingZone), granularity: t.granularity)
            if !t.endOfDay, let skipped = wall.skipped(in: readingZone) {
                result.skippedWallClock = skipped.written
                result.skippedTimeProblem = skipped.problem
            }
            return result
        }
        if let base {
            // with a day, midnight is that day's 00:00 ("at midnight on 12th August")
            return result(WallClock(day: base, hour: t.hour, minute: t.minute, second: t.second, nanosecond: t.nanosecond))
        }
        // no day: today's reading in the reading zone, else the next one ahead
        let localToday = WallClock(grammar.now, in: readingZone).day
        let hours = t.ambiguous ? [t.hour % 12, t.hour % 12 + 12] : [t.hour]
        var candidates: [(start: Date, wall: WallClock)] = []
        for offset in 0...1 {
            for h in hours {
                let day = t.endOfDay ? localToday.adding(days: offset - 1) : localToday.adding(days: offset)
                let wall = at(day, hour: h)
                candidates.append((wall.instant(in: readingZone), wall))
            }
        }
        // a reading earlier in the current hour still counts as today's ("at 4:23" said at 4:30)
        let threshold = t.endOfDay ? grammar.now : hourStart(grammar.now, in: readingZone)
        let ahead = candidates.filter { $0.start >= threshold }.min { $0.start < $1.start }
            ?? candidates.max { $0.start < $1.start }
        guard let ahead else { return ResolvedDate(start: grammar.now, granularity: t.granularity) }
        return result(ahead.wall)
    }

    private func hourStart(_ date: Date, in zone: TimeZone) -> Date {
        let wall = WallClock(date, in: zone)
        return date.addingTimeInterval(-Double(wall.minute * 60 + wall.second) - Double(wall.nanosecond) / 1e9)
    }

    /// Shifts a result by an offset; a day-only result takes the reference time of day when the
    /// offset has a sub-day part.
    private func apply(_ d: Duration, to result: ResolvedDate) -> ResolvedDate {
        var wall = WallClock(result.start, in: zone)
        if !result.hasTime && !d.hasSubDay {
            let day = wall.day.adding(months: d.months).adding(days: d.days)
            return spanned(DayValue(day: day, granularity: min(result.granularity, .day) == .day ? .day : result.granularity))
        }
        if !result.hasTime {
            wall = WallClock(day: wall.day, hour: grammar.nowWall.hour, minute: grammar.nowWall.minute,
                             second: grammar.nowWall.second)
        }
        wall.day = wall.day.adding(months: d.months).adding(days: d.days)
        let granularity = d.hasSubDay ? max(d.granularity, result.hasTime ? result.granularity : .minute) : result.granularity
        return ResolvedDate(start: wall.instant(in: zone).addingTimeInterval(d.seconds), granularity: granularity)
    }
}
