import Foundation

extension SystemZones {
    /// A POSIX `TZ` rule string as glibc reads it: `UTC0`, `<+0530>-5:30` (a fixed offset; the
    /// sign is west-positive), or one with daylight-saving rules (`CET-1CEST,M3.5.0,M10.5.0/3`),
    /// which is matched to the system zone whose compiled file ends with the same rule.
    public func posixZone(_ text: String) -> TimeZone? {
        var rest = Substring(text)
        guard Self.takeName(&rest), let offset = Self.takeOffset(&rest) else { return nil }
        if rest.isEmpty { return TimeZone(secondsFromGMT: -offset) }
        guard text.contains(",") || rest.allSatisfy({ $0.isLetter || $0 == "<" || $0 == ">" }) else { return nil }
        for id in TimeZone.knownTimeZoneIdentifiers {
            guard let data = FileManager.default.contents(atPath: zoneinfo + "/" + id),
                  let file = TZifFile(data: data), file.footer == text else { continue }
            return zone(named: id)
        }
        return nil
    }

    private static func takeName(_ s: inout Substring) -> Bool {
        if s.first == "<" {
            guard let close = s.firstIndex(of: ">") else { return false }
            s = s[s.index(after: close)...]
            return true
        }
        let letters = s.prefix(while: { $0.isLetter })
        guard letters.count >= 3 else { return false }
        s = s.dropFirst(letters.count)
        return true
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (west-positive, as written).
    private static func takeOffset(_ s: inout Substring) -> Int? {
        var sign = 1
        if s.first == "+" || s.first == "-" { sign = s.first == "-" ? -1 : 1; s = s.dropFirst() }
        var parts: [Int] = []
        while parts.count < 3 {
            let digits = s.prefix(while: { $0.isNumber })
            guard !digits.isEmpty, digits.count <= 3, let n = Int(digits) else { break }
            parts.append(n)
            s = s.dropFirst(digits.count)
            guard s.first == ":" else { break }
            s = s.dropFirst()
        }
        guard let hours = parts.first, hours <= 24 else { return nil }
        let minutes = parts.count > 1 ? parts[1] : 0, seconds = parts.count > 2 ? parts[2] : 0
        guard minutes < 60, seconds < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60 + seconds)
    }
}
