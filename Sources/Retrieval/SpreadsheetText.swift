import Foundation
import Primitives

/// The text of an Excel workbook (`.xlsx`, Office Open XML), written as Markdown so the library's
/// Markdown reader labels it: each sheet a `# Sheet name` heading, its title lines (rows of one
/// value above the table) lines of their own, then the table under its first full row, its
/// cells as Excel shows them — a date in its format and spelled out (`09/02/2026 (9 February
/// 2026)`), an amount in its format (`£1,440.26`,
/// `12.5%`), a shared string as its text. Like a PDF's, this text is the workbook's "extracted
/// text": citations' offsets are into it.
enum SpreadsheetText {
    /// The workbook's text, from the archive's bytes; `path` names it in errors.
    static func text(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        try OfficeText.open(bytes, path: path, format: "Excel", main: "xl/workbook.xml") { zip, workbook in
            let strings = try zip.read("xl/sharedStrings.xml").map(sharedStrings) ?? []
            let formats = try zip.read("xl/styles.xml").map(CellFormats.init) ?? CellFormats()
            let targets = try zip.read("xl/_rels/workbook.xml.rels").map(relationships) ?? [:]
            var out = ""
            var date1904 = false
            var sheets: [(name: String, id: String)] = []
            XMLScanner.scan(workbook) { event in
                guard case .open(let name, let attributes, _) = event else { return }
                if name == "workbookPr" { date1904 = ["1", "true"].contains(attributes["date1904"] ?? "") }
                if name == "sheet", let id = attributes["id"] { sheets.append((attributes["name"] ?? "Sheet", id)) }
            }
            for sheet in sheets {
                guard let target = targets[sheet.id] else { continue }
                let entry = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
                guard let xml = try zip.read(entry) else { continue }
                let rows = cells(xml, strings: strings, formats: formats, date1904: date1904)
                guard !rows.isEmpty else { continue }
                out += "# \(sheet.name)\n\n" + rendered(rows)
            }
            return Array(out.utf8)
        }
    }

    /// The shared strings, in order (a rich string's runs joined).
    static func sharedStrings(_ xml: [UInt8]) -> [String] {
        var strings: [String] = []
        var current = "", inText = false, inPhonetic = false
        XMLScanner.scan(xml) { event in
            switch event {
            case .open("si", _, _): current = ""
            case .open("t", _, let selfClosing): inText = !selfClosing
            case .open("rPh", _, _): inPhonetic = true
            case .close("rPh"): inPhonetic = false
            case .close("t"): inText = false
            case .close("si"): strings.append(current)
            case .text(let text): if inText, !inPhonetic { current += text }
            default: break
            }
        }
        return strings
    }

    /// Relationship ids to their targets (`rId1` → `worksheets/sheet1.xml`).
    static func relationships(_ xml: [UInt8]) -> [String: String] {
        var result: [String: String] = [:]
        XMLScanner.scan(xml) { event in
            if case .open("Relationship", let a, _) = event, let id = a["Id"], let target = a["Target"] { result[id] = target }
        }
        return result
    }

    /// A sheet's rows: each cell's shown text at its column (`B3` is column 1).
    static func cells(_ xml: [UInt8], strings: [String], formats: CellFormats, date1904: Bool) -> [[String]] {
        var rows: [Int: [Int: String]] = [:]
        var row = 0, column = 0, type = "n", style = 0, value = "", inValue = false, inline = ""
        var nextRow = 1, nextColumn = 0
        XMLScanner.scan(xml) { event in
            switch event {
            case .open("row", let a, _):
                row = a["r"].flatMap { Int($0) } ?? nextRow
                nextRow = row + 1
                nextColumn = 0
            case .open("c", let a, _):
                column = a["r"].flatMap(Self.column) ?? nextColumn
                nextColumn = column + 1
                type = a["t"] ?? "n"
                style = a["s"].flatMap { Int($0) } ?? 0
                value = ""
                inline = ""
            case .open("v", _, let selfClosing): inValue = !selfClosing
            case .open("t", _, let selfClosing): inValue = !selfClosing && type == "inlineStr"
            case .close("v"), .close("t"): inValue = false
            case .text(let text) where inValue:
                if type == "inlineStr" { inline += text } else { value += text }
            case .close("c"):
                let shown: String
                switch type {
                case "s": shown = Int(value).flatMap { $0 < strings.count ? strings[$0] : nil } ?? ""
                case "inlineStr": shown = inline
                case "b": shown = value == "1" ? "TRUE" : "FALSE"
                case "str", "e": shown = value
                default: shown = Double(value).map { formats.shown($0, style: style, date1904: date1904) } ?? value
                }
                let trimmed = shown.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { rows[row, default: [:]][column] = trimmed.replacingOccurrences(of: "\n", with: " ") }
            default: break
            }
        }
        return rows.keys.sorted().map { r in
            let cells = rows[r]!
            let width = (cells.keys.max() ?? -1) + 1
            return (0..<width).map { cells[$0] ?? "" }
        }
    }

    /// `"C12"` → 2.
    static func column(_ reference: String) -> Int? {
        var n = 0
        for c in reference.unicodeScalars {
            guard ("A"..."Z").contains(c) else { break }
            n = n * 26 + Int(c.value - 64)
        }
        return n > 0 ? n - 1 : nil
    }

    /// Title lines (rows of one value before the first row of two or more) as lines, then the
    /// table: a pipe table under its first row, or `label: value` lines for two columns.
    static func rendered(_ rows: [[String]]) -> String {
        var out = ""
        var index = 0
        while index < rows.count, rows[index].filter({ !$0.isEmpty }).count < 2 {
            out += rows[index].filter { !$0.isEmpty }.joined() + "\n\n"
            index += 1
        }
        let table = Array(rows[index...])
        guard !table.isEmpty else { return out }
        // the table starts at its first used column
        let first = table.compactMap { $0.firstIndex { !$0.isEmpty } }.min() ?? 0
        let cells = table.map { Array($0.dropFirst(first)) }
        // two columns are a table under a header when their first column is mostly numbers or
        // dates (`Date | Amount`), else labels and values (`Policy number | HX-4471`)
        let firsts = cells.dropFirst().compactMap(\.first).filter { !$0.isEmpty }
        let numeric = firsts.filter { $0.first?.isNumber == true }.count
        return out + WordText.rendered(cells, pairs: numeric * 2 <= firsts.count)
    }
}
