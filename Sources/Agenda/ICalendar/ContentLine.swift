import Foundation

/// One parameter of a content line (`;TZID=Europe/Berlin`, `;TYPE=work,voice`).
/// Names are upper-cased; quoted values are unquoted; RFC 6868 `^` escapes are decoded.
public struct ContentParameter: Sendable, Hashable, Codable {
    public var name: String
    public var values: [String]
    public init(name: String, values: [String]) { self.name = name; self.values = values }
}

/// One unfolded content line of an iCalendar or vCard stream (RFC 5545 §3.1, RFC 6350 §3.3).
public struct ContentLine: Sendable, Hashable, Codable {
    /// vCard property group (`item1` in `item1.EMAIL`), nil otherwise.
    public var group: String?
    /// Upper-cased property name.
    public var name: String
    public var parameters: [ContentParameter]
    /// The raw value, still escaped as in the file.
    public var value: String
    /// 1-based line number of the first physical line.
    public var line: Int

    public init(group: String? = nil, name: String, parameters: [ContentParameter] = [], value: String, line: Int) {
        self.group = group; self.name = name; self.parameters = parameters; self.value = value; self.line = line
    }

    /// First value of the named parameter (case-insensitive name).
    public func parameter(_ name: String) -> String? {
        let key = name.uppercased()
        return parameters.first { $0.name == key }?.values.first
    }

    /// All values of every parameter with this name.
    public func parameterValues(_ name: String) -> [String] {
        let key = name.uppercased()
        return parameters.filter { $0.name == key }.flatMap(\.values)
    }
}

/// Why a physical line could not be split into name, parameters and value.
/// The reason never quotes the line itself.
public struct ContentLineFailure: Error, Sendable, Equatable {
    public var line: Int
    /// The property name, when the line starts with a well-formed one.
    public var name: String?
    public var reason: String
}

/// A logical (unfolded) line and where it started.
public struct LogicalLine: Sendable {
    public var text: String
    public var line: Int
}

