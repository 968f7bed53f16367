import Foundation

/// The text of a Rich Text Format document (`.rtf`: TextEdit's, WordPad's and Word's saves),
/// written as Markdown as a Word document's is (`WordText`): a paragraph of a heading style or an
/// outline level a `# ` line, a list's paragraph a `- ` item, a table through `TableCollector`.
/// Like a Word document's, this text is the document's "extracted text": citations' offsets are
/// into it.
///
/// Read: groups and their state, control words and symbols, `\'hh` in the document's code page
/// (`\ansicpg`, Windows-1252 when unnamed), `\uN` with its `\ucN` fallback characters passed
/// over (and UTF-16 pairs joined), a field's result (not its instruction), the typographic
/// symbols (`\emdash`, `\rquote`, …). Passed over: the font, colour, style and list tables, the
/// document's information, pictures, objects' data, `\bin` data and every `\*` destination not
/// known.
enum RTFText {
    /// The document's text, from the file's bytes; `path` names it in errors.
    static func text(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[start]) { start += 1 }
        guard bytes[start...].starts(with: Array("{\\rtf".utf8)) else {
            throw RetrievalError.documentFailed(path: path, format: "RTF", reason: "it does not open with {\\rtf")
        }
        var reader = Reader(bytes)
        reader.read(from: start)
        return Array(reader.finish().utf8)
    }

    /// Destinations whose text is no part of the document.
    static let skipped: Set<String> = [
        "fonttbl", "colortbl", "stylesheet", "info", "pict", "objdata", "fldinst", "listtable", "listoverridetable",
        "rsidtbl", "generator", "xmlnstbl", "themedata", "colorschememapping", "datastore", "latentstyles",
        "pgdsctbl", "filetbl", "revtbl", "bkmkstart", "bkmkend", "nonshppict", "shppict", "listtext", "pntext",
        "expandedcolortbl", "mmathPr", "wgrffmtfilter", "fchars", "lchars", "template", "falt", "panose",
    ]

    /// Control words that write a character.
    static let symbols: [String: String] = [
        "emdash": "—", "endash": "–", "bullet": "•", "lquote": "‘", "rquote": "’", "ldblquote": "“", "rdblquote": "”",
        "emspace": " ", "enspace": " ", "qmspace": " ", "tab": " ", "line": " ", "zwj": "", "zwnj": "",
    ]

    struct Reader {
        let bytes: [UInt8]
        /// Per open group: whether its text is passed over, and how many fallback characters
        /// follow a `\uN`.
        private var groups: [(skip: Bool, uc: Int)] = [(false, 1)]
        private var out = ""
        private var paragraph = ""
        private var pendingSkip = 0
        private var codePage = [String](repeating: "", count: 256)
        private var highSurrogate: UInt32?
        private var styleNames: [Int: String] = [:]
        private var style = 0, outline = false, listed = false, inTable = false
        private var tables = TableCollector()
        private var tableOpen = false, rowOpen = false, cellOpen = false
        // the stylesheet's group depth while it is read, and the entry being read: its number and name
        private var stylesheetDepth: Int?
        private var entryStyle: Int?, entryName = "", entryDepth = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            setCodePage(1252)
        }

        mutating func read(from start: Int) {
            var i = start
            while i < bytes.count {
                let c = bytes[i]
                switch c {
                case UInt8(ascii: "{"):
                    groups.append(groups.last ?? (false, 1))
                    i += 1
                case UInt8(ascii: "}"):
                    if entryStyle != nil, groups.count == entryDepth { endStyleEntry() }
                    if groups.count == stylesheetDepth { stylesheetDepth = nil }
                    if groups.count > 1 { groups.removeLast() }
                    i += 1
                case UInt8(ascii: "\\"):
                    i = control(at: i)
                case 0x0D, 0x0A:
                    i += 1
                default:
                    var j = i + 1
                    while j < bytes.count, ![UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"), 0x0D, 0x0A].contains(bytes[j]) { j += 1 }
                    for b in bytes[i..<j] { character(b < 0x80 ? String(UnicodeScalar(b)) : codePage[Int(b)]) }
                    i = j
                }
            }
        }

        /// Reads the control word or symbol at `i`; returns the index after it.
        private mutating func control(at i: Int) -> Int {
            var j = i + 1
            guard j < bytes.count else { return j }
            let c = bytes[j]
            guard isLetter(c) else {
                switch c {
                case UInt8(ascii: "'"):
                    let hex = j + 3 <= bytes.count ? String(decoding: bytes[(j + 1)..<(j + 3)], as: UTF8.self) : ""
                    if let value = UInt8(hex, radix: 16) { character(value < 0x80 ? String(UnicodeScalar(value)) : codePage[Int(value)]) }
                    return min(j + 3, bytes.count)
                case 0x0D, 0x0A: endParagraph()
                // (`{\*\name …}`: a destination a reader may pass over; none holds the document's text)
                case UInt8(ascii: "*"): if !inStyleSheet { groups[groups.count - 1].skip = true }
                case UInt8(ascii: "~"): character(" ")
                case UInt8(ascii: "_"): character("-")
                case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"): character(String(UnicodeScalar(c)))
                default: break  // `\-` an optional hyphen, `\|`, `\:`
                }
                return j + 1
            }
            while j < bytes.count, isLetter(bytes[j]) { j += 1 }
            let word = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
            var parameter: Int?
            var k = j
            if k < bytes.count, bytes[k] == UInt8(ascii: "-") || isDigit(bytes[k]) {
                k += 1
                while k < bytes.count, isDigit(bytes[k]) { k += 1 }
                parameter = Int(String(decoding: bytes[j..<k], as: UTF8.self))
            }
            if k < bytes.count, bytes[k] == 0x20 { k += 1 }
            if word == "bin", let n = parameter, n > 0 { return min(k + n, bytes.count) }
            apply(word, parameter)
            return k
        }

        private mutating func apply(_ word: String, _ parameter: Int?) {
            if RTFText.skipped.contains(word) { groups[groups.count - 1].skip = true; return }
            switch word {
            case "ansicpg": setCodePage(parameter ?? 1252)
            case "mac": setCodePage(10000)
            case "uc": groups[groups.count - 1].uc = max(0, parameter ?? 1)
            case "u":
                // (a signed 16-bit value: -1 is U+FFFF; anything outside that range is damage)
                guard var value = parameter, (-32768...65535).contains(value) else { return }
                if value < 0 { value += 65536 }
                unicode(UInt32(value))
                pendingSkip = groups.last?.uc ?? 1
            case "stylesheet": groups[groups.count - 1].skip = true; stylesheetDepth = groups.count
            case "s":
                if entryStyle == nil, groups.count > 1, inStyleSheet { entryStyle = parameter ?? 0; entryDepth = groups.count; entryName = "" }
                else if !inStyleSheet { style = parameter ?? 0 }
            case "outlinelevel": if !inStyleSheet { outline = (parameter ?? 9) < 9 }
            case "ls", "ilvl", "pnlvlblt", "pnlvlbody": if !inStyleSheet { listed = true }
            case "pard": style = 0; outline = false; listed = false; inTable = false
            case "intbl": inTable = true
            case "par", "sect", "page": endParagraph()
            case "cell", "nestcell": endCell()
            case "row", "nestrow": rowOpen = false; cellOpen = false
            default: if let symbol = RTFText.symbols[word] { character(symbol) }
            }
        }

        /// Whether the stylesheet is being read (its entries name the styles headings use).
        private var inStyleSheet: Bool { stylesheetDepth.map { groups.count >= $0 } ?? false }

        private mutating func endStyleEntry() {
            if let number = entryStyle {
                styleNames[number] = entryName.trimmingCharacters(in: CharacterSet(charactersIn: "; ")).lowercased()
            }
            entryStyle = nil
        }

        private mutating func character(_ text: String) {
            if pendingSkip > 0 { pendingSkip -= 1; return }
            if inStyleSheet {
                if entryStyle != nil { entryName += text }
                return
            }
            guard groups.last?.skip != true else { return }
            paragraph += text
        }

        private mutating func unicode(_ value: UInt32) {
            guard groups.last?.skip != true || inStyleSheet else { return }
            if (0xD800..<0xDC00).contains(value) { highSurrogate = value; return }
            var scalarValue = value
            if (0xDC00..<0xE000).contains(value), let high = highSurrogate {
                scalarValue = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
            }
            highSurrogate = nil
            guard let scalar = UnicodeScalar(scalarValue) else { return }
            let saved = pendingSkip
            pendingSkip = 0
            character(String(scalar))
            pendingSkip = saved
        }

        private mutating func endParagraph() {
            let text = paragraph.trimmingCharacters(in: .whitespaces)
            paragraph = ""
            if inTable {
                openCellIfNeeded()
                _ = tables.add(text)
                return
            }
            closeTable()
            guard !text.isEmpty else { return }
            let name = styleNames[style] ?? ""
            let heading = outline || name.hasPrefix("heading") || name == "title" || name == "subtitle"
            out += (heading ? "# " : listed ? "- " : "") + text + "\n\n"
        }

        private mutating func openCellIfNeeded() {
            if !tableOpen { tables.openTable(); tableOpen = true }
            if !rowOpen { tables.openRow(); rowOpen = true; cellOpen = false }
            if !cellOpen { tables.openCell(); cellOpen = true }
        }

        private mutating func endCell() {
            let text = paragraph.trimmingCharacters(in: .whitespaces)
            paragraph = ""
            openCellIfNeeded()
            if !text.isEmpty { _ = tables.add(text) }
            cellOpen = false
        }

        private mutating func closeTable() {
            guard tableOpen else { return }
            if let table = tables.closeTable() { out += WordText.rendered(table) }
            tableOpen = false; rowOpen = false; cellOpen = false
        }

        mutating func finish() -> String {
            endParagraph()
            closeTable()
            return out
        }

        private mutating func setCodePage(_ number: Int) {
            let encoding: String.Encoding = switch number {
            case 1250: .windowsCP1250
            case 1251: .windowsCP1251
            case 1253: .windowsCP1253
            case 1254: .windowsCP1254
            case 10000: .macOSRoman
            default: .windowsCP1252
            }
            for b in 0x80...0xFF {
                codePage[b] = String(bytes: [UInt8(b)], encoding: encoding) ?? ""
            }
        }

        private func isLetter(_ c: UInt8) -> Bool { (0x61...0x7A).contains(c) || (0x41...0x5A).contains(c) }
        private func isDigit(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) }
    }
}
