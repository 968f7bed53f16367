import Foundation

/// Checks the bytes of a JSON string body against `StringConstraints` as they arrive: escapes,
/// UTF-8 well-formedness, `maxLength` (in characters), `enum` prefixes and `pattern`.
struct StringMatcher {
    enum Outcome { case accepted, closed, reject }
    let constraints: JSONSchema.StringConstraints
    let regex: SimpleRegex?
    private(set) var regexState: RegexState?
    /// Decoded UTF-8 of the content so far.
    private(set) var decoded: [UInt8] = []
    private(set) var characters = 0
    /// Pending escape: nil, or the bytes after the backslash.
    private(set) var escape: [UInt8]?
    /// Pending bytes of an incomplete UTF-8 character.
    private(set) var partial: [UInt8] = []

    init(_ constraints: JSONSchema.StringConstraints) {
        self.constraints = constraints
        regex = constraints.pattern.flatMap { try? SimpleRegex($0) }
        regexState = regex?.initial
    }

    static func utf8Length(_ lead: UInt8) -> Int? {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return nil
        }
    }

    mutating func feed(_ c: UInt8) -> Outcome {
        if var e = escape {
            e.append(c)
            if e.count == 1 {
                let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
                if let v = simple[c] { escape = nil; return character(Unicode.Scalar(v)) ? .accepted : .reject }
                guard c == UInt8(ascii: "u") else { return .reject }
                escape = e
                return escapeViable(e) ? .accepted : .reject
            }
            guard let _ = Int(String(UnicodeScalar(c)), radix: 16) else { return .reject }
            if e.count < 5 { escape = e; return escapeViable(e) ? .accepted : .reject }
            let value = UInt32(String(decoding: e[1...], as: UTF8.self), radix: 16)!
            escape = nil
            guard let scalar = Unicode.Scalar(value) else { return .reject }
            return character(scalar) ? .accepted : .reject
        }
        if !partial.isEmpty {
            guard c & 0xC0 == 0x80 else { return .reject }
            partial.append(c)
            if partial.count == 2 {
                // Reject overlong, surrogate and out-of-range forms early.
                let l = partial[0]
                if (l == 0xE0 && c < 0xA0) || (l == 0xED && c > 0x9F) || (l == 0xF0 && c < 0x90) || (l == 0xF4 && c > 0x8F) { return .reject }
            }
            guard partial.count == StringMatcher.utf8Length(partial[0])! else { return partialViable ? .accepted : .reject }
            let text = String(decoding: partial, as: UTF8.self)
            partial = []
            guard let s = text.unicodeScalars.first else { return .reject }
            return character(s) ? .accepted : .reject
        }
        switch c {
        case 0x22: return isComplete ? .closed : .reject
        case 0x5C:
            if let mx = constraints.maxLength, characters >= mx { return .reject }
            escape = []
            return escapeViable([UInt8(ascii: "u")]) ? .accepted : .reject
        case 0..<0x20: return .reject
        case 0x20..<0x80: return character(Unicode.Scalar(c)) ? .accepted : .reject
        default:
            guard StringMatcher.utf8Length(c) != nil else { return .reject }
            if let mx = constraints.maxLength, characters >= mx { return .reject }
            partial = [c]
            return partialViable ? .accepted : .reject
        }
    }

    /// Whether some `\uXXXX` starting with the hex digits in `e` (after "u") could be valid.
    private func escapeViable(_ e: [UInt8]) -> Bool {
        let digits = String(decoding: e.dropFirst(), as: UTF8.self)
        let pad = 4 - digits.count
        guard let lo = UInt32(digits + String(repeating: "0", count: pad), radix: 16),
              let hi = UInt32(digits + String(repeating: "F", count: pad), radix: 16) else { return false }
        // Surrogate halves are not characters on their own.
        if lo >= 0xD800 && hi <= 0xDFFF { return false }
        if let values = constraints.enumValues {
            let ok = values.contains { v in
                let bytes = Array(v.utf8)
                guard bytes.starts(with: decoded), bytes.count > decoded.count,
                      let next = String(decoding: bytes[decoded.count...], as: UTF8.self).unicodeScalars.first else { return false }
                return (lo...hi).contains(next.value)
            }
            if !ok { return false }
        }
        guard let regex, let st = regexState else { return true }
        return regex.canStep(st, within: lo...hi)
    }

    /// Whether some character starting with the pending bytes `partial` could still be valid.
    private var partialViable: Bool {
        let n = StringMatcher.utf8Length(partial[0])!
        if let values = constraints.enumValues {
            let prefix = decoded + partial
            if !values.contains(where: { Array($0.utf8).starts(with: prefix) }) { return false }
        }
        guard let regex, let st = regexState else { return true }
        func scalar(_ fill: UInt8) -> UInt32 {
            let bytes = partial + Array(repeating: fill, count: n - partial.count)
            return String(decoding: bytes, as: UTF8.self).unicodeScalars.first?.value ?? 0xFFFD
        }
        return regex.canStep(st, within: scalar(0x80)...max(scalar(0x80), scalar(0xBF)))
    }

    private mutating func character(_ s: Unicode.Scalar) -> Bool {
        characters += 1
        if let mx = constraints.maxLength, characters > mx { return false }
        decoded += Array(String(s).utf8)
        if let values = constraints.enumValues, !values.contains(where: { Array($0.utf8).starts(with: decoded) }) { return false }
        if let regex, let st = regexState {
            let n = regex.step(st, s)
            if n.isDead { return false }
            regexState = n
        }
        return true
    }

    /// The content so far is a complete, valid string value.
    var isComplete: Bool {
        guard escape == nil, partial.isEmpty, characters >= constraints.minLength else { return false }
        if let values = constraints.enumValues, !values.contains(where: { Array($0.utf8) == decoded }) { return false }
        if let regex, let st = regexState, !regex.isAccepting(st) { return false }
        return true
    }

    /// Bytes that close the string validly (including the closing quote), or nil.
    func completion() -> [UInt8]? {
        var out: [UInt8] = []
        var copy = self
        func push(_ bytes: [UInt8]) -> Bool {
            for b in bytes { guard copy.feed(b) == .accepted else { return false }; out.append(b) }
            return true
        }
        // Finish a started escape (`u`, then hex digits), then a started UTF-8 character
        // (continuation bytes), each to a character the constraints accept.
        for options in [Self.escapeBytes, Self.continuationBytes] {
            guard let (m, bytes) = Self.search(from: copy, options: options) else { return nil }
            copy = m
            out += bytes
        }
        if let values = constraints.enumValues {
            guard let v = values.first(where: { Array($0.utf8).starts(with: copy.decoded) }) else { return nil }
            let rest = String(decoding: Array(v.utf8)[copy.decoded.count...], as: UTF8.self)
            guard push(Array(JSONText.escape(rest).utf8)) else { return nil }
        } else if let regex, let st = copy.regexState {
            guard let tail = regex.shortestCompletion(from: st), push(Array(tail.utf8)) else { return nil }
        }
        while copy.characters < constraints.minLength { guard push([UInt8(ascii: "x")]) else { return nil } }
        guard copy.isComplete else { return nil }
        return out + [0x22]
    }
}

extension StringMatcher {
    /// The bytes that may continue a started escape, or nil when none is open.
    static func escapeBytes(_ m: StringMatcher) -> [UInt8]? {
        m.escape.map { $0.isEmpty ? Array("u".utf8) : Array("0123456789abcdef".utf8) }
    }

    /// The bytes that may continue a started UTF-8 character, or nil when none is open.
    static func continuationBytes(_ m: StringMatcher) -> [UInt8]? {
        m.partial.isEmpty ? nil : Array(UInt8(0x80)...0xBF)
    }

    /// Depth-first search (pruned by `feed`'s viability checks) for bytes, each one of
    /// `options(state)`, that lead to a state where `options` is nil; the first found.
    static func search(from m: StringMatcher, options: (StringMatcher) -> [UInt8]?) -> (StringMatcher, [UInt8])? {
        guard let choices = options(m) else { return (m, []) }
        for b in choices {
            var next = m
            if next.feed(b) == .accepted, let (done, rest) = search(from: next, options: options) { return (done, [b] + rest) }
        }
        return nil
    }
}

/// JSON text helpers.
enum JSONText {
    /// The body of a JSON string literal for `s` (no surrounding quotes).
    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}
