import Foundation

/// Expands the events of one calendar into occurrences for a viewer's zone:
/// RRULE ∪ RDATE ∪ DTSTART, minus EXDATE, with RECURRENCE-ID overrides replacing instances
/// and duplicate instances (same UID and start) collapsed.
struct OccurrenceExpander {
    let calendar: ICalendar
    let viewer: TimeZone
    let config: CalendarConfig

    /// How one series maps wall-clock times to instants.
    private struct SeriesZone {
        var offset: (Int) -> Int
        var zone: ResolvedZone?
    }

    func occurrences(from: Date?, to: Date?) -> [EventOccurrence] {
        let fromT = from.map { Int($0.timeIntervalSince1970.rounded(.down)) }
        let toT = to.map { Int($0.timeIntervalSince1970.rounded(.up)) }
        let masters = chooseMasters()
        var overrides = collectOverrides()
        for e in masters {
            guard let uid = e.uid, let group = overrides[uid], let start = e.start else { continue }
            for (key, o) in group where o.sequence < e.sequence && !isInstance(key, of: e, start: start) {
                overrides[uid]?[key] = nil  // an older edit of an instance the current series no longer has
            }
        }
        for e in masters where !e.exdates.isEmpty {
            guard let uid = e.uid, let group = overrides[uid] else { continue }
            for (key, o) in group {
                guard let rid = o.recurrenceID else { continue }
                let excluded = e.exdates.contains { x in
                    if case .date(let d) = x { return rid.local.day == d }
                    return utc(x, series: seriesZone(for: x)) == key
                }
                if excluded { overrides[uid]?[key] = nil }
            }
        }
        var out: [EventOccurrence] = []
        var seen = Set<String>()
        func add(_ o: EventOccurrence) {
            guard overlaps(o, fromT, toT) else { return }
            let key = "\(o.uid)|\(o.uid.isEmpty ? o.title : "")|\(o.start.timeIntervalSince1970)"
            if seen.insert(key).inserted { out.append(o) }
        }
        for uid in overrides.keys.sorted() {
            for (_, e) in (overrides[uid] ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let start = e.start else { continue }
                let zone = seriesZone(for: start)
                let l = start.isDate ? start.local : local(start, series: zone)
                add(occurrence(e, start: start, uid: e.uid ?? "", localStart: l, zone: zone, isOverride: true))
            }
        }
        for e in masters {
            guard let start = e.start, !e.badRecurrence else { continue }
            let uid = e.uid ?? ""
            let zone = seriesZone(for: start)
            let group = uid.isEmpty ? [:] : (overrides[uid] ?? [:])
            let replacedInstants = Set(group.keys)
            let replacedDays = Set(group.values.compactMap { $0.recurrenceID?.local.day })
            let ranges = group.filter { $0.value.appliesToFuture }.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
            var periods: [LocalDateTime: RecurrenceDate] = [:]
            for instance in instanceStarts(e, start: start, zone: zone, fromT: fromT, toT: toT, periods: &periods) {
                let u = ZoneMath.utc(of: instance, offset: zone.offset)
                if start.isDate ? replacedDays.contains(instance.day) : replacedInstants.contains(u) { continue }
                if let (rid, o) = ranges.last(where: { $0.0 <= u }), let oStart = o.start {
                    let oZone = seriesZone(for: oStart)
                    let shifted = u + (utc(oStart, series: oZone) - rid)
                    add(occurrence(o, start: oStart, uid: uid, localStart: ZoneMath.local(ofUTC: shifted, offset: oZone.offset),
                                   zone: oZone, isOverride: true))
                    continue
                }
                add(occurrence(e, start: start, uid: uid, localStart: instance, zone: zone, isOverride: false,
                               period: periods[instance]))
            }
        }
        return out
    }

    private func isInstance(_ ridUTC: Int, of e: CalendarComponent, start: ICSTime) -> Bool {
        let zone = seriesZone(for: start)
        var periods: [LocalDateTime: RecurrenceDate] = [:]
        let margin = start.isDate ? 86_400 : 1
        return instanceStarts(e, start: start, zone: zone, fromT: ridUTC - margin, toT: ridUTC + margin, periods: &periods)
            .contains { abs(ZoneMath.utc(of: $0, offset: zone.offset) - ridUTC) < margin }
    }

    /// One master per UID (the highest SEQUENCE, the later one on ties); events without UID all count.
    private func chooseMasters() -> [CalendarComponent] {
        var best: [String: Int] = [:]
        var list: [CalendarComponent] = []
        for e in calendar.events where e.recurrenceID == nil {
            guard let uid = e.uid else { list.append(e); continue }
            if let i = best[uid] {
                if e.sequence >= list[i].sequence { list[i] = e }
            } else {
                best[uid] = list.count
                list.append(e)
            }
        }
        return list
    }

