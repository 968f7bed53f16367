import Foundation

/// Tables of a PDF page put back together row by row.
///
/// poppler's `-bbox-layout` gives a table of several rows as one block per column (`Date`,
/// `01/03/2026`, `14/03/2026` in one block; `Amount`, `£12.40`, `€1.234,56` in another), or as one
/// block per cell, not always in row order; read block by block, a statement lists its dates, then
/// its descriptions, then its amounts, and no line says what was paid when. Here:
/// - blocks side by side whose lines sit on the same baselines (two or more; blocks one above
///   the other are one column) are one table when a column is mostly numbers or dates, or when they are columns of labels each beside a column
///   of values (`Invoice no.` | `CVC-20931` | `Invoice date` | `31/03/2026`);
/// - one-line blocks between paragraphs are set in rows by their baselines, and a row of three
///   words or more over rows whose cells each sit under one of its cells is a table's header;
/// - a table's rows read `Date: 01/03/2026 (1 March 2026); Description: Standing charge; Amount:
///   £12.40` under a header (dates spelled out as `CSVExtractor` does a spreadsheet's),
///   `Invoice no.: CVC-20931; Invoice date: 31/03/2026` for labels beside values (a value without
///   a label continues the one above: an address's lines), `Total this invoice: €1,440.26` for
///   amounts beside what they are, cells joined by `; ` otherwise. A description that wraps stays
///   in its cell; cells poppler set on one line across a wide gap are parted (`splitAtGaps`).
extension PDFLayout {
    /// The tables among a page's blocks, in reading order: each its columns left to right, a
    /// column the indices of its blocks top to bottom (a column of labels that a long value beside
    /// it parts in two is two blocks one above the other, the second maybe of one line).
    /// `lines` are each block's lines that hold words.
    static func tables(_ lines: [[Line]]) -> [[[Int]]] {
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
        var claimed = Set(groups.values.filter { $0.count >= 2 }.joined())
        return groups.values.filter { $0.count >= 2 }.sorted { $0.min()! < $1.min()! }.compactMap { group -> [[Int]]? in
            // blocks that overlap across the page are one column
            var columns: [[Int]] = []
            for block in group.sorted(by: { bounds(lines[$0]).xMin < bounds(lines[$1]).xMin }) {
                if let c = columns.firstIndex(where: { !sideBySide($0.flatMap { lines[$0] }, lines[block]) }) {
                    columns[c].append(block)
                } else {
                    columns.append([block])
                }
            }
            // a block of one line in a column, on the baseline of another column's line (`Bill to`)
            var joined: [Int] = []
            for single in lines.indices where lines[single].count == 1 && !claimed.contains(single) {
                guard let c = columns.firstIndex(where: { !sideBySide(column(of: $0, in: lines), lines[single]) }),
                      aligned(lines[single], columns.indices.filter { $0 != c }.flatMap { column(of: columns[$0], in: lines) }) == 1
                else { continue }
                columns[c].append(single)
                joined.append(single)
            }
            joined += headers(over: &columns, lines: lines, taken: claimed.union(joined))
            let texts = columns.map { column(of: $0, in: lines) }
            guard columns.count >= 2,
                  texts.contains(where: { mostlyNumbers($0.dropFirst()) }) || labelPairs(texts) else { return nil }
            claimed.formUnion(joined)
            return columns.map { $0.sorted() }
        }
    }

    /// Header cells of one line set beside their columns, not over them (`Limit of Liability` left
    /// of its right-aligned `$612,000`, `Premium` of `$1,941.00`): a block of one line without a
    /// digit, on the baseline of the table's top line, overlapping no column across the page,
    /// heads the nearest column to its right that has no line of its own on that baseline. Returns
    /// the blocks joined (each appended to its column in `columns`); `taken` are blocks already
    /// placed.
    static func headers(over columns: inout [[Int]], lines: [[Line]], taken: Set<Int>) -> [Int] {
        guard let top = columns.flatMap({ column(of: $0, in: lines) }).min(by: { $0.yMin < $1.yMin }) else { return [] }
        var joined: [Int] = []
        for single in lines.indices where lines[single].count == 1 && !taken.contains(single) {
            let line = lines[single][0]
            // (each column's lines as they stand: a header joined to one takes its baseline)
            let texts = columns.map { column(of: $0, in: lines) }
            guard aligned([line], [top]) == 1, !line.text.contains(where: \.isNumber),
                  texts.allSatisfy({ sideBySide($0, [line]) }) else { continue }
            let right = texts.indices.filter { bounds(texts[$0]).xMin >= line.xMax - 1 }
            guard let c = right.min(by: { bounds(texts[$0]).xMin < bounds(texts[$1]).xMin }),
                  aligned(texts[c], [line]) == 0 else { continue }
            columns[c].append(single)
            joined.append(single)
        }
        return joined
    }

    /// The lines of a table's column made of `blocks`, top to bottom.
    static func column(of blocks: [Int], in lines: [[Line]]) -> [Line] {
        blocks.flatMap { lines[$0] }.sorted { $0.yMin < $1.yMin }
    }

    /// The text of the table whose columns are `columns` (each its lines top to bottom, left to right).
    static func tableText(_ columns: [[Line]]) -> String {
        let rows = tableRows(columns)
        if labelPairs(columns) { return pairsText(rows) }
        let cells = rows.map { $0.compactMap { $0 } }
        if let first = cells.first, cells.count >= 2, isHeader(first, minimum: 2) {
            return labelled(header: first, body: Array(cells.dropFirst()))
        }
        // an amount beside what it is (`Total this invoice: €1,440.26`)
        if columns.count == 2, mostlyNumbers(columns[1]), !mostlyNumbers(columns[0]) {
            return rows.map { row in row.compactMap { $0?.text }.joined(separator: ": ") }.joined(separator: "\n")
        }
        return labelled(header: nil, body: cells)
    }

