/// An incremental, byte-at-a-time recognizer of JSON text that validates against a `JSONSchema`.
///
/// A value type: copying it is how candidates are tried without committing. `feed` returns
/// false (and leaves the recognizer unusable) as soon as the bytes can no longer be completed to
/// a valid document. Whitespace between tokens is allowed in runs of at most `maxWhitespace`.
struct JSONRecognizer {
    enum NumberPhase { case start, sign, zero, integer, dot, fraction, exp, expSign, expDigits }
    enum ContainerPhase { case open, afterKey(String), afterValue, afterComma }
    enum Frame {
        case value(JSONSchema)
        case object(properties: [JSONSchema.Property], required: [String], used: [String], phase: ContainerPhase)
        case key(candidates: [String], bytes: [UInt8])
        case array(items: JSONSchema, min: Int, max: Int?, count: Int, phase: ContainerPhase)
        case string(StringMatcher)
        case number(integer: Bool, phase: NumberPhase, digits: Int)
        case literal(remaining: ArraySlice<UInt8>)
    }

    private(set) var stack: [Frame]
    private var whitespaceRun = 0
    let maxWhitespace: Int
    static let maxDigits = 18

    init(schema: JSONSchema, maxWhitespace: Int) {
        stack = [.value(schema)]
        self.maxWhitespace = maxWhitespace
    }

    /// The top-level value is complete and nothing more may follow.
    var isFinished: Bool { stack.isEmpty }

    /// The document could end here (complete, or a top-level number that could also go on).
    var canEnd: Bool {
        if stack.isEmpty { return true }
        if stack.count == 1, case let .number(_, phase, _) = stack[0] { return Self.numberComplete(phase) }
        return false
    }

