import Foundation
import Primitives

/// Text of a CSV or TSV file: one line per record, each value labelled with its column's header,
/// so a row is a unit that says what it holds ("groceries in February" finds
/// `2026-02-09,groceries,91.30`).
///
/// A record reads `date: 2026-02-09 (9 February 2026); category: groceries; amount: 91.30`: the
/// values are source runs (a citation's quote is the row's bytes as the file has them), while the
/// labels, the separators and the spelled-out month of an ISO date map to no source byte. The
/// dates of a column written `05/03/2025` are spelled out too when the column itself says which
/// number is the day (see `dateOrders`). The delimiter is the commonest of `,`, tab and `;` on
/// the first lines; quoted values may hold the delimiter, doubled quotes and line breaks (read as
/// spaces). The header is the first record as wide as the table that looks like one (two columns
/// or more, no empty label, no label with a digit); lines before it and `Label:,value` lines after
/// it (an export's account details, its closing balance) read `Label: value`. A file without a
/// header is read line by line as it is.
enum CSVExtractor {
    /// A value's bytes (inside its quotes, when quoted).
    struct Field { var range: Range<Int> }

    /// `delimiter`: the field separator, else the commonest on the first lines (`sniffDelimiter`).
    static func extract(_ bytes: [UInt8], from start: Int, encoding: TextEncoding = .utf8,
                        delimiter: UInt8? = nil) -> ExtractedText {
        let delimiter = delimiter ?? sniffDelimiter(bytes, from: start)
        let records = parse(bytes, from: start, delimiter: delimiter)
        var builder = ExtractedTextBuilder(source: bytes, encoding: encoding)
        guard let headerIndex = headerIndex(records, bytes: bytes),
              let labels = headerLabels(records[headerIndex], bytes: bytes, encoding: encoding) else {
            builder.appendSource(start..<bytes.count)
            return builder.build()
        }
        // the export's own lines: before the header, and `Label:,value` lines after it
        let outside = records.indices.map { $0 < headerIndex || isKeyValue(records[$0], bytes: bytes) }
        let orders = dateOrders(records.indices.filter { $0 > headerIndex && !outside[$0] }.map { i in
            records[i].map { bytes[trimmed($0.range, bytes)] }
        })
        for (index, record) in records.enumerated() where index != headerIndex {
            if outside[index] {
                appendLine(record, bytes: bytes, to: &builder)
                continue
            }
            var first = true
            for (column, field) in record.enumerated() {
                let value = trimmed(field.range, bytes)
                guard !value.isEmpty else { continue }
                if !first { builder.appendText("; ") }
                first = false
                builder.appendText((column < labels.count ? labels[column] : "column \(column + 1)") + ": ")
                appendValue(value, bytes: bytes, to: &builder)
                if let spelled = spelledDate(bytes[value], order: orders[column]) {
                    builder.appendText(" (\(spelled))")
                }
            }
            if !first { builder.appendText("\n") }
        }
        return builder.build()
    }

    /// The header: the first record that looks like one and is as wide as the table (the commonest
    /// width of the records of two fields or more), with a record after it. A bank's export
    /// starts with lines of its own (`Account Name:,MS P NAIR`), which are no header.
    static func headerIndex(_ records: [[Field]], bytes: [UInt8]) -> Int? {
        var widths: [Int: Int] = [:]
        for record in records {
            // a row's width ends at its last value (`1,2,3,` is three wide)
            let width = (record.lastIndex { !trimmed($0.range, bytes).isEmpty } ?? 0) + 1
            if width >= 2 { widths[width, default: 0] += 1 }
        }
        guard let width = widths.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key else { return nil }
        func isHeader(_ record: [Field]) -> Bool {
            !isKeyValue(record, bytes: bytes) && headerLabels(record, bytes: bytes, encoding: .utf8) != nil
        }
        // else the first record, when it is a header of a ragged table
        let index = records.firstIndex { $0.count >= width && isHeader($0) } ?? records.first.flatMap { isHeader($0) ? 0 : nil }
        return index.flatMap { $0 + 1 < records.count ? $0 : nil }
    }

    /// A line of a label ending in `:` and its values (`Closing Balance:,"£5,005.24"`), outside the table.
    static func isKeyValue(_ record: [Field], bytes: [UInt8]) -> Bool {
        let first = trimmed(record[0].range, bytes)
        return !first.isEmpty && bytes[first.upperBound - 1] == UInt8(ascii: ":")
    }

