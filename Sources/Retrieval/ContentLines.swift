/// The content lines of an iCalendar or vCard file (RFC 5545 §3.1, RFC 6350 §3.2), read with the
/// byte ranges they came from so their values can be cited: `NAME;PARAM=v:value`, folded lines
/// (a line break and one space or tab) unfolded.
struct ContentLine {
    /// The property name, upper-cased, without its group (`item1.TEL` is `TEL`).
    let name: String
    /// The group (`item1`), lower-cased, or nil.
    let group: String?
    /// Parameters, names upper-cased, values without their quotes.
    let parameters: [(name: String, value: String)]
    /// The value's source ranges: one per physical line it spans.
    let value: [Range<Int>]

    func parameter(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

    /// The value's bytes, unfolded.
    func valueBytes(_ bytes: [UInt8]) -> [UInt8] { value.flatMap { bytes[$0] } }

    func valueString(_ bytes: [UInt8]) -> String { String(decoding: valueBytes(bytes), as: UTF8.self) }

    /// The values of `TYPE` parameters (`TYPE=CELL,VOICE` and `TYPE=cell;TYPE=pref`), lower-cased.
    var types: [String] {
        parameters.filter { $0.name == "TYPE" }.flatMap { $0.value.lowercased().split(separator: ",").map(String.init) }
    }

    /// The lines of `bytes` from `start`; lines without a name and a colon are passed over.
    static func read(_ bytes: [UInt8], from start: Int) -> [ContentLine] {
        var lines: [ContentLine] = []
        var i = start
        let n = bytes.count
        while i < n {
            // one logical line: physical lines while the next one starts with a space or a tab
            var pieces: [Range<Int>] = []
            var j = i
            while true {
                var end = j
                while end < n, bytes[end] != 0x0A { end += 1 }
                let stop = end > j && bytes[end - 1] == 0x0D ? end - 1 : end
                pieces.append((pieces.isEmpty ? j : j + 1)..<max(pieces.isEmpty ? j : j + 1, stop))
                j = end + 1
                guard j < n, bytes[j] == 0x20 || bytes[j] == 0x09 else { break }
            }
            i = j
            if let line = parse(pieces, bytes) { lines.append(line) }
        }
        return lines
    }

    /// Name, parameters and value of one unfolded line (the colon that ends the name and
    /// parameters is the first one outside quotes).
    private static func parse(_ pieces: [Range<Int>], _ bytes: [UInt8]) -> ContentLine? {
        // the byte positions of the logical line, in order
        var positions: [Int] = []
        for piece in pieces { positions.append(contentsOf: piece) }
        var quoted = false
        guard let colon = positions.firstIndex(where: { p in
            if bytes[p] == 0x22 { quoted.toggle() }
            return !quoted && bytes[p] == UInt8(ascii: ":")
        }), colon > 0 else { return nil }
        let head = String(decoding: positions[..<colon].map { bytes[$0] }, as: UTF8.self)
        var parts = splitOutsideQuotes(head, on: ";")
        let fullName = parts.removeFirst()
        let dot = fullName.lastIndex(of: ".")
        let name = String(dot.map { fullName[fullName.index(after: $0)...] } ?? fullName[...]).uppercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
        let parameters = parts.compactMap { part -> (String, String)? in
            // vCard 2.1 writes a type bare (`TEL;CELL:`)
            guard let eq = part.firstIndex(of: "=") else { return part.isEmpty ? nil : ("TYPE", part) }
            var value = String(part[part.index(after: eq)...])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return (String(part[..<eq]).uppercased(), value)
        }
        // the value: what follows the colon, piece by piece
        let first = positions[colon] + 1
        var value: [Range<Int>] = []
        for piece in pieces where piece.upperBound > first {
            let lo = max(piece.lowerBound, first)
            if lo < piece.upperBound { value.append(lo..<piece.upperBound) }
        }
        return ContentLine(name: name, group: dot.map { fullName[..<$0].lowercased() }, parameters: parameters, value: value)
    }

    private static func splitOutsideQuotes(_ s: String, on separator: Character) -> [String] {
        var parts: [String] = [""]
        var quoted = false
        for c in s {
            if c == "\"" { quoted.toggle() }
            if c == separator, !quoted { parts.append("") } else { parts[parts.count - 1].append(c) }
        }
        return parts
    }

    /// Appends a text value to `builder`, its escapes (`\,` `\;` `\\` `\n`, which becomes
    /// `newline`) undone; with
    /// `components`, each unescaped `;` (a structured value's separator: an address's parts) is
    /// written as `, ` between the parts that are not empty.
    static func appendText(_ value: [Range<Int>], _ bytes: [UInt8], to builder: inout ExtractedTextBuilder,
                           components: Bool = false, newline: UInt8 = 0x0A) {
        var wrote = false, pendingSeparator = false
        func emit(_ write: () -> Void) {
            if pendingSeparator, wrote { builder.appendText(", ") }
            pendingSeparator = false
            write()
            wrote = true
        }
        for piece in value {
            var run = piece.lowerBound
            var i = piece.lowerBound
            func flush(_ end: Int) { if run < end { let r = run..<end; emit { builder.appendSource(r) } } }
            while i < piece.upperBound {
                let c = bytes[i]
                if c == UInt8(ascii: "\\"), i + 1 < piece.upperBound {
                    flush(i)
                    let e = bytes[i + 1]
                    let decoded: UInt8 = e == UInt8(ascii: "n") || e == UInt8(ascii: "N") ? newline : e
                    emit { builder.appendDecoded([decoded], from: i..<(i + 2)) }
                    i += 2
                    run = i
                } else if components, c == UInt8(ascii: ";") {
                    flush(i)
                    pendingSeparator = true
                    i += 1
                    run = i
                } else {
                    i += 1
                }
            }
            flush(piece.upperBound)
        }
    }
}
