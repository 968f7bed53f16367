import Foundation

/// Resolves a TZID as written in a file. Order: a zone Foundation knows (IANA names, also
/// behind a `/mozilla.org/.../Europe/Berlin`-style prefix); the in-file VTIMEZONE (its
/// X-LIC-LOCATION when that is an IANA name, else its own rules); a Windows/Outlook zone
/// name; an IANA city named in the TZID; finally the calendar's X-WR-TIMEZONE or floating.
public enum ZoneResolver {
    public struct Resolution: Sendable {
        public var zone: ResolvedZone
        /// True when the TZID could not be resolved and the fallback was used.
        public var fellBack: Bool
    }

    public static func resolve(_ tzid: String, vtimezones: [String: ICSComponent],
                               fallback: TimeZone?, config: CalendarConfig) -> Resolution {
        let id = tzid.trimmingSpaces().trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        func system(_ tz: TimeZone) -> Resolution {
            Resolution(zone: ResolvedZone(identifier: tz.identifier, kind: .system(tz)), fellBack: false)
        }
        if let tz = systemZone(id) {
            return Resolution(zone: ResolvedZone(identifier: id, kind: .system(tz)), fellBack: false)
        }
        let segments = id.split(separator: "/")
        if segments.count > 2 {
            for k in stride(from: min(3, segments.count - 1), through: 1, by: -1) {
                if let tz = systemZone(segments.suffix(k).joined(separator: "/")) { return system(tz) }
            }
        }
        if let vtz = vtimezones[id] ?? vtimezones[tzid] {
            if let loc = vtz.first("X-LIC-LOCATION")?.value, let tz = systemZone(loc.trimmingSpaces()) {
                return system(tz)
            }
            if let rules = try? VTimeZoneRules(component: vtz, lastYear: config.vtimezoneLastYear,
                                               maxTransitions: 4 * (config.vtimezoneLastYear - 1500)) {
                return Resolution(zone: ResolvedZone(identifier: id, kind: .rules(rules)), fellBack: false)
            }
        }
        if let tz = WindowsZones.zone(for: id) { return system(tz) }
        if let tz = cityZone(id) { return system(tz) }
        if let fallback { return Resolution(zone: ResolvedZone(identifier: fallback.identifier, kind: .system(fallback)), fellBack: true) }
        return Resolution(zone: ResolvedZone(identifier: id, kind: .floating), fellBack: true)
    }

    /// A Foundation zone for an identifier, refusing names Foundation would silently misread.
    public static func systemZone(_ id: String) -> TimeZone? {
        guard !id.isEmpty, id.count < 64, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/_+-".contains($0)) })
        else { return nil }
        if id.uppercased() == "Z" { return TimeZone(secondsFromGMT: 0) }
        return TimeZone(identifier: id)
    }

    private static let cities: [(String, String)] = TimeZone.knownTimeZoneIdentifiers.compactMap { id in
        guard id.contains("/"), let city = id.split(separator: "/").last else { return nil }
        return (city.replacingOccurrences(of: "_", with: " ").lowercased(), id)
    }

    /// An IANA zone whose city appears as a whole word in a display-style TZID
    /// ("(UTC+01:00) Amsterdam, Berlin, Bern" → Europe/Amsterdam).
    static func cityZone(_ id: String) -> TimeZone? {
        let words = id.lowercased().split(whereSeparator: { !$0.isLetter && $0 != " " })
            .map { $0.trimmingSpaces() }
        for word in words where word.count >= 4 {
            if let hit = cities.first(where: { $0.0 == word }) { return TimeZone(identifier: hit.1) }
        }
        return nil
    }
}