    /// A record outside the table as one line: `Label: value` for a label and its value, else the
    /// values joined by `; `.
    private static func appendLine(_ record: [Field], bytes: [UInt8], to builder: inout ExtractedTextBuilder) {
        let values = record.map { trimmed($0.range, bytes) }.filter { !$0.isEmpty }
        guard let label = values.first else { return }
        let colon = bytes[label.upperBound - 1] == UInt8(ascii: ":")
        if values.count == 2, colon || label.count <= 40 {
            let bare = colon ? label.lowerBound..<(label.upperBound - 1) : label
            if !bare.isEmpty { builder.appendSource(bare) }
            builder.appendText(": ")
            appendValue(values[1], bytes: bytes, to: &builder)
        } else {
            for (i, value) in values.enumerated() {
                if i > 0 { builder.appendText("; ") }
                appendValue(value, bytes: bytes, to: &builder)
            }
        }
        builder.appendText("\n")
    }

    /// The header's labels, or nil when the record is not a header: every field a label
    /// (`Rent 2025-26`, `Plot holder(s)`), none a value (see `isLabel`).
    static func headerLabels(_ record: [Field], bytes: [UInt8], encoding: TextEncoding) -> [String]? {
        guard record.count >= 2 else { return nil }
        var labels: [String] = []
        for field in record {
            let value = trimmed(field.range, bytes)
            guard isLabel(bytes[value]) else { return nil }
            labels.append(encoding.decode(bytes[value]).split(whereSeparator: \.isNewline).joined(separator: " "))
        }
        return labels
    }

