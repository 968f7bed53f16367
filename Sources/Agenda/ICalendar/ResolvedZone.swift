import Foundation

/// Transition table computed from an in-file VTIMEZONE (STANDARD/DAYLIGHT observances with
/// DTSTART, RRULE and RDATE onsets). Used when a TZID is not a zone Foundation knows.
public struct VTimeZoneRules: Sendable, Hashable, Codable {
    /// UTC instants (seconds since 1970) of each onset, ascending.
    public var transitions: [Int]
    /// Offset (seconds east of UTC) in force from the matching transition on.
    public var offsetsAfter: [Int]
    /// Offset before the first transition.
    public var initialOffset: Int

    /// Offset in force at a UTC instant.
    public func offset(atUTC t: Int) -> Int {
        TransitionTable.offset(at: t, transitions: transitions, offsetsAfter: offsetsAfter, initial: initialOffset)
    }
}

/// A TZID resolved to something that can convert wall-clock times: a Foundation zone
/// (IANA, or mapped from a Windows/Outlook name), the rules of an in-file VTIMEZONE, or
/// floating (the TZID could not be resolved and the calendar named no default zone).
public struct ResolvedZone: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case system(TimeZone)
        case rules(VTimeZoneRules)
        case floating
    }

    /// IANA identifier when known, otherwise the TZID as written.
    public var identifier: String
    public var kind: Kind

    public init(identifier: String, kind: Kind) { self.identifier = identifier; self.kind = kind }

    /// Offset at a UTC instant; nil for floating.
    public func offset(atUTC t: Int) -> Int? {
        switch kind {
        case .system(let tz): return tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))
        case .rules(let r): return r.offset(atUTC: t)
        case .floating: return nil
        }
    }
}

/// Wall clock ↔ UTC conversion for any offset function.
public enum ZoneMath {
    /// UTC seconds of a wall-clock time. In a DST gap the offset before the gap applies
    /// (02:30 on a spring-forward night becomes 03:30); in an overlap the earlier instant wins.
    public static func utc(of local: LocalDateTime, offset: (Int) -> Int) -> Int {
        let l = local.localSeconds
        let before = offset(l - 86_400)
        let after = offset(l + 86_400)
        var best: Int?
        for o in Set([before, after, offset(l)]) {
            let u = l - o
            if offset(u) == o { best = min(best ?? u, u) }
        }
        return best ?? (l - before)
    }

    /// Wall-clock time of a UTC instant.
    public static func local(ofUTC t: Int, offset: (Int) -> Int) -> LocalDateTime {
        LocalDateTime(localSeconds: t + offset(t))
    }

    /// Offset function of a Foundation zone.
    public static func offsetFunction(_ tz: TimeZone) -> (Int) -> Int {
        { tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) }
    }
}

extension VTimeZoneRules {
    /// Builds the transition table of a VTIMEZONE component up to `lastYear`.
    /// Throws when no observance has a usable DTSTART and offsets.
    public init(component: ICSComponent, lastYear: Int, maxTransitions: Int) throws(ICSValueError) {
        var pairs: [(Int, Int, Int)] = []  // (utc, offsetFrom, offsetTo)
        for obs in component.children where obs.name == "STANDARD" || obs.name == "DAYLIGHT" {
            guard let dt = obs.first("DTSTART"), let fromText = obs.first("TZOFFSETFROM")?.value,
                  let toText = obs.first("TZOFFSETTO")?.value else { continue }
            let from = try ICSValueParser.utcOffset(fromText)
            let to = try ICSValueParser.utcOffset(toText)
            let start = try ICSValueParser.time(dt.value, valueType: dt.parameter("VALUE"), tzid: nil).local
            var onsets: [LocalDateTime] = [start]
            for rr in obs.all("RRULE") {
                let rule = try RecurrenceRule.parse(rr.value)
                var until: LocalDateTime?
                if let u = rule.until {
                    if case .dateTime(let l, .utc) = u { until = l.adding(seconds: from) } else { until = u.local }
                }
                let stop = LocalDateTime(year: lastYear + 1, month: 1, day: 1)
                onsets += RecurrenceExpander.expand(rule, start: start, isDate: false, until: until,
                                                    bounds: ExpansionBounds(stopAt: stop, maxInstances: maxTransitions,
                                                                            maxPeriods: maxTransitions * 12))
            }
            for rd in obs.all("RDATE") {
                for piece in rd.value.split(separator: ",") {
                    let v = String(piece.split(separator: "/").first ?? piece)
                    if case .dateTime(let l, .utc) = try ICSValueParser.time(v, valueType: rd.parameter("VALUE"), tzid: nil) {
                        onsets.append(l.adding(seconds: from))
                    } else {
                        onsets.append(try ICSValueParser.time(v, valueType: rd.parameter("VALUE"), tzid: nil).local)
                    }
                }
            }
            for o in Set(onsets) { pairs.append((o.localSeconds - from, from, to)) }
        }
        guard !pairs.isEmpty else { throw ICSValueError(reason: "VTIMEZONE has no usable observance") }
        pairs.sort { $0.0 < $1.0 }
        transitions = pairs.map(\.0)
        offsetsAfter = pairs.map(\.2)
        initialOffset = pairs[0].1
    }
}
