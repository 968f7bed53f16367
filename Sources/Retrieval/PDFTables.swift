import Foundation

/// Tables of a PDF page put back together row by row.
///
/// poppler's `-bbox-layout` gives a table of several rows as one block per column (`Date`,
/// `01/03/2026`, `14/03/2026` in one block; `Amount`, `£12.40`, `€1.234,56` in another), so a
/// statement read block by block lists its dates, then its descriptions, then its amounts, and no
/// line says what was paid when. Blocks side by side whose lines sit on the same baselines — two
/// lines or more, one column mostly numbers or dates — are one table here, read as its rows:
/// `Date: 01/03/2026 (1 March 2026); Description: Standing charge; Amount: £12.40` under a header
/// of words (labels and dates as `CSVExtractor` reads a spreadsheet's), `Label: value` for a
/// column of labels beside their values, cells joined by `; ` otherwise. A cell's second line
/// (a description that wraps) stays in its cell.
extension PDFLayout {
    /// The tables among a page's blocks: each the indices of its blocks, left to right.
    static func tables(_ blocks: [[Line]]) -> [[Int]] {
        let lines = blocks.map { $0.filter { !$0.words.isEmpty } }
        let candidates = lines.indices.filter { lines[$0].count >= 2 }
        var parent = Array(lines.indices)
        func root(_ i: Int) -> Int { parent[i] == i ? i : root(parent[i]) }
        for (n, a) in candidates.enumerated() {
            for b in candidates[(n + 1)...] where sideBySide(lines[a], lines[b]) && aligned(lines[a], lines[b]) >= 2 {
                parent[root(b)] = root(a)
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in candidates { groups[root(i), default: []].append(i) }
        return groups.values.filter { $0.count >= 2 }
            .map { group in group.sorted { bounds(lines[$0]).xMin < bounds(lines[$1]).xMin } }
            .filter { group in group.contains { mostlyNumbers(lines[$0]) } }
            .sorted { $0.min()! < $1.min()! }
    }

    /// The text of the table whose columns are `columns` (one block each, left to right).
    static func tableText(_ columns: [[Line]]) -> String {
        let rows = tableRows(columns)
        // a column of labels beside their values
        if columns.count == 2, rows.allSatisfy({ $0[0].map { RowLabel.separator(after: $0.text) != nil } ?? true }) {
            return rows.map { row in rowText(row.compactMap { $0?.text }) }.joined(separator: "\n")
        }
        let cells = rows.map { $0.compactMap { $0 } }
        if let first = cells.first, cells.count >= 2, isHeader(first, minimum: 2) {
            return labelled(header: first, body: Array(cells.dropFirst()))
        }
        return labelled(header: nil, body: cells)
    }

    /// The paragraphs of a run of rows of one-line blocks side by side (each row's cells left to
    /// right): a header of three words or more over rows of two cells or more is one table,
    /// labelled (`labelled`), its cells split where a wide gap parts two columns poppler set on
    /// one line (`42,920.00 02-05-2025`); every other row is a paragraph of its own (`rowText`).
    static func runText(_ run: [[Line]]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < run.count {
            let header = run[i].flatMap(splitAtGaps)
            var end = i + 1
            while end < run.count, run[end].count >= 2 || run[end].flatMap(splitAtGaps).count >= 2 { end += 1 }
            if end > i + 1, isHeader(header, minimum: 3) {
                out.append(labelled(header: header, body: run[(i + 1)..<end].map { $0.flatMap(splitAtGaps) }))
                i = end
                continue
            }
            out.append(rowText(run[i].map(\.text)))
            i += 1
        }
        return out
    }

    /// A table's header: `minimum` cells or more, and no digit in any.
    static func isHeader(_ cells: [Line], minimum: Int) -> Bool {
        cells.count >= minimum && cells.allSatisfy { !$0.text.contains(where: \.isNumber) }
    }

    /// Rows under a header, one line each: each cell labelled with the header cell above it
    /// (`Amount: £12.40`; the one it overlaps most across the page, else the nearest within a
    /// cell's width), dates spelled out as a spreadsheet's column of them is (`CSVExtractor`),
    /// cells joined by `; `.
    static func labelled(header: [Line]?, body: [[Line]]) -> String {
        func column(of cell: Line) -> Int? {
            guard let header else { return nil }
            let overlaps = header.map { min($0.xMax, cell.xMax) - max($0.xMin, cell.xMin) }
            if let best = overlaps.indices.max(by: { overlaps[$0] < overlaps[$1] }), overlaps[best] > 0 { return best }
            let centre = (cell.xMin + cell.xMax) / 2
            let distances = header.map { abs(($0.xMin + $0.xMax) / 2 - centre) }
            guard let near = distances.indices.min(by: { distances[$0] < distances[$1] }),
                  distances[near] <= max(cell.xMax - cell.xMin, 20) else { return nil }
            return near
        }
        let placed = body.map { row in row.map { (column: column(of: $0), cell: $0) } }
        let width = header?.count ?? (body.map(\.count).max() ?? 0)
        let byColumn = placed.map { row in
            (0..<width).map { c in
                row.enumerated().first { header == nil ? $0.offset == c : $0.element.column == c }
                    .map { ArraySlice($0.element.cell.text.utf8) } ?? []
            }
        }
        let orders = CSVExtractor.dateOrders(byColumn)
        return placed.map { row in
            row.enumerated().map { index, entry in
                let column = header == nil ? index : entry.column
                var text = entry.cell.text
                if let column, let label = header?[column].text { text = "\(label): \(text)" }
                let value = ArraySlice(entry.cell.text.utf8)
                if let spelled = CSVExtractor.spelledISODate(value) ?? column.flatMap({ column in
                    column < orders.count ? orders[column] : nil
                }).flatMap({ CSVExtractor.spelledNumericDate(value, dayFirst: $0 == .dayFirst) }) {
                    text += " (\(spelled))"
                }
                return text
            }.joined(separator: "; ")
        }.joined(separator: "\n")
    }

    /// A line cut where a gap between two words is wider than half the line's height (a space is
    /// about a quarter): two cells poppler set on one line. A line without word boxes is one cell.
    static func splitAtGaps(_ line: Line) -> [Line] {
        guard line.spans.count == line.words.count, line.words.count > 1 else { return [line] }
        let gap = max(line.yMax - line.yMin, 1) / 2
        var out: [Line] = []
        var current = Line(yMin: line.yMin, yMax: line.yMax)
        for (word, span) in zip(line.words, line.spans) {
            if let last = current.spans.last, span.xMin - last.xMax > gap {
                out.append(current)
                current = Line(yMin: line.yMin, yMax: line.yMax)
            }
            if current.words.isEmpty { current.xMin = span.xMin }
            current.words.append(word)
            current.spans.append(span)
            current.xMax = span.xMax
        }
        out.append(current)
        return out
    }

    /// The table's rows, top to bottom: each column's cell on that baseline (nil where empty); a
    /// line alone in a column other than the first, just under a row, continues that row's cell.
    static func tableRows(_ columns: [[Line]]) -> [[Line?]] {
        let placed = columns.enumerated().flatMap { column, lines in lines.map { (column: column, line: $0) } }
            .sorted { $0.line.yMin < $1.line.yMin }
        var rows: [(y: Double, height: Double, cells: [Line?])] = []
        func joined(_ a: Line?, _ b: Line) -> Line {
            guard var a else { return b }
            a.words += b.words
            a.spans += b.spans
            a.xMin = min(a.xMin, b.xMin)
            a.xMax = max(a.xMax, b.xMax)
            return a
        }
        for (column, line) in placed {
            let height = max(line.yMax - line.yMin, 1)
            if let last = rows.last, abs(line.yMin - last.y) <= height / 2 {
                rows[rows.count - 1].cells[column] = joined(last.cells[column], line)
                continue
            }
            rows.append((line.yMin, height, Array(repeating: nil, count: columns.count)))
            rows[rows.count - 1].cells[column] = line
        }
        var out: [(y: Double, height: Double, cells: [Line?])] = []
        for row in rows {
            let filled = row.cells.indices.filter { row.cells[$0] != nil }
            if filled.count == 1, let column = filled.first, column > 0, let last = out.last,
               let above = last.cells[column], row.y - last.y <= last.height * 1.8 {
                out[out.count - 1].cells[column] = joined(above, row.cells[column]!)
                out[out.count - 1].y = row.y
                continue
            }
            out.append(row)
        }
        return out.map(\.cells)
    }

    /// The box around `lines`.
    static func bounds(_ lines: [Line]) -> (xMin: Double, xMax: Double) {
        (lines.map(\.xMin).min() ?? 0, lines.map(\.xMax).max() ?? 0)
    }

    /// The two blocks do not overlap across the page.
    static func sideBySide(_ a: [Line], _ b: [Line]) -> Bool {
        let (ba, bb) = (bounds(a), bounds(b))
        return ba.xMax <= bb.xMin + 1 || bb.xMax <= ba.xMin + 1
    }

    /// How many lines of `a` sit on the baseline of a line of `b` (tops within half a line).
    static func aligned(_ a: [Line], _ b: [Line]) -> Int {
        a.filter { x in b.contains { y in abs(x.yMin - y.yMin) <= max(x.yMax - x.yMin, 1) / 2 } }.count
    }

    /// Two thirds of the block's lines under its first (a header) are mostly digits (amounts,
    /// dates, quantities, references): what tells a table's column from a paragraph or an address
    /// beside another.
    static func mostlyNumbers(_ lines: [Line]) -> Bool {
        let body = lines.dropFirst()
        let numeric = body.filter { line in
            let visible = line.text.filter { !$0.isWhitespace }
            return !visible.isEmpty && visible.filter(\.isNumber).count * 2 >= visible.count
        }.count
        return !body.isEmpty && numeric * 3 >= body.count * 2
    }
}