    /// A column label: it holds a letter, and is no number, date or amount (it does not open with
    /// a digit, unless it counts a word (`isCountedLabel`), or with a sign or currency symbol and
    /// then a digit) and no address (`@`, `://`).
    /// A year may be part of a label (`Rent 2025-26`) but not the whole of it.
    static func isLabel(_ value: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: value, as: UTF8.self)
        let scalars = Array(text.unicodeScalars.prefix(2))
        guard let first = scalars.first, text.unicodeScalars.contains(where: { $0.properties.isAlphabetic }),
              !text.contains("@"), !text.contains("://") else { return false }
        if first.properties.numericType != nil { return isCountedLabel(text) || isSizeLabel(text) }
        // a sign or a currency symbol, then a digit: `-12`, `(3.50)`, `£40`
        let signed = "-+(".unicodeScalars.contains(first) || first.properties.generalCategory == .currencySymbol
        return !(signed && scalars.count == 2 && scalars[1].properties.numericType != nil)
    }

    /// A label that opens with a count or an ordinal before a word, and holds no other digit
    /// (`4-weekly charge (EUR)`, `2nd contact`; not `12-Mar-2026`, `3 eggs`, `2nd`).
    static func isCountedLabel(_ text: String) -> Bool {
        text.range(of: #"^[0-9]{1,2}(-|(st|nd|rd|th) )\p{L}{4,}[^0-9]*$"#, options: .regularExpression) != nil
    }

    /// A column of a size sold or counted, its quantity and unit alone (`250g`, `1kg`, `500 ml`,
    /// `1.5L`: a market stall's jars by size); a value with more to it (`250g flour`) is none.
    static func isSizeLabel(_ text: String) -> Bool {
        text.range(of: #"^[0-9]{1,4}([.,][0-9]{1,2})? ?(g|kg|mg|ml|cl|l|oz|lb|lbs|cm|mm|m|km)$"#,
                   options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// `,`, tab or `;`, whichever the first 20 lines (outside quotes) hold most of; `,` on a tie.
    /// Lines a text file must have, and the share of them that must hold its commonest number
    /// of tabs, to be read as a table (`isTabSeparated`).
    static let tabSeparatedMinimumLines = 3
    static let tabSeparatedShare = 0.8

    /// True when a text file is a tab-separated table — Excel's "Text (Tab delimited)" and
    /// "Unicode Text", a terminal's copied columns: at least `tabSeparatedMinimumLines` lines
    /// that are not blank, and `tabSeparatedShare` of them with the same number of tabs, one or
    /// more. Prose indented with a tab has one on some lines, a table its columns' on every line.
    static func isTabSeparated(_ bytes: [UInt8], from start: Int) -> Bool {
        var tabsPerLine: [Int: Int] = [:]
        var lines = 0, tabs = 0, blank = true
        func endLine() {
            if !blank { lines += 1; tabsPerLine[tabs, default: 0] += 1 }
            tabs = 0; blank = true
        }
        for c in bytes[start...] {
            switch c {
            case 0x0A: endLine()
            case 0x09: tabs += 1
            case 0x0D, 0x20: break
            default: blank = false
            }
        }
        endLine()
        guard lines >= tabSeparatedMinimumLines,
              let common = tabsPerLine.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }), common.key > 0 else { return false }
        return Double(common.value) >= tabSeparatedShare * Double(lines)
    }

    static func sniffDelimiter(_ bytes: [UInt8], from start: Int) -> UInt8 {
        var counts: [UInt8: Int] = [0x2C: 0, 0x09: 0, 0x3B: 0]
        var quoted = false
        var lines = 0
        var i = start
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x22 { quoted.toggle() } else if !quoted {
                if c == 0x0A { lines += 1; if lines == 20 { break } }
                if counts[c] != nil { counts[c]! += 1 }
            }
            i += 1
        }
        let best = max(counts[0x09]!, counts[0x3B]!)
        return counts[0x2C]! >= best ? 0x2C : (counts[0x09]! >= counts[0x3B]! ? 0x09 : 0x3B)
    }

    /// Records of fields (RFC 4180: a quoted field may hold the delimiter, `""` and line breaks).
    /// Blank lines are no records.
    static func parse(_ bytes: [UInt8], from start: Int, delimiter: UInt8) -> [[Field]] {
        var records: [[Field]] = []
        var record: [Field] = []
        var i = start
        let n = bytes.count
        while i < n {
            var field: Field
            if bytes[i] == 0x22 {
                var j = i + 1
                while j < n {
                    if bytes[j] == 0x22 {
                        if j + 1 < n, bytes[j + 1] == 0x22 { j += 2; continue }
                        break
                    }
                    j += 1
                }
                field = Field(range: (i + 1)..<min(j, n))
                i = min(j + 1, n)
                // text after the closing quote (malformed) up to the delimiter belongs to the field
                var stray = false
                while i < n, bytes[i] != delimiter, bytes[i] != 0x0A {
                    if !SentenceSplitter.isSpace(bytes[i]) { stray = true }
                    i += 1
                }
                if stray { field.range = field.range.lowerBound..<i }
            } else {
                var j = i
                while j < n, bytes[j] != delimiter, bytes[j] != 0x0A { j += 1 }
                field = Field(range: i..<j)
                i = j
            }
            record.append(field)
            if i < n, bytes[i] == delimiter {
                i += 1
                if i == n { record.append(Field(range: n..<n)) }
                continue
            }
            // end of the record (a newline or the end of the file)
            if record.contains(where: { !trimmed($0.range, bytes).isEmpty }) { records.append(record) }
            record = []
            i += 1
        }
        // a last line that ends with the delimiter
        if record.contains(where: { !trimmed($0.range, bytes).isEmpty }) { records.append(record) }
        return records
    }

    /// `range` without surrounding white space (and a line's `\r`).
    static func trimmed(_ range: Range<Int>, _ bytes: [UInt8]) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi, SentenceSplitter.isSpace(bytes[lo]) { lo += 1 }
        while hi > lo, SentenceSplitter.isSpace(bytes[hi - 1]) { hi -= 1 }
        return lo..<hi
    }

    /// Appends a value's bytes; a line break inside a quoted value becomes a space (a record stays one line).
    private static func appendValue(_ range: Range<Int>, bytes: [UInt8], to builder: inout ExtractedTextBuilder) {
        var lo = range.lowerBound
        for i in range where bytes[i] == 0x0A || bytes[i] == 0x0D {
            let piece = trimmed(lo..<i, bytes)
            if !piece.isEmpty {
                builder.appendSource(piece)
                builder.appendText(" ")
            }
            lo = i + 1
        }
        let rest = trimmed(lo..<range.upperBound, bytes)
        if !rest.isEmpty { builder.appendSource(rest) }
    }
}
