import Foundation

/// The text of a Word document (`.docx`, Office Open XML), written as Markdown so the library's
/// Markdown reader labels it: a heading style's paragraph (`Heading 1`, `Title`) is a `# `
/// line, a numbered or bulleted one (or one of a `List …` style) a `- ` item, a table of three columns or more a pipe table
/// whose first row labels the rest, a table of two columns `label: value` lines (a form's
/// `Policy number | HX-4471`), the page headers first and the footers last. Like a PDF's,
/// this text is the document's "extracted text": citations' offsets are into it.
enum WordText {
    /// The document's text, from the archive's bytes; `path` names it in errors.
    static func text(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        try OfficeText.open(bytes, path: path, format: "Word", main: "word/document.xml") { zip, body in
            let parts = zip.entries.map(\.name).sorted()
            var out = ""
            for name in parts where name.hasPrefix("word/header") && name.hasSuffix(".xml") {
                if let xml = try zip.read(name) { out += markdown(xml) }
            }
            out += markdown(body)
            for name in parts where name.hasPrefix("word/footer") && name.hasSuffix(".xml") {
                if let xml = try zip.read(name) { out += markdown(xml) }
            }
            return Array(out.utf8)
        }
    }

    /// One part's paragraphs and tables as Markdown.
    static func markdown(_ xml: [UInt8]) -> String {
        var out = ""
        var paragraph = ""
        var heading = false, listed = false, inText = false
        var tables = TableCollector()
        func endParagraph() {
            let text = paragraph.trimmingCharacters(in: .whitespaces)
            paragraph = ""
            defer { heading = false; listed = false }
            guard !text.isEmpty else { return }
            // a cell's paragraphs are one line (a nested table's are its outer cell's)
            if tables.add(text) { return }
            out += (heading ? "# " : listed ? "- " : "") + text + "\n\n"
        }
        XMLScanner.scan(xml) { event in
            switch event {
            case .open(let name, let attributes, let selfClosing):
                switch name {
                case "p": paragraph = ""
                case "pStyle":
                    let style = (attributes["val"] ?? "").lowercased()
                    heading = style.hasPrefix("heading") || style == "title" || style == "subtitle"
                    // Word's `List Bullet`, `List Number` (no numbering of their own in some files)
                    listed = listed || style.hasPrefix("list")
                case "numPr": listed = true
                case "t": inText = !selfClosing
                case "tab": paragraph += " "
                case "br", "cr": paragraph += " "
                case "tbl": tables.openTable()
                case "tr": tables.openRow()
                case "tc": tables.openCell()
                default: break
                }
            case .close(let name):
                switch name {
                case "t": inText = false
                case "p": endParagraph()
                case "tbl":
                    if let table = tables.closeTable() { out += rendered(table) }
                default: break
                }
            case .text(let text):
                if inText { paragraph += text }
            }
        }
        endParagraph()
        return out
    }

    /// A table as Markdown: a pipe table under its first row, or `label: value` lines for two
    /// columns (unless `pairs` says otherwise), or its cells as lines for one.
    static func rendered(_ rows: [[String]], pairs: Bool? = nil) -> String {
        let rows = rows.map { $0.map { $0.replacingOccurrences(of: "|", with: "/") } }.filter { $0.contains { !$0.isEmpty } }
        let width = rows.map(\.count).max() ?? 0
        guard width > 0 else { return "" }
        if width == 1 || width == 2 && pairs != false {
            return rows.map { row in
                let cells = row.filter { !$0.isEmpty }
                return cells.count == 2 ? "\(cells[0].hasSuffix(":") ? String(cells[0].dropLast()) : cells[0]): \(cells[1])" : cells.joined(separator: " ")
            }.joined(separator: "\n\n") + "\n\n"
        }
        func line(_ row: [String]) -> String {
            "| " + (row + Array(repeating: "", count: width - row.count)).joined(separator: " | ") + " |\n"
        }
        return line(rows[0]) + "|" + String(repeating: "---|", count: width) + "\n" + rows.dropFirst().map(line).joined() + "\n"
    }
}

/// The tables of a document being scanned, as Word, OpenDocument and presentation readers meet
/// them: a table, its rows, their cells, each cell's paragraphs joined into one line; a nested
/// table's paragraphs write into its outer cell.
struct TableCollector {
    private var open: [[[String]]] = []

    mutating func openTable() { open.append([]) }
    mutating func openRow() { if open.count == 1 { open[0].append([]) } }
    mutating func openCell() { if open.count == 1, !open[0].isEmpty { open[0][open[0].count - 1].append("") } }

