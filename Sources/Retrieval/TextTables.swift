import Foundation

/// Tables a program printed as text: columns aligned by spaces (a till's cash-up, a shipping
/// program's label history, an installer's table of surfaces) or parted by `|`. Under a header of
/// three or more labels and a rule line (`-----`, `=====`, one run of dashes across or one a
/// column), each row is one unit of its cells labelled by their column (`Stall: Cake stall; Cash:
/// 652.50; EFTPOS: 295.00; Total: 947.50`), so "cake stall eftpos takings" finds the row and the
/// answer says which column is which. A row that goes on in the line below, its first column
/// blank, continues its cells; a line of totals under the closing rule is a row too. Column
/// edges are where every line of the table has a space, between one label and the next, so a
/// number wider than its label (right-aligned under it) stays whole. Labels and separators map to
/// no source byte, the header and its rule are not text of their own, the cells' bytes are
/// verbatim, and the rest of the file is its bytes. Nil for a file without such a table.
enum TextTables {
    /// One line: its bytes' range and the byte offset of each character (and of its end).
    struct Line {
        let range: Range<Int>
        let offsets: [Int]
        var width: Int { offsets.count - 1 }

        init(_ bytes: [UInt8], _ range: Range<Int>, encoding: TextEncoding) {
            var end = range.upperBound
            if end > range.lowerBound, bytes[end - 1] == 0x0D { end -= 1 }
            self.range = range.lowerBound..<end
            // a UTF-8 character is its lead byte and the continuation bytes after it
            var offsets = (range.lowerBound..<end).filter { encoding != .utf8 || bytes[$0] & 0xC0 != 0x80 }
            offsets.append(end)
            self.offsets = offsets
        }

        func isSpace(_ column: Int, _ bytes: [UInt8]) -> Bool {
            column >= width || bytes[offsets[column]] == 0x20
        }

        /// The bytes of characters `columns` (clamped to the line), spaces trimmed.
        func cell(_ columns: Range<Int>, _ bytes: [UInt8]) -> Range<Int> {
            let lo = min(columns.lowerBound, width), hi = min(columns.upperBound, width)
            return CSVExtractor.trimmed(offsets[lo]..<offsets[hi], bytes)
        }

        /// Runs of characters parted by at least `gap` spaces, as column ranges.
        func runs(_ bytes: [UInt8], gap: Int) -> [Range<Int>] {
            var out: [Range<Int>] = []
            var start: Int?, spaces = 0
            for c in 0..<width {
                if isSpace(c, bytes) {
                    spaces += 1
                    if spaces >= gap, let s = start { out.append(s..<(c - spaces + 1)); start = nil }
                } else {
                    if start == nil { start = c }
                    spaces = 0
                }
            }
            if let s = start { out.append(s..<(width - spaces)) }
            return out
        }
    }

    /// A table found: the lines it spans, its labels and its rows' cells (each cell one or more
    /// byte ranges: a row's continuation lines add to them).
    struct Table {
        let lines: Range<Int>
        let labels: [String]
        let rows: [[[Range<Int>]]]
    }

    static func extract(_ bytes: [UInt8], from start: Int, encoding: TextEncoding) -> ExtractedText? {
        // (lines are measured in characters only where a rule line follows: a long log costs a scan)
        let lines = MarkdownTables.lineRanges(bytes, from: start)
        var tables: [Table] = []
        var i = 0
        while i + 2 < lines.count {
            if isRule(bytes[lines[i + 1]]),
               let table = table(at: i, lines, bytes, encoding: encoding) {
                tables.append(table)
                i = table.lines.upperBound
            } else {
                i += 1
            }
        }
        guard !tables.isEmpty else { return nil }
        var builder = ExtractedTextBuilder(source: bytes, encoding: encoding)
        var copied = start
        for table in tables {
            builder.appendSource(copied..<lines[table.lines.lowerBound].lowerBound)
            builder.appendBreak()
            append(table, bytes, into: &builder)
            copied = table.lines.upperBound < lines.count ? lines[table.lines.upperBound].lowerBound : bytes.count
        }
        builder.appendSource(copied..<bytes.count)
        return builder.build()
    }

    /// The table whose header is line `i`, with its rule under it; nil when there is none.
    static func table(at i: Int, _ lines: [Range<Int>], _ bytes: [UInt8], encoding: TextEncoding) -> Table? {
        // (`extract` has found line i + 1 a rule)
        let header = Line(bytes, lines[i], encoding: encoding), rule = Line(bytes, lines[i + 1], encoding: encoding)
        guard rule.width * 2 >= header.width else { return nil }
        return bytes[header.range].contains(0x7C) ? piped(at: i, lines, bytes, encoding: encoding)
            : aligned(at: i, lines, bytes, encoding: encoding)
    }

    /// A rule line: dashes or equals signs, three or more, with spaces between a column's run and
    /// the next, or the `+` and `|` of a database client's frame (`----+-------`, `+----+----+`).
    static func isRule(_ line: ArraySlice<UInt8>) -> Bool {
        var marks = 0
        for c in line {
            switch c {
            case UInt8(ascii: "-"), UInt8(ascii: "="): marks += 1
            case UInt8(ascii: "+"), UInt8(ascii: "|"), UInt8(ascii: ":"), 0x20, 0x09, 0x0D: continue
            default: return false
            }
        }
        return marks >= 3
    }

