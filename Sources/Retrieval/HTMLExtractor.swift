import Foundation

/// Text of an HTML document: the character data outside tags, with `script`, `style` and
/// comments skipped and a paragraph break at every block-level tag.
///
/// Text runs are kept verbatim (entities such as `&amp;` stay as written) so every extracted
/// character is a source character (decoded from Windows-1252 when the file is not UTF-8); inline tags (`b`, `a`, `span`, ...) join their neighbours without a break.
/// A heading (`h1`–`h6`) starts with a `# ` that maps to no source byte, as a Markdown heading
/// reads: it labels the text under it and is never an answer sentence of its own.
enum HTMLExtractor {
    /// Not text a person reads for answers: code, and a page's navigation and footer (links,
    /// copyright lines) that would otherwise join answers as sentences of their own.
    static let skippedElements: Set<String> = ["script", "style", "noscript", "template", "svg", "head", "nav", "footer"]
    static let blockElements: Set<String> = [
        "p", "div", "br", "hr", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6",
        "table", "tr", "td", "th", "thead", "tbody", "section", "article", "header", "footer", "nav",
        "aside", "main", "blockquote", "pre", "figure", "figcaption", "title", "body", "html", "form",
        "details", "summary", "caption", "address",
    ]

    static let headingElements: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    /// Blocks that start a line of their own inside a table cell once the cell holds text.
    static let layoutElements: Set<String> = headingElements.union(["p"])

    static func extract(_ bytes: [UInt8], from start: Int, encoding: TextEncoding = .utf8) -> ExtractedText {
        var builder = ExtractedTextBuilder(source: bytes, encoding: encoding)
        var i = start
        var runStart = start
        let n = bytes.count

        var table = HTMLTable.Rows()
        // A definition list's term and its description read as one `label: value` line.
        var term = DefinitionTerm()

        func flushRun(_ end: Int) {
            guard runStart < end, !table.skipping else { return }
            guard table.inCell else {
                if bytes[runStart..<end].contains(where: { !isSpace($0) }) {
                    builder.appendSource(runStart..<end)
                    term.noteText(bytes[runStart..<end])
                }
                return
            }
            // a cell's text: its label first (once), white space at its ends dropped
            var lo = runStart, hi = end
            while lo < hi, isSpace(bytes[lo]) { lo += 1 }
            while hi > lo, isSpace(bytes[hi - 1]) { hi -= 1 }
            guard lo < hi else { return }
            if let prefix = table.takePrefix() { builder.appendText(prefix) } else if table.needsSpace { builder.appendText(" ") }
            builder.appendSource(lo..<hi)
            table.needsSpace = true
        }

        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            flushRun(i)
            if hasPrefix(bytes, at: i, "<!--") {
                i = find(bytes, "-->", from: i + 4).map { $0 + 3 } ?? n
            } else if i + 1 < n, bytes[i + 1] == UInt8(ascii: "!") || bytes[i + 1] == UInt8(ascii: "?") {
                i = find(bytes, ">", from: i).map { $0 + 1 } ?? n
            } else {
                let tagStart = i
                let (name, closing, end) = readTag(bytes, at: i)
                i = end
                if !table.inCell, let join = term.handle(name, closing: closing, bytes: bytes, after: end) {
                    // `<dt>Booking reference</dt><dd>BEH-4471-2260</dd>`, as an NHS or GOV.UK
                    // summary list sets out its details: `Booking reference: BEH-4471-2260`.
                    if !join.isEmpty { builder.appendText(join) }
                } else if !closing, skippedElements.contains(name) {
                    i = find(bytes, "</\(name)", from: i, caseInsensitive: true)
                        .flatMap { find(bytes, ">", from: $0) }.map { $0 + 1 } ?? n
                    builder.appendBreak()
                } else if HTMLTable.elements.contains(name) {
                    if table.handle(name, closing: closing, bytes: bytes, tag: tagStart..<end, encoding: encoding) { builder.appendBreak() }
                } else if blockElements.contains(name), table.inCell {
                    // A cell that lays out a page (an email's body in one cell): its paragraphs
                    // and headings are lines of their own. A value's paragraphs stay one line.
                    if !closing, headingElements.contains(name) { table.noteHeading() }
                    // (in a cell holding a heading, its divisions and line breaks are lines too)
                    let lineBreak = layoutElements.contains(name) || table.headed && ["div", "br", "li"].contains(name)
                    if lineBreak, !closing, table.needsSpace, table.inLayoutCell {
                        builder.appendBreak()
                        if headingElements.contains(name) { builder.appendMarker("# ") }
                        table.needsSpace = false
                    } else {
                        table.needsSpace = true
                    }
                } else if blockElements.contains(name) {
                    builder.appendBreak()
                    if !closing, headingElements.contains(name) { builder.appendMarker("# ") }
                }
            }
            runStart = i
        }
        flushRun(n)
        return builder.build()
    }

    /// Reads the tag at `i` (which is `<`): its lowercased name, whether it closes, and the index after `>`.
    static func readTag(_ b: [UInt8], at i: Int) -> (String, Bool, Int) {
        var j = i + 1
        let closing = j < b.count && b[j] == UInt8(ascii: "/")
        if closing { j += 1 }
        var name: [UInt8] = []
        while j < b.count, isNameByte(b[j]) { name.append(b[j] | 0x20); j += 1 }
        var quote: UInt8 = 0
        while j < b.count {
            let c = b[j]
            if quote != 0 { if c == quote { quote = 0 } } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: ">") { return (String(decoding: name, as: UTF8.self), closing, j + 1) }
            j += 1
        }
        return (String(decoding: name, as: UTF8.self), closing, b.count)
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C }
    private static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-")
    }

    static func hasPrefix(_ b: [UInt8], at i: Int, _ s: String) -> Bool {
        let p = Array(s.utf8)
        return i + p.count <= b.count && Array(b[i..<(i + p.count)]) == p
    }

    static func find(_ b: [UInt8], _ s: String, from: Int, caseInsensitive: Bool = false) -> Int? {
        let p = Array(s.utf8)
        guard !p.isEmpty, from + p.count <= b.count else { return nil }
        var i = from
        while i + p.count <= b.count {
            var k = 0
            while k < p.count, (caseInsensitive ? b[i + k] | 0x20 : b[i + k]) == (caseInsensitive ? p[k] | 0x20 : p[k]) {
                k += 1
            }
            if k == p.count { return i }
            i += 1
        }
        return nil
    }
}

/// Text of a JSON document: the contents of its string values (keys are skipped), each verbatim
/// (escapes stay as written) and separated by paragraph breaks.
enum JSONTextExtractor {
    static func extract(_ b: [UInt8], from start: Int, encoding: TextEncoding = .utf8) -> ExtractedText {
        var builder = ExtractedTextBuilder(source: b, encoding: encoding)
        var i = start
        while i < b.count {
            guard b[i] == UInt8(ascii: "\"") else { i += 1; continue }
            var j = i + 1
            while j < b.count, b[j] != UInt8(ascii: "\"") {
                j += b[j] == UInt8(ascii: "\\") ? 2 : 1
            }
            let content = (i + 1)..<min(j, b.count)
            var k = j + 1
            while k < b.count, HTMLExtractor.isSpace(b[k]) { k += 1 }
            let isKey = k < b.count && b[k] == UInt8(ascii: ":")
            if !isKey, b[content].contains(where: { !HTMLExtractor.isSpace($0) }) {
                builder.appendSource(content)
                builder.appendBreak()
            }
            i = j + 1
        }
        return builder.build()
    }
}
