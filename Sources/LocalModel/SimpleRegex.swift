/// A small regular-expression engine for JSON Schema `pattern`, compiled to a Thompson NFA so
/// that guided generation can test whether a partial string can still match.
///
/// Dialect: literals, `.`, classes `[a-z0-9_]` / `[^…]`, escapes `\d \w \s \D \W \S` and escaped
/// metacharacters, groups `( )` / `(?: )`, alternation `|`, quantifiers `* + ? {n} {n,} {n,m}`,
/// anchors `^` at the start and `$` at the end. Without an anchor the pattern may match anywhere
/// in the string (JSON Schema semantics). Backreferences and lookarounds are rejected.
public struct SimpleRegex: Sendable {
    struct CharClass: Sendable {
        var ranges: [ClosedRange<UInt32>]
        var negated: Bool
        func matches(_ c: UInt32) -> Bool { ranges.contains { $0.contains(c) } != negated }
        static let any = CharClass(ranges: [0x0A...0x0A], negated: true)
        static let everything = CharClass(ranges: [], negated: true)
    }
    indirect enum Node: Sendable {
        case char(CharClass)
        case concat([Node])
        case alt([Node])
        case repeatNode(Node, min: Int, max: Int?)
    }
    enum State: Sendable {
        case char(CharClass, next: Int)
        case split(Int, Int)
        case accept
    }
    let states: [State]
    let start: Int
    static let maxStates = 4000

    public init(_ pattern: String, path: String = "pattern") throws {
        var parser = RegexParser(scalars: Array(pattern.unicodeScalars), path: path)
        var node = try parser.parseAll()
        if !parser.anchoredStart { node = .concat([.repeatNode(.char(.everything), min: 0, max: nil), node]) }
        if !parser.anchoredEnd { node = .concat([node, .repeatNode(.char(.everything), min: 0, max: nil)]) }
        var builder = NFABuilder()
        let accept = builder.add(.accept)
        start = try builder.compile(node, next: accept, path: path)
        states = builder.states
    }

    /// The set of NFA states reachable before any input.
    public var initial: RegexState { RegexState(active: closure([start])) }

    func closure(_ seeds: [Int]) -> [Int] {
        var seen = Set<Int>(), stack = seeds, out: [Int] = []
        while let s = stack.popLast() {
            guard seen.insert(s).inserted else { continue }
            switch states[s] {
            case let .split(a, b): stack.append(a); stack.append(b)
            default: out.append(s)
            }
        }
        return out.sorted()
    }

    /// Advances by one character; the result is dead (`isDead`) when no match is possible.
    public func step(_ state: RegexState, _ c: Unicode.Scalar) -> RegexState {
        var next: [Int] = []
        for s in state.active { if case let .char(cls, to) = states[s], cls.matches(c.value) { next.append(to) } }
        return RegexState(active: closure(next))
    }

    /// Whether some character in `range` keeps the match alive.
    func canStep(_ state: RegexState, within range: ClosedRange<UInt32>) -> Bool {
        for s in state.active {
            guard case let .char(cls, _) = states[s] else { continue }
            if cls.negated {
                // Viable unless the excluded ranges cover all of `range`.
                let covered = cls.ranges.contains { $0.lowerBound <= range.lowerBound && $0.upperBound >= range.upperBound }
                if !covered { return true }
            } else if cls.ranges.contains(where: { $0.overlaps(range) }) {
                return true
            }
        }
        return false
    }

    public func isAccepting(_ state: RegexState) -> Bool {
        state.active.contains { if case .accept = states[$0] { return true }; return false }
    }

    /// The shortest string of printable ASCII (never `"` or `\`) that leads to acceptance.
    public func shortestCompletion(from state: RegexState, limit: Int = 256) -> String? {
        var frontier: [(RegexState, String)] = [(state, "")]
        var seen: Set<[Int]> = [state.active]
        while !frontier.isEmpty {
            var next: [(RegexState, String)] = []
            for (st, text) in frontier {
                if isAccepting(st) { return text }
                if text.unicodeScalars.count >= limit { continue }
                for s in st.active {
                    guard case let .char(cls, _) = states[s], let c = SimpleRegex.representative(cls) else { continue }
                    let n = step(st, c)
                    if !n.active.isEmpty, seen.insert(n.active).inserted { next.append((n, text + String(c))) }
                }
            }
            frontier = next
        }
        return nil
    }

    static func representative(_ cls: CharClass) -> Unicode.Scalar? {
        for v in Array("a0A -_.".unicodeScalars.map(\.value)) + Array(0x21...0x7E) where v != 0x22 && v != 0x5C {
            if cls.matches(v) { return Unicode.Scalar(v) }
        }
        return nil
    }
}

/// Active states of a `SimpleRegex` match in progress.
public struct RegexState: Sendable, Equatable {
    let active: [Int]
    public var isDead: Bool { active.isEmpty }
}

struct NFABuilder {
    var states: [SimpleRegex.State] = []
    mutating func add(_ s: SimpleRegex.State) -> Int { states.append(s); return states.count - 1 }

    /// Compiles `node` so that it continues at `next`; returns its entry state.
    mutating func compile(_ node: SimpleRegex.Node, next: Int, path: String) throws -> Int {
        guard states.count < SimpleRegex.maxStates else {
            throw LocalModelError.unsupportedSchema(path: path, reason: "pattern is too large")
        }
        switch node {
        case let .char(cls): return add(.char(cls, next: next))
        case let .concat(items):
            var entry = next
            for item in items.reversed() { entry = try compile(item, next: entry, path: path) }
            return entry
        case let .alt(options):
            var entries: [Int] = []
            for o in options { entries.append(try compile(o, next: next, path: path)) }
            var entry = entries.last!
            for e in entries.dropLast().reversed() { entry = add(.split(e, entry)) }
            return entry
        case let .repeatNode(inner, min, max):
            var entry = next
            if let max {
                for _ in 0..<(max - min) {
                    let body = try compile(inner, next: entry, path: path)
                    entry = add(.split(body, next))
                }
            } else {
                let loop = add(.split(0, next))
                let body = try compile(inner, next: loop, path: path)
                states[loop] = .split(body, next)
                entry = loop
            }
            for _ in 0..<min { entry = try compile(inner, next: entry, path: path) }
            return entry
        }
    }
}
