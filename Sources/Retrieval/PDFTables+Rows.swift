import Foundation

/// Rows of one-line blocks side by side (`PDFTables`): a form's grid of labels beside values, a
/// header over its rows, or rows each a paragraph.
extension PDFLayout {
    /// The paragraphs of a run of rows of one-line blocks side by side (each row's cells left to
    /// right): a header of three words or more over rows of two cells or more, each cell under
    /// one of the header's (`under`), is one table, labelled (`labelled`), its cells split where
    /// a wide gap parts two columns poppler set on one line (`42,920.00 02-05-2025`); every other
    /// row is a paragraph of its own (`rowText`).
    static func runText(_ run: [[Line]]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < run.count {
            if let end = pairGridEnd(run, from: i) {
                out.append(run[i..<end].map { row in
                    let cells = row.flatMap(splitAtGaps).map(\.text)
                    return stride(from: 0, to: cells.count, by: 2).map {
                        cells[$0] + (RowLabel.separator(after: cells[$0]) ?? ": ") + cells[$0 + 1]
                    }.joined(separator: "; ")
                }.joined(separator: "\n"))
                i = end
                continue
            }
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

    /// The end of the rows from `i` that are a form's grid of labels each beside its value
    /// (`Patient | KOWALSKI, Irene | MRN | FGH-00482913` over `DOB | 1939-03-08 | Sex | F`): rows
    /// of the same even number of cells, four or more, in the first row's columns, every other
    /// cell from the first a label (`RowLabel`), and a value of the first row holding a digit — a
    /// table's header holds none, so its rows stay labelled by it. Nil when row `i` starts none.
    static func pairGridEnd(_ run: [[Line]], from i: Int) -> Int? {
        let first = run[i].flatMap(splitAtGaps)
        func pairs(_ cells: [Line]) -> Bool {
            cells.count >= 4 && cells.count % 2 == 0
                && stride(from: 0, to: cells.count, by: 2).allSatisfy { RowLabel.separator(after: cells[$0].text) != nil }
        }
        guard pairs(first), stride(from: 1, to: first.count, by: 2).contains(where: { first[$0].text.contains(where: \.isNumber) })
        else { return nil }
        var end = i + 1
        while end < run.count, case let cells = run[end].flatMap(splitAtGaps), cells.count == first.count, pairs(cells),
              cells.allSatisfy({ under(first, $0) }) {
            end += 1
        }
        return end
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
            let texts = row.enumerated().map { index, entry in
                let column = header == nil ? index : entry.column
                var text = entry.cell.text
                let value = ArraySlice(entry.cell.text.utf8)
                if let spelled = CSVExtractor.spelledISODate(value) ?? column.flatMap({ column in
                    column < orders.count ? orders[column] : nil
                }).flatMap({ CSVExtractor.spelledNumericDate(value, dayFirst: $0 == .dayFirst) }) {
                    text += " (\(spelled))"
                }
                return (label: column.flatMap { header?[$0].text }, text: text)
            }
            let cells = texts.map { cell in cell.label.map { "\($0): \(cell.text)" } ?? cell.text }
            // a total set beside its amount under the columns (`Subtotal`, `GST 15%` under `Unit
            // price`, `$3,243.00` under `Amount`): its words label the amount, not the column they stand in
            let wordy = row.first.map { $0.cell.text.filter(\.isLetter).count > $0.cell.text.filter(\.isNumber).count } ?? false
            if let header, wordy, row.count >= 2, row.count < header.count, row[0].column != 0,
               row.dropFirst().allSatisfy({ mostlyNumbers([$0.cell]) }) {
                return texts[0].text + ": " + (row.count == 2 ? texts[1].text : cells.dropFirst().joined(separator: "; "))
            }
            return cells.joined(separator: "; ")
        }
        return (headerLine + rows).joined(separator: "\n")
    }
}
