import Agenda
import Foundation
import IntentKit
import Store

/// `--now` / `INTENT_NOW` and the run's zone: `--tz`, else `TZ`, else config.json `tz`, else the
/// system zone (`/etc/localtime`, `/etc/timezone`), else UTC.
enum ClockOptions {
    /// Where the run's zone came from, for `intent config show` and tests.
    enum ZoneSource: String { case flag = "--tz", environment = "TZ", config = "config.json", system = "system", fallback = "UTC" }

    /// The run's zone. An unknown `--tz` is a usage error (64); an unknown `tz` in config.json is a
    /// configuration error (78); an unusable `TZ` falls back to UTC with a warning, as glibc does.
    static func timeZone(flag: String?, environment: [String: String], configured: String? = nil,
                         system: SystemZones, warn: (String) -> Void) throws -> TimeZone {
        try resolve(flag: flag, environment: environment, configured: configured, system: system, warn: warn).zone
    }

    static func resolve(flag: String?, environment: [String: String], configured: String?,
                        system: SystemZones, warn: (String) -> Void) throws -> (zone: TimeZone, source: ZoneSource) {
        if let flag {
            guard let zone = system.zone(named: flag) ?? system.posixZone(flag) else {
                throw IntentError.usage("unknown time zone '\(flag)' for --tz (a tzdata name such as Europe/Paris, Asia/Kolkata, US/Pacific, Etc/GMT+5, or UTC)")
            }
            return (zone, .flag)
        }
        if let value = environment["TZ"], !value.isEmpty {
            if let zone = environmentZone(value, system: system) { return (zone, .environment) }
            warn("TZ='\(value)' is not a time zone this system knows; using UTC")
            return (TimeZone(identifier: "UTC")!, .fallback)
        }
        if let configured, !configured.isEmpty {
            guard let zone = system.zone(named: configured) else {
                throw IntentError.configuration("config.json: unknown time zone '\(configured)' in \"tz\" (fix it with: intent config set tz ZONE)")
            }
            return (zone, .config)
        }
        if let found = system.systemZone() { return (found.zone, .system) }
        return (TimeZone(identifier: "UTC")!, .fallback)
    }

    /// `TZ` as glibc reads it: `:Europe/Paris`, `Europe/Paris`, a path to a compiled file, or a
    /// POSIX rule string (`UTC0`, `EST5EDT,M3.2.0,M11.1.0`).
    static func environmentZone(_ raw: String, system: SystemZones) -> TimeZone? {
        var tz = raw
        if tz.hasPrefix(":") { tz.removeFirst() }
        if tz.hasPrefix("/") {
            if let name = tz.range(of: "zoneinfo/", options: .backwards).map({ String(tz[$0.upperBound...]) }),
               let zone = system.zone(named: name) { return zone }
            return nil
        }
        return system.zone(named: tz) ?? system.posixZone(tz)
    }

    /// The frozen clock: ISO-8601 with an offset, or without one (wall-clock time in `zone`).
    /// Text that is not ISO-8601 is a usage error (64); impossible dates (`2026-02-30`), dates
    /// before the Gregorian calendar (1583) and a wall-clock time inside a daylight-saving gap
    /// are invalid input (65) naming `--now` (or `INTENT_NOW`). In an overlap the first
    /// occurrence is used, with a warning naming it.
    static func now(flag: String?, environment: [String: String], zone: TimeZone, wallClock: () -> Date,
                    warn: (String) -> Void = { _ in }) throws -> Date {
        guard let text = flag ?? environment["INTENT_NOW"].flatMap({ $0.isEmpty ? nil : $0 }) else { return wallClock() }
        let name = flag != nil ? "--now" : "INTENT_NOW"
        switch WallClockText.parse(text, zone: zone) {
        case .success(let parsed):
            if let second = parsed.secondOccurrence {
                warn("\(name) \(text) happens twice in \(zone.identifier) (the clocks go back); using the first, "
                     + "\(parsed.description(in: zone)), not \(WallClockText(date: second).description(in: zone)) (give an offset to choose)")
            }
            return parsed.date
        case .invalid(let reason):
            if flag != nil { throw IntentError.invalidValue(parameter: "now", reason: "'\(text)': \(reason)") }
            throw IntentError.invalidInput("invalid value for INTENT_NOW: '\(text)': \(reason)")
        case .failure(let reason):
            throw IntentError.usage("\(name) '\(text)': \(reason) (use ISO-8601, e.g. 2026-12-01T09:00:00+01:00 or 2026-12-01T09:00)")
        }
    }

    /// Parses `2026-12-01T09:00:00Z`, `…+01:00`, `2026-12-01T09:00[:00]` (in `zone`) and `2026-12-01`.
    static func parseInstant(_ text: String, zone: TimeZone) -> Date? {
        if case .success(let parsed) = WallClockText.parse(text, zone: zone) { return parsed.date }
        return nil
    }
}

extension ClockOptions {
    /// The zone of a command other than `run` (for showing times): the same order as a run.
    static func zone(_ globals: GlobalOptions, _ env: CLIEnvironment) throws -> TimeZone {
        let config = try ConfigFile.load(env.paths(globals))
        return try timeZone(flag: globals.tz, environment: env.environment, configured: config.raw["tz"]?.stringValue,
                            system: env.systemZones) { env.streams.err("intent: warning: \($0)\n") }
    }
}

/// Times for people: `Tue 1 Dec 2026 09:05` in the run's zone, with the offset when asked.
enum HumanTime {
    static func format(_ date: Date, in zone: TimeZone, offset: Bool = false, pattern: String = "EEE d MMM yyyy HH:mm") -> String {
        TimeText.format(date, pattern + (offset ? " xxx" : ""), zone: zone)
    }

    /// A stored timestamp (ISO-8601 UTC) in the zone; the text unchanged when it does not parse.
    static func stored(_ text: String, in zone: TimeZone) -> String {
        StoreTime.date(text).map { format($0, in: zone) } ?? text
    }

    /// A due value: a day-only `YYYY-MM-DD` stays a calendar day; a timed one is shown in the zone.
    static func due(_ text: String, in zone: TimeZone) -> String {
        if !text.contains("T") {
            return ClockOptions.parseInstant(text, zone: TimeZone(identifier: "UTC")!)
                .map { format($0, in: TimeZone(identifier: "UTC")!, pattern: "EEE d MMM yyyy") } ?? text
        }
        return StoreTime.date(text).map { format($0, in: zone) } ?? text
    }
}
