import Foundation
import Grounding

/// Markdown pipe tables read as records, the rest of the file verbatim: under a header row and
/// its `|---|:---:|` line, each row is one unit of its cells labelled by their column
/// (`Week: 9; Starting: 19 Aug; Sunday long run: 18 km`), so "how far is the long run in week 9"
/// finds the row and the answer says which column is which. Labels and separators map to no
/// source byte; the header and its rule are not text of their own; the cells' bytes are verbatim
/// (an escaped `\|` stays in its cell). A table whose header leaves its corner blank compares
/// its columns row by row (`| | Lone Star | Cedar & Stone |`): each row reads its first cell,
/// then its columns' cells labelled (`Bid total — Lone Star: $68,450.00; Cedar & Stone:
/// $74,900.00`). A file without a table is its bytes, as before.
enum MarkdownTables {
    static func extract(_ bytes: [UInt8], from start: Int, encoding: TextEncoding) -> ExtractedText {
        var builder = ExtractedTextBuilder(source: bytes, encoding: encoding)
        let lines = lineRanges(bytes, from: start)
        var copied = start
        var i = 0
        while i + 1 < lines.count {
            guard isRule(bytes, lines[i + 1]), let labels = header(bytes, lines[i], encoding: encoding) ?? blankHeader(bytes, lines[i]),
                  cells(bytes, lines[i + 1]).count == labels.count else { i += 1; continue }
            // a header of blank cells over a table of names and values (`| | |`): each row reads
            // its first cell as the label of the rest ("Satay: $40.00", "**Total**: **$339.30**")
            let keyed = labels.allSatisfy(\.isEmpty)
            builder.appendSource(copied..<lines[i].lowerBound)
            builder.appendBreak()
            var row = i + 2
            while row < lines.count, bytes[lines[row]].contains(0x7C), !isBlank(bytes, lines[row]) { row += 1 }
            let rows = lines[(i + 2)..<row].map { cells(bytes, $0) }
            // a column of dates, a weekday before them or not (`Tue 14/04/2026`), is spelled out
            // as a CSV's is: "who are we playing on 21 April" finds `Tue 21/04/2026 (21 April 2026)`
            let dates = rows.map { $0.map { Self.afterWeekday(bytes[$0]) } }
            let orders = CSVExtractor.dateOrders(dates)
            for (r, cellsOfRow) in rows.enumerated() {
                if keyed {
                    let filled = cellsOfRow.filter { !$0.isEmpty }
                    for (k, cell) in filled.enumerated() {
                        if k > 0 { builder.appendText(k == 1 ? ": " : "; ") }
                        builder.appendSource(cell)
                    }
                    if !filled.isEmpty { builder.appendBreak() }
                    continue
                }
                var first = true
                var named = false
                for (column, cell) in cellsOfRow.enumerated() where !cell.isEmpty {
                    let label = column < labels.count ? labels[column] : "column \(column + 1)"
                    if label.isEmpty {
                        // the row's own name, under a blank corner
                        builder.appendSource(cell)
                        named = true
                        first = false
                        continue
                    }
                    builder.appendText((first ? "" : named ? " — " : "; ") + label + ": ")
                    named = false
                    builder.appendSource(cell)
                    // (not a date a workbook's reader spelled already: `17/02/2026 (17 February 2026)`)
                    if let order = orders[column], !bytes[cell].contains(0x28),
                       let spelled = CSVExtractor.spelledNumericDate(dates[r][column], dayFirst: order == .dayFirst) {
                        builder.appendText(" (\(spelled))")
                    }
                    first = false
                }
                if !first { builder.appendBreak() }
            }
            copied = row < lines.count ? lines[row].lowerBound : bytes.count
            i = row
        }
        builder.appendSource(copied..<bytes.count)
        return builder.build()
    }

    /// A cell's value past a leading weekday and a space (`Tue 14/04/2026` → `14/04/2026`).
    static func afterWeekday(_ value: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let space = value.firstIndex(of: 0x20), (3...9).contains(space - value.startIndex),
              DayMonths.isWeekday(String(decoding: value[..<space], as: UTF8.self).lowercased()) else { return value }
        return value[(space + 1)...]
    }

    /// Each line's bytes, without its `\n` (a `\r` before it stays, and is trimmed from cells).
    static func lineRanges(_ bytes: [UInt8], from start: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var lo = start
        for i in start..<bytes.count where bytes[i] == 0x0A {
            out.append(lo..<i)
            lo = i + 1
        }
        if lo < bytes.count { out.append(lo..<bytes.count) }
        return out
    }

    /// The trimmed cells of a table line: split at `|` (not `\|`), the outer pipes' empty ends dropped.
    static func cells(_ bytes: [UInt8], _ line: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var lo = line.lowerBound
        for i in line where bytes[i] == 0x7C && (i == line.lowerBound || bytes[i - 1] != 0x5C) {
            parts.append(lo..<i)
            lo = i + 1
        }
        parts.append(lo..<line.upperBound)
        var trimmedParts = parts.map { CSVExtractor.trimmed($0, bytes) }
        if trimmedParts.first?.isEmpty == true { trimmedParts.removeFirst() }
        if trimmedParts.last?.isEmpty == true { trimmedParts.removeLast() }
        return trimmedParts
    }

    /// The header row's labels: a line with a pipe and at least two non-empty cells, and a blank
    /// first cell (the corner of a table that compares its columns) or none.
    static func header(_ bytes: [UInt8], _ line: Range<Int>, encoding: TextEncoding) -> [String]? {
        guard bytes[line].contains(0x7C) else { return nil }
        let labels = cells(bytes, line).map { encoding.decode(bytes[$0]) }
        guard labels.dropFirst().count >= 2 || labels.count >= 2 && !labels[0].isEmpty,
              labels.dropFirst().allSatisfy({ !$0.isEmpty }) else { return nil }
        return labels
    }

    /// A header row of two or more blank cells (`| | |`): labels all empty; nil for another line.
    static func blankHeader(_ bytes: [UInt8], _ line: Range<Int>) -> [String]? {
        let blank = cells(bytes, line)
        guard bytes[line].contains(0x7C), blank.count >= 2, blank.allSatisfy(\.isEmpty) else { return nil }
        return Array(repeating: "", count: blank.count)
    }

    /// `|---|:--:|` (at least three dashes a cell, colons at the ends only).
    static func isRule(_ bytes: [UInt8], _ line: Range<Int>) -> Bool {
        guard bytes[line].contains(0x7C) || bytes[line].contains(0x2D) else { return false }
        let parts = cells(bytes, line)
        return parts.count >= 2 && parts.allSatisfy { cell in
            var body = bytes[cell]
            if body.first == 0x3A { body = body.dropFirst() }
            if body.last == 0x3A { body = body.dropLast() }
            return body.count >= 3 && body.allSatisfy { $0 == 0x2D }
        }
    }

    static func isBlank(_ bytes: [UInt8], _ line: Range<Int>) -> Bool {
        bytes[line].allSatisfy(SentenceSplitter.isSpace)
    }
}
