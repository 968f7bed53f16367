import Foundation

/// The text of a PDF from `pdftotext -bbox-layout`: its words in poppler's reading order, a
/// block's lines one per line, blocks apart by a blank line, each page ended by a form feed (as
/// plain `pdftotext` writes them) — except that the cells of a table row, which poppler gives as
/// blocks of one line each side by side, are one line: `Class teacher: Mr Owen Pritchard` for a
/// label and its value, `Reading; GDS; 1` for more cells. A policy schedule or a school report is
/// mostly such rows, and "who is the class teacher" needs the label and the value together.
/// This text is the PDF's "extracted text": citations' offsets are into it.
enum PDFLayout {
    struct Line {
        var words: [String] = []
        var xMin = 0.0, yMin = 0.0, xMax = 0.0, yMax = 0.0
        /// Each word's left and right edge (empty when not known).
        var spans: [(xMin: Double, xMax: Double)] = []
        var text: String { words.joined(separator: " ") }
    }

    /// The composed text of `xhtml`, or nil when it holds no page (not bbox output).
    static func compose(_ xhtml: [UInt8]) -> [UInt8]? {
        var pages: [[[Line]]] = []
        var i = 0
        let n = xhtml.count
        func named(_ name: String, at start: Int) -> Bool {
            let b = Array(name.utf8)
            guard start + b.count < n, xhtml[start..<(start + b.count)].elementsEqual(b) else { return false }
            let next = xhtml[start + b.count]
            return next == UInt8(ascii: " ") || next == UInt8(ascii: ">")
        }
        while i < n {
            guard xhtml[i] == UInt8(ascii: "<"), let close = xhtml[i...].firstIndex(of: UInt8(ascii: ">")) else { i += 1; continue }
            let start = i + 1
            i = close + 1
            if named("word", at: start) {
                guard let end = find(wordEnd, in: xhtml, from: i), let p = pages.indices.last,
                      let b = pages[p].indices.last, let l = pages[p][b].indices.last else { continue }
                let tag = String(decoding: xhtml[start..<close], as: UTF8.self)
                pages[p][b][l].words.append(decodeEntities(String(decoding: xhtml[i..<end], as: UTF8.self)))
                pages[p][b][l].spans.append((attribute("xMin", tag), attribute("xMax", tag)))
                i = end + wordEnd.count
            } else if named("line", at: start), !pages.isEmpty, !(pages.last?.isEmpty ?? true) {
                let tag = String(decoding: xhtml[start..<close], as: UTF8.self)
                var line = Line()
                line.xMin = attribute("xMin", tag); line.yMin = attribute("yMin", tag)
                line.xMax = attribute("xMax", tag); line.yMax = attribute("yMax", tag)
                pages[pages.count - 1][pages[pages.count - 1].count - 1].append(line)
            } else if named("block", at: start), !pages.isEmpty {
                pages[pages.count - 1].append([])
            } else if named("page", at: start) {
                pages.append([])
            }
        }
        guard !pages.isEmpty else { return nil }
        return Array(pages.map { page in paragraphs(page).joined(separator: "\n\n") + "\n\n\u{0C}" }.joined().utf8)
    }

