import Foundation

/// Text of a JSON document as records: each object is one line of its members, labelled with
/// their keys (`name: Spotify Family; price: 19.99; renews: 2026-11-21 (21 November 2026)`), so
/// "how much is Spotify" finds the object that says both.
///
/// Values are source runs (a string's content, escapes as written; a number or `true` as
/// written); keys and separators map to no source byte, and `null` and empty strings are left
/// out. A short list of short scalars (`"times": ["07:30", "19:30"]`) and a small object of
/// scalars (`"address": {"city": …}`) stay in their record (`times: 07:30, 19:30`,
/// `address city: …`); longer lists, bigger objects and lists of objects are records of their
/// own. The text keeps the file's order, so every run of text maps forward into the file and a
/// quote is one stretch of it: a record that holds a record of its own is cut there and goes on
/// in a new line after it. A document that does not parse, or nests deeper than `maxDepth`, is
/// read as before: its string values, a paragraph each.
enum JSONRecords {
    static let maxDepth = 32
    /// A list of at most this many scalars, each at most `inlineBytes` long, stays in its record.
    static let inlineValues = 8
    static let inlineBytes = 40
    /// An object of at most this many scalar members stays in the record that holds it.
    static let inlineMembers = 6

    /// A parsed value: source ranges only (a string's range is its content, inside the quotes).
    indirect enum Node {
        case scalar(Range<Int>, isString: Bool)
        case null
        case array([Node])
        case object([(key: String, value: Node)])

        var isScalar: Bool { if case .scalar = self { true } else if case .null = self { true } else { false } }
    }

    static func extract(_ b: [UInt8], from start: Int, encoding: TextEncoding) -> ExtractedText? {
        var parser = Parser(b: b, encoding: encoding, i: start)
        guard let root = parser.value(depth: 0) else { return nil }
        guard parser.skipSpace() == b.count else { return nil }
        var writer = Writer(b: b, builder: ExtractedTextBuilder(source: b, encoding: encoding))
        writer.emit(root, key: nil)
        writer.flush()
        return writer.builder.build()
    }

    /// Writes records in the file's order.
    private struct Writer {
        let b: [UInt8]
        var builder: ExtractedTextBuilder
        /// Members written to the current line so far.
        var open = false

        mutating func emit(_ node: Node, key: String?) {
            switch node {
            case .null: break
            case .scalar:
                member(key, node)
                flush()
            case .array(let items):
                if let key, inlineList(items) { member(key, node); flush(); return }
                for item in items {
                    if item.isScalar { member(key, item); flush() } else { emit(item, key: key) }
                }
            case .object(let members):
                for (name, value) in members { add(name, value) }
                flush()
            }
        }

        /// A member of the object whose line is being written.
        private mutating func add(_ name: String, _ value: Node) {
            switch value {
            case .null: break
            case .scalar: member(name, value)
            case .array(let items) where inlineList(items): member(name, value)
            case .object(let inner) where inner.count <= inlineMembers && inner.allSatisfy({ $0.value.isScalar }):
                for (sub, v) in inner { member("\(name) \(sub)", v) }
            default:
                flush()
                emit(value, key: name)
            }
        }

        /// True for a short list of short scalars.
        private func inlineList(_ items: [Node]) -> Bool {
            items.count <= inlineValues && items.allSatisfy {
                switch $0 {
                case .null: true
                case .scalar(let r, _): r.count <= inlineBytes
                default: false
                }
            }
        }

        /// Appends `label: value` (a list's values joined by commas); nothing for null or empty.
        private mutating func member(_ label: String?, _ value: Node) {
            let values: [(Range<Int>, Bool)]
            switch value {
            case .scalar(let r, let s): values = [(r, s)]
            case .array(let items): values = items.compactMap { if case .scalar(let r, let s) = $0 { (r, s) } else { nil } }
            default: values = []
            }
            let shown = values.filter { r, _ in b[r].contains { !SentenceSplitter.isSpace($0) } }
            guard !shown.isEmpty else { return }
            if open { builder.appendText("; ") }
            open = true
            if let label { builder.appendText(label + ": ") }
            for (n, (r, isString)) in shown.enumerated() {
                if n > 0 { builder.appendText(", ") }
                builder.appendSource(r)
                if isString, let spelled = CSVExtractor.spelledISODate(b[r]) { builder.appendText(" (\(spelled))") }
            }
        }

        /// Ends the current line.
        mutating func flush() {
            if open { builder.appendBreak() }
            open = false
        }
    }

    /// A recursive-descent reader of ranges (nothing decoded but keys).
    private struct Parser {
        let b: [UInt8]
        let encoding: TextEncoding
        var i: Int

        mutating func skipSpace() -> Int {
            while i < b.count, SentenceSplitter.isSpace(b[i]) { i += 1 }
            return i
        }

        mutating func value(depth: Int) -> Node? {
            guard depth < maxDepth, skipSpace() < b.count else { return nil }
            switch b[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(key: String, value: Node)] = []
                if skipSpace() < b.count, b[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                while true {
                    guard skipSpace() < b.count, b[i] == UInt8(ascii: "\""), let keyEnd = stringEnd(i) else { return nil }
                    let key = encoding.decode(b[(i + 1)..<keyEnd])
                    i = keyEnd + 1
                    guard skipSpace() < b.count, b[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let v = value(depth: depth + 1) else { return nil }
                    members.append((key, v))
                    guard skipSpace() < b.count else { return nil }
                    if b[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                    guard b[i] == UInt8(ascii: ",") else { return nil }
                    i += 1
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [Node] = []
                if skipSpace() < b.count, b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    guard let v = value(depth: depth + 1) else { return nil }
                    items.append(v)
                    guard skipSpace() < b.count else { return nil }
                    if b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    guard b[i] == UInt8(ascii: ",") else { return nil }
                    i += 1
                }
            case UInt8(ascii: "\""):
                guard let e = stringEnd(i) else { return nil }
                defer { i = e + 1 }
                return .scalar((i + 1)..<e, isString: true)
            default:
                let start = i
                while i < b.count, !SentenceSplitter.isSpace(b[i]),
                      ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(b[i]) { i += 1 }
                guard i > start else { return nil }
                return b[start..<i].elementsEqual("null".utf8) ? .null : .scalar(start..<i, isString: false)
            }
        }

        /// The index of the quote closing the string that opens at `at`.
        func stringEnd(_ at: Int) -> Int? {
            var j = at + 1
            while j < b.count {
                if b[j] == UInt8(ascii: "\\") { j += 2; continue }
                if b[j] == UInt8(ascii: "\"") { return j }
                j += 1
            }
            return nil
        }
    }
}