    static func numberComplete(_ p: NumberPhase) -> Bool { p == .zero || p == .integer || p == .fraction || p == .expDigits }
    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }

    mutating func feed(_ bytes: [UInt8]) -> Bool {
        for b in bytes where !feed(b) { return false }
        return true
    }

    mutating func feed(_ c: UInt8) -> Bool {
        guard let top = stack.last else { return false }
        if Self.isSpace(c) {
            switch top {
            case .value, .object(_, _, _, _), .array(_, _, _, _, _):
                whitespaceRun += 1
                return whitespaceRun <= maxWhitespace
            default: break
            }
        } else if case .string = top {} else if case .key = top {} else { whitespaceRun = 0 }
        switch top {
        case let .value(schema): return startValue(schema, c)
        case let .object(props, required, used, phase): return objectByte(props, required, used, phase, c)
        case let .key(candidates, bytes):
            if c == UInt8(ascii: "\"") {
                guard let name = candidates.first(where: { Array(JSONText.escape($0).utf8) == bytes }) else { return false }
                stack.removeLast()
                guard case let .object(p, r, u, _) = stack.last! else { return false }
                stack[stack.count - 1] = .object(properties: p, required: r, used: u, phase: .afterKey(name))
                return true
            }
            let next = bytes + [c]
            guard candidates.contains(where: { Array(JSONText.escape($0).utf8).starts(with: next) }) else { return false }
            stack[stack.count - 1] = .key(candidates: candidates, bytes: next)
            return true
        case let .array(items, mn, mx, count, phase): return arrayByte(items, mn, mx, count, phase, c)
        case var .string(m):
            switch m.feed(c) {
            case .reject: return false
            case .accepted: stack[stack.count - 1] = .string(m); return true
            case .closed: stack.removeLast(); return valueCompleted()
            }
        case let .number(integer, phase, digits): return numberByte(integer, phase, digits, c)
        case let .literal(remaining):
            guard remaining.first == c else { return false }
            let rest = remaining.dropFirst()
            if rest.isEmpty { stack.removeLast(); return valueCompleted() }
            stack[stack.count - 1] = .literal(remaining: rest)
            return true
        }
    }

    private mutating func startValue(_ schema: JSONSchema, _ c: UInt8) -> Bool {
        let i = stack.count - 1
        switch schema {
        case let .nullable(inner):
            if c == UInt8(ascii: "n") { stack[i] = .literal(remaining: ArraySlice("ull".utf8)); return true }
            stack[i] = .value(inner)
            return startValue(inner, c)
        case .null:
            guard c == UInt8(ascii: "n") else { return false }
            stack[i] = .literal(remaining: ArraySlice("ull".utf8)); return true
        case .boolean:
            if c == UInt8(ascii: "t") { stack[i] = .literal(remaining: ArraySlice("rue".utf8)); return true }
            if c == UInt8(ascii: "f") { stack[i] = .literal(remaining: ArraySlice("alse".utf8)); return true }
            return false
        case let .string(constraints):
            guard c == UInt8(ascii: "\"") else { return false }
            stack[i] = .string(StringMatcher(constraints)); return true
        case .integer, .number:
            stack[i] = .number(integer: schema == .integer, phase: .start, digits: 0)
            return numberByte(schema == .integer, .start, 0, c)
        case let .object(props, required):
            guard c == UInt8(ascii: "{") else { return false }
            stack[i] = .object(properties: props, required: required, used: [], phase: .open); return true
        case let .array(items, mn, mx):
            guard c == UInt8(ascii: "[") else { return false }
            stack[i] = .array(items: items, min: mn, max: mx, count: 0, phase: .open); return true
        }
    }

    private mutating func objectByte(_ props: [JSONSchema.Property], _ required: [String], _ used: [String],
                                     _ phase: ContainerPhase, _ c: UInt8) -> Bool {
        let remaining = props.map(\.name).filter { !used.contains($0) }
        let closable = required.allSatisfy { used.contains($0) }
        switch phase {
        case .open, .afterComma:
            if c == UInt8(ascii: "\""), !remaining.isEmpty { stack.append(.key(candidates: remaining, bytes: [])); return true }
            if c == UInt8(ascii: "}"), case .open = phase, closable { stack.removeLast(); return valueCompleted() }
            return false
        case let .afterKey(name):
            guard c == UInt8(ascii: ":"), let schema = props.first(where: { $0.name == name })?.schema else { return false }
            stack[stack.count - 1] = .object(properties: props, required: required, used: used + [name], phase: .afterValue)
            stack.append(.value(schema))
            return true
        case .afterValue:
            if c == UInt8(ascii: ","), !remaining.isEmpty {
                stack[stack.count - 1] = .object(properties: props, required: required, used: used, phase: .afterComma); return true
            }
            if c == UInt8(ascii: "}"), closable { stack.removeLast(); return valueCompleted() }
            return false
        }
    }

    private mutating func arrayByte(_ items: JSONSchema, _ mn: Int, _ mx: Int?, _ count: Int, _ phase: ContainerPhase, _ c: UInt8) -> Bool {
        let i = stack.count - 1
        switch phase {
        case .open, .afterComma:
            if c == UInt8(ascii: "]"), case .open = phase, mn == 0 { stack.removeLast(); return valueCompleted() }
            if let mx, count >= mx { return false }
            stack[i] = .array(items: items, min: mn, max: mx, count: count, phase: .afterValue)
            stack.append(.value(items))
            return startValue(items, c)
        case .afterValue:
            if c == UInt8(ascii: ","), mx == nil || count < mx! {
                stack[i] = .array(items: items, min: mn, max: mx, count: count, phase: .afterComma); return true
            }
            if c == UInt8(ascii: "]"), count >= mn { stack.removeLast(); return valueCompleted() }
            return false
        case .afterKey: return false
        }
    }

    /// Called after the top frame completed a value and was popped.
    private mutating func valueCompleted() -> Bool {
        whitespaceRun = 0
        guard let parent = stack.last else { return true }
        if case let .array(items, mn, mx, count, _) = parent {
            stack[stack.count - 1] = .array(items: items, min: mn, max: mx, count: count + 1, phase: .afterValue)
        }
        return true
    }

    private mutating func numberByte(_ integer: Bool, _ phase: NumberPhase, _ digits: Int, _ c: UInt8) -> Bool {
        let isDigit = c >= 0x30 && c <= 0x39
        var next: NumberPhase?
        switch phase {
        case .start:
            if c == UInt8(ascii: "-") { next = .sign } else if c == 0x30 { next = .zero } else if isDigit { next = .integer }
        case .sign: if c == 0x30 { next = .zero } else if isDigit { next = .integer }
        case .zero, .integer:
            if isDigit, phase == .integer { next = .integer }
            else if !integer, c == UInt8(ascii: ".") { next = .dot }
            else if !integer, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { next = .exp }
        case .dot, .fraction: if isDigit { next = .fraction } else if phase == .fraction, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { next = .exp }
        case .exp: if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { next = .expSign } else if isDigit { next = .expDigits }
        case .expSign, .expDigits: if isDigit { next = .expDigits }
        }
        if let next {
            let d = digits + (isDigit ? 1 : 0)
            guard d <= Self.maxDigits else { return false }
            stack[stack.count - 1] = .number(integer: integer, phase: next, digits: d)
            return true
        }
        // The byte ends the number: it must be complete, then the parent takes the byte.
        guard Self.numberComplete(phase), stack.count > 1 else { return false }
        stack.removeLast()
        _ = valueCompleted()
        return feed(c)
    }
}