    /// Columns of labels each beside a column of their values (`Invoice no.` beside `CVC-20931`,
    /// `Invoice date` beside `31/03/2026`): an even number of columns, each odd one's lines
    /// labels (`RowLabel`: `End of grant report due` beside `30 April 2027`).
    static func labelPairs(_ columns: [[Line]]) -> Bool {
        columns.count % 2 == 0 && stride(from: 0, to: columns.count, by: 2).allSatisfy { c in
            columns[c].allSatisfy { RowLabel.separator(after: $0.text) != nil }
        }
    }

    /// Rows of label and value pairs, `Invoice no.: CVC-20931; Invoice date: 31/03/2026`; a value
    /// without a label continues the value above it (an address's second line).
    static func pairsText(_ rows: [[Line?]]) -> String {
        var out: [[(label: String, value: String)?]] = []
        for row in rows {
            var pairs: [(label: String, value: String)?] = stride(from: 0, to: row.count, by: 2).map { c in
                row[c + 1].map { (row[c]?.text ?? "", $0.text) } ?? row[c].map { ($0.text, "") }
            }
            for p in pairs.indices where pairs[p]?.label.isEmpty == true {
                guard let above = out.lastIndex(where: { $0[p] != nil }) else { continue }
                out[above][p]!.value += " " + pairs[p]!.value
                pairs[p] = nil
            }
            if pairs.contains(where: { $0 != nil }) { out.append(pairs) }
        }
        return out.map { row in
            row.compactMap { pair in
                pair.map { $0.label.isEmpty ? $0.value : $0.value.isEmpty ? $0.label : $0.label + (RowLabel.separator(after: $0.label) ?? ": ") + $0.value }
            }.joined(separator: "; ")
        }.joined(separator: "\n")
    }

    /// The paragraphs of a run of rows of one-line blocks side by side (each row's cells left to
    /// right): a header of three words or more over rows of two cells or more, each cell under
    /// one of the header's (`under`), is one table, labelled (`labelled`), its cells split where
    /// a wide gap parts two columns poppler set on one line (`42,920.00 02-05-2025`); every other
    /// row is a paragraph of its own (`rowText`).
    static func runText(_ run: [[Line]]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < run.count {
            let header = run[i].flatMap(splitAtGaps)
            var end = i + 1
            while end < run.count, case let cells = run[end].flatMap(splitAtGaps), cells.count >= 2,
                  cells.allSatisfy({ under(header, $0) }) {
                end += 1
            }
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

    /// `cell` overlaps one cell of `header` at most: it sits in a column (a line of text that
    /// runs across two header cells is no row under them).
    static func under(_ header: [Line], _ cell: Line) -> Bool {
        header.filter { min($0.xMax, cell.xMax) - max($0.xMin, cell.xMin) > 1 }.count <= 1
    }

    /// A table's header: `minimum` cells or more, and no digit in any.
    static func isHeader(_ cells: [Line], minimum: Int) -> Bool {
        cells.count >= minimum && cells.allSatisfy { !$0.text.contains(where: \.isNumber) }
    }

    /// Rows under a header, one line each: each cell labelled with the header cell above it
    /// (`Amount: £12.40`; in order when a row has a cell for each, else the one it overlaps most
    /// across the page, else the nearest within a cell's width), dates spelled out as a
    /// spreadsheet's column of them is (`CSVExtractor`), cells joined by `; `; a header cell
    /// that labels no cell keeps its text on a line of its own, before the rows.
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
        // a row of one cell to each label takes them in order (`Gross Pay  Total Taxes  NET PAY`
        // over amounts set between them)
        let placed: [[(column: Int?, cell: Line)]] = body.map { row in
            let inOrder = header?.count == row.count
            return row.enumerated().map { index, cell in (column: inOrder ? index : column(of: cell), cell: cell) }
        }
        // and a label no cell takes is not lost: the header is a line of its own
        let taken = Set(placed.joined().compactMap { $0.column })
        let unused = header.map { Set($0.indices).subtracting(taken) } ?? []
        let width = header?.count ?? (body.map(\.count).max() ?? 0)
        let byColumn = placed.map { row in
            (0..<width).map { c in
                row.enumerated().first { header == nil ? $0.offset == c : $0.element.column == c }
                    .map { ArraySlice($0.element.cell.text.utf8) } ?? []
            }
        }
        let orders = CSVExtractor.dateOrders(byColumn)
        let headerLine: [String] = unused.isEmpty ? [] : [rowText(header?.map(\.text) ?? [])]
        let rows: [String] = placed.map { row in
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
        }
        return (headerLine + rows).joined(separator: "\n")
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

    /// Two thirds of `lines` are mostly digits (amounts, dates, quantities, references): what tells
    /// a table's column (under its header) from a paragraph or an address beside another.
    static func mostlyNumbers(_ lines: some Collection<Line>) -> Bool {
        let numeric = lines.filter { line in
            let visible = line.text.filter { !$0.isWhitespace }
            return !visible.isEmpty && visible.filter(\.isNumber).count * 2 >= visible.count
        }.count
        return !lines.isEmpty && numeric * 3 >= lines.count * 2
    }
}
