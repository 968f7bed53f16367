import Foundation
import Primitives

/// A workbook's number formats (`xl/styles.xml`): which cells are dates, times, percentages
/// and amounts, and how a number is shown in them — the part of Excel's formatting a reader
/// needs to find `£1,440.26` or `9 February` where the sheet stores 1440.26 and 46062 (a date is
/// written as its format says and spelled out, `09/02/2026 (9 February 2026)`, as a CSV's is read).
struct CellFormats {
    /// Each cell style's number format id, in `cellXfs` order (a cell's `s` indexes it).
    var styles: [Int] = []
    /// Custom format codes by id (164 and up).
    var custom: [Int: String] = [:]

    init() {}

    init(_ xml: [UInt8]) {
        var inCellXfs = false
        var styles: [Int] = [], custom: [Int: String] = [:]
        XMLScanner.scan(xml) { event in
            switch event {
            case .open("numFmt", let a, _):
                if let id = a["numFmtId"].flatMap({ Int($0) }), let code = a["formatCode"] { custom[id] = code }
            case .open("cellXfs", _, _): inCellXfs = true
            case .close("cellXfs"): inCellXfs = false
            case .open("xf", let a, _) where inCellXfs: styles.append(a["numFmtId"].flatMap { Int($0) } ?? 0)
            default: break
            }
        }
        self.styles = styles
        self.custom = custom
    }

    /// Built-in format codes Excel does not write into the file.
    static let builtIn: [Int: String] = [
        1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%", 11: "0.00E+00",
        14: "yyyy-mm-dd", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM", 19: "h:mm:ss AM/PM",
        20: "h:mm", 21: "h:mm:ss", 22: "yyyy-mm-dd h:mm", 37: "#,##0 ;(#,##0)", 38: "#,##0 ;[Red](#,##0)",
        39: "#,##0.00;(#,##0.00)", 40: "#,##0.00;[Red](#,##0.00)", 45: "mm:ss", 46: "[h]:mm:ss", 47: "mmss.0",
    ]

    /// `value` as a cell of style `style` shows it.
    func shown(_ value: Double, style: Int, date1904: Bool) -> String {
        let id = style < styles.count ? styles[style] : 0
        guard let code = custom[id] ?? Self.builtIn[id] else { return Self.general(value) }
        // the first section of the code (positive numbers), without quoted text and [colour] tags
        let section = Self.bare(code.components(separatedBy: ";").first ?? code)
        let lower = section.lowercased()
        if lower.contains("y") || lower.contains("d") {
            // the built-in short date is the machine's locale's in Excel: ISO here
            return id == 14 || id == 22 ? Self.date(value, withTime: id == 22, date1904: date1904)
                                        : Self.date(value, code: section, date1904: date1904)
        }
        if lower.contains("h") || lower.contains("s") && lower.contains("m") {
            return Self.time(value)
        }
        if section.contains("E+") { return Self.general(value) }
        let percent = section.contains("%")
        let shownValue = percent ? value * 100 : value
        let decimals = section.split(separator: ".").dropFirst().first.map { $0.prefix { $0 == "0" || $0 == "#" }.count } ?? 0
        var text = Self.grouped(abs(shownValue), decimals: decimals, thousands: section.contains(","))
        if percent { text += "%" }
        if let symbol = Self.currency(in: code) { text = symbol + text }
        return shownValue < 0 ? "-" + text : text
    }

    /// Excel's General: an integer as one, else up to 15 significant digits.
    static func general(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.15g", value)
    }

    static func date(_ serial: Double, withTime: Bool, date1904: Bool) -> String {
        // day 25569 of the 1900 system is 1970-01-01 (Excel's 1900 leap day is before any date people write)
        let days = Int(serial.rounded(.down)) + (date1904 ? 1462 : 0) - 25569
        let (y, m, d) = Civil.date(of: days)
        let iso = "\(y)-" + (m < 10 ? "0" : "") + "\(m)-" + (d < 10 ? "0" : "") + "\(d)"
        let fraction = serial - serial.rounded(.down)
        // spelled out as a CSV's ISO dates are (`CSVExtractor.spelledISODate`): the month's name finds the row
        let spelled = CSVExtractor.spelled(year: y, month: m, day: d).map { " (\($0))" } ?? ""
        return (withTime && fraction > 0 ? iso + " " + time(fraction) : iso) + spelled
    }

