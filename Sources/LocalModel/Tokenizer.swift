/// Byte-level BPE tokenizer built from GGUF `tokenizer.ggml.*` metadata (model `gpt2`).
///
/// Matches llama.cpp's ids for the `smollm` pre-tokenizer: text is split by `SmolLMPreTokenizer`,
/// each piece is mapped through GPT-2's byte table and merged by merge rank. With `special: true`,
/// control tokens written in the text (`<|im_start|>`) become their ids; otherwise they are
/// tokenized as plain text. No BOS is added unless the metadata asks for it.
public struct Tokenizer: Sendable {
    public let tokens: [String]
    public let tokenTypes: [Int]
    public let bosID: Int
    public let eosID: Int
    public let addBOS: Bool
    /// Token ids that end a turn (EOS and `<|im_end|>` / `<|endoftext|>` when present).
    public let stopIDs: Set<Int>
    private let ids: TokenIndex
    /// (left id << 32 | right id) → (rank, merged id).
    private let merges: [UInt64: (rank: Int32, id: Int32)]
    private let byteIDs: [Int32]
    /// Control / user-defined tokens, longest first, with their text.
    private let specials: [(text: [UInt8], id: Int)]

    public init(_ gguf: GGUFFile) throws {
        let meta = gguf.metadata
        guard let model = meta["tokenizer.ggml.model"]?.stringValue else { throw LocalModelError.tokenizer(reason: "tokenizer.ggml.model is missing") }
        guard model == "gpt2" else { throw LocalModelError.tokenizer(reason: "tokenizer model '\(model)' is not supported (only gpt2 byte-level BPE)") }
        if let pre = meta["tokenizer.ggml.pre"]?.stringValue, !["smollm", "starcoder", "refact", "default", "gpt2"].contains(pre) {
            throw LocalModelError.tokenizer(reason: "pre-tokenizer '\(pre)' is not supported")
        }
        guard let toks = meta["tokenizer.ggml.tokens"]?.arrayValue?.compactMap(\.stringValue), !toks.isEmpty else {
            throw LocalModelError.tokenizer(reason: "tokenizer.ggml.tokens is missing")
        }
        tokens = toks
        tokenTypes = meta["tokenizer.ggml.token_type"]?.arrayValue?.compactMap(\.intValue) ?? Array(repeating: 1, count: toks.count)
        let ids = TokenIndex(toks)
        self.ids = ids
        // Bytes without a vocabulary entry (control characters in some vocabularies) map to UNK.
        let unknown = Int32(meta["tokenizer.ggml.unknown_token_id"]?.intValue ?? 0)
        var byteIDs = [Int32](repeating: unknown, count: 256)
        for b in 0..<256 {
            if let id = ids.id(String(Character(ByteLevel.byteToScalar[b]))) { byteIDs[b] = id }
        }
        self.byteIDs = byteIDs
        var merges: [UInt64: (rank: Int32, id: Int32)] = [:]
        let mergeList = meta["tokenizer.ggml.merges"]?.arrayValue ?? []
        merges.reserveCapacity(mergeList.count)
        for (rank, entry) in mergeList.enumerated() {
            guard var s = entry.stringValue else { continue }
            s.withUTF8 { u in
                guard let space = u.firstIndex(of: 0x20) else { return }
                let left = UnsafeBufferPointer(rebasing: u[..<space]), right = UnsafeBufferPointer(rebasing: u[(space + 1)...])
                guard let l = ids.id(left), let r = ids.id(right), let m = ids.id(left, right) else { return }
                let key = UInt64(UInt32(l)) << 32 | UInt64(UInt32(r))
                if merges[key] == nil { merges[key] = (Int32(rank), m) }
            }
        }
        self.merges = merges
        bosID = meta["tokenizer.ggml.bos_token_id"]?.intValue ?? 1
        eosID = meta["tokenizer.ggml.eos_token_id"]?.intValue ?? 2
        addBOS = meta["tokenizer.ggml.add_bos_token"]?.boolValue ?? false
        var specials: [(text: [UInt8], id: Int)] = []
        for (i, type) in tokenTypes.enumerated() where type == 3 || type == 4 {
            specials.append((Array(toks[i].utf8), i))
        }
        specials.sort { $0.text.count > $1.text.count }
        self.specials = specials
        var stops: Set<Int> = [eosID]
        for name in ["<|im_end|>", "<|endoftext|>", "<|eot_id|>"] { if let id = ids.id(name) { stops.insert(Int(id)) } }
        stopIDs = stops
    }

    public var vocabularySize: Int { tokens.count }

    /// The id of a token given its exact vocabulary text, if any.
    public func id(of token: String) -> Int? { ids.id(token).map(Int.init) }

    /// Whether `id` is a control or user-defined token (rendered as empty text).
    public func isSpecial(_ id: Int) -> Bool { id >= 0 && id < tokenTypes.count && (tokenTypes[id] == 3 || tokenTypes[id] == 4) }

    /// Token ids of `text`; `special: true` turns control-token text into control ids.
    public func encode(_ text: String, special: Bool) -> [Int] {
        var out: [Int] = []
        if addBOS { out.append(bosID) }
        guard special else { encodeText(text, into: &out); return out }
        let bytes = Array(text.utf8)
        var segmentStart = 0
        var i = 0
        while i < bytes.count {
            var matched: (text: [UInt8], id: Int)?
            if bytes[i] == UInt8(ascii: "<") {
                for s in specials where s.text.count <= bytes.count - i {
                    if bytes[i..<(i + s.text.count)].elementsEqual(s.text) { matched = s; break }
                }
            }
            if let m = matched {
                if segmentStart < i { encodeText(String(decoding: bytes[segmentStart..<i], as: UTF8.self), into: &out) }
                out.append(m.id)
                i += m.text.count
                segmentStart = i
            } else {
                i += 1
            }
        }
        if segmentStart < bytes.count { encodeText(String(decoding: bytes[segmentStart...], as: UTF8.self), into: &out) }
        return out
    }

    private func encodeText(_ text: String, into out: inout [Int]) {
        for piece in SmolLMPreTokenizer.split(text) { encodePiece(piece, into: &out) }
    }

    private func encodePiece(_ piece: String, into out: inout [Int]) {
        var symbols = piece.utf8.map { byteIDs[Int($0)] }
        while symbols.count > 1 {
            var best = Int32.max, bestAt = -1, bestID: Int32 = 0
            for k in 0..<(symbols.count - 1) {
                let key = UInt64(UInt32(symbols[k])) << 32 | UInt64(UInt32(symbols[k + 1]))
                if let m = merges[key], m.rank < best { best = m.rank; bestAt = k; bestID = m.id }
            }
            if bestAt < 0 { break }
            symbols[bestAt] = bestID
            symbols.remove(at: bestAt + 1)
        }
        for s in symbols { out.append(Int(s)) }
    }

    /// The token that stands for the single byte `b`.
    func byteToken(_ b: UInt8) -> Int { Int(byteIDs[Int(b)]) }

    /// Raw bytes of one token (empty for control tokens).
    public func bytes(of id: Int) -> [UInt8] {
        guard id >= 0, id < tokens.count, !isSpecial(id) else { return [] }
        return ByteLevel.decode(tokens[id])
    }

    /// Text of a token sequence; control tokens are dropped, invalid UTF-8 is repaired.
    public func decode(_ ids: [Int]) -> String {
        String(decoding: ids.flatMap { bytes(of: $0) }, as: UTF8.self)
    }
}
