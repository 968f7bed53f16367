import Foundation
import IntentKit

/// `--now` / `INTENT_NOW` and `--tz` / `TZ`.
enum ClockOptions {
    /// The run's zone: `--tz`, else `TZ`, else UTC. An unknown `--tz` is a usage error; an
    /// unusable `TZ` falls back to UTC with a warning (Foundation would do so silently).
    static func timeZone(flag: String?, environment: [String: String], warn: (String) -> Void) throws -> TimeZone {
        if let flag {
            guard let zone = zone(named: flag) else {
                throw IntentError.usage("unknown time zone '\(flag)' for --tz (use an IANA name such as Europe/Paris, or UTC)")
            }
            return zone
        }
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if tz.hasPrefix("/") { tz = tz.components(separatedBy: "zoneinfo/").last ?? tz }
            if let zone = zone(named: tz) { return zone }
            warn("TZ='\(tz)' is not a known time zone; using UTC")
        }
        return TimeZone(identifier: "UTC")!
    }

    static func zone(named name: String) -> TimeZone? {
        let upper = name.uppercased()
        if upper == "UTC" || upper == "Z" || upper == "GMT" { return TimeZone(identifier: "UTC") }
        guard TimeZone.knownTimeZoneIdentifiers.contains(name) else { return nil }
        return TimeZone(identifier: name)
    }

    /// The frozen clock: ISO-8601 with an offset, or without one (wall-clock time in `zone`).
    static func now(flag: String?, environment: [String: String], zone: TimeZone, wallClock: () -> Date) throws -> Date {
        guard let text = flag ?? environment["INTENT_NOW"].flatMap({ $0.isEmpty ? nil : $0 }) else { return wallClock() }
        guard let date = parseInstant(text, zone: zone) else {
            throw IntentError.usage("--now/INTENT_NOW '\(text)' is not ISO-8601 (e.g. 2026-12-01T09:00:00+01:00 or 2026-12-01T09:00)")
        }
        return date
    }

    /// Parses `2026-12-01T09:00:00Z`, `…+01:00`, `2026-12-01T09:00[:00]` (in `zone`) and `2026-12-01`.
    static func parseInstant(_ text: String, zone: TimeZone) -> Date? {
        let iso = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime]] {
            iso.formatOptions = options
            if let d = iso.date(from: text) { return d }
        }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.calendar = Calendar(identifier: .gregorian)
        f.timeZone = zone
        f.isLenient = false
        for format in ["yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"] {
            f.dateFormat = format
            if let d = f.date(from: text) { return d }
        }
        return nil
    }
}