    /// A date as its format code writes it (`dd/mm/yyyy`, `d mmm yyyy`, `mm/dd/yy h:mm AM/PM`),
    /// then spelled out unless the code names the month itself.
    static func date(_ serial: Double, code: String, date1904: Bool) -> String {
        let days = Int(serial.rounded(.down)) + (date1904 ? 1462 : 0) - 25569
        let (y, m, d) = Civil.date(of: days)
        let minutes = Int(((serial - serial.rounded(.down)) * 1440).rounded()) % 1440
        let twelveHour = code.uppercased().contains("AM/PM")
        let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        func pad(_ n: Int) -> String { (n < 10 ? "0" : "") + "\(n)" }
        var out = ""
        var namesMonth = false
        let chars = Array(code)
        var i = 0
        var afterHour = false
        while i < chars.count {
            let c = Character(chars[i].lowercased())
            var run = 1
            while i + run < chars.count, Character(chars[i + run].lowercased()) == c { run += 1 }
            switch c {
            case "y": out += run <= 2 ? pad(y % 100) : "\(y)"
            case "d":
                out += run == 1 ? "\(d)" : run == 2 ? pad(d) : run == 3 ? String(weekdays[Civil.isoWeekday(days) - 1].prefix(3))
                    : weekdays[Civil.isoWeekday(days) - 1]
            case "m":
                // minutes after an hour or before seconds, else the month
                let nextIsSeconds = chars[(i + run)...].first { $0.isLetter }.map { $0 == "s" || $0 == "S" } ?? false
                if afterHour || nextIsSeconds {
                    out += run == 1 ? "\(minutes % 60)" : pad(minutes % 60)
                } else if run >= 3 {
                    namesMonth = true
                    out += run == 3 ? String(Civil.monthNames[m - 1].prefix(3)) : Civil.monthNames[m - 1]
                } else {
                    out += run == 1 ? "\(m)" : pad(m)
                }
            case "h":
                let hour = twelveHour ? (minutes / 60 + 11) % 12 + 1 : minutes / 60
                out += run == 1 ? "\(hour)" : pad(hour)
            case "s": out += pad(0)
            case "a" where code.uppercased().dropFirst(i).hasPrefix("AM/PM"):
                out += minutes < 720 ? "AM" : "PM"
                run = 5
            default: out += String(repeating: chars[i], count: run)
            }
            if c.isLetter { afterHour = c == "h" }
            i += run
        }
        return namesMonth ? out : out + (CSVExtractor.spelled(year: y, month: m, day: d).map { " (\($0))" } ?? "")
    }

    /// `14:30` for 0.6041…
    static func time(_ serial: Double) -> String {
        let minutes = Int(((serial - serial.rounded(.down)) * 1440).rounded()) % 1440
        let h = minutes / 60, m = minutes % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    /// A format code without its quoted literals, escapes and bracketed tags.
    static func bare(_ code: String) -> String {
        var out = "", quoted = false, bracket = false, escaped = false
        for c in code {
            if escaped { escaped = false; continue }
            switch c {
            case "\\": escaped = true
            case "\"": quoted.toggle()
            case "[" where !quoted: bracket = true
            case "]" where !quoted: bracket = false
            default: if !quoted, !bracket { out.append(c) }
            }
        }
        return out
    }

    /// The currency symbol a code writes: `£`, `$`, `€` or a locale tag's (`[$€-407]`).
    static func currency(in code: String) -> String? {
        if let tag = code.range(of: "[$"), let end = code[tag.upperBound...].firstIndex(where: { $0 == "-" || $0 == "]" }) {
            let symbol = String(code[tag.upperBound..<end])
            if !symbol.isEmpty { return symbol }
        }
        let first = code.components(separatedBy: ";").first ?? code
        return ["£", "$", "€", "¥", "₹"].first { first.contains($0) }.map { String($0) }
    }

    /// `1,440.26` (with `thousands`) or `1440.26`.
    static func grouped(_ value: Double, decimals: Int, thousands: Bool) -> String {
        let fixed = String(format: "%.\(decimals)f", value)
        guard thousands else { return fixed }
        let parts = fixed.split(separator: ".", maxSplits: 1)
        var digits = Array(parts[0])
        var i = digits.count - 3
        while i > 0 { digits.insert(",", at: i); i -= 3 }
        return String(digits) + (parts.count > 1 ? "." + parts[1] : "")
    }
}
