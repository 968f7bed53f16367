import Foundation

/// Checks on a list of occurrences. Unknown expectation keys fail rather than pass silently.
struct OccurrenceChecks {
    let occurrences: [EventOccurrence]
    let zone: TimeZone

    func check(_ expect: [String: Any]) -> [String] {
        var failures: [String] = []
        let first = occurrences.first
        for (key, value) in expect.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "count":
                if occurrences.count != (value as? Int) { failures.append("count \(occurrences.count)") }
            case "summary":
                if occurrences.isEmpty || occurrences.contains(where: { $0.title != value as? String }) {
                    failures.append("summary")
                }
            case "summaries":
                if !sameMultiset(occurrences.map(\.title), value) { failures.append("summaries") }
            case "description":
                if first?.description != value as? String { failures.append("description") }
            case "descriptions":
                if !sameMultiset(occurrences.map { $0.description ?? "" }, value) { failures.append("descriptions") }
            case "location":
                if first?.location != value as? String { failures.append("location") }
            case "first_event_dtstart", "first_start", "start", "dtstart":
                if !timeMatches(first.map { $0.startString(fallback: zone) }, value) { failures.append(key) }
            case "end", "first_end":
                if !timeMatches(first.map { $0.endString(fallback: zone) }, value) { failures.append(key) }
            case "starts":
                let got = occurrences.map { $0.startString(fallback: zone) }
                guard let want = value as? [String], want.count == got.count,
                      zip(got.sorted(), want.sorted()).allSatisfy({ timeMatches($0, $1) }) else {
                    failures.append("starts"); continue
                }
            case "start_dates":
                let got = occurrences.map { String($0.startString(fallback: zone).prefix(10)) }
                if !sameMultiset(got, value) { failures.append("start_dates") }
            case "start_hours":
                let got = occurrences.map { o -> Int in
                    let s = o.startString(fallback: zone)
                    return s.count >= 13 ? Int(s.dropFirst(11).prefix(2)) ?? 0 : 0
                }
                if !sameMultiset(got.map(String.init), (value as? [Int])?.map(String.init) ?? []) {
                    failures.append("start_hours")
                }
            case "start_date", "first_start_date":
                if first.map({ String($0.startString(fallback: zone).prefix(10)) }) != value as? String { failures.append(key) }
            case "start_hour", "first_start_hour":
                let s = first?.startString(fallback: zone) ?? ""
                if s.count < 13 || Int(s.dropFirst(11).prefix(2)) != value as? Int { failures.append(key) }
            case "first_summary", "title":
                if first?.title != value as? String { failures.append(key) }
            case "tzid":
                if first?.timeZoneID != value as? String { failures.append("tzid") }
            case "all_day":
                if first?.allDay != value as? Bool { failures.append("all_day") }
            case "uid":
                if first?.uid != value as? String { failures.append("uid") }
            case "note", "or_skip_series":
                continue
            default:
                failures.append("unsupported expectation \(key)")
            }
        }
        return failures
    }

    private func sameMultiset(_ got: [String], _ want: Any) -> Bool {
        guard let w = want as? [String] else { return false }
        return got.sorted() == w.sorted()
    }

    /// Exact match when the expectation has an offset; wall-clock match otherwise.
    func timeMatches(_ got: String?, _ want: Any) -> Bool {
        guard let got, let want = want as? String else { return false }
        if want.count <= 10 || want.count == 19 { return got.hasPrefix(want) }
        if want.hasSuffix("Z") { return got.hasPrefix(String(want.dropLast())) && got.hasSuffix("+00:00") }
        return got == want
    }
}

/// Parser-level checks (`op: parse`).
struct ICSParseChecks {
    let calendar: ICalendar
    let expect: [String: Any]
    let config: CalendarConfig

    func run() -> [String] {
        var failures: [String] = []
        let eventIssues = calendar.events.flatMap(\.issues)
        let utc = TimeZone(secondsFromGMT: 0)!
        let firstUID = calendar.events.first?.uid
        let firstOcc = occurrences(in: [calendar], from: nil, to: nil, timeZone: calendar.defaultZone ?? utc, config: config)
            .first { $0.uid == (firstUID ?? "") }
        let checks = OccurrenceChecks(occurrences: firstOcc.map { [$0] } ?? [], zone: calendar.defaultZone ?? utc)
        for (key, value) in expect.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "event_count":
                if calendar.events.count != value as? Int { failures.append("event_count \(calendar.events.count)") }
            case "event_errors":
                if eventIssues.count != value as? Int { failures.append("event_errors \(eventIssues.count)") }
            case "error_prefix":
                if !eventIssues.contains(where: { $0.message.hasPrefix(value as? String ?? "\u{0}") }) { failures.append(key) }
            case "event_error_property":
                if !eventIssues.contains(where: { $0.property == value as? String }) { failures.append(key) }
            case "roundtrip_contains":
                if !ICSWriter.serialize(calendar).contains(value as? String ?? "\u{0}") { failures.append(key) }
            case "event_start", "event_dtstart":
                if !checks.timeMatches(firstOcc?.startString(fallback: utc), value) { failures.append(key) }
            case "event_end":
                if !checks.timeMatches(firstOcc?.endString(fallback: utc), value) { failures.append(key) }
            case "tzid":
                if firstOcc?.timeZoneID != value as? String { failures.append("tzid") }
            case "vtimezone_transitions_match_iana":
                if !transitionsMatch(iana: value as? String, between: expect["between"] as? [String]) { failures.append(key) }
            case "between", "note":
                continue
            default:
                failures.append("unsupported expectation \(key)")
            }
        }
        return failures
    }

    /// Offset-changing transitions of the file's first VTIMEZONE equal Foundation's for the
    /// named IANA zone within `between`.
    private func transitionsMatch(iana: String?, between: [String]?) -> Bool {
        guard let iana, let tz = TimeZone(identifier: iana), let between, between.count == 2,
              let lo = ISO8601DateFormatter().date(from: between[0]), let hi = ISO8601DateFormatter().date(from: between[1]),
              let vtz = calendar.components.first(where: { $0.name == "VTIMEZONE" }),
              let rules = try? VTimeZoneRules(component: vtz, lastYear: config.vtimezoneLastYear, maxTransitions: 4_000)
        else { return false }
        let loT = Int(lo.timeIntervalSince1970), hiT = Int(hi.timeIntervalSince1970)
        var mine: [Int] = []
        var previous = rules.initialOffset
        for (t, off) in zip(rules.transitions, rules.offsetsAfter) {
            if off != previous, t >= loT, t <= hiT { mine.append(t) }
            previous = off
        }
        var theirs: [Int] = []
        var cursor = lo.addingTimeInterval(-1)
        while let next = tz.nextDaylightSavingTimeTransition(after: cursor), next <= hi {
            theirs.append(Int(next.timeIntervalSince1970))
            cursor = next
        }
        return !mine.isEmpty && mine == theirs
    }
}
