import Foundation
import Primitives

/// One chunk of packed evidence, with the scores that put it there.
public struct EvidenceChunk: Sendable, Equatable {
    public let chunkId: Int64
    public let docId: Int64
    /// Absolute path of the source file.
    public let path: String
    public let ordinal: Int
    /// Source byte range of the whole chunk.
    public let start: Int
    public let end: Int
    /// The chunk's extracted text.
    public let text: String
    public let tokenCount: Int
    /// Fused (RRF) score; neighbours carry a share of their parent's.
    public let score: Double
    /// Cosine similarity with the question.
    public let cosine: Float
    /// 1-based ranks in the two arms, nil when the arm did not return the chunk.
    public let vectorRank: Int?
    public let lexicalRank: Int?
    /// True when pulled in as context next to a selected chunk rather than selected itself.
    public let isNeighbour: Bool
    let record: ChunkRecord

    /// Source range and exact source bytes of text bytes `range` of this chunk, or nil.
    public func quote(textRange range: Range<Int>) -> (start: Int, end: Int, quote: String)? {
        record.quote(range).map { ($0.range.lowerBound, $0.range.upperBound, $0.quote) }
    }

    /// The citation of text bytes `range` of this chunk (a PDF's with its page and
    /// `offsets: "extracted-text"`), not yet verified; nil when the range maps to no source.
    func citation(textRange range: Range<Int>, pdfTexts: PDFTextCache) -> LibraryAnswer.Citation? {
        guard let q = quote(textRange: range) else { return nil }
        var citation = LibraryAnswer.Citation(docId: docId, path: path, chunkId: chunkId, start: q.start, end: q.end,
                                              quote: q.quote)
        if record.kind.citesExtractedText {
            citation.offsets = LibraryAnswer.Citation.extractedText
            guard let text = pdfTexts.text(path) else { return nil }
            if record.kind == .pdf { citation.page = PDFText.page(at: q.start, in: text) }
        }
        return citation
    }
}

/// What retrieval hands to an answerer: the packed chunks (strongest first and last), the ids
/// dropped for the token budget, and the trace. A model rung can write its own answer from
/// `chunks` and still build citations with `EvidenceChunk.quote(textRange:)` and check them with
/// `CitationCheck`.
public struct EvidencePack: Sendable {
    public let question: String
    /// Packed chunks in prompt order: strongest first, second strongest last.
    public let chunks: [EvidenceChunk]
    /// Chunk ids that did not fit the token budget.
    public let droppedChunkIds: [Int64]
    /// Tokens used by `chunks` (the embedder's count).
    public let tokensUsed: Int
    public let trace: RetrievalTrace
    /// The question's content terms with their library idf (used by the answerer).
    let terms: QuestionTerms
    /// The library's PDF texts (set by `Library.evidence`): a PDF chunk's citation carries its page.
    public internal(set) var pdfTexts: PDFTextCache?
    /// The question's embedding, as the search computed it (nil for packs built otherwise).
    var queryVector: [Float]?

    /// The verified citation of text bytes `range` of `chunk`, or nil when the range maps to no
    /// source or the file no longer holds those bytes.
    public func citation(of chunk: EvidenceChunk, textRange range: Range<Int>) -> LibraryAnswer.Citation? {
        guard let pdfTexts, let citation = chunk.citation(textRange: range, pdfTexts: pdfTexts),
              CitationCheck.verify(citation, pdfTexts: pdfTexts) else { return nil }
        return citation
    }

    /// The chunks ordered by score, best first (the packing order undone).
    public var byStrength: [EvidenceChunk] { chunks.sorted { $0.score > $1.score } }
}

/// Per-stage record of one retrieval: ids, counts, scores and timings — never text.
public struct RetrievalTrace: Sendable, Codable, Equatable {
    public struct Stage: Sendable, Codable, Equatable {
        public var name: String
        public var candidates: Int
        public var ids: [Int64]
        public var scores: [Double]
        public var milliseconds: Double
    }
    public var embedder: String
    public var generation: Int64
    public var target: Int
    public var stages: [Stage] = []
    public var tokenBudget: Int
    public var tokensUsed: Int = 0
    public var droppedChunkIds: [Int64] = []

    /// The stage called `name` (`embed`, `vector`, `frequencies`, `lexical`, `fusion`, `floor`,
    /// `fetch`, `rerank`, `mmr`, `neighbours`, `pack`).
    public func stage(_ name: String) -> Stage? { stages.first { $0.name == name } }

    /// Total time of all stages.
    public var milliseconds: Double { stages.reduce(0) { $0 + $1.milliseconds } }

    mutating func record(_ name: String, ids: [Int64], scores: [Double], since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let ms = elapsed.inMilliseconds
        stages.append(Stage(name: name, candidates: ids.count, ids: ids, scores: scores, milliseconds: ms))
    }
}
