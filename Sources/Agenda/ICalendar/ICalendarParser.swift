import Foundation

/// Reads calendar files.
public struct CalendarFile {
    /// Reads and parses a `.ics` file. Errors name the file (by its last path component) and line.
    public static func load(_ url: URL, mode: ParseMode = .tolerant,
                            config: CalendarConfig = .default) throws(ICalendarError) -> ICalendar {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadable(file: url.lastPathComponent, reason: "cannot read the file")
        }
        return try ICalendarParser.parse(data, fileName: url.lastPathComponent, mode: mode, config: config)
    }
}

/// Builds the component tree from content lines, then the typed model.
public enum ICalendarParser {
    public static func parse(_ data: Data, fileName: String, mode: ParseMode = .tolerant,
                             config: CalendarConfig = .default) throws(ICalendarError) -> ICalendar {
        let lines = ContentLineLexer.unfold(ContentLineLexer.decode(data), quotedPrintableSoftBreaks: true)
        var warnings: [ICSIssue] = []
        func problem(_ line: Int, _ message: String, property: String? = nil) throws(ICalendarError) {
            let issue = ICSIssue(file: fileName, line: line, property: property, message: message)
            if mode == .strict { throw .invalid(issue) }
            warnings.append(issue)
        }
        var stack: [ICSComponent] = []
        var roots: [ICSComponent] = []
        func close() {
            let done = stack.removeLast()
            if stack.isEmpty { roots.append(done) } else { stack[stack.count - 1].children.append(done) }
        }
        // BEGINs below `maxComponentDepth` are not built: `skipped` counts how deep inside such a
        // subtree the reader is, and everything in it is dropped with one warning.
        var skipped = 0
        var warnedDepth = false
        for logical in lines {
            if skipped > 0 {
                let upper = logical.text.prefix(6).uppercased()
                if upper.hasPrefix("BEGIN:") || upper.hasPrefix("BEGIN;") { skipped += 1 }
                else if upper.hasPrefix("END:") || upper.hasPrefix("END;") { skipped -= 1 }
                continue
            }
            let parsed = ContentLineLexer.parse(logical)
            guard case .success(let cl) = parsed else {
                guard case .failure(let f) = parsed else { continue }
                if stack.count <= 1 {
                    try problem(f.line, f.reason + " (content line outside any component)", property: f.name.flatMap(safeName))
                } else {
                    let issue = ICSIssue(file: fileName, line: f.line, property: f.name.flatMap(safeName), message: f.reason)
                    if mode == .strict { throw .invalid(issue) }
                    stack[stack.count - 1].issues.append(issue)
                }
                continue
            }
            switch cl.name {
            case "BEGIN":
                let name = cl.value.trimmingSpaces().uppercased()
                guard !name.isEmpty else { try problem(cl.line, "BEGIN without a component name"); continue }
                if topLevel.contains(name), let open = stack.last, open.name != "VCALENDAR",
                   stack.contains(where: { $0.name == "VCALENDAR" }) {
                    try problem(cl.line, "BEGIN inside an unclosed component; closing it")
                    while let last = stack.last, last.name != "VCALENDAR" { close() }
                }
                guard stack.count < config.maxComponentDepth else {
                    if !warnedDepth {
                        warnedDepth = true
                        try problem(cl.line, "components nested deeper than \(config.maxComponentDepth) levels; the deeper ones are skipped")
                    }
                    skipped = 1
                    continue
                }
                stack.append(ICSComponent(name: name, line: cl.line))
            case "END":
                let name = cl.value.trimmingSpaces().uppercased()
                if stack.last?.name == name {
                    close()
                } else if stack.contains(where: { $0.name == name }) {
                    try problem(cl.line, "END does not match the open component; closing the inner ones")
                    while stack.last?.name != name { close() }
                    close()
                } else {
                    try problem(cl.line, "END without a matching BEGIN")
                }
            default:
                if stack.isEmpty {
                    try problem(cl.line, "property outside any component", property: safeName(cl.name))
                } else {
                    stack[stack.count - 1].properties.append(cl)
                }
            }
        }
        if !stack.isEmpty {
            try problem(lines.last?.line ?? 1, "file ends before END of an open component")
            while !stack.isEmpty { close() }
        }
        var calendars = roots.filter { $0.name == "VCALENDAR" }
        let bare = roots.filter { ["VEVENT", "VTODO", "VJOURNAL", "VTIMEZONE", "VFREEBUSY"].contains($0.name) }
        if !bare.isEmpty {
            try problem(bare[0].line, "component outside VCALENDAR; read as part of the calendar")
            var wrapper = ICSComponent(name: "VCALENDAR", line: bare[0].line)
            wrapper.children = bare
            calendars.append(wrapper)
        }
        guard !calendars.isEmpty else {
            throw .invalid(ICSIssue(file: fileName, line: lines.first?.line ?? 1, message: "no VCALENDAR component"))
        }
        var builder = ICalendarBuilder(fileName: fileName, mode: mode, config: config)
        return try builder.build(properties: calendars.flatMap(\.properties),
                                 components: calendars.flatMap(\.children),
                                 calendarIssues: calendars.flatMap(\.issues), warnings: warnings)
    }

    /// Components that only appear directly under VCALENDAR.
    static let topLevel: Set<String> = ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE"]

    /// Property names are echoed in messages only when they are standard ones, so a message
    /// never repeats arbitrary file content.
    static func safeName(_ name: String) -> String? {
        knownProperties.contains(name) ? name : nil
    }

    static let knownProperties: Set<String> = [
        "BEGIN", "END", "VERSION", "PRODID", "CALSCALE", "METHOD", "X-WR-TIMEZONE", "X-WR-CALNAME",
        "UID", "DTSTAMP", "DTSTART", "DTEND", "DUE", "DURATION", "RRULE", "RDATE", "EXDATE", "EXRULE",
        "RECURRENCE-ID", "SUMMARY", "DESCRIPTION", "LOCATION", "ORGANIZER", "ATTENDEE", "STATUS",
        "SEQUENCE", "CREATED", "LAST-MODIFIED", "COMPLETED", "CATEGORIES", "CLASS", "TRANSP", "PRIORITY",
        "URL", "GEO", "TZID", "TZNAME", "TZOFFSETFROM", "TZOFFSETTO", "TZURL", "X-LIC-LOCATION",
        "ACTION", "TRIGGER", "REPEAT", "ATTACH", "CONTACT", "COMMENT", "RELATED-TO", "RESOURCES",
        "PERCENT-COMPLETE", "FREEBUSY", "REQUEST-STATUS",
    ]
}
