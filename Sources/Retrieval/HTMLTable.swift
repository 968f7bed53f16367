import Foundation

/// HTML tables read as records: a row is one unit, each cell labelled with its column's header
/// (`Term: Autumn; Starts: Thursday 3 September 2026; Ends: Friday 18 December 2026`), so "when
/// does the autumn term start" finds the row and the answer says which column is which. The
/// header is the table's first row when all its cells are `<th>` (it is then not a row of its
/// own); without one, a row whose first cell is a `<th>`, or a row of two cells whose first is a
/// short label (`rowLabel`), reads `Phone: 0117 496 0321`, and other rows' cells are joined by `; `.
/// A header cell left blank labels nothing: under a blank corner a row reads its name, then its
/// columns' cells labelled (`Bid total — Lone Star: $68,450.00; Cedar & Stone: $74,900.00`), as a
/// Markdown table's does. A cell that spans columns (`colspan`) takes the label of the first of
/// them, and the cells after it take the labels of their own columns (an invoice's `Description:
/// Total (incl. GST); Amount: $499.29`, where the amount was labelled `Qty`); a header cell that
/// spans columns names each. Labels and separators map to no source byte (as a heading's `# `
/// does); the cells' text stays verbatim, entities as written.
enum HTMLTable {
    static let elements: Set<String> = ["table", "tr", "td", "th"]

    /// The state of the tables being read (nested tables start afresh and end the outer one's labels).
    struct Rows {
        private var labels: [String] = []
        private var inTable = false
        private var row = 0
        private var cell = 0
        /// What joins the row's first cell to its second when the first is a label (`: `, or ` `
        /// after a label with its own colon).
        private var labelSeparator: String?
        private var headerRow = false
        private var prefix: String?
        private(set) var inCell = false
        /// The cell already holds text: the next run is a new word.
        var needsSpace = false
        /// The header row's text is not emitted: every other row carries its labels.
        var skipping: Bool { inTable && headerRow }
        /// The cell holds a heading: it lays out a page (an invoice's letterhead beside its
        /// `INVOICE` block), not a value.
        private(set) var headed = false
        /// The cell lays out a page rather than holding a value: the first cell of its row, or one
        /// holding a heading, in a table without a header, and no label (an email's body in one cell).
        var inLayoutCell: Bool { inCell && inTable && labels.isEmpty && (cell == 1 || headed) && labelSeparator == nil }

        /// A heading opens in the current cell.
        mutating func noteHeading() { if inCell { headed = true } }

        /// Handles a table tag; true when the text should break there (a row or the table ends or starts).
        /// `tag` is the tag's bytes, `<` to `>`.
        mutating func handle(_ name: String, closing: Bool, bytes: [UInt8], tag: Range<Int>, encoding: TextEncoding) -> Bool {
            let end = tag.upperBound
            switch (name, closing) {
            case ("table", false):
                self = Rows()
                inTable = true
                labels = HTMLTable.headerLabels(bytes, from: end, encoding: encoding)
                return true
            case ("table", true):
                self = Rows()
                return true
            case ("tr", false):
                row += 1
                cell = 0
                inCell = false
                headed = false
                headerRow = row == 1 && !labels.isEmpty
                return true
            case ("tr", true):
                inCell = false
                headerRow = false
                return true
            case ("td", false), ("th", false):
                guard inTable else { return true }
                // after a cell that laid out a page, the next starts a block of its own
                let afterLayout = inLayoutCell && headed
                headed = false
                if cell == 0 {
                    // a `<th>` first cell labels the row; so does a short label beside one value
                    labelSeparator = labels.isEmpty ? HTMLTable.rowLabel(bytes, from: end, encoding: encoding) : nil
                    if name == "th", labelSeparator == nil { labelSeparator = ": " }
                }
                // after the row's name under a blank corner, " — " (`Bid total — Lone Star: $68,450.00`)
                let named = labels.first?.isEmpty == true && cell == 1
                var text = cell == 0 ? "" : (labels.isEmpty && cell == 1 ? labelSeparator ?? "; " : named ? " — " : "; ")
                let span = labels.isEmpty ? 1 : HTMLTable.columnSpan(bytes, tag)
                if cell < labels.count, !labels[cell].isEmpty { text += labels[cell] + ": " }
                prefix = text.isEmpty || afterLayout ? nil : text
                cell += span
                inCell = true
                needsSpace = false
                return afterLayout
            default:
                return !inTable
            }
        }