    /// RECURRENCE-ID overrides by UID and the UTC instant they replace (highest SEQUENCE wins).
    private func collectOverrides() -> [String: [Int: CalendarComponent]] {
        var overrides: [String: [Int: CalendarComponent]] = [:]
        for e in calendar.events {
            guard let uid = e.uid, let rid = e.recurrenceID, let start = e.start else { continue }
            let key = utc(rid, series: seriesZone(for: start))
            if let existing = overrides[uid]?[key], existing.sequence > e.sequence { continue }
            overrides[uid, default: [:]][key] = e
        }
        return overrides
    }

    private func overlaps(_ o: EventOccurrence, _ from: Int?, _ to: Int?) -> Bool {
        let s = Int(o.start.timeIntervalSince1970), e = Int(o.end.timeIntervalSince1970)
        if let from, let to, from == to { return s == from || (s < from && e > from) }
        if let to, s >= to { return false }
        if let from {
            if e == s { return s >= from }
            return e > from
        }
        return true
    }

    /// The wall clock a series is expanded on: its TZID's zone; for UTC and floating starts the
    /// calendar's X-WR-TIMEZONE when it has one (else UTC / the viewer's zone); the viewer's
    /// zone for all-day series.
    private func seriesZone(for t: ICSTime) -> SeriesZone {
        let viewerFn = ZoneMath.offsetFunction(viewer)
        guard case .dateTime(_, let anchor) = t else { return SeriesZone(offset: viewerFn, zone: nil) }
        if let z = calendar.zone(for: anchor), anchor != .utc || calendar.defaultZone == nil {
            return SeriesZone(offset: { z.offset(atUTC: $0) ?? viewerFn($0) }, zone: z)
        }
        if let d = calendar.defaultZone {
            return SeriesZone(offset: ZoneMath.offsetFunction(d), zone: ResolvedZone(identifier: d.identifier, kind: .system(d)))
        }
        return SeriesZone(offset: viewerFn, zone: nil)
    }

    /// Offset function that reads a value's own wall clock: UTC, its TZID, or for floating
    /// values the calendar's X-WR-TIMEZONE, else the viewer's zone.
    private func valueOffset(_ anchor: TimeAnchor) -> (Int) -> Int {
        if anchor == .utc { return { _ in 0 } }
        let fallback = ZoneMath.offsetFunction(calendar.defaultZone ?? viewer)
        if let z = calendar.zone(for: anchor) { return { z.offset(atUTC: $0) ?? fallback($0) } }
        return fallback
    }

    /// UTC seconds of any value; DATE values are read in the viewer's zone.
    private func utc(_ t: ICSTime, series: SeriesZone) -> Int {
        switch t {
        case .date(let d): return ZoneMath.utc(of: LocalDateTime(day: d), offset: ZoneMath.offsetFunction(viewer))
        case .dateTime(let l, let anchor): return ZoneMath.utc(of: l, offset: valueOffset(anchor))
        }
    }

    /// The value expressed on the series' wall clock.
    private func local(_ t: ICSTime, series: SeriesZone) -> LocalDateTime {
        if case .date = t { return t.local }
        return ZoneMath.local(ofUTC: utc(t, series: series), offset: series.offset)
    }

    private func instanceStarts(_ e: CalendarComponent, start: ICSTime, zone: SeriesZone, fromT: Int?, toT: Int?,
                                periods: inout [LocalDateTime: RecurrenceDate]) -> [LocalDateTime] {
        let isDate = start.isDate
        let dtstart = isDate ? start.local : local(start, series: zone)
        var stop: LocalDateTime
        if let toT {
            stop = ZoneMath.local(ofUTC: toT, offset: zone.offset).adding(days: 2)
        } else {
            let base = fromT.map { ZoneMath.local(ofUTC: $0, offset: zone.offset) } ?? dtstart
            stop = max(base, dtstart).adding(days: config.unboundedHorizonDays)
        }
        let span = spanDays(e, start: start) + 2
        let emitFrom = fromT.map { ZoneMath.local(ofUTC: $0, offset: zone.offset).adding(days: -span) }
        var starts: [LocalDateTime] = []
        var includeStart = e.rrules.isEmpty
        for rule in e.rrules {
            let until = rule.until.map { untilLocal($0, isDate: isDate, zone: zone) }
            if until.map({ dtstart <= $0 }) ?? true { includeStart = true }
            starts += RecurrenceExpander.expand(rule, start: dtstart, isDate: isDate, until: until,
                                                bounds: ExpansionBounds(stopAt: stop, emitFrom: emitFrom,
                                                                        maxInstances: config.maxOccurrencesPerSeries,
                                                                        maxPeriods: config.maxPeriodsPerSeries))
        }
        if includeStart { starts.append(dtstart) }
        for r in e.rdates {
            let l = isDate ? LocalDateTime(day: local(r.start, series: zone).day) : local(r.start, series: zone)
            if l < stop { starts.append(l) }
            if r.end != nil || r.duration != nil { periods[l] = r }
        }
        var exUTC = Set<Int>(), exDays = Set<Int>()
        for x in e.exdates {
            if case .date(let d) = x { exDays.insert(d) }
            else if isDate { exDays.insert(local(x, series: zone).day) }
            else { exUTC.insert(utc(x, series: zone)) }
        }
        var unique = Array(Set(starts)).sorted()
        if !exDays.isEmpty { unique.removeAll { exDays.contains($0.day) } }
        if !exUTC.isEmpty { unique.removeAll { exUTC.contains(ZoneMath.utc(of: $0, offset: zone.offset)) } }
        return unique
    }

