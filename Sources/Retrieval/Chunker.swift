import Embeddings
import Foundation

/// One chunk before it is stored: a run of whole sentences of the extracted text.
public struct ChunkDraft: Sendable, Equatable {
    /// Position of the chunk in its document, from 0.
    public var ordinal: Int
    /// The chunk's text (a slice of the extracted text).
    public var text: String
    /// UTF-8 byte range of `text` in the extracted text.
    public var textRange: Range<Int>
    /// Byte range in the source file from the chunk's first to one past its last source byte.
    public var sourceRange: Range<Int>
    /// Verbatim runs of the chunk, with `textOffset` relative to the chunk's text.
    public var segments: [ExtractedText.Segment]
    public var wordCount: Int
    public var tokenCount: Int
    /// The encoding of the source file.
    public var encoding: TextEncoding = .utf8

    /// The source bytes `sourceRange` decoded, when they differ from `text` (HTML, JSON, a
    /// decoded Windows-1252 file); nil when they are the same bytes. `source` is the whole file.
    public func rawSource(in source: [UInt8]) -> String? {
        let identity = segments.count == 1 && sourceRange.count == textRange.count
            && segments[0].length == segments[0].sourceLength
        return identity ? nil : encoding.decode(source[sourceRange])
    }
}

/// Cuts extracted text into chunks of whole sentences: at most `chunkMaxWords` words, the last
/// sentences of a chunk (up to `chunkOverlapWords` words) repeated at the start of the next, and
/// every chunk within the embedder's token limit (over-long chunks are halved until they fit).
struct Chunker {
    let maxWords: Int
    let overlapWords: Int
    let embedder: any Embedder
    /// Longest run of bytes without a space kept as one word (`RetrievalConfiguration.maxWordBytes`).
    let maxRunBytes: Int

    init(configuration: RetrievalConfiguration, embedder: any Embedder) {
        self.maxRunBytes = configuration.maxWordBytes
        self.maxWords = configuration.chunkMaxWords
        self.overlapWords = configuration.chunkOverlapWords
        self.embedder = embedder
    }

    /// Chunks of `extracted`. `path` is used in error messages only.
    func chunks(of extracted: ExtractedText, lineMode: Bool, path: String) throws -> [ChunkDraft] {
        let bytes = Array(extracted.text.utf8)
        var units: [(range: Range<Int>, words: Int)] = []
        for sentence in SentenceSplitter.split(extracted.text, lineMode: lineMode) {
            for piece in splitLong(sentence, bytes: bytes, limit: maxWords) {
                units.append((piece, SentenceSplitter.wordCount(bytes[piece])))
            }
        }
        var groups: [[Range<Int>]] = []
        var current: [(range: Range<Int>, words: Int)] = []
        var words = 0
        for unit in units {
            if words + unit.words > maxWords, !current.isEmpty {
                groups.append(current.map(\.range))
                var carried: [(range: Range<Int>, words: Int)] = []
                var carriedWords = 0
                for previous in current.reversed() {
                    guard carriedWords + previous.words <= overlapWords,
                          carriedWords + previous.words + unit.words <= maxWords,
                          carried.count + 1 < current.count else { break }
                    carried.insert(previous, at: 0)
                    carriedWords += previous.words
                }
                current = carried
                words = carriedWords
            }
            current.append(unit)
            words += unit.words
        }
        if !current.isEmpty { groups.append(current.map(\.range)) }

        var drafts: [ChunkDraft] = []
        for group in groups {
            for fitted in try fit(group, bytes: bytes, path: path) {
                drafts.append(draft(fitted.group, tokens: fitted.tokens, ordinal: drafts.count, bytes: bytes,
                                    extracted: extracted))
            }
        }
        return drafts
    }