        /// The label and separator due before the cell's first text, once.
        mutating func takePrefix() -> String? {
            defer { prefix = nil }
            return prefix
        }
    }

    /// The labels of the first row after `from` when every cell of it is a `<th>` (at least two),
    /// else none: the cells' text, tags dropped, white space collapsed, entities as written.
    static func headerLabels(_ b: [UInt8], from: Int, encoding: TextEncoding = .utf8) -> [String] {
        guard let rowStart = HTMLExtractor.find(b, "<tr", from: from, caseInsensitive: true) else { return [] }
        let tableEnd = HTMLExtractor.find(b, "</table", from: from, caseInsensitive: true)
        // the table ends before any row: no header of this table
        if let tableEnd, tableEnd < rowStart { return [] }
        let limit = [HTMLExtractor.find(b, "</tr", from: rowStart + 3, caseInsensitive: true),
                     HTMLExtractor.find(b, "<tr", from: rowStart + 3, caseInsensitive: true), tableEnd]
            .compactMap { $0 }.min() ?? b.count
        var labels: [String] = []
        var current: [UInt8]?
        var span = 1
        var i = rowStart + 3
        while i < limit {
            guard b[i] == UInt8(ascii: "<") else {
                current?.append(b[i])
                i += 1
                continue
            }
            let (name, closing, end) = HTMLExtractor.readTag(b, at: i)
            if name == "th" || name == "td" {
                if let text = current { labels += repeatElement(collapse(text, encoding), count: span) }
                current = nil
                if !closing {
                    guard name == "th" else { return [] }
                    current = []
                    span = columnSpan(b, i..<end)
                }
            }
            i = end
        }
        if let text = current { labels += repeatElement(collapse(text, encoding), count: span) }
        // a blank header cell (a table's corner, the "v" between two teams) labels nothing
        guard labels.filter({ !$0.isEmpty }).count >= 2 else { return [] }
        return labels
    }

    /// The first cell of the row whose first cell opens at `from`, when the row has two cells: its
    /// separator from the second (`RowLabel`) — a confirmation's `<td><b>Departs</b></td><td>07:30`
    /// reads `Departs: 07:30`. One pass over the row, which ends at the next `tr` or `table` tag.
    static func rowLabel(_ b: [UInt8], from: Int, encoding: TextEncoding) -> String? {
        var first: [UInt8] = []
        var cells = 1
        var i = from
        scan: while i < b.count {
            guard b[i] == UInt8(ascii: "<") else {
                if cells == 1 { first.append(b[i]) }
                i += 1
                continue
            }
            let (name, closing, end) = HTMLExtractor.readTag(b, at: i)
            switch name {
            case "tr", "table": break scan
            case "td" where !closing, "th" where !closing: cells += 1
            default: break
            }
            i = end
        }
        return cells == 2 ? RowLabel.separator(after: collapse(first, encoding)) : nil
    }

    /// The columns a cell's tag (`<td colspan="3">`) spans: its `colspan`, 1 to `maxSpan`; 1
    /// when it has none or it is not a number.
    static func columnSpan(_ b: [UInt8], _ tag: Range<Int>) -> Int {
        guard let at = HTMLExtractor.find(Array(b[tag]), "colspan", from: 0, caseInsensitive: true) else { return 1 }
        var i = tag.lowerBound + at + 7
        var value = 0
        var digits = 0
        while i < tag.upperBound, digits < 3 {
            let c = b[i]
            if c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                value = value * 10 + Int(c - UInt8(ascii: "0"))
                digits += 1
            } else if digits > 0 || !(c == UInt8(ascii: "=") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || HTMLExtractor.isSpace(c)) {
                break
            }
            i += 1
        }
        return min(max(value, 1), maxSpan)
    }

    /// More columns than a table of records has: a larger `colspan` is a layout's.
    static let maxSpan = 50

    private static func collapse(_ bytes: [UInt8], _ encoding: TextEncoding) -> String {
        encoding.decode(bytes).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
