import Foundation

/// Why JSON text could not be read: where and what was expected. Never quotes the text itself.
public struct JSONTextError: Error, CustomStringConvertible, Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var reason: String

    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A strict, bounded JSON reader (RFC 8259) for the files and streams `intent` is handed:
/// `--input`, config.json, secrets.json.
///
/// Unlike `JSONDecoder` it bounds nesting (no deep recursion on hostile input), refuses duplicate
/// keys, and keeps numbers honest: with `.exactOrText`, a number a `Double` cannot hold exactly
/// (an integer beyond 2^53, more than 15 significant digits, out of range) is kept as its literal
/// text (`.string("12345678901234567890")`), so no digit is silently altered and nothing traps.
public enum JSONText {
    public enum Numbers: Sendable {
        /// Every number becomes a `Double` (finite ones only; others are an error).
        case double
        /// Numbers a `Double` cannot hold exactly become their literal text.
        case exactOrText
    }

    /// The deepest nesting of arrays and objects accepted.
    public static let defaultMaxDepth = 64

    public static func parse(_ data: Data, numbers: Numbers = .exactOrText,
                             maxDepth: Int = defaultMaxDepth) throws(JSONTextError) -> JSONValue {
        var reader = JSONTextReader(bytes: Array(data), numbers: numbers, maxDepth: maxDepth)
        return try reader.document()
    }
}

/// The largest integer magnitude a `Double` holds exactly together with all smaller ones.
let exactDoubleIntegerLimit: Double = 9_007_199_254_740_992  // 2^53

struct JSONTextReader {
    let bytes: [UInt8]
    let numbers: JSONText.Numbers
    let maxDepth: Int
    var i = 0

    init(bytes: [UInt8], numbers: JSONText.Numbers, maxDepth: Int) {
        self.bytes = bytes
        self.numbers = numbers
        self.maxDepth = maxDepth
    }

    /// Containers being built, innermost last; the parse is iterative so depth costs no stack.
    private enum Frame {
        case array([JSONValue])
        case object([String: JSONValue], key: String)
    }

    mutating func document() throws(JSONTextError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        var stack: [Frame] = []
        var value: JSONValue
        parse: while true {
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input") }
            // Read one value, or open a container.
            switch bytes[i] {
            case UInt8(ascii: "{"):
                guard stack.count < maxDepth else { throw fail("nested deeper than \(maxDepth) levels") }
                i += 1
                skipSpace()
                if peek(UInt8(ascii: "}")) { i += 1; value = .object([:]); break }
                stack.append(.object([:], key: try memberKey()))
                continue parse
            case UInt8(ascii: "["):
                guard stack.count < maxDepth else { throw fail("nested deeper than \(maxDepth) levels") }
                i += 1
                skipSpace()
                if peek(UInt8(ascii: "]")) { i += 1; value = .array([]); break }
                stack.append(.array([]))
                continue parse
            case UInt8(ascii: "\""): value = .string(try string())
            case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
            case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
            case UInt8(ascii: "n"): try literal("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try number()
            default: throw fail("expected a value")
            }
            // Put the value into its container; close containers that end here.
            while true {
                guard let top = stack.popLast() else {
                    skipSpace()
                    guard i == bytes.count else { throw fail("unexpected text after the JSON value") }
                    return value
                }
                skipSpace()
                switch top {
                case .array(var items):
                    items.append(value)
                    if peek(UInt8(ascii: ",")) { i += 1; stack.append(.array(items)); continue parse }
                    guard peek(UInt8(ascii: "]")) else { throw fail("expected ',' or ']'") }
                    i += 1
                    value = .array(items)
                case .object(var fields, let current):
                    fields[current] = value
                    if peek(UInt8(ascii: ",")) {
                        i += 1
                        skipSpace()
                        let next = try memberKey()
                        guard fields[next] == nil else { throw fail("duplicate key") }
                        stack.append(.object(fields, key: next))
                        continue parse
                    }
                    guard peek(UInt8(ascii: "}")) else { throw fail("expected ',' or '}'") }
                    i += 1
                    value = .object(fields)
                }
            }
        }
    }

    /// `"name" :` — the key of the next member.
    private mutating func memberKey() throws(JSONTextError) -> String {
        guard peek(UInt8(ascii: "\"")) else { throw fail("expected a string key") }
        let k = try string()
        skipSpace()
        guard peek(UInt8(ascii: ":")) else { throw fail("expected ':' after a key") }
        i += 1
        return k
    }

    private func peek(_ b: UInt8) -> Bool { i < bytes.count && bytes[i] == b }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func literal(_ word: StaticString) throws(JSONTextError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard i + expected.count <= bytes.count, bytes[i..<(i + expected.count)].elementsEqual(expected) else {
            throw fail("expected a value")
        }
        i += expected.count
    }

    private mutating func number() throws(JSONTextError) -> JSONValue {
        let start = i
        if peek(UInt8(ascii: "-")) { i += 1 }
        var significant = 0
        var leading = true
        func digits(_ counting: Bool) -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                if counting, !(leading && bytes[i] == 0x30) { leading = false; significant += 1 }
                i += 1
            }
            return i - s
        }
        if peek(UInt8(ascii: "0")) {
            i += 1
            if i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { throw fail("a number has a leading zero") }
        } else if digits(true) == 0 {
            throw fail("expected digits")
        }
        if peek(UInt8(ascii: ".")) {
            i += 1
            guard digits(true) > 0 else { throw fail("expected digits after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            i += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { i += 1 }
            guard digits(false) > 0 else { throw fail("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        let value = Double(text)
        // A plain integer is exact below 2^53; a decimal or exponent form when it also has at
        // most 15 significant digits (which a double always round-trips).
        let plainInteger = !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") })
        let exact = (value.map { $0.isFinite && abs($0) < exactDoubleIntegerLimit } ?? false)
            && (plainInteger || significant <= 15)
        if exact, let value { return .number(value) }
        switch numbers {
        case .exactOrText: return .string(text)
        case .double:
            guard let value, value.isFinite else { throw fail("a number out of range") }
            return .number(value)
        }
    }

    private mutating func string() throws(JSONTextError) -> String {
        i += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw fail("a control character inside a string") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw fail("unterminated string") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail("an unpaired surrogate escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("an unpaired surrogate escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("an unpaired surrogate escape")
                }
                guard let u = Unicode.Scalar(scalar) else { throw fail("an invalid \\u escape") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw fail("an invalid escape")
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else { throw fail("a string that is not UTF-8") }
        return text
    }

    private mutating func hex4() throws(JSONTextError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("an invalid \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw fail("an invalid \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private func fail(_ reason: String) -> JSONTextError {
        var line = 1, column = 1
        for b in bytes[..<min(i, bytes.count)] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return JSONTextError(line: line, column: column, reason: reason)
    }
}
