import Foundation
import IntentKit

/// `--alert`: how long before the due time a phone should notify, as `15m`, `1h`, `1h30m`, `2d`,
/// `0` (at the due time) or plain minutes. Written as a VALARM (`TRIGGER;RELATED=END:-PT15M`).
enum AlertOffset {
    static let maxMinutes = 60 * 24 * 28

    static func minutes(_ text: String) throws -> Int {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let n = Int(t) { return try checked(n) }
        var total = 0
        var number = ""
        var sawUnit = false
        for c in t where c != " " {
            if c.isASCII, c.isNumber { number.append(c); continue }
            guard let n = Int(number) else { throw bad() }
            switch c {
            case "m": total += n
            case "h": total += n * 60
            case "d": total += n * 1440
            case "w": total += n * 10080
            default: throw bad()
            }
            number = ""
            sawUnit = true
        }
        guard sawUnit, number.isEmpty else { throw bad() }
        return try checked(total)
    }

    private static func checked(_ n: Int) throws -> Int {
        guard (0...maxMinutes).contains(n) else {
            throw IntentError.invalidValue(parameter: "alert", reason: "must be between 0 and 4 weeks before the due time")
        }
        return n
    }

    private static func bad() -> IntentError {
        .invalidValue(parameter: "alert", reason: "expected a duration before the due time such as 15m, 1h, 2d or 0")
    }

    /// `15 min before`, `1 h 30 min before`, `at the due time`.
    static func describe(_ minutes: Int) -> String {
        if minutes == 0 { return "at the due time" }
        let d = minutes / 1440, h = (minutes % 1440) / 60, m = minutes % 60
        return [d > 0 ? "\(d) d" : nil, h > 0 ? "\(h) h" : nil, m > 0 ? "\(m) min" : nil].compactMap { $0 }.joined(separator: " ") + " before"
    }
}
