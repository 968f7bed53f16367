/// The end of a guided document that leaves no choice: generation stops evaluating the model
/// once every remaining byte is determined (no logits are needed to pick them).
extension JSONGuide {
    /// Bytes that must end the document from here, or nil while a choice remains. Whitespace
    /// between tokens is never a choice that matters (it is left out), so `"}` after the last
    /// value is forced; so is the rest of an enum string once one value alone matches what was
    /// written, and the rest of a key or a literal.
    func forcedTail(limit: Int = 256) -> [UInt8]? {
        Self.forcedTail(from: recognizer, limit: limit)
    }

    /// Structural bytes that can follow a value or begin one.
    private static let structural = Array("{}[],:\"ntf-0123456789".utf8)

    static func forcedTail(from start: JSONRecognizer, limit: Int = 256) -> [UInt8]? {
        var r = start
        var out: [UInt8] = []
        while !r.isFinished {
            guard out.count < limit, let top = r.stack.last else { return nil }
            var step: [UInt8]
            switch top {
            case let .string(m):
                guard let values = m.constraints.enumValues, m.escape == nil, m.partial.isEmpty else { return nil }
                let matching = values.filter { Array($0.utf8).starts(with: m.decoded) }
                guard matching.count == 1, let rest = StringMatcher.remainder(of: matching[0], after: m.decoded) else { return nil }
                step = Array(JSONText.escape(rest).utf8) + [UInt8(ascii: "\"")]
            case let .key(candidates, bytes):
                let matching = candidates.filter { Array(JSONText.escape($0).utf8).starts(with: bytes) }
                guard matching.count == 1 else { return nil }
                step = Array(Array(JSONText.escape(matching[0]).utf8)[bytes.count...]) + [UInt8(ascii: "\"")]
            case let .literal(remaining):
                step = Array(remaining)
            case .number:
                return nil
            case .value, .object, .array:
                var only: UInt8? = nil
                for b in structural {
                    var probe = r
                    guard probe.feed(b) else { continue }
                    if only != nil { return nil }
                    only = b
                }
                guard let only else { return nil }
                step = [only]
            }
            guard r.feed(step) else { return nil }
            out += step
        }
        return out
    }
}

extension StringMatcher {
    /// The text of `value` after its first `decoded.count` UTF-8 bytes, when `decoded` ends on a
    /// character boundary of it.
    static func remainder(of value: String, after decoded: [UInt8]) -> String? {
        let bytes = Array(value.utf8)
        guard decoded.count <= bytes.count else { return nil }
        let rest = bytes[decoded.count...]
        if let first = rest.first, first & 0xC0 == 0x80 { return nil }
        return String(decoding: rest, as: UTF8.self)
    }
}
