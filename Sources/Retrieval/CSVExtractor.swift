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
/// the first line; quoted values may hold the delimiter, doubled quotes and line breaks (read as spaces). A file whose first record does not
/// look like a header (fewer than two columns, an empty label, a label with a digit) is read line
/// by line as it is, as before.
enum CSVExtractor {
    /// A value's bytes (inside its quotes, when quoted).
    struct Field { var range: Range<Int> }

    static func extract(_ bytes: [UInt8], from start: Int, encoding: TextEncoding = .utf8) -> ExtractedText {
        let delimiter = sniffDelimiter(bytes, from: start)
        let records = parse(bytes, from: start, delimiter: delimiter)
        var builder = ExtractedTextBuilder(source: bytes, encoding: encoding)
        guard let header = records.first, let labels = headerLabels(header, bytes: bytes, encoding: encoding),
              records.count > 1 else {
            builder.appendSource(start..<bytes.count)
            return builder.build()
        }
        let body = records.dropFirst()
        let orders = dateOrders(body, bytes: bytes)
        for record in body {
            var first = true
            for (column, field) in record.enumerated() {
                let value = trimmed(field.range, bytes)
                guard !value.isEmpty else { continue }
                if !first { builder.appendText("; ") }
                first = false
                builder.appendText((column < labels.count ? labels[column] : "column \(column + 1)") + ": ")
                appendValue(value, bytes: bytes, to: &builder)
                if let spelled = spelledISODate(bytes[value])
                    ?? orders[column].flatMap({ spelledNumericDate(bytes[value], dayFirst: $0 == .dayFirst) }) {
                    builder.appendText(" (\(spelled))")
                }
            }
            if !first { builder.appendText("\n") }
        }
        return builder.build()
    }

    /// The header's labels, or nil when the first record is not a header.
    static func headerLabels(_ record: [Field], bytes: [UInt8], encoding: TextEncoding) -> [String]? {
        guard record.count >= 2 else { return nil }
        var labels: [String] = []
        for field in record {
            let value = trimmed(field.range, bytes)
            guard !value.isEmpty, !bytes[value].contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            labels.append(encoding.decode(bytes[value]).split(whereSeparator: \.isNewline).joined(separator: " "))
        }
        return labels
    }

    /// `,`, tab or `;`, whichever the first line (outside quotes) holds most of; `,` on a tie.
    static func sniffDelimiter(_ bytes: [UInt8], from start: Int) -> UInt8 {
        var counts: [UInt8: Int] = [0x2C: 0, 0x09: 0, 0x3B: 0]
        var quoted = false
        var i = start
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x22 { quoted.toggle() } else if !quoted {
                if c == 0x0A { break }
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
