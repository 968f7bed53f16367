/// Token text → id, keyed by a 64-bit FNV-1a hash of the UTF-8 bytes and checked against the
/// token's bytes on every hit.
///
/// Building the tokenizer looked up ~150,000 strings (every token, then both halves and the join
/// of every merge); `[String: Int32]` hashes each through Unicode normalisation (GPT-2's `Ġ` makes
/// nearly every token non-ASCII), which was most of the ~38 ms a run spent building it. Bytes
/// hash without normalisation, and a merge's joined text is hashed by continuing the left half's
/// hash over the right half, without building the string. Tokens whose hash another token already
/// holds (none in SmolLM2's vocabulary) go to a plain dictionary.
struct TokenIndex: Sendable {
    private var table: [UInt64: Int32] = [:]
    private var collided: [String: Int32] = [:]
    private let tokens: [String]

    init(_ tokens: [String]) {
        self.tokens = tokens
        table.reserveCapacity(tokens.count)
        for (i, t) in tokens.enumerated() {
            var t = t
            let h = t.withUTF8 { Self.hash($0) }
            if let other = table[h] {
                // The first occurrence of a text wins, as with a dictionary filled in order.
                if !Self.same(tokens[Int(other)], t) && collided[t] == nil { collided[t] = Int32(i) }
            } else {
                table[h] = Int32(i)
            }
        }
    }

    static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, from start: UInt64 = offsetBasis) -> UInt64 {
        var h = start
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    private static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// The id of the token whose text is `left` followed by `right` (`right` may be empty).
    func id(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)) -> Int32? {
        let h = Self.hash(right, from: Self.hash(left))
        if let i = table[h] {
            var t = tokens[Int(i)]
            let hit = t.withUTF8 { u in
                u.count == left.count + right.count && u.prefix(left.count).elementsEqual(left) && u.suffix(right.count).elementsEqual(right)
            }
            if hit { return i }
        }
        guard !collided.isEmpty else { return nil }
        return collided[String(decoding: Array(left) + Array(right), as: UTF8.self)]
    }

    func id(_ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { id($0) }
    }
}