    /// A page's paragraphs: each block's lines, with side-by-side one-line blocks joined as a row
    /// and a table's column blocks read as its rows (`tables`), where its first block was. A
    /// table poppler gives two rows to a block is several tables one under another: the row of
    /// one-line labels right above the first (`Description  Current  YTD`) labels each of them
    /// (`Description: Federal Income Tax; Current: 1,162.19; YTD: 21,402.18`), and the rows of
    /// one-line blocks right under them that sit in its columns (`GROSS PAY  7,536.28  135,365.84`).
    static func paragraphs(_ blocks: [[Line]]) -> [String] {
        var out: [String] = []
        var cells: [Line] = []
        // the header of the table last written, across its columns, and where that table ends
        var heading: (header: [Line], bottom: Double)?
        /// Writes the waiting rows (`run`, else the waiting cells'): first those that continue the
        /// table last written; returns its header and where it now ends when nothing else waited.
        @discardableResult
        func flush(_ pending: [[Line]]? = nil) -> (header: [Line], bottom: Double)? {
            var run = pending ?? rows(of: cells)
            cells = []
            var carried: (header: [Line], bottom: Double)?
            if let (header, bottom) = heading {
                let continued = continuing(&run, header: header, below: bottom)
                if !continued.rows.isEmpty { out.append(labelled(header: header, body: continued.rows)) }
                if run.isEmpty { carried = (header, continued.bottom) }
            }
            heading = nil
            out += runText(run)
            return carried
        }
        /// Takes from the waiting cells those wholly below `foot` (the block or table about to be
        /// written): they wait for the rest of their row, which poppler may give after it — a
        /// table's first header cell (`Descrição`) before a block beside the table's top.
        func below(_ foot: Double) -> [Line] {
            defer { cells.removeAll { $0.yMin > foot } }
            return cells.filter { $0.yMin > foot }
        }
        let blocks = blocks.map { $0.filter { !$0.words.isEmpty } }
        let tables = tables(blocks)
        let inTable = Set(tables.joined().joined())
        let tableAt = Dictionary(uniqueKeysWithValues: tables.map { ($0.joined().min()!, $0) })
        let wrapped = wrappedCells(blocks, apart: inTable)
        for (index, lines) in blocks.enumerated() {
            if let table = tableAt[index] {
                let columns = table.map { column(of: $0, in: blocks) }
                let all = columns.joined()
                let (top, bottom) = (all.map(\.yMin).min()!, all.map(\.yMax).max()!)
                // a row of labels right above it, else the header of the table it goes on
                let later = below(bottom)
                var run = rows(of: cells)
                let named = run.last.flatMap { headerCells($0, over: columns, top: top) }
                if named != nil { run.removeLast() }
                let carried = flush(run)
                cells = later
                let header = named ?? carried.flatMap { headerCells($0.header, over: columns, top: top, after: $0.bottom) }
                if let header {
                    out.append(labelled(header: header, body: tableRows(columns).map { $0.compactMap { $0 } }))
                    heading = (header, bottom)
                } else {
                    out.append(tableText(columns))
                }
                continue
            }
            guard !inTable.contains(index), !lines.isEmpty else { continue }
            if lines.count == 1, let cell = lines.first {
                cells.append(cell)
            } else if wrapped.contains(index) {
                cells.append(Line(words: lines.flatMap(\.words), xMin: bounds(lines).xMin, yMin: lines[0].yMin,
                                  xMax: bounds(lines).xMax, yMax: lines[0].yMax))
            } else {
                let later = below(lines.map(\.yMax).max()!)
                flush()
                out.append(lines.map(\.text).joined(separator: "\n"))
                cells = later
            }
        }
        flush()
        return out
    }

    /// The blocks of several lines that are one cell of a row of one-line blocks: a description
    /// that wraps in an invoice's row (`Translation German > English: Share Purchase` /
    /// `Agreement (…)` beside `12,450 words`, `$0.24`, `$2,988.00`), which poppler gives as a
    /// block of its own. Two one-line blocks or more beside it on its first line's baseline make
    /// it a cell, when none sits beside its other lines (a header over a column's first cell,
    /// `Description` / `401(k) Company Contribution`, is no cell): read as one line of its words,
    /// it takes its place in the row (a paragraph beside one line, `Date: 31 October 2025`, stays
    /// a paragraph). A label that wraps beside its value is a cell too (`Data limite de` /
    /// `pagamento` beside `06-06-2025`): two or three lines of six words at most and no digit,
    /// with one line holding a digit to its right on its first line's baseline.
    /// `apart` are blocks of tables.
    static func wrappedCells(_ blocks: [[Line]], apart: Set<Int>) -> Set<Int> {
        let singles = blocks.indices.filter { blocks[$0].count == 1 && !apart.contains($0) }.map { blocks[$0][0] }
        return Set(blocks.indices.filter { index in
            let lines = blocks[index]
            guard lines.count >= 2, !apart.contains(index) else { return false }
            let beside = singles.filter { sideBySide([$0], lines) }
            let onFirst = beside.filter { aligned([$0], [lines[0]]) == 1 }
            guard aligned(Array(lines.dropFirst()), beside) == 0 else { return false }
            if onFirst.count >= 2 { return true }
            let words = lines.flatMap(\.words)
            guard onFirst.count == 1, let value = onFirst.first, lines.count <= 3, words.count <= 6,
                  value.xMin >= bounds(lines).xMax, value.text.contains(where: \.isNumber) else { return false }
            return !words.joined().contains(where: \.isNumber)
        })
    }

