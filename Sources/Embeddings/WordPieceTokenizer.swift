import Foundation

/// BERT's WordPiece tokenizer for an uncased vocabulary (`vocab.txt`, one token per line, the
/// line number is the id), equal to the `tokenizers` library's BERT pipeline.
///
/// The special tokens `[PAD]`, `[UNK]`, `[CLS]`, `[SEP]`, `[MASK]` written literally in the text
/// are kept as those tokens (case-sensitive, as the reference tokenizer does); the rest is
/// normalised by `BertNormalizer` and each word is split greedily into the longest vocabulary
/// pieces, continuation pieces prefixed with `##`. A word longer than 100 scalars, or one that
/// cannot be fully covered by pieces, becomes `[UNK]`.
public struct WordPieceTokenizer: Sendable {
    public let vocabulary: [String: Int32]
    public let unknownID: Int32
    public let clsID: Int32
    public let sepID: Int32
    public let padID: Int32
    /// Words longer than this many scalars become `[UNK]`.
    public let maxCharactersPerWord: Int
    private let specialTokens: [(text: String, id: Int32)]

    /// Reads `vocab.txt`. Throws when it is unreadable or lacks a special token.
    public init(vocabularyURL url: URL, maxCharactersPerWord: Int = 100) throws {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw EmbeddingsError.unreadable(url, otherwise: "not a UTF-8 text file")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        try self.init(tokens: lines, maxCharactersPerWord: maxCharactersPerWord, file: url.lastPathComponent)
    }

    /// Builds the tokenizer from tokens in id order.
    public init(tokens: [String], maxCharactersPerWord: Int = 100, file: String = "vocab.txt") throws {
        var vocabulary: [String: Int32] = [:]
        vocabulary.reserveCapacity(tokens.count)
        for (id, token) in tokens.enumerated() where vocabulary[token] == nil {
            vocabulary[token] = Int32(id)
        }
        func id(_ token: String) throws -> Int32 {
            guard let id = vocabulary[token] else {
                throw EmbeddingsError.invalidModel(file: file, reason: "vocabulary lacks \(token)")
            }
            return id
        }
        self.vocabulary = vocabulary
        self.unknownID = try id("[UNK]")
        self.clsID = try id("[CLS]")
        self.sepID = try id("[SEP]")
        self.padID = try id("[PAD]")
        self.maxCharactersPerWord = maxCharactersPerWord
        self.specialTokens = try ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"].map { ($0, try id($0)) }
    }

    /// Token ids of `text` wrapped in `[CLS]` … `[SEP]`; when `maxTokens` is given, the pieces are
    /// cut so that the whole sequence (special tokens included) has at most `maxTokens` ids.
    public func encode(_ text: String, maxTokens: Int? = nil) -> [Int32] {
        var ids: [Int32] = [clsID]
        let limit = maxTokens.map { max($0 - 1, 1) } ?? Int.max
        for segment in segments(text) {
            switch segment {
            case let .special(id):
                ids.append(id)
            case let .text(substring):
                for word in BertNormalizer.words(substring) {
                    appendPieces(of: word, to: &ids)
                    if ids.count >= limit { break }
                }
            }
            if ids.count >= limit { break }
        }
        if ids.count > limit { ids.removeLast(ids.count - limit) }
        ids.append(sepID)
        return ids
    }

    /// The vocabulary tokens for `ids` (for diagnostics and tests).
    public func tokens(for ids: [Int32]) -> [String] {
        var inverse = [Int32: String](minimumCapacity: vocabulary.count)
        for (token, id) in vocabulary { inverse[id] = token }
        return ids.map { inverse[$0] ?? "[UNK]" }
    }

    private enum Segment {
        case text(Substring)
        case special(Int32)
    }

    /// `text` cut at literal special tokens (leftmost match first), compared scalar by scalar.
    private func segments(_ text: String) -> [Segment] {
        let scalars = text.unicodeScalars
        guard scalars.contains("[") else { return [.text(text[...])] }
        var result: [Segment] = []
        var segmentStart = scalars.startIndex
        var cursor = scalars.startIndex
        while let open = scalars[cursor...].firstIndex(of: "[") {
            let tail = scalars[open...]
            if let match = specialTokens.first(where: { tail.starts(with: $0.text.unicodeScalars) }) {
                if open > segmentStart { result.append(.text(Substring(scalars[segmentStart..<open]))) }
                result.append(.special(match.id))
                cursor = scalars.index(open, offsetBy: match.text.unicodeScalars.count)
                segmentStart = cursor
            } else {
                cursor = scalars.index(after: open)
            }
        }
        if segmentStart < scalars.endIndex { result.append(.text(Substring(scalars[segmentStart...]))) }
        return result
    }

    private func appendPieces(of word: [Unicode.Scalar], to ids: inout [Int32]) {
        guard word.count <= maxCharactersPerWord else {
            ids.append(unknownID)
            return
        }
        var pieces: [Int32] = []
        var start = 0
        while start < word.count {
            var end = word.count
            var found: Int32?
            while end > start {
                var candidate = start > 0 ? "##" : ""
                candidate.unicodeScalars.append(contentsOf: word[start..<end])
                if let id = vocabulary[candidate] {
                    found = id
                    break
                }
                end -= 1
            }
            guard let id = found else {
                ids.append(unknownID)
                return
            }
            pieces.append(id)
            start = end
        }
        ids.append(contentsOf: pieces)
    }
}
