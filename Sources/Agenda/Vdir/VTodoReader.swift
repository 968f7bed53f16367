import Foundation
import Primitives

/// Reads the VTODOs of one `.ics` file (tolerant: a malformed property is dropped and reported,
/// the rest kept).
public enum VTodoReader {
    /// - Parameters:
    ///   - timeZone: floating times and dates are read in this zone.
    ///   - today: start of the reader's day; a recurring item's due date is its first occurrence
    ///     that has not passed by then.
    public static func read(_ data: Data, fileName: String, timeZone: TimeZone, today: Date,
                            config: CalendarConfig = .default) throws(ICalendarError) -> VTodoFile {
        let cal = try ICalendarParser.parse(data, fileName: fileName, mode: .tolerant, config: config)
        let raws = cal.components.filter { $0.name == "VTODO" }
        var out: [VTodo] = []
        var dependsOnDay = false
        for (raw, typed) in zip(raws, cal.todos) {
            // Overrides of one occurrence (RECURRENCE-ID) are not separate reminders.
            if typed.recurrenceID != nil { continue }
            guard let uid = typed.uid, !uid.isEmpty else { continue }
            var t = VTodo(uid: uid, summary: typed.summary.map(ICSText.unescape) ?? "")
            t.notes = typed.description.map(ICSText.unescape).flatMap { $0.isEmpty ? nil : $0 }
            t.status = typed.status?.uppercased()
            t.completedAt = typed.completed.map { instant($0, in: cal, timeZone) }
            t.percentComplete = raw.first("PERCENT-COMPLETE").flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
            t.priority = raw.first("PRIORITY").flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
                .flatMap { (1...9).contains($0) ? $0 : nil }
            t.categories = typed.categories
            t.created = typed.created.map { instant($0, in: cal, timeZone) }
            t.hasAlarm = raw.children.contains { $0.name == "VALARM" }
            t.parentUID = raw.all("RELATED-TO").first { p in
                (p.parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT"
            }.map { ICSText.unescape($0.value.trimmingCharacters(in: .whitespaces)) }.flatMap { $0.isEmpty ? nil : $0 }
            var due = typed.due
            var start = typed.start
            if due == nil, let s = start, let d = typed.duration {
                due = shifted(s, by: d.days * 86_400 + d.seconds)
            }
            if let rule = typed.rrules.first, !typed.badRecurrence {
                t.recurring = true
                dependsOnDay = true
                if !t.isDone, let anchor = start ?? due {
                    if let next = nextOccurrence(rule, anchor: anchor, exdates: typed.exdates, cal: cal,
                                                 timeZone: timeZone, today: today, config: config) {
                        let delta = next.local.localSeconds - anchor.local.localSeconds
                        if start != nil { start = next; due = due.map { shifted($0, by: delta) } } else { due = next }
                    } else {
                        // The series has ended: every occurrence has passed.
                        t.status = t.status ?? "NEEDS-ACTION"
                    }
                }
            }
            t.due = due.map { time($0, in: cal, timeZone) }
            t.start = start.map { time($0, in: cal, timeZone) }
            out.append(t)
        }
        return VTodoFile(todos: out, issues: cal.issues, dependsOnDay: dependsOnDay)
    }

    /// The first occurrence (on the series' wall clock) that has not passed by `today`, skipping
    /// EXDATEs; nil when the series ends before.
    public static func nextOccurrence(_ rule: RecurrenceRule, anchor: ICSTime, exdates: [ICSTime], cal: ICalendar,
                                      timeZone: TimeZone, today: Date, config: CalendarConfig = .default) -> ICSTime? {
        let offset = offsetFunction(anchor, cal: cal, timeZone: timeZone)
        let fromLocal = ZoneMath.local(ofUTC: Int(today.timeIntervalSince1970), offset: offset)
        let from = anchor.isDate ? LocalDateTime(day: fromLocal.day) : fromLocal
        return occurrences(rule, anchor: anchor, exdates: exdates, offset: offset, from: from, config: config).first
    }

    /// The occurrence after `current` (for completing one occurrence), or nil when none is left.
    public static func occurrence(after current: ICSTime, rule: RecurrenceRule, anchor: ICSTime, exdates: [ICSTime],
                                  cal: ICalendar, timeZone: TimeZone, config: CalendarConfig = .default) -> ICSTime? {
        let offset = offsetFunction(anchor, cal: cal, timeZone: timeZone)
        let from = current.local.adding(seconds: 1)
        return occurrences(rule, anchor: anchor, exdates: exdates, offset: offset, from: from, config: config).first
    }

    private static func occurrences(_ rule: RecurrenceRule, anchor: ICSTime, exdates: [ICSTime], offset: @escaping (Int) -> Int,
                                    from: LocalDateTime, config: CalendarConfig) -> [ICSTime] {
        let until: LocalDateTime? = rule.until.map { u in
            switch u {
            case .date(let d): return anchor.isDate ? LocalDateTime(day: d) : LocalDateTime(day: d, second: 86_399)
            case .dateTime(let l, .utc): return ZoneMath.local(ofUTC: l.localSeconds, offset: offset)
            case .dateTime(let l, _): return l
            }
        }
        let bounds = ExpansionBounds(stopAt: from.adding(days: config.unboundedHorizonDays), emitFrom: from,
                                     maxInstances: 16, maxPeriods: config.maxPeriodsPerSeries)
        let excluded = Set(exdates.map { $0.local })
        let excludedDays = Set(exdates.filter(\.isDate).map { $0.local.day })
        var found = RecurrenceExpander.expand(rule, start: anchor.local, isDate: anchor.isDate, until: until, bounds: bounds)
            .filter { $0 >= from && !excluded.contains($0) && !excludedDays.contains($0.day) }
        if anchor.local >= from, !excluded.contains(anchor.local), !found.contains(anchor.local),
           until.map({ anchor.local <= $0 }) ?? true {
            found.insert(anchor.local, at: 0)
        }
        return found.sorted().map { l in
            switch anchor {
            case .date: return .date(day: l.day)
            case .dateTime(_, let a): return .dateTime(l, a)
            }
        }
    }

    static func offsetFunction(_ t: ICSTime, cal: ICalendar, timeZone: TimeZone) -> (Int) -> Int {
        let fn = ZoneMath.offsetFunction(timeZone)
        if case .dateTime(_, let anchor) = t, let z = cal.zone(for: anchor) { return { z.offset(atUTC: $0) ?? fn($0) } }
        return fn
    }

    static func instant(_ t: ICSTime, in cal: ICalendar, _ timeZone: TimeZone) -> Date {
        let u = ZoneMath.utc(of: t.isDate ? LocalDateTime(day: t.local.day) : t.local,
                             offset: offsetFunction(t, cal: cal, timeZone: timeZone))
        return Date(timeIntervalSince1970: TimeInterval(u))
    }

    static func time(_ t: ICSTime, in cal: ICalendar, _ timeZone: TimeZone) -> TodoTime {
        let at = instant(t, in: cal, timeZone)
        if case .date(let d) = t {
            let (y, m, dd) = Civil.date(of: d)
            return TodoTime(instant: at, isDate: true, text: "\(ISODates.pad(y, 4))-\(ISODates.pad(m, 2))-\(ISODates.pad(dd, 2))")
        }
        return TodoTime(instant: at, isDate: false, text: ISODates.string(for: at, allDay: false, timeZone: timeZone))
    }

    static func shifted(_ t: ICSTime, by seconds: Int) -> ICSTime {
        switch t {
        case .date(let d): return .date(day: d + seconds / 86_400)
        case .dateTime(let l, let a): return .dateTime(l.adding(seconds: seconds), a)
        }
    }
}

extension VTodoReader {
    /// Minutes before DUE of the item's first display alarm relative to its due time
    /// (`TRIGGER;RELATED=END:-PT15M`), or nil.
    public static func alertMinutes(uid: String, in data: Data) -> Int? {
        guard let cal = try? ICalendarParser.parse(data, fileName: uid, mode: .tolerant) else { return nil }
        for c in cal.components where c.name == "VTODO" && c.first("UID").map({ ICSText.unescape($0.value) }) == uid {
            for alarm in c.children where alarm.name == "VALARM" {
                guard let t = alarm.first("TRIGGER"), t.parameter("RELATED")?.uppercased() == "END",
                      let d = try? ICSValueParser.duration(t.value.trimmingSpaces(), maxDays: 366) else { continue }
                let seconds = d.days * 86_400 + d.seconds
                if seconds <= 0 { return -seconds / 60 }
            }
        }
        return nil
    }
}
