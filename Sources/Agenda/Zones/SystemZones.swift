import Foundation

/// The machine's time-zone database and configured zone, read the way glibc reads them.
///
/// `root` is `/` in the live program; tests point it at a fake root holding `etc/localtime`,
/// `etc/timezone` and `usr/share/zoneinfo`. `TZDIR` moves the database as it does for glibc.
public struct SystemZones: Sendable {
    public var root: String
    public var zoneinfo: String

    public init(root: String = "/", environment: [String: String] = [:]) {
        self.root = root.hasSuffix("/") ? root : root + "/"
        if let dir = environment["TZDIR"], dir.hasPrefix("/") {
            zoneinfo = dir
        } else {
            zoneinfo = self.root + "usr/share/zoneinfo"
        }
    }

    /// Where the system zone came from, for messages and `intent config`.
    public enum Source: String, Sendable { case localtime = "/etc/localtime", timezone = "/etc/timezone" }

    /// The system zone: `/etc/localtime`'s target (or, for a copied file, the zone with the same
    /// rules), else the name in `/etc/timezone`; nil when neither gives a usable zone.
    public func systemZone() -> (zone: TimeZone, name: String, source: Source)? {
        let localtime = root + "etc/localtime"
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime),
           let name = Self.nameInZoneinfo(target), let zone = zone(named: name) {
            return (zone, name, .localtime)
        }
        let timezoneName = (try? String(contentsOfFile: root + "etc/timezone", encoding: .utf8))?
            .split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) }
        if let data = FileManager.default.contents(atPath: localtime), let file = TZifFile(data: data) {
            if let timezoneName, let named = FileManager.default.contents(atPath: zoneinfo + "/" + timezoneName),
               named == data, let zone = zone(named: timezoneName) {
                return (zone, timezoneName, .localtime)
            }
            if let zone = foundationZone(matching: file, preferring: timezoneName) {
                return (zone, zone.identifier, .localtime)
            }
        }
        if let timezoneName, let zone = zone(named: timezoneName) { return (zone, timezoneName, .timezone) }
        return nil
    }

    /// `Europe/Paris` from `/usr/share/zoneinfo/Europe/Paris`, `../usr/share/zoneinfo/posix/Europe/Paris`…
    static func nameInZoneinfo(_ path: String) -> String? {
        guard let range = path.range(of: "zoneinfo/", options: .backwards) else { return nil }
        var name = String(path[range.upperBound...])
        for prefix in ["posix/", "right/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        return name.isEmpty ? nil : name
    }

    /// A zone by its tzdata name (`Europe/Paris`, `Asia/Kolkata`, `US/Pacific`, `CET`, `EST5EDT`,
    /// `Etc/GMT+5`…), with the offsets of the system's compiled file when there is one. Foundation's
    /// own zone is used when it agrees with that file; otherwise a Foundation zone with the same
    /// transitions, or a fixed offset when the zone no longer changes. Nil for names that are
    /// neither in the system database nor known to Foundation.
    public func zone(named raw: String) -> TimeZone? {
        let name = raw.trimmingCharacters(in: .whitespaces)
        guard Self.isPlausibleName(name) else { return nil }
        if ["UTC", "Z", "GMT", "UCT", "ZULU", "UNIVERSAL"].contains(name.uppercased()) { return TimeZone(identifier: "UTC") }
        let foundation = TimeZone(identifier: name)
        guard let data = FileManager.default.contents(atPath: zoneinfo + "/" + name), let file = TZifFile(data: data) else {
            // No system database (a minimal container): Foundation's names only, never its
            // lenient "GMT+5"-style parsing of unknown text.
            guard let foundation, TimeZone.knownTimeZoneIdentifiers.contains(name) || Self.isFoundationAlias(name) else { return nil }
            return foundation
        }
        if let foundation, Self.agrees(foundation, with: file) { return foundation }
        if let match = foundationZone(matching: file, preferring: nil) { return match }
        if let fixed = Self.fixedOffset(file) { return fixed }
        return foundation
    }

    /// True when `zone` has the file's offset at every transition from 1970 through 2037.
    static func agrees(_ zone: TimeZone, with file: TZifFile) -> Bool {
        let window: ClosedRange<Int64> = 0...2_145_916_800
        var checked = false
        for (i, t) in file.transitions.enumerated() where window.contains(t) {
            checked = true
            if zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) != file.offsetsAfter[i] { return false }
            let before = i == 0 ? file.initialOffset : file.offsetsAfter[i - 1]
            if zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t - 1))) != before { return false }
        }
        if !checked {
            let now = Int64(Date().timeIntervalSince1970)
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(now))) == file.offset(at: now)
        }
        return true
    }

    /// A Foundation zone with the file's transitions, preferring `name`.
    func foundationZone(matching file: TZifFile, preferring name: String?) -> TimeZone? {
        var candidates = TimeZone.knownTimeZoneIdentifiers
        if let name { candidates.insert(name, at: 0) }
        let probes: [Int64] = [0, 900_000_000, 1_300_000_000, 1_751_328_000, 1_767_225_600, 2_000_000_000]
        for id in candidates {
            guard let zone = TimeZone(identifier: id) else { continue }
            guard probes.allSatisfy({ zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) == file.offset(at: $0) })
            else { continue }
            if Self.agrees(zone, with: file) { return zone }
        }
        return nil
    }

    /// A fixed-offset zone when the file has no transition after 2037's start of tracking (now).
    static func fixedOffset(_ file: TZifFile) -> TimeZone? {
        let now = Int64(Date().timeIntervalSince1970)
        guard !file.transitions.contains(where: { $0 > now }), !file.footer.contains(",") else { return nil }
        return TimeZone(secondsFromGMT: file.offset(at: now))
    }

    static func isPlausibleName(_ name: String) -> Bool {
        !name.isEmpty && name.count < 64 && !name.hasPrefix("/") && !name.contains("..") && !name.contains("//")
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/_+-".contains($0)) }
    }

    /// Zone names Foundation accepts that are real tzdata names though not in its identifier list.
    static func isFoundationAlias(_ name: String) -> Bool {
        name.hasPrefix("Etc/") || name.hasPrefix("US/") || ["CET", "EET", "WET", "MET", "EST", "MST", "HST",
            "EST5EDT", "CST6CDT", "MST7MDT", "PST8PDT"].contains(name) || name.contains("/")
    }
}