/// Splits, unfolds and tokenises content lines. Shared by the iCalendar and vCard readers.
public enum ContentLineLexer {
    /// Decodes file bytes: strips a UTF-8 BOM, reads UTF-8, falls back to ISO Latin-1
    /// (every byte sequence decodes, so this never fails).
    public static func decode(_ data: Data) -> String {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let text = String(data: bytes, encoding: .utf8) { return text }
        return String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)
    }

    /// Splits on CRLF, LF or CR and joins continuation lines (leading space or tab).
    /// With `quotedPrintableSoftBreaks`, a QUOTED-PRINTABLE line ending in `=` also continues
    /// on the next physical line (vCard 2.1). Blank lines are dropped.
    public static func unfold(_ text: String, quotedPrintableSoftBreaks: Bool = false) -> [LogicalLine] {
        var physical: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var i = start
        while i < utf8.endIndex {
            let b = utf8[i]
            if b == 0x0A || b == 0x0D {
                physical.append(Substring(utf8[start..<i]))
                var next = utf8.index(after: i)
                if b == 0x0D, next < utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
                i = next
                start = i
            } else {
                i = utf8.index(after: i)
            }
        }
        if start < utf8.endIndex { physical.append(Substring(utf8[start...])) }

        var out: [LogicalLine] = []
        var continuesQP = false
        for (index, raw) in physical.enumerated() {
            let number = index + 1
            if let first = raw.first, first == " " || first == "\t", !out.isEmpty {
                out[out.count - 1].text += raw.dropFirst()
                if quotedPrintableSoftBreaks, let last = out.last {
                    continuesQP = last.text.hasSuffix("=") && isQuotedPrintable(last.text)
                }
                continue
            }
            if continuesQP, !out.isEmpty {
                out[out.count - 1].text.removeLast()
                out[out.count - 1].text += raw
            } else if raw.allSatisfy({ $0 == " " || $0 == "\t" }) {
                continue
            } else {
                out.append(LogicalLine(text: String(raw), line: number))
            }
            if quotedPrintableSoftBreaks, let last = out.last {
                continuesQP = last.text.hasSuffix("=") && isQuotedPrintable(last.text)
            }
        }
        return out
    }

    private static func isQuotedPrintable(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        return text[..<colon].uppercased().contains("QUOTED-PRINTABLE")
    }

    /// Tokenises one logical line.
    /// - Parameters:
    ///   - allowGroups: accept a `group.` prefix (vCard).
    ///   - allowBareParameters: accept `;WORK` as `TYPE=WORK` (vCard 2.1).
    public static func parse(_ logical: LogicalLine, allowGroups: Bool = false,
                             allowBareParameters: Bool = false) -> Result<ContentLine, ContentLineFailure> {
        let bytes = Array(logical.text.utf8)
        var knownName: String?
        func fail(_ reason: String) -> Result<ContentLine, ContentLineFailure> {
            .failure(ContentLineFailure(line: logical.line, name: knownName,
                                        reason: "Content line could not be parsed into parts: \(reason)"))
        }
        var i = 0
        while i < bytes.count, bytes[i] != UInt8(ascii: ";"), bytes[i] != UInt8(ascii: ":") { i += 1 }
        guard i < bytes.count else { return fail("no ':' separating the value") }
        var fullName = String(decoding: bytes[0..<i], as: UTF8.self).trimmingSpaces()
        var group: String?
        if allowGroups, let dot = fullName.lastIndex(of: ".") {
            group = String(fullName[..<dot])
            fullName = String(fullName[fullName.index(after: dot)...])
        }
        guard !fullName.isEmpty, fullName.utf8.allSatisfy(isNameByte) else {
            return fail("invalid property name")
        }
        knownName = fullName.count <= 40 ? fullName.uppercased() : nil
        var params: [ContentParameter] = []
        while i < bytes.count, bytes[i] == UInt8(ascii: ";") {
            i += 1
            let nameStart = i
            while i < bytes.count, bytes[i] != 0x3D, bytes[i] != 0x3B, bytes[i] != 0x3A { i += 1 }  // = ; :
            let pname = String(decoding: bytes[nameStart..<i], as: UTF8.self).trimmingSpaces()
            guard !pname.isEmpty, pname.utf8.allSatisfy(isNameByte) else { return fail("empty or invalid parameter name") }
            guard i < bytes.count else { return fail("no ':' separating the value") }
            if bytes[i] != UInt8(ascii: "=") {
                guard allowBareParameters else { return fail("parameter without '='") }
                params.append(ContentParameter(name: "TYPE", values: [pname]))
                continue
            }
            i += 1
            var values: [String] = []
            while true {
                if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
                    let s = i + 1
                    var e = s
                    while e < bytes.count, bytes[e] != UInt8(ascii: "\"") { e += 1 }
                    guard e < bytes.count else { return fail("unterminated quoted parameter value") }
                    values.append(decodeCaret(String(decoding: bytes[s..<e], as: UTF8.self)))
                    i = e + 1
                } else {
                    let s = i
                    while i < bytes.count, bytes[i] != 0x2C, bytes[i] != 0x3B, bytes[i] != 0x3A { i += 1 }  // , ; :
                    values.append(decodeCaret(String(decoding: bytes[s..<i], as: UTF8.self)))
                }
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                break
            }
            params.append(ContentParameter(name: pname.uppercased(), values: values))
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return fail("no ':' separating the value") }
        let value = String(decoding: bytes[(i + 1)...], as: UTF8.self)
        let upper = fullName.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) ? fullName.uppercased() : fullName
        return .success(ContentLine(group: group, name: upper, parameters: params,
                                    value: value, line: logical.line))
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
    }

    private static func decodeCaret(_ s: String) -> String {
        guard s.utf8.contains(0x5E) else { return s }  // ^
        var out = ""
        var it = s.makeIterator()
        while let c = it.next() {
            guard c == "^" else { out.append(c); continue }
            switch it.next() {
            case "n"?, "N"?: out.append("\n")
            case "'"?: out.append("\"")
            case "^"?: out.append("^")
            case let other?: out.append("^"); out.append(other)
            case nil: out.append("^")
            }
        }
        return out
    }
}