    /// `row` as the header of the table of `columns` whose top is `top`: one cell of words for
    /// each column, left to right, each ending past the column before its own and starting
    /// before the one after (numbers set right under labels set left), its foot within a line and a
    /// half above the table (or of `after`, the foot of the rows it last labelled). Each cell
    /// is widened to its column's width, so that a cell under it finds it.
    static func headerCells(_ row: [Line], over columns: [[Line]], top: Double, after: Double? = nil) -> [Line]? {
        guard row.count == columns.count, isHeader(row, minimum: 2), let first = row.first else { return nil }
        let height = max(first.yMax - first.yMin, 1)
        let foot = after ?? row.map(\.yMax).max()!
        guard foot <= top + height / 2, top - foot <= 1.5 * height else { return nil }
        let extents = columns.map(bounds)
        for (i, cell) in row.enumerated() {
            if i > 0, cell.xMax <= extents[i - 1].xMax { return nil }
            if i + 1 < extents.count, cell.xMin >= extents[i + 1].xMin { return nil }
        }
        return zip(row, extents).map { cell, extent in
            Line(words: cell.words, xMin: min(cell.xMin, extent.xMin), yMin: cell.yMin, xMax: max(cell.xMax, extent.xMax), yMax: cell.yMax)
        }
    }

    /// The first rows of `run` that go on the table under `header` ending at `bottom`: each
    /// within a line and a half of the one above, of two cells or more, each in its own column
    /// of the header (the one it overlaps most). They are taken from `run`; `bottom` is where the last ends.
    static func continuing(_ run: inout [[Line]], header: [Line], below bottom: Double) -> (rows: [[Line]], bottom: Double) {
        var rows: [[Line]] = []
        var foot = bottom
        while let row = run.first, row.count >= 2, let first = row.first {
            let height = max(first.yMax - first.yMin, 1)
            let columns = row.map { cell -> Int? in
                let overlaps = header.map { min($0.xMax, cell.xMax) - max($0.xMin, cell.xMin) }
                return overlaps.indices.max { overlaps[$0] < overlaps[$1] }.flatMap { overlaps[$0] > 0 ? $0 : nil }
            }
            guard first.yMin >= foot - height / 2, first.yMin - foot <= 1.5 * height,
                  Set(columns.compactMap { $0 }).count == row.count else { break }
            rows.append(row)
            foot = row.map(\.yMax).max()!
            run.removeFirst()
        }
        return (rows, foot)
    }

    /// One-line blocks that follow each other in reading order, as rows: top to bottom (tops
    /// within half a line are one row; poppler may give a row's last cell after the next row's
    /// first), each row's cells left to right.
    static func rows(of cells: [Line]) -> [[Line]] {
        var rows: [[Line]] = []
        for cell in cells.enumerated().sorted(by: { ($0.element.yMin, $0.offset) < ($1.element.yMin, $1.offset) }).map(\.element) {
            if let first = rows.last?.first, abs(first.yMin - cell.yMin) <= max(first.yMax - first.yMin, 1) / 2 {
                rows[rows.count - 1].append(cell)
            } else {
                rows.append([cell])
            }
        }
        return rows.map { $0.sorted { $0.xMin < $1.xMin } }
    }

    /// A row's text: `label: value` for a label (`RowLabel`; `Valuation band: C` for one with its
    /// own colon) and its value, and pairs of labelled fields side by side; other rows' cells
    /// joined by `; `.
    static func rowText(_ cells: [String]) -> String {
        guard cells.count > 1 else { return cells.first ?? "" }
        // two columns of labelled fields: `Landlord: Mr Pellow; Property: 14 Alder Road`
        if cells.count % 2 == 0, stride(from: 0, to: cells.count, by: 2).allSatisfy({ cells[$0].hasSuffix(":") }) {
            return stride(from: 0, to: cells.count, by: 2).map { "\(cells[$0]) \(cells[$0 + 1])" }.joined(separator: "; ")
        }
        if cells.count == 2, let separator = RowLabel.separator(after: cells[0]) { return cells[0] + separator + cells[1] }
        return cells.joined(separator: "; ")
    }

    static func attribute(_ name: String, _ tag: String) -> Double {
        guard let r = tag.range(of: " \(name)=\"") else { return 0 }
        return Double(tag[r.upperBound...].prefix { $0 != "\"" }) ?? 0
    }

    static let wordEnd = Array("</word>".utf8)

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The five XML entities and numeric references (poppler writes no others).
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[amp...]
            guard let semi = after.firstIndex(of: ";"), after.distance(from: amp, to: semi) <= 10 else {
                out += "&"; rest = rest[rest.index(after: amp)...]; continue
            }
            let name = after[after.index(after: amp)..<semi]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let value = named[name] {
                out += value
            } else if name.hasPrefix("#"), let code = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()),
                      let scalar = Unicode.Scalar(code) {
                out.unicodeScalars.append(scalar)
            } else {
                out += after[amp...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