    private func untilLocal(_ u: ICSTime, isDate: Bool, zone: SeriesZone) -> LocalDateTime {
        switch u {
        case .date(let d): return isDate ? LocalDateTime(day: d) : LocalDateTime(day: d, second: 86_399)
        case .dateTime(let l, .utc):
            let v = ZoneMath.local(ofUTC: l.localSeconds, offset: zone.offset)
            return isDate ? LocalDateTime(day: v.day) : v
        case .dateTime(let l, _): return isDate ? LocalDateTime(day: l.day) : l
        }
    }

    /// Rough length of an occurrence in days, for window margins.
    private func spanDays(_ e: CalendarComponent, start: ICSTime) -> Int {
        if let d = e.duration { return abs(d.days) + abs(d.seconds) / 86_400 + 1 }
        if let end = e.end { return abs(end.local.day - start.local.day) + 1 }
        return 1
    }

    private func occurrence(_ e: CalendarComponent, start: ICSTime, uid: String, localStart: LocalDateTime,
                            zone: SeriesZone, isOverride: Bool, period: RecurrenceDate? = nil) -> EventOccurrence {
        var s: Int, en: Int
        let allDay = start.isDate
        if allDay {
            // Whole days, except a DATE-TIME end or a DURATION with hours, which end where they say.
            s = ZoneMath.utc(of: LocalDateTime(day: localStart.day), offset: zone.offset)
            if let d = e.duration, d.days > 0 || d.seconds > 0 {
                en = ZoneMath.utc(of: LocalDateTime(day: localStart.day + d.days), offset: zone.offset) + d.seconds
            } else if let end = e.end, case .dateTime = end {
                en = s + max(0, utc(end, series: zone) - utc(start, series: zone))
            } else {
                let days = e.end.map { max(1, abs($0.local.day - start.local.day)) } ?? 1
                en = ZoneMath.utc(of: LocalDateTime(day: localStart.day + days), offset: zone.offset)
            }
            if en <= s { en = ZoneMath.utc(of: LocalDateTime(day: localStart.day + 1), offset: zone.offset) }
        } else {
            s = ZoneMath.utc(of: localStart, offset: zone.offset)
            if let pe = period?.end {
                en = utc(pe, series: zone)
            } else if let d = period?.duration {
                en = ZoneMath.utc(of: localStart.adding(days: d.days), offset: zone.offset) + d.seconds
            } else if let d = e.duration {
                en = ZoneMath.utc(of: localStart.adding(days: d.days), offset: zone.offset) + d.seconds
            } else if let end = e.end {
                if case .dateTime(_, let ea) = end, case .dateTime(_, let sa) = start, ea == sa {
                    en = ZoneMath.utc(of: localStart.adding(seconds: end.local.localSeconds - start.local.localSeconds),
                                      offset: zone.offset)
                } else {
                    en = s + (utc(end, series: zone) - utc(start, series: zone))
                }
            } else {
                en = s
            }
            if en < s { swap(&s, &en) }
        }
        let floating = !allDay && zone.zone == nil
        return EventOccurrence(
            uid: uid, title: e.summary ?? "", start: Date(timeIntervalSince1970: TimeInterval(s)),
            end: Date(timeIntervalSince1970: TimeInterval(en)), allDay: allDay, location: nonEmpty(e.location),
            description: nonEmpty(e.description), organizer: nonEmpty(e.organizer), status: e.status,
            timeZoneID: allDay ? nil : zone.zone?.identifier, floating: floating,
            startOffset: allDay || floating ? nil : zone.offset(s),
            endOffset: allDay || floating ? nil : zone.offset(en),
            isOverride: isOverride, calendar: calendar.fileName)
    }

    private func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.trimmingSpaces().isEmpty else { return nil }
        return s
    }
}
