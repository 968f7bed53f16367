/// Recursive-descent parser for the `SimpleRegex` dialect.
struct RegexParser {
    let scalars: [Unicode.Scalar]
    let path: String
    var pos = 0
    var anchoredStart = false
    var anchoredEnd = false
    typealias Node = SimpleRegex.Node
    typealias CharClass = SimpleRegex.CharClass

    func fail(_ reason: String) -> LocalModelError { .unsupportedSchema(path: path, reason: "pattern: \(reason)") }
    var atEnd: Bool { pos >= scalars.count }
    var peek: Unicode.Scalar? { atEnd ? nil : scalars[pos] }

    mutating func parseAll() throws -> Node {
        if peek == "^" { anchoredStart = true; pos += 1 }
        let node = try parseAlt()
        guard atEnd else { throw fail("unexpected ')' at \(pos)") }
        return node
    }

    mutating func parseAlt() throws -> Node {
        var options = [try parseConcat()]
        while peek == "|" { pos += 1; options.append(try parseConcat()) }
        return options.count == 1 ? options[0] : .alt(options)
    }

    mutating func parseConcat() throws -> Node {
        var items: [Node] = []
        while let c = peek, c != "|", c != ")" {
            if c == "$" {
                pos += 1
                guard atEnd else { throw fail("'$' is only supported at the end") }
                anchoredEnd = true
                break
            }
            var atom = try parseAtom()
            atom = try parseQuantifier(atom)
            items.append(atom)
        }
        return items.count == 1 ? items[0] : .concat(items)
    }

    mutating func parseQuantifier(_ atom: Node) throws -> Node {
        guard let c = peek else { return atom }
        var result: Node
        switch c {
        case "*": pos += 1; result = .repeatNode(atom, min: 0, max: nil)
        case "+": pos += 1; result = .repeatNode(atom, min: 1, max: nil)
        case "?": pos += 1; result = .repeatNode(atom, min: 0, max: 1)
        case "{":
            guard let (mn, mx) = try parseBraces() else { return atom }
            result = .repeatNode(atom, min: mn, max: mx)
        default: return atom
        }
        if peek == "?" || peek == "+" { throw fail("lazy or possessive quantifiers are not supported") }
        return result
    }

    /// `{n}`, `{n,}`, `{n,m}`; nil (and no input consumed) when `{` is a literal.
    mutating func parseBraces() throws -> (Int, Int?)? {
        let save = pos
        pos += 1
        func number() -> Int? {
            var v = 0, any = false
            while let c = peek, let d = Int(String(c)), c.isASCII { v = v * 10 + d; any = true; pos += 1; if v > 1000 { break } }
            return any ? v : nil
        }
        guard let mn = number() else { pos = save; return nil }
        var mx: Int? = mn
        if peek == "," { pos += 1; mx = number() }
        guard peek == "}" else { pos = save; return nil }
        pos += 1
        if let mx, mx < mn { throw fail("bad repetition bounds") }
        if mn > 256 || (mx ?? 0) > 256 { throw fail("repetition bound above 256") }
        return (mn, mx)
    }

    mutating func parseAtom() throws -> Node {
        let c = scalars[pos]
        pos += 1
        switch c {
        case "(":
            if peek == "?" {
                guard pos + 1 < scalars.count, scalars[pos + 1] == ":" else { throw fail("lookarounds and named groups are not supported") }
                pos += 2
            }
            let inner = try parseAlt()
            guard peek == ")" else { throw fail("missing ')'") }
            pos += 1
            return inner
        case "[": return .char(try parseClass())
        case ".": return .char(.any)
        case "\\": return .char(try parseEscape(inClass: false))
        case "*", "+", "?": throw fail("quantifier without operand")
        default: return .char(CharClass(ranges: [c.value...c.value], negated: false))
        }
    }

    static let digit: [ClosedRange<UInt32>] = [0x30...0x39]
    static let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    static let space: [ClosedRange<UInt32>] = [0x09...0x0D, 0x20...0x20]

    mutating func parseEscape(inClass: Bool) throws -> CharClass {
        guard let c = peek else { throw fail("trailing backslash") }
        pos += 1
        switch c {
        case "d": return CharClass(ranges: Self.digit, negated: false)
        case "D": return CharClass(ranges: Self.digit, negated: true)
        case "w": return CharClass(ranges: Self.word, negated: false)
        case "W": return CharClass(ranges: Self.word, negated: true)
        case "s": return CharClass(ranges: Self.space, negated: false)
        case "S": return CharClass(ranges: Self.space, negated: true)
        case "n": return CharClass(ranges: [0x0A...0x0A], negated: false)
        case "t": return CharClass(ranges: [0x09...0x09], negated: false)
        case "r": return CharClass(ranges: [0x0D...0x0D], negated: false)
        default:
            if c.properties.isAlphabetic || ("0"..."9").contains(c) { throw fail("escape \\\(c) is not supported") }
            return CharClass(ranges: [c.value...c.value], negated: false)
        }
    }

    mutating func parseClass() throws -> CharClass {
        var negated = false
        if peek == "^" { negated = true; pos += 1 }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while let c = peek, c != "]" || first {
            first = false
            pos += 1
            var lo: UInt32
            if c == "\\" {
                let cls = try parseEscape(inClass: true)
                if cls.negated || cls.ranges.count != 1 || cls.ranges[0].count != 1 {
                    guard !cls.negated else { throw fail("negated escapes inside classes are not supported") }
                    ranges += cls.ranges
                    continue
                }
                lo = cls.ranges[0].lowerBound
            } else {
                lo = c.value
            }
            if peek == "-", pos + 1 < scalars.count, scalars[pos + 1] != "]" {
                pos += 1
                var hi = scalars[pos].value
                pos += 1
                if hi == 0x5C, let e = peek { hi = e.value; pos += 1 }
                guard hi >= lo else { throw fail("bad class range") }
                ranges.append(lo...hi)
            } else {
                ranges.append(lo...lo)
            }
        }
        guard peek == "]" else { throw fail("missing ']'") }
        pos += 1
        return CharClass(ranges: ranges, negated: negated)
    }
}
