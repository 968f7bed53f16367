import Foundation

/// Turns raw VEVENT/VTODO components into typed values and resolves every TZID.
struct ICalendarBuilder {
    let fileName: String
    let mode: ParseMode
    let config: CalendarConfig

    mutating func build(properties: [ContentLine], components: [ICSComponent],
                        calendarIssues: [ICSIssue], warnings: [ICSIssue]) throws(ICalendarError) -> ICalendar {
        var issues = warnings + calendarIssues
        var events: [CalendarComponent] = []
        var todos: [CalendarComponent] = []
        for c in components where c.name == "VEVENT" || c.name == "VTODO" {
            let typed = try typedComponent(c)
            issues += typed.issues
            if c.name == "VEVENT" { events.append(typed) } else { todos.append(typed) }
        }
        let wr = properties.first { $0.name == "X-WR-TIMEZONE" }
        var defaultZone: TimeZone?
        if let wr {
            defaultZone = ZoneResolver.systemZone(ICSText.unescape(wr.value).trimmingSpaces())
            if defaultZone == nil {
                try report(&issues, ICSIssue(file: fileName, line: wr.line, property: "X-WR-TIMEZONE", message: "unknown time zone; ignored"))
            }
        }
        var used = Set<String>()
        for c in events + todos {
            for t in [c.start, c.end, c.due, c.recurrenceID].compactMap({ $0 }) + c.rdates.flatMap({ [$0.start] + ($0.end.map { [$0] } ?? []) }) + c.exdates {
                if case .dateTime(_, .zoned(let id)) = t { used.insert(id) }
            }
        }
        var vtimezones: [String: ICSComponent] = [:]
        for c in components where c.name == "VTIMEZONE" {
            if let id = c.first("TZID")?.value { vtimezones[ICSText.unescape(id).trimmingSpaces()] = c }
        }
        var zones: [String: ResolvedZone] = [:]
        for id in used.sorted() {
            let resolved = ZoneResolver.resolve(id, vtimezones: vtimezones, fallback: defaultZone, config: config)
            if resolved.fellBack {
                let line = vtimezones[id]?.line ?? (events + todos).first { $0.usesZone(id) }?.line ?? 1
                try report(&issues, ICSIssue(file: fileName, line: line, property: "TZID",
                                             message: defaultZone == nil ? "unknown time zone; times are floating"
                                                                         : "unknown time zone; using X-WR-TIMEZONE"))
            }
            zones[id] = resolved.zone
        }
        return ICalendar(fileName: fileName, properties: properties, components: components, events: events,
                         todos: todos, zones: zones, defaultZone: defaultZone, issues: issues)
    }

    private func report(_ issues: inout [ICSIssue], _ issue: ICSIssue) throws(ICalendarError) {
        if mode == .strict { throw .invalid(issue) }
        issues.append(issue)
    }