    /// Adds a paragraph to the open cell; false when there is none (the text is the document's).
    mutating func add(_ text: String) -> Bool {
        guard let row = open.first?.indices.last, let cell = open[0][row].indices.last else { return false }
        open[0][row][cell] += (open[0][row][cell].isEmpty ? "" : " ") + text
        return true
    }

    /// Closes a table: the outermost one's rows, nil for a nested one.
    mutating func closeTable() -> [[String]]? {
        guard let table = open.popLast() else { return nil }
        return open.isEmpty ? table : nil
    }
}

/// A small XML scanner: start and end tags by local name (the namespace prefix dropped) with
/// their attributes, and character data with entities decoded. Comments, processing
/// instructions and declarations are passed over.
enum XMLScanner {
    enum Event {
        case open(String, [String: String], selfClosing: Bool)
        case close(String)
        case text(String)
    }

    static func scan(_ b: [UInt8], _ handle: (Event) -> Void) {
        var i = 0
        var textStart = 0
        while i < b.count {
            guard b[i] == UInt8(ascii: "<") else { i += 1; continue }
            if i > textStart { handle(.text(decoded(b[textStart..<i]))) }
            guard let end = b[i...].firstIndex(of: UInt8(ascii: ">")) else { return }
            let tag = b[(i + 1)..<end]
            i = end + 1
            textStart = i
            guard let first = tag.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else { continue }
            if first == UInt8(ascii: "/") {
                handle(.close(localName(tag.dropFirst())))
                continue
            }
            let selfClosing = tag.last == UInt8(ascii: "/")
            let body = selfClosing ? tag.dropLast() : tag
            handle(.open(localName(body), attributes(body), selfClosing: selfClosing))
            if selfClosing { handle(.close(localName(body))) }
        }
        if textStart < b.count { handle(.text(decoded(b[textStart...]))) }
    }

    private static func localName(_ tag: ArraySlice<UInt8>) -> String {
        let name = tag.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != UInt8(ascii: "/") }
        let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
        return String(decoding: local, as: UTF8.self)
    }

    /// Attributes by local name (`w:val="Heading1"` is `val`) and by qualified name (`w:val`),
    /// read from the tag's bytes.
    private static func attributes(_ tag: ArraySlice<UInt8>) -> [String: String] {
        var result: [String: String] = [:]
        var unprefixed: Set<String> = []
        var i = tag.startIndex
        // past the element's name
        while i < tag.endIndex, !isSpace(tag[i]) { i += 1 }
        while i < tag.endIndex {
            while i < tag.endIndex, isSpace(tag[i]) { i += 1 }
            let keyStart = i
            while i < tag.endIndex, tag[i] != UInt8(ascii: "="), !isSpace(tag[i]) { i += 1 }
            let key = tag[keyStart..<i]
            while i < tag.endIndex, isSpace(tag[i]) { i += 1 }
            guard i < tag.endIndex, tag[i] == UInt8(ascii: "=") else { if i == keyStart { i += 1 }; continue }
            i += 1
            while i < tag.endIndex, isSpace(tag[i]) { i += 1 }
            guard i < tag.endIndex, tag[i] == UInt8(ascii: "\"") || tag[i] == UInt8(ascii: "'") else { break }
            let quote = tag[i]
            guard let close = tag[(i + 1)...].firstIndex(of: quote) else { break }
            let value = decoded(tag[(i + 1)..<close])
            if let colon = key.lastIndex(of: UInt8(ascii: ":")) {
                // a prefixed one under its local name too, unless an unprefixed one has it
                // (`<p:sldId id="256" r:id="rId2"/>`: `id` is 256, `r:id` rId2)
                result[String(decoding: key, as: UTF8.self)] = value
                let local = String(decoding: key[(colon + 1)...], as: UTF8.self)
                if !unprefixed.contains(local) { result[local] = value }
            } else {
                let name = String(decoding: key, as: UTF8.self)
                unprefixed.insert(name)
                result[name] = value
            }
            i = close + 1
        }
        return result
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// Character data with its five entities and numeric references decoded.
    static func decoded(_ b: ArraySlice<UInt8>) -> String {
        let s = String(decoding: b, as: UTF8.self)
        guard s.contains("&") else { return s }
        var out = ""
        var rest = s[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].prefix(12).firstIndex(of: ";") else { out += "&"; rest = rest[rest.index(after: amp)...]; continue }
            let name = rest[rest.index(after: amp)..<semi]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(name)]
            var numeric: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X"), let v = UInt32(name.dropFirst(2), radix: 16) {
                numeric = Unicode.Scalar(v).map { String(Character($0)) }
            } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()) {
                numeric = Unicode.Scalar(v).map { String(Character($0)) }
            }
            if let value = named ?? numeric {
                out += value
                rest = rest[rest.index(after: semi)...]
            } else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        return out + rest
    }
}
