import Foundation

/// The text of an OpenDocument file (ISO/IEC 26300, LibreOffice's own formats): a text
/// document (`.odt`) written as Markdown as a Word document is — an outline heading a `# ` line,
/// a list item a `- ` line, a table under its first row or as `label: value` lines, the page
/// headers first and the footers last — and a spreadsheet (`.ods`) as a workbook is, one `#`
/// heading per sheet and each cell as the spreadsheet shows it (the text LibreOffice stored beside
/// the value), a date spelled out unless it names its month. Tracked deletions, comments,
/// footnote marks and generated indexes are not the document's text. Like a Word document's,
/// this text is the file's "extracted text": citations' offsets are into it.
enum OpenDocumentText {
    /// The text document's text (`.odt`), from the archive's bytes; `path` names it in errors.
    static func text(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        try open(bytes, path: path, format: "ODF") { zip, content in
            let styles = try zip.read("styles.xml")
            var out = styles.map { markdown($0, within: "header") } ?? ""
            out += markdown(content, within: "text")
            out += styles.map { markdown($0, within: "footer") } ?? ""
            return Array(out.utf8)
        }
    }

    /// The spreadsheet's text (`.ods`), from the archive's bytes; `path` names it in errors.
    static func spreadsheet(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        try open(bytes, path: path, format: "ODF") { _, content in
            Array(sheets(content).map { "# \($0.name)\n\n" + SpreadsheetText.rendered($0.rows) }.joined().utf8)
        }
    }

    /// `body` over the archive and its `content.xml`; a password-protected document (its
    /// manifest says its parts are encrypted) is refused by that reason, not read as noise.
    static func open(_ bytes: [UInt8], path: String, format: String,
                     _ body: (ZipArchive, [UInt8]) throws -> [UInt8]) throws -> [UInt8] {
        try OfficeText.open(bytes, path: path, format: format, main: "content.xml") { zip, content in
            if let manifest = try zip.read("META-INF/manifest.xml"),
               String(decoding: manifest, as: UTF8.self).contains("encryption-data") {
                throw RetrievalError.documentFailed(path: path, format: format, reason: "password-protected")
            }
            return try body(zip, content)
        }
    }

    /// Elements whose text is not the document's: a tracked deletion, a comment, a footnote's
    /// mark, a generated table of contents or index (the headings again, with page numbers).
    static let skipped: Set<String> = [
        "tracked-changes", "annotation", "note-citation", "sequence-decls", "variable-decls",
        "user-field-decls", "table-of-content", "alphabetical-index", "illustration-index",
        "table-index", "object-index", "user-index", "bibliography", "forms",
    ]

    /// The paragraphs, headings, lists and tables inside every `within` element (`text` for the
    /// body, `header` and `footer` in `styles.xml`) as Markdown.
    static func markdown(_ xml: [UInt8], within region: String) -> String {
        var out = ""
        var depth = 0, skipping = 0
        var paragraphs: [(text: String, heading: Bool)] = []  // open ones (a text box's is inside another)
        var inside: [(text: String, heading: Bool)] = []  // closed inside the open one
        var listDepth = 0
        var tables = TableCollector()
        func emit(_ text: String, heading: Bool) {
            let text = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            guard !text.isEmpty else { return }
            if tables.add(text) { return }
            out += (heading ? "# " : listDepth > 0 ? "- " : "") + text + "\n\n"
        }
        func add(_ text: String) {
            guard !paragraphs.isEmpty else { return }
            paragraphs[paragraphs.count - 1].text += text.replacingOccurrences(of: "\n", with: " ")
        }
        XMLScanner.scan(xml) { event in
            switch event {
            case .open(let name, _, let selfClosing):
                if name == region, !selfClosing { depth += 1; return }
                guard depth > 0 else { return }
                if skipping > 0 || skipped.contains(name) { if !selfClosing { skipping += 1 }; return }
                switch name {
                case "p", "h": paragraphs.append(("", name == "h"))
                // (spaces collapse in the written line, so `text:s`'s count does not matter)
                case "s", "tab", "line-break": add(" ")
                case "list": listDepth += 1
                case "table": tables.openTable()
                case "table-row": tables.openRow()
                case "table-cell", "covered-table-cell": tables.openCell()
                default: break
                }
            case .close(let name):
                if name == region, depth > 0, skipping == 0 { depth -= 1; return }
                guard depth > 0 else { return }
                if skipping > 0 { skipping -= 1; return }
                switch name {
                case "p", "h":
                    guard let p = paragraphs.popLast() else { break }
                    // a footnote's or a text box's paragraph follows the one it sits in
                    if paragraphs.isEmpty {
                        emit(p.text, heading: p.heading)
                        for inner in inside { emit(inner.text, heading: inner.heading) }
                        inside = []
                    } else {
                        inside.append(p)
                    }
                case "list": listDepth -= 1
                case "table":
                    if let table = tables.closeTable() { out += WordText.rendered(table) }
                default: break
                }
            case .text(let text):
                if depth > 0, skipping == 0 { add(text) }
            }
        }
        return out
    }

