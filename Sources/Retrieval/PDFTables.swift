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
        let width = columns.count
        // a column of labels beside their values
        if width == 2, rows.allSatisfy({ $0[0].map { RowLabel.separator(after: $0) != nil } ?? true }) {
            return rows.map { row in rowText(row.compactMap { $0 }) }.joined(separator: "\n")
        }
        let header = rows.count >= 2 && rows[0].compactMap({ $0 }).count >= 2
            && rows[0].allSatisfy { !($0 ?? "").contains(where: \.isNumber) } ? rows[0] : nil
        let body = header == nil ? rows : Array(rows.dropFirst())
        let orders = CSVExtractor.dateOrders(body.map { row in row.map { ArraySlice(($0 ?? "").utf8) } })
        return body.map { row in
            row.indices.compactMap { column -> String? in
                guard let cell = row[column] else { return nil }
                var text = cell
                if let label = header?[column] { text = "\(label): \(cell)" }
                let value = ArraySlice(cell.utf8)
                if let spelled = CSVExtractor.spelledISODate(value)
                    ?? orders[column].flatMap({ CSVExtractor.spelledNumericDate(value, dayFirst: $0 == .dayFirst) }) {
                    text += " (\(spelled))"
                }
                return text
            }.joined(separator: "; ")
        }.joined(separator: "\n")
    }

    /// The table's rows, top to bottom: each column's cell on that baseline (nil where empty); a
    /// line alone in a column other than the first, just under a row, continues that row's cell.
    static func tableRows(_ columns: [[Line]]) -> [[String?]] {
        let placed = columns.enumerated().flatMap { column, lines in lines.map { (column: column, line: $0) } }
            .sorted { $0.line.yMin < $1.line.yMin }
        var rows: [(y: Double, height: Double, cells: [String?])] = []
        for (column, line) in placed {
            let height = max(line.yMax - line.yMin, 1)
            if let last = rows.last, abs(line.yMin - last.y) <= height / 2 {
                rows[rows.count - 1].cells[column] = [last.cells[column], line.text].compactMap { $0 }.joined(separator: " ")
                continue
            }
            rows.append((line.yMin, height, Array(repeating: nil, count: columns.count)))
            rows[rows.count - 1].cells[column] = line.text
        }
        var out: [(y: Double, height: Double, cells: [String?])] = []
        for row in rows {
            let filled = row.cells.indices.filter { row.cells[$0] != nil }
            if filled.count == 1, let column = filled.first, column > 0, let last = out.last,
               let above = last.cells[column], row.y - last.y <= last.height * 1.8 {
                out[out.count - 1].cells[column] = above + " " + row.cells[column]!
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
