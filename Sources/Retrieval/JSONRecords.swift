import Foundation

/// Text of a JSON document as records: each object is one line of its scalar members, labelled
/// with their keys (`name: Spotify Family; price: 19.99; renews: 2026-11-21 (21 November 2026)`),
/// so "how much is Spotify" finds the object that says both; the objects and arrays an object
/// holds follow as lines of their own. Values are source runs (a string's content, escapes as
/// written; a number or `true` as written), keys and separators map to no source byte. Strings in
/// an array are each a line, labelled with the array's key. A document that does not parse, or
/// nests deeper than `maxDepth`, is read as before: its string values, a paragraph each.
enum JSONRecords {
    static let maxDepth = 32

    /// A scalar member: its key's text and the value's source range.
    private struct Member { var key: String?; var range: Range<Int>; var isString: Bool }

    static func extract(_ b: [UInt8], from start: Int, encoding: TextEncoding) -> ExtractedText? {
        var builder = ExtractedTextBuilder(source: b, encoding: encoding)
        var i = skipSpace(b, start)
        guard i < b.count, emit(b, at: i, key: nil, depth: 0, encoding: encoding, into: &builder) != nil else { return nil }
        i = (end(of: b, at: i) ?? b.count)
        guard skipSpace(b, i) == b.count else { return nil }
        return builder.build()
    }

    /// Emits the value at `i` (its records); returns false when it does not parse.
    private static func emit(_ b: [UInt8], at i: Int, key: String?, depth: Int, encoding: TextEncoding,
                             into builder: inout ExtractedTextBuilder) -> Bool? {
        guard depth < maxDepth, i < b.count else { return nil }
        var scalars: [Member] = []
        var nested: [(key: String?, at: Int)] = []
        switch b[i] {
        case UInt8(ascii: "{"):
            var j = skipSpace(b, i + 1)
            if j < b.count, b[j] == UInt8(ascii: "}") { return true }
            while true {
                guard j < b.count, b[j] == UInt8(ascii: "\""), let keyEnd = stringEnd(b, j) else { return nil }
                let name = encoding.decode(b[(j + 1)..<keyEnd])
                j = skipSpace(b, keyEnd + 1)
                guard j < b.count, b[j] == UInt8(ascii: ":") else { return nil }
                j = skipSpace(b, j + 1)
                guard j < b.count, let valueEnd = end(of: b, at: j) else { return nil }
                if b[j] == UInt8(ascii: "{") || b[j] == UInt8(ascii: "[") {
                    nested.append((name, j))
                } else {
                    let quoted = b[j] == UInt8(ascii: "\"")
                    scalars.append(Member(key: name, range: quoted ? (j + 1)..<(valueEnd - 1) : j..<valueEnd, isString: quoted))
                }
                j = skipSpace(b, valueEnd)
                guard j < b.count else { return nil }
                if b[j] == UInt8(ascii: "}") { break }
                guard b[j] == UInt8(ascii: ",") else { return nil }
                j = skipSpace(b, j + 1)
            }
            line(scalars, b: b, into: &builder)
        case UInt8(ascii: "["):
            var j = skipSpace(b, i + 1)
            if j < b.count, b[j] == UInt8(ascii: "]") { return true }
            while true {
                guard j < b.count, let valueEnd = end(of: b, at: j) else { return nil }
                if b[j] == UInt8(ascii: "{") || b[j] == UInt8(ascii: "[") {
                    nested.append((key, j))
                } else if b[j] == UInt8(ascii: "\"") {
                    line([Member(key: key, range: (j + 1)..<(valueEnd - 1), isString: true)], b: b, into: &builder)
                }
                j = skipSpace(b, valueEnd)
                guard j < b.count else { return nil }
                if b[j] == UInt8(ascii: "]") { break }
                guard b[j] == UInt8(ascii: ",") else { return nil }
                j = skipSpace(b, j + 1)
            }
        default:
            guard let valueEnd = end(of: b, at: i) else { return nil }
            let quoted = b[i] == UInt8(ascii: "\"")
            line([Member(key: key, range: quoted ? (i + 1)..<(valueEnd - 1) : i..<valueEnd, isString: quoted)], b: b, into: &builder)
        }
        for (name, at) in nested {
            guard emit(b, at: at, key: name, depth: depth + 1, encoding: encoding, into: &builder) != nil else { return nil }
        }
        return true
    }

    /// One record line of `members` (empty strings left out).
    private static func line(_ members: [Member], b: [UInt8], into builder: inout ExtractedTextBuilder) {
        var first = true
        for member in members where b[member.range].contains(where: { !SentenceSplitter.isSpace($0) }) {
            if !first { builder.appendText("; ") }
            first = false
            if let key = member.key { builder.appendText(key + ": ") }
            builder.appendSource(member.range)
            if member.isString, let spelled = CSVExtractor.spelledISODate(b[member.range]) { builder.appendText(" (\(spelled))") }
        }
        if !first { builder.appendBreak() }
    }

    /// The index after the value at `i` (iterative: brackets counted outside strings), nil when it does not end.
    private static func end(of b: [UInt8], at i: Int) -> Int? {
        guard i < b.count else { return nil }
        switch b[i] {
        case UInt8(ascii: "\""):
            return stringEnd(b, i).map { $0 + 1 }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var j = i
            while j < b.count {
                switch b[j] {
                case UInt8(ascii: "\""):
                    guard let e = stringEnd(b, j) else { return nil }
                    j = e
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return j + 1 }
                default: break
                }
                j += 1
            }
            return nil
        default:
            var j = i
            while j < b.count, !SentenceSplitter.isSpace(b[j]), ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(b[j]) {
                j += 1
            }
            return j > i ? j : nil
        }
    }

    /// The index of the quote closing the string that opens at `i`.
    private static func stringEnd(_ b: [UInt8], _ i: Int) -> Int? {
        var j = i + 1
        while j < b.count {
            if b[j] == UInt8(ascii: "\\") { j += 2; continue }
            if b[j] == UInt8(ascii: "\"") { return j }
            j += 1
        }
        return nil
    }

    private static func skipSpace(_ b: [UInt8], _ i: Int) -> Int {
        var j = i
        while j < b.count, SentenceSplitter.isSpace(b[j]) { j += 1 }
        return j
    }
}
