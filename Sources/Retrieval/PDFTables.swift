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
///   amounts beside what they are, `Patient: KOWALSKI, Irene; MRN: FGH-00482913` for a form's
///   grid of one-line blocks (`pairGridEnd`), cells joined by `; ` otherwise. A description that wraps stays
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