    /// Splits `group` until each part's text is within the embedder's token limit.
    private func fit(_ group: [Range<Int>], bytes: [UInt8], path: String) throws -> [(group: [Range<Int>], tokens: Int)] {
        let range = group.first!.lowerBound..<group.last!.upperBound
        let tokens = embedder.tokenCount(String(decoding: bytes[range], as: UTF8.self))
        if tokens <= embedder.maxTokens { return [(group, tokens)] }
        if group.count > 1 {
            let mid = Self.splitPoint(group, bytes: bytes)
            return try fit(Array(group[..<mid]), bytes: bytes, path: path)
                + fit(Array(group[mid...]), bytes: bytes, path: path)
        }
        let words = SentenceSplitter.wordCount(bytes[range])
        guard words > 1 else { throw RetrievalError.chunkTooLong(path: path, tokens: tokens, limit: embedder.maxTokens) }
        let pieces = splitLong(range, bytes: bytes, limit: (words + 1) / 2)
        return try pieces.flatMap { try fit([$0], bytes: bytes, path: path) }
    }

    /// Where a group over the token limit is cut in two: before the heading nearest its middle,
    /// so a section's lines keep their heading (a quote's `Total: €2,045.00` stays under `## Re-cover:
    /// quote from Western Tunnels`, not alone at the head of the next chunk); the middle when no
    /// unit after the first is a heading (`#`, as Markdown writes it and HTML's are extracted).
    static func splitPoint(_ group: [Range<Int>], bytes: [UInt8]) -> Int {
        let mid = group.count / 2
        let headings = group.indices.dropFirst().filter { i in
            let start = group[i].lowerBound
            return bytes[start] == UInt8(ascii: "#") && start + 1 < bytes.count
                && (bytes[start + 1] == UInt8(ascii: " ") || bytes[start + 1] == UInt8(ascii: "#"))
        }
        return headings.min { (abs($0 - mid), $0) < (abs($1 - mid), $1) } ?? mid
    }

    /// Splits a byte range at word boundaries into pieces of at most `limit` words; a run of
    /// more than `maxRunBytes` bytes without a space (a document with no whitespace) is cut at a
    /// character boundary first, so no piece costs more than a bounded tokenisation.
    private func splitLong(_ range: Range<Int>, bytes: [UInt8], limit: Int) -> [Range<Int>] {
        if range.count > maxRunBytes, let cut = Self.cutRuns(range, bytes: bytes, maxBytes: maxRunBytes) {
            return cut.flatMap { splitLong($0, bytes: bytes, limit: limit) }
        }
        guard SentenceSplitter.wordCount(bytes[range]) > limit else { return [range] }
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        var count = 0
        var i = range.lowerBound
        var inWord = false
        while i < range.upperBound {
            let space = SentenceSplitter.isSpace(bytes[i])
            if !space, !inWord {
                if count == limit {
                    var end = i
                    while end > start, SentenceSplitter.isSpace(bytes[end - 1]) { end -= 1 }
                    pieces.append(start..<end)
                    start = i
                    count = 0
                }
                count += 1
            }
            inWord = !space
            i += 1
        }
        if start < range.upperBound { pieces.append(start..<range.upperBound) }
        return pieces
    }

    /// `range` cut so that no piece holds a run of more than `maxBytes` non-space bytes (cuts at
    /// UTF-8 character starts); nil when it has no such run.
    static func cutRuns(_ range: Range<Int>, bytes: [UInt8], maxBytes: Int) -> [Range<Int>]? {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        var run = 0
        var i = range.lowerBound
        var cut = false
        while i < range.upperBound {
            if SentenceSplitter.isSpace(bytes[i]) { run = 0 } else {
                run += 1
                if run > maxBytes, bytes[i] & 0xC0 != 0x80 {
                    pieces.append(start..<i)
                    start = i
                    run = 1
                    cut = true
                }
            }
            i += 1
        }
        guard cut else { return nil }
        pieces.append(start..<range.upperBound)
        return pieces
    }

    private func draft(_ group: [Range<Int>], tokens: Int, ordinal: Int, bytes: [UInt8], extracted: ExtractedText) -> ChunkDraft {
        let range = group.first!.lowerBound..<group.last!.upperBound
        let text = String(decoding: bytes[range], as: UTF8.self)
        let segments = ExtractedText.slice(extracted.segments, to: range)
        let source = extracted.sourceRange(of: range) ?? 0..<0
        return ChunkDraft(ordinal: ordinal, text: text, textRange: range, sourceRange: source, segments: segments,
                          wordCount: SentenceSplitter.wordCount(bytes[range]),
                          tokenCount: tokens, encoding: extracted.encoding)
    }
}