    /// Each sheet's name and rows: a cell's shown text (its paragraphs joined) at its column, a
    /// repeated cell or row written out as often as it repeats while it holds text (a sheet's
    /// trailing million empty rows are one element and write nothing), up to `maxCells`.
    static func sheets(_ xml: [UInt8]) -> [(name: String, rows: [[String]])] {
        var sheets: [(name: String, rows: [[String]])] = []
        var row: [String] = [], rowRepeat = 1
        var cell = "", cellRepeat = 1, date: String?, inCell = false, skipping = 0, paragraphs = 0
        var cells = 0  // written so far, at most `maxCells`
        XMLScanner.scan(xml) { event in
            switch event {
            case .open(let name, let a, let selfClosing):
                if skipping > 0 || name == "annotation" { if !selfClosing { skipping += 1 }; return }
                switch name {
                case "table": sheets.append((a["name"] ?? "Sheet", []))
                case "table-row":
                    row = []
                    rowRepeat = min(Int(a["number-rows-repeated"] ?? "1") ?? 1, maxRepeat)
                case "table-cell", "covered-table-cell":
                    cell = ""; paragraphs = 0; inCell = true
                    cellRepeat = min(Int(a["number-columns-repeated"] ?? "1") ?? 1, maxRepeat)
                    date = a["value-type"] == "date" ? a["date-value"] : nil
                    if name == "table-cell", !selfClosing || a["value"] != nil { cell = a["value"] ?? "" }
                case "p":
                    if inCell { if paragraphs == 0 { cell = "" } else { cell += " " }; paragraphs += 1 }
                case "s", "tab", "line-break": if inCell, paragraphs > 0 { cell += " " }
                default: break
                }
            case .close(let name):
                if skipping > 0 { skipping -= 1; return }
                switch name {
                case "table-cell", "covered-table-cell":
                    inCell = false
                    var shown = cell.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    if let date, !shown.contains(where: \.isLetter), let spelled = CSVExtractor.spelledISODate(ArraySlice(date.utf8)) {
                        // a date shown as a serial number (no date format) reads as its ISO date
                        if !shown.contains(where: { "/-.".contains($0) }) { shown = String(date.prefix(10)) }
                        shown += " (\(spelled))"
                    }
                    let times = min(cellRepeat, max(0, maxCells - cells - row.count))
                    row += Array(repeating: shown.replacingOccurrences(of: "|", with: "/"), count: times)
                case "table-row":
                    while row.last?.isEmpty == true { row.removeLast() }
                    guard !row.isEmpty, !sheets.isEmpty else { break }
                    let times = min(rowRepeat, max(0, maxCells - cells) / row.count)
                    sheets[sheets.count - 1].rows += Array(repeating: row, count: times)
                    cells += times * row.count
                default: break
                }
            case .text(let text):
                if inCell, skipping == 0, paragraphs > 0 { cell += text }
            }
        }
        return sheets.filter { !$0.rows.isEmpty }
    }

    /// A cell or a row repeats at most this often (a sheet's filler repeats a million times),
    /// and a document writes at most `maxCells` cells (repeats of repeats stop there).
    static let maxRepeat = 1_000
    static let maxCells = 500_000
}
