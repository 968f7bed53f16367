import Primitives

/// Dates in records, spelled out beside the value as written (`2026-02-09 (9 February 2026)`), so
/// a question that names the month finds the row.
extension CSVExtractor {
    enum DateOrder { case dayFirst, monthFirst }

    /// "9 February 2026" for a value that starts with an ISO date (`2026-02-09`, `2026-02-09T10:00`)
    /// or a date written year first with slashes or dots, as South African, Japanese and Chinese
    /// files write them (`2026/02/09`, `2026.02.09`), nil otherwise.
    static func spelledISODate(_ value: ArraySlice<UInt8>) -> String? {
        let b = Array(value.prefix(11))
        guard b.count >= 10, [0x2D, 0x2F, 0x2E].contains(b[4]), b[7] == b[4], b.count == 10 || b[10] == 0x54 || b[10] == 0x20,
              let year = number(b[0..<4]), let month = number(b[5..<7]), let day = number(b[8..<10]) else { return nil }
        return spelled(year: year, month: month, day: day)
    }

    /// A value's date spelled out, as a record writes it beside the value: a timestamp's or an ISO
    /// date's (`spelledTimestamp`), else a numeric date's read in its column's `order`.
    static func spelledDate(_ value: ArraySlice<UInt8>, order: DateOrder?) -> String? {
        spelledTimestamp(value) ?? order.flatMap { spelledNumericDate(value, dayFirst: $0 == .dayFirst) }
    }

    /// `spelledISODate`, and for a timestamp (`2026-12-20T05:50-07:00`) its time of day as
    /// written, which the `T` glues to the date (`20 December 2026, 05:50`; `12:50 UTC` for one
    /// in UTC, `…Z`): "report time on the 20th" finds `05:50`. Midnight to the second
    /// (`2026-06-18T00:00:00`, a day stored as a timestamp) is no time of day.
    static func spelledTimestamp(_ value: ArraySlice<UInt8>) -> String? {
        guard let date = spelledISODate(value) else { return nil }
        let b = Array(value.prefix(32))
        func digit(_ i: Int) -> Bool { i < b.count && b[i] >= 0x30 && b[i] <= 0x39 }
        guard b.count >= 16, b[10] == 0x54, digit(11), digit(12), b[13] == 0x3A, digit(14), digit(15) else { return date }
        var rest = 16
        var seconds = "00"
        if rest < b.count, b[rest] == 0x3A, digit(rest + 1), digit(rest + 2) {
            seconds = String(decoding: b[(rest + 1)...(rest + 2)], as: UTF8.self)
            rest += 3
            if rest < b.count, b[rest] == 0x2E { rest += 1; while digit(rest) { rest += 1 } }
        }
        let time = String(decoding: b[11..<16], as: UTF8.self)
        if time == "00:00" && seconds == "00" { return date }
        return date + ", " + time + (rest < b.count && b[rest] == 0x5A ? " UTC" : "")
    }

    /// The order of each column whose every value is a numeric date (`5/3/2025`, `05.03.2025`,
    /// `05-03-2025`, optionally followed by a time): day first when some first number is above 12,
    /// month first when some second number is; nil for other columns and for a column that does
    /// not say (every number 12 or less: `05/03/2025` could be either, and is left as written).
    /// `rows` are the rows' trimmed values, a CSV's or a Markdown table's; empty values and a row
    /// of totals' (`TOTALS`) and a line of one value (a note under the table) are passed over.
    static func dateOrders(_ rows: [[ArraySlice<UInt8>]]) -> [DateOrder?] {
        let width = rows.map(\.count).max() ?? 0
        return (0..<width).map { column in
            var firstBig = false, secondBig = false, seen = false
            // a row of totals' `TOTALS` is passed over (`ExtractiveAnswerer.isTotalValue`), and so
            // is a line of one value, a note under the table ("This statement is generated…")
            for row in rows where column < row.count && !row[column].isEmpty && !isTotal(row[column])
                && row.lazy.filter({ !$0.isEmpty }).count > 1 {
                guard let (a, b, _) = numericDate(row[column]) else { return nil }
                seen = true
                firstBig = firstBig || a > 12
                secondBig = secondBig || b > 12
            }
            guard seen, firstBig != secondBig else { return nil }
            return firstBig ? .dayFirst : .monthFirst
        }
    }

    /// "5 March 2025" for `05/03/2025` read day first, nil when it is no valid date that way.
    static func spelledNumericDate(_ value: ArraySlice<UInt8>, dayFirst: Bool) -> String? {
        guard let (a, b, year) = numericDate(value) else { return nil }
        return dayFirst ? spelled(year: year, month: b, day: a) : spelled(year: year, month: a, day: b)
    }

    /// The three numbers of `d/m/yyyy` (one or two digits, then four; `/`, `.` or `-` twice, the
    /// same), with nothing after but a time or the end. A year of two digits is this century's
    /// or, from 70, the last's (a German bank's `01.10.25`, a British `01/10/25`).
    static func numericDate(_ value: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        let b = Array(value.prefix(10))
        guard let s1 = b.firstIndex(where: { [0x2F, 0x2E, 0x2D].contains($0) }), (1...2).contains(s1),
              let s2 = b[(s1 + 1)...].firstIndex(of: b[s1]), (1...2).contains(s2 - s1 - 1), s2 + 3 <= b.count,
              let a = number(b[0..<s1]), let m = number(b[(s1 + 1)..<s2]) else { return nil }
        let digits = b[(s2 + 1)...].prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        guard digits == 4 || digits == 2, let written = number(b[(s2 + 1)...(s2 + digits)]) else { return nil }
        let rest = value.dropFirst(s2 + 1 + digits)
        guard rest.isEmpty || rest.first == 0x20 || rest.first == 0x54 else { return nil }
        return (a, m, digits == 4 ? written : written + (written < 70 ? 2000 : 1900))
    }


    /// A row of totals' value (a date never opens with a letter, so no other is decoded).
    private static func isTotal(_ value: ArraySlice<UInt8>) -> Bool {
        value.first.map { $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A } == true
            && ExtractiveAnswerer.isTotalValue(String(decoding: value.prefix(24), as: UTF8.self))
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var v = 0
        for c in digits {
            guard c >= 0x30 && c <= 0x39 else { return nil }
            v = v * 10 + Int(c - 0x30)
        }
        return v
    }

    /// "9 February 2026", nil for a day that is not in the calendar (the one spelling the
    /// library's readers write: CSV, contacts, workbooks).
    static func spelled(year: Int, month: Int, day: Int) -> String? {
        Civil.isValid(year: year, month: month, day: day) ? "\(day) \(Civil.monthNames[month - 1]) \(year)" : nil
    }
}
