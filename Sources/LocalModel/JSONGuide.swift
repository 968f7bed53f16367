import Foundation
import Primitives

/// Schema-guided token choice: at each step the best-scoring token whose bytes keep the output
/// a valid prefix of a schema-conforming JSON document.
///
/// Candidates are checked in score order among the top `guidedCandidates`; only when none of
/// them fits is the whole vocabulary scanned (still in score order, stopping at the first fit).
struct JSONGuide {
    private(set) var recognizer: JSONRecognizer
    let tokenizer: Tokenizer
    let candidates: Int

    init(schema: JSONSchema, tokenizer: Tokenizer, config: LocalModelConfiguration) throws {
        recognizer = JSONRecognizer(schema: schema, maxWhitespace: config.guidedMaxWhitespace)
        self.tokenizer = tokenizer
        candidates = max(1, config.guidedCandidates)
    }

    var isFinished: Bool { recognizer.isFinished }

    /// The recognizer after `id`, or nil when `id` does not keep the output valid.
    func advanced(by id: Int) -> JSONRecognizer? {
        let bytes = tokenizer.bytes(of: id)
        guard !bytes.isEmpty else { return nil }
        var r = recognizer
        return r.feed(bytes) ? r : nil
    }

    /// Picks and commits the next token; nil when the document is complete (an end-of-turn
    /// token was the best choice where the value may end). Throws when no token fits.
    mutating func choose(_ logits: UnsafeBufferPointer<Float>, temperature: Double, topP: Double,
                         rng: inout SeededGenerator) throws -> Int? {
        if recognizer.isFinished { return nil }
        let top = Sampler.topK(logits, candidates)
        var valid: [(id: Int, next: JSONRecognizer)] = []
        for id in top {
            if tokenizer.stopIDs.contains(id) {
                if recognizer.canEnd, temperature <= 0 || valid.isEmpty { return nil }
                continue
            }
            if let next = advanced(by: id) {
                if temperature <= 0 { recognizer = next; return id }
                valid.append((id, next))
            }
        }
        if !valid.isEmpty {
            let pick = Self.sample(valid.map(\.id), logits, temperature: temperature, topP: topP, rng: &rng)
            recognizer = valid[pick].next
            return valid[pick].id
        }
        // Full scan in score order.
        let order = (0..<logits.count).sorted { logits[$0] > logits[$1] }
        for id in order {
            if tokenizer.stopIDs.contains(id) { if recognizer.canEnd { return nil }; continue }
            if let next = advanced(by: id) { recognizer = next; return id }
        }
        throw LocalModelError.guidanceFailed(reason: "no token continues the value")
    }

    static func sample(_ ids: [Int], _ logits: UnsafeBufferPointer<Float>, temperature: Double, topP: Double,
                       rng: inout SeededGenerator) -> Int {
        let t = Float(temperature)
        let m = ids.map { logits[$0] }.max()!
        var p = ids.map { expf((logits[$0] - m) / t) }
        let total = p.reduce(0, +)
        p = p.map { $0 / total }
        var keep = p.count, mass: Float = 0
        for (i, v) in p.enumerated() { mass += v; if mass >= Float(topP) { keep = i + 1; break } }
        var r = Float(Double(rng.next() >> 11) / Double(1 << 53)) * p[..<keep].reduce(0, +)
        for i in 0..<keep { r -= p[i]; if r <= 0 { return i } }
        return keep - 1
    }

    /// Feeds `bytes` (from `forcedTail`) to the recognizer; false, nothing committed, when they do
    /// not fit.
    mutating func commit(_ bytes: [UInt8]) -> Bool {
        var r = recognizer
        guard r.feed(bytes) else { return false }
        recognizer = r
        return true
    }

    /// Bytes that complete the document with the fewest additions (missing required
    /// properties get minimal values, open strings and containers are closed). Commits them.
    /// They may start with UTF-8 continuation bytes of a character already begun.
    mutating func forcedCompletion() throws -> [UInt8] {
        try Self.forcedCompletion(of: &recognizer)
    }

    /// `forcedCompletion()` from any recognizer state, without a tokenizer.
    static func forcedCompletion(of recognizer: inout JSONRecognizer) throws -> [UInt8] {
        var out: [UInt8] = []
        var guardCount = 0
        while !recognizer.canEnd {
            guardCount += 1
            guard guardCount < 10_000, let step = nextBytes(for: recognizer), recognizer.feed(step) else {
                throw LocalModelError.guidanceFailed(reason: "cannot complete the value within the schema")
            }
            out += step
        }
        return out
    }

    /// The next bytes of the shortest completion from `recognizer`'s state.
    static func nextBytes(for recognizer: JSONRecognizer) -> [UInt8]? {
        guard let top = recognizer.stack.last else { return nil }
        switch top {
        case let .value(schema): return minimal(schema)
        case let .string(m): return m.completion()
        case let .key(cands, bytes):
            guard let name = cands.first(where: { Array(JSONText.escape($0).utf8).starts(with: bytes) }) else { return nil }
            return Array(Array(JSONText.escape(name).utf8)[bytes.count...]) + Array("\"".utf8)
        case let .object(props, required, used, phase):
            let missing = required.first { !used.contains($0) }
            switch phase {
            case .open, .afterComma:
                guard let name = missing ?? (phase.isComma ? props.first { !used.contains($0.name) }?.name : nil) else { return Array("}".utf8) }
                return Array("\"\(JSONText.escape(name))\":".utf8)
            case .afterKey: return Array(":".utf8)
            case .afterValue: return missing == nil ? Array("}".utf8) : Array(",".utf8)
            }
        case let .array(items, mn, _, count, phase):
            switch phase {
            case .open: return mn > 0 ? minimal(items) : Array("]".utf8)
            case .afterComma: return minimal(items)
            case .afterValue: return count < mn ? Array(",".utf8) : Array("]".utf8)
            case .afterKey: return nil
            }
        case let .number(_, phase, _):
            if !JSONRecognizer.numberComplete(phase) { return Array("0".utf8) }
            for b in ["}", "]", ","] {
                var r = recognizer
                if r.feed(Array(b.utf8)) { return Array(b.utf8) }
            }
            return nil
        case let .literal(rest): return Array(rest)
        }
    }

    /// The shortest valid JSON text for `schema`.
    static func minimal(_ schema: JSONSchema) -> [UInt8]? {
        switch schema {
        case .null, .nullable: return Array("null".utf8)
        case .boolean: return Array("false".utf8)
        case .integer, .number: return Array("0".utf8)
        case let .string(c):
            guard let body = StringMatcher(c).completion() else { return nil }
            return [0x22] + body
        case let .array(items, mn, _):
            var out = Array("[".utf8)
            for i in 0..<mn {
                if i > 0 { out += Array(",".utf8) }
                guard let v = minimal(items) else { return nil }
                out += v
            }
            return out + Array("]".utf8)
        case let .object(props, required):
            var out = Array("{".utf8)
            for (i, name) in required.enumerated() {
                guard let s = props.first(where: { $0.name == name })?.schema, let v = minimal(s) else { return nil }
                out += Array(((i > 0 ? "," : "") + "\"\(JSONText.escape(name))\":").utf8) + v
            }
            return out + Array("}".utf8)
        }
    }
}

extension JSONRecognizer.ContainerPhase {
    var isComma: Bool { if case .afterComma = self { return true }; return false }
}