    private func typedComponent(_ c: ICSComponent) throws(ICalendarError) -> CalendarComponent {
        var t = CalendarComponent(kind: c.name, line: c.line)
        t.issues = c.issues
        func bad(_ p: ContentLine, _ reason: String) throws(ICalendarError) {
            let issue = ICSIssue(file: fileName, line: p.line, property: ICalendarParser.safeName(p.name), message: reason)
            if mode == .strict { throw .invalid(issue) }
            t.issues.append(issue)
        }
        func time(_ p: ContentLine) throws(ICalendarError) -> ICSTime? {
            do { return try ICSValueParser.time(p.value, valueType: p.parameter("VALUE"), tzid: p.parameter("TZID")) }
            catch { try bad(p, error.reason); return nil }
        }
        func timeList(_ p: ContentLine) throws(ICalendarError) -> [ICSTime] {
            var out: [ICSTime] = []
            for piece in p.value.split(separator: ",") {
                let startText = String(piece.split(separator: "/").first ?? piece)
                let valueType = p.parameter("VALUE")?.uppercased() == "PERIOD" ? nil : p.parameter("VALUE")
                do { out.append(try ICSValueParser.time(startText, valueType: valueType, tzid: p.parameter("TZID"))) }
                catch { try bad(p, error.reason) }
            }
            return out
        }
        func rdateList(_ p: ContentLine) throws(ICalendarError) -> [RecurrenceDate] {
            var out: [RecurrenceDate] = []
            let tzid = p.parameter("TZID")
            for piece in p.value.split(separator: ",") {
                let halves = piece.split(separator: "/", maxSplits: 1).map(String.init)
                let valueType = p.parameter("VALUE")?.uppercased() == "PERIOD" ? nil : p.parameter("VALUE")
                do {
                    var r = RecurrenceDate(start: try ICSValueParser.time(halves[0], valueType: valueType, tzid: tzid))
                    if halves.count == 2 {
                        let second = halves[1].trimmingSpaces()
                        if second.hasPrefix("P") || second.hasPrefix("+") || second.hasPrefix("-") {
                            r.duration = try ICSValueParser.duration(second, maxDays: config.maxDurationDays)
                        } else {
                            r.end = try ICSValueParser.time(second, valueType: nil, tzid: tzid)
                        }
                    }
                    out.append(r)
                } catch { try bad(p, error.reason) }
            }
            return out
        }
        for p in c.properties {
            switch p.name {
            case "UID": t.uid = p.value.trimmingSpaces()
            case "SUMMARY": t.summary = ICSText.unescape(QuotedPrintable.decodedValue(p))
            case "DESCRIPTION": t.description = ICSText.unescape(QuotedPrintable.decodedValue(p))
            case "LOCATION": t.location = ICSText.unescape(QuotedPrintable.decodedValue(p))
            case "STATUS": t.status = p.value.trimmingSpaces().uppercased()
            case "CATEGORIES": t.categories += ICSText.splitUnescaped(p.value, on: ",").map(ICSText.unescape)
            case "ORGANIZER":
                let cn = p.parameter("CN").map { ICSText.unescape($0) }
                var v = p.value.trimmingSpaces()
                if v.lowercased().hasPrefix("mailto:") { v = String(v.dropFirst(7)) }
                t.organizer = (cn?.isEmpty == false) ? cn : v
            case "SEQUENCE":
                if let n = Int(p.value.trimmingSpaces()) { t.sequence = n } else { try bad(p, "not an integer") }
            case "DTSTART": t.start = try time(p)
            case "DTEND": t.end = try time(p)
            case "DUE": t.due = try time(p)
            case "RECURRENCE-ID":
                t.recurrenceID = try time(p)
                t.appliesToFuture = p.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
            case "CREATED": t.created = try time(p)
            case "COMPLETED": t.completed = try time(p)
            case "DURATION":
                do { t.duration = try ICSValueParser.duration(p.value, maxDays: config.maxDurationDays) }
                catch { try bad(p, error.reason) }
            case "RRULE" where p.value.trimmingSpaces().isEmpty:
                try bad(p, mode == .strict ? "empty RRULE" : "empty RRULE; the event is read as not recurring")
            case "RRULE":
                do { t.rrules.append(try RecurrenceRule.parse(p.value)) }
                catch {
                    t.badRecurrence = true
                    try bad(p, error.reason + (mode == .strict ? "" : "; the series is skipped"))
                }
            case "RDATE": t.rdates += try rdateList(p)
            case "EXDATE": t.exdates += try timeList(p)
            default: continue
            }
        }
        if c.name == "VEVENT", t.start == nil, !c.properties.contains(where: { $0.name == "DTSTART" }),
           t.issues.isEmpty {
            t.issues.append(ICSIssue(file: fileName, line: c.line, property: "DTSTART",
                                     message: "event has no DTSTART; it is not listed"))
        }
        return t
    }
}

extension CalendarComponent {
    func usesZone(_ id: String) -> Bool {
        for time in [start, end, due, recurrenceID].compactMap({ $0 }) + rdates.map(\.start) + exdates {
            if case .dateTime(_, .zoned(let z)) = time, z == id { return true }
        }
        return false
    }
}