    /// Whether `label` reads as a column's name: a word or a few, with a letter.
    static func isLabel(_ label: String) -> Bool {
        !label.isEmpty && label.count <= 32 && label.split(separator: " ").count <= 5 && label.contains { $0.isLetter }
    }

    /// A table whose columns are parted by spaces.
    static func aligned(at i: Int, _ lines: [Range<Int>], _ bytes: [UInt8], encoding: TextEncoding) -> Table? {
        let header = Line(bytes, lines[i], encoding: encoding), rule = Line(bytes, lines[i + 1], encoding: encoding)
        // a rule of one run of dashes a column gives the columns; otherwise the header's labels do
        let segments = rule.runs(bytes, gap: 1)
        let spans = segments.count >= 3 ? segments : header.runs(bytes, gap: 2)
        guard spans.count >= 3 else { return nil }
        let labels = spans.indices.map { k in
            encoding.decode(bytes[header.cell(spans[k].lowerBound..<(k + 1 < spans.count ? spans[k + 1].lowerBound : header.width), bytes)])
        }
        guard labels.allSatisfy(isLabel) else { return nil }
        // the places each edge may be: a space in the header and in every row so far
        var edges: [Set<Int>] = spans.indices.dropFirst().map { k in
            Set((spans[k - 1].upperBound...spans[k].lowerBound).filter {
                header.isSpace($0, bytes) && (segments.count < 3 || rule.isSpace($0, bytes))
            })
        }
        var rowLines: [Line] = []
        var next = i + 2
        func fits(_ line: Line) -> [Set<Int>]? {
            let kept = edges.map { $0.filter { line.isSpace($0, bytes) } }
            return kept.contains(where: \.isEmpty) ? nil : kept
        }
        func isRule(_ k: Int) -> Bool { Self.isRule(bytes[lines[k]]) }
        while next < lines.count, !MarkdownTables.isBlank(bytes, lines[next]), !isRule(next),
              case let line = Line(bytes, lines[next], encoding: encoding), let kept = fits(line) {
            edges = kept
            rowLines.append(line)
            next += 1
        }
        // a line of totals under the closing rule, then a blank line or the end
        if next + 1 < lines.count, isRule(next), !MarkdownTables.isBlank(bytes, lines[next + 1]),
           case let line = Line(bytes, lines[next + 1], encoding: encoding), let kept = fits(line),
           next + 2 >= lines.count || MarkdownTables.isBlank(bytes, lines[next + 2]) {
            edges = kept
            rowLines.append(line)
            next += 2
        }
        guard !rowLines.isEmpty, edges.allSatisfy({ !$0.isEmpty }) else { return nil }
        let cuts = [0] + edges.map { $0.max()! } + [Int.max]
        var rows: [[[Range<Int>]]] = []
        for line in rowLines {
            let cells = spans.indices.map { k in line.cell(cuts[k]..<cuts[k + 1], bytes) }
            // a line whose first column is blank goes on with the row above
            if cells[0].isEmpty, let last = rows.indices.last {
                for (k, cell) in cells.enumerated() where !cell.isEmpty { rows[last][k].append(cell) }
            } else {
                rows.append(cells.map { $0.isEmpty ? [] : [$0] })
            }
        }
        guard rows.contains(where: { $0.filter { !$0.isEmpty }.count >= 2 }) else { return nil }
        return Table(lines: i..<next, labels: labels, rows: rows)
    }

    /// A table whose columns are parted by `|` (a rule above its header too, or not).
    static func piped(at i: Int, _ lines: [Range<Int>], _ bytes: [UInt8], encoding: TextEncoding) -> Table? {
        let labels = MarkdownTables.cells(bytes, lines[i]).map { encoding.decode(bytes[$0]) }
        guard labels.count >= 3, labels.allSatisfy(isLabel) else { return nil }
        var rows: [[[Range<Int>]]] = []
        var next = i + 2
        while next < lines.count, bytes[lines[next]].contains(0x7C) {
            let cells = MarkdownTables.cells(bytes, lines[next])
            guard cells.count <= labels.count else { break }
            rows.append(cells.map { $0.isEmpty ? [] : [$0] })
            next += 1
        }
        guard rows.contains(where: { $0.filter { !$0.isEmpty }.count >= 2 }) else { return nil }
        return Table(lines: i..<next, labels: labels, rows: rows)
    }

    /// Each row as one paragraph of its cells labelled by their column; a date is spelled out as
    /// a CSV's is (`01/05/2026 (5 January 2026)`, `2026-03-05 (5 March 2026)`).
    static func append(_ table: Table, _ bytes: [UInt8], into builder: inout ExtractedTextBuilder) {
        let orders = CSVExtractor.dateOrders(table.rows.map { $0.map { $0.first.map { bytes[$0] } ?? [] } })
        for row in table.rows {
            var first = true
            for (k, cell) in row.enumerated() where !cell.isEmpty {
                builder.appendText((first ? "" : "; ") + table.labels[k] + ": ")
                for (n, part) in cell.enumerated() {
                    if n > 0 { builder.appendText(" ") }
                    builder.appendSource(part)
                }
                if cell.count == 1, !bytes[cell[0]].contains(0x28),
                   let spelled = CSVExtractor.spelledDate(bytes[cell[0]], order: orders[k]) {
                    builder.appendText(" (\(spelled))")
                }
                first = false
            }
            if !first { builder.appendBreak() }
        }
    }
}
