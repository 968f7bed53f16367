import Foundation

/// Writes a small, valid PDF 1.4 by hand: one Helvetica line of text per entry of each page,
/// or a page with only a drawn rectangle when its list is empty (a "scanned" page: no text).
/// Fixtures/pdf/handbook.pdf is `MinimalPDF.handbook` (see its README).
enum MinimalPDF {
    /// One page of `lines` (a paragraph) then `rows` whose cells stand 200 points apart, as a
    /// form or a report lays out a label and its value.
    static func table(lines: [String], rows: [[String]]) -> [UInt8] {
        var stream = "BT /F1 11 Tf 72 720 Td 14 TL\n" + lines.map { "(\(escape($0))) Tj T*\n" }.joined() + "ET\n"
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() {
                stream += "BT /F1 11 Tf \(72 + 200 * c) \(600 - 20 * r) Td (\(escape(cell))) Tj ET\n"
            }
        }
        return document(streams: [stream])
    }

    /// One page of `lines` then a statement's table: each row 14 points under the one before, its
    /// cells at the x of their `columns` (as an accounting program lays out a table, which poppler
    /// reads as one block per column), then `after`.
    static func statement(lines: [String], columns: [Int], rows: [[String]], after: [String] = []) -> [UInt8] {
        var stream = "BT /F1 10 Tf 56 760 Td 14 TL\n" + lines.map { "(\(escape($0))) Tj T*\n" }.joined() + "ET\n"
        let top = 740 - 14 * lines.count
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() where !cell.isEmpty {
                stream += "BT /F1 10 Tf \(columns[c]) \(top - 14 * r) Td (\(escape(cell))) Tj ET\n"
            }
        }
        stream += "BT /F1 10 Tf 56 \(top - 14 * rows.count - 20) Td 14 TL\n" + after.map { "(\(escape($0))) Tj T*\n" }.joined() + "ET\n"
        return document(streams: [stream])
    }

    static func document(pages: [[String]]) -> [UInt8] {
        document(streams: pages.map { lines in
            var stream = lines.isEmpty ? "0.5 g 72 300 468 400 re f\n" : "BT /F1 11 Tf 72 720 Td 14 TL\n"
            for line in lines { stream += "(\(escape(line))) Tj T*\n" }
            if !lines.isEmpty { stream += "ET\n" }
            return stream
        })
    }

    static func document(streams pages: [String]) -> [UInt8] {
        var out: [UInt8] = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        func object(_ body: String) {
            offsets.append(out.count)
            out += Array("\(offsets.count) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let pageIds = pages.indices.map { 4 + 2 * $0 }
        object("<< /Type /Catalog /Pages 2 0 R >>")
        object("<< /Type /Pages /Kids [\(pageIds.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>")
        object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        for (i, stream) in pages.enumerated() {
            object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents \(pageIds[i] + 1) 0 R >>")
            object("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)endstream")
        }
        let xref = out.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for o in offsets { table += String(format: "%010d 00000 n \n", o) }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(table.utf8)
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
            .replacingOccurrences(of: ")", with: "\\)")
    }

    /// The committed fixture: a three-page staff handbook.
    static let handbook = document(pages: [
        ["Staff Handbook", "", "Welcome to the Harbour Street office.",
         "The front door opens at 8:30 in the morning on weekdays."],
        ["Travel and expenses", "", "Taxi receipts must be submitted within 30 days of the journey.",
         "Hotel stays above 140 euros per night need approval from a director."],
        ["Safety", "", "The fire assembly point is the car park behind the bakery.",
         "First aid kits are kept in the kitchen and beside the lifts."],
    ])
}
