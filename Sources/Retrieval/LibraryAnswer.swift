import Foundation
import Glibc

/// The answer value of AskLibrary (DESIGN §9), encoded with snake_case keys:
/// `{"question","answer"|null,"abstained","abstain_reason","claims","citations","confidence","gates"}`.
public struct LibraryAnswer: Sendable, Codable, Equatable {
    /// One sentence of the answer and the indices (into `citations`) that support it.
    public struct Claim: Sendable, Codable, Equatable {
        public var text: String
        public var citations: [Int]
        public init(text: String, citations: [Int]) { self.text = text; self.citations = citations }
    }

    /// A quote from a source file: bytes `start..<end` of the file at `path` are exactly `quote`
    /// (decoded from Windows-1252 for a file that is not UTF-8: then `quote` has more UTF-8 bytes
    /// than `end - start`). For a PDF, `offsets` is `"extracted-text"`: `start..<end` are UTF-8
    /// byte offsets into the text `pdftotext` extracts from the file, not file offsets, and `page`
    /// is the 1-based page of `start`. Both are absent for other files.
    public struct Citation: Sendable, Codable, Equatable {
        public var docId: Int64
        public var path: String
        public var chunkId: Int64
        public var start: Int
        public var end: Int
        public var quote: String
        public var offsets: String?
        public var page: Int?

        /// The value of `offsets` for a PDF's citations.
        public static let extractedText = "extracted-text"

        public init(docId: Int64, path: String, chunkId: Int64, start: Int, end: Int, quote: String,
                    offsets: String? = nil, page: Int? = nil) {
            self.docId = docId; self.path = path; self.chunkId = chunkId
            self.start = start; self.end = end; self.quote = quote; self.offsets = offsets; self.page = page
        }

        /// Where the quote is, for people: `bytes 10–52`, `page 3, extracted-text offsets 10–52`
        /// (a PDF), or `extracted-text offsets 10–52` (a Word document, which has no pages).
        public var location: String {
            guard offsets == Citation.extractedText else { return "bytes \(start)–\(end)" }
            return (page.map { "page \($0), " } ?? "") + "extracted-text offsets \(start)–\(end)"
        }

        enum CodingKeys: String, CodingKey {
            case docId = "doc_id", path, chunkId = "chunk_id", start, end, quote, offsets, page
        }
    }

    /// The outcome of one verification gate.
    public struct Gate: Sendable, Codable, Equatable {
        public var passed: Bool
        public var score: Double?
        public var detail: String?
        public init(passed: Bool, score: Double? = nil, detail: String? = nil) {
            self.passed = passed; self.score = score; self.detail = detail
        }
    }

    public var question: String
    /// The answer text, nil when abstained.
    public var answer: String?
    public var abstained: Bool
    /// Why the library abstained (a fixed phrase, no user content), nil when it answered.
    public var abstainReason: String?
    public var claims: [Claim]
    /// Answer quotes first (referenced by claims), then further evidence, strongest first. When
    /// abstained: empty, or the nearest passages (referenced by no claim) when the configuration
    /// asks for them.
    public var citations: [Citation]
    /// Calibrated 0…1: how likely the cited sentences answer the question.
    public var confidence: Double
    /// Gate name (`domain_isolation`, `retrieval_confidence`, `quote_faithfulness`, `evidence_coverage`,
    /// `numeric_sanity`, `contradiction_sweep`, `semantic_grounding`, `generation_quality`,
    /// `completeness`) → result, for the gates that ran.
    public var gates: [String: Gate]
    /// Grounding rule ids that fired → counts (content-free; copied into the receipt).
    public var grounding: [String: Int]

    enum CodingKeys: String, CodingKey {
        case question, answer, abstained, abstainReason = "abstain_reason", claims, citations, confidence, gates, grounding
    }

    public init(question: String, answer: String?, abstained: Bool, abstainReason: String?, claims: [Claim],
                citations: [Citation], confidence: Double, gates: [String: Gate], grounding: [String: Int] = [:]) {
        self.question = question; self.answer = answer; self.abstained = abstained
        self.abstainReason = abstainReason; self.claims = claims; self.citations = citations
        self.confidence = confidence; self.gates = gates; self.grounding = grounding
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        question = try c.decode(String.self, forKey: .question)
        answer = try c.decodeIfPresent(String.self, forKey: .answer)
        abstained = try c.decode(Bool.self, forKey: .abstained)
        abstainReason = try c.decodeIfPresent(String.self, forKey: .abstainReason)
        claims = try c.decode([Claim].self, forKey: .claims)
        citations = try c.decode([Citation].self, forKey: .citations)
        confidence = try c.decode(Double.self, forKey: .confidence)
        gates = try c.decode([String: Gate].self, forKey: .gates)
        grounding = try c.decodeIfPresent([String: Int].self, forKey: .grounding) ?? [:]
    }

    /// Encodes `answer` and `abstain_reason` as JSON null when absent (the shape is fixed).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(question, forKey: .question)
        try c.encode(answer, forKey: .answer)
        try c.encode(abstained, forKey: .abstained)
        try c.encode(abstainReason, forKey: .abstainReason)
        try c.encode(claims, forKey: .claims)
        try c.encode(citations, forKey: .citations)
        try c.encode(confidence, forKey: .confidence)
        try c.encode(gates, forKey: .gates)
        try c.encode(grounding, forKey: .grounding)
    }
}

extension LibraryAnswer {
    /// The answer's text from its claims: sentences read on, a space apart; after a record, a
    /// list item or a field line (no closing punctuation) the next claim starts a line.
    static func joined(_ claims: [String]) -> String {
        claims.reduce("") { text, claim in
            let end = text.last { !"\"'”’".contains($0) }
            return text.isEmpty ? claim : text + (end.map { ".!?".contains($0) } == true ? " " : "\n") + claim
        }
    }
}

/// Checks citations against the files on disk.
public enum CitationCheck {
    /// True when bytes `start..<end` of the file at `path` are exactly `quote` (one `pread`) —
    /// as UTF-8, or decoded from Windows-1252 (one character per byte) or UTF-16 for a file that
    /// is not UTF-8.
    /// A PDF's citation (`offsets: "extracted-text"`) is checked against its text extracted again
    /// (once per file version per process): bytes `start..<end` are the quote, on page `page`.
    /// `pdfTexts` is the library's (`Library.pdfTexts`).
    public static func verify(_ citation: LibraryAnswer.Citation, pdfTexts: PDFTextCache) -> Bool {
        if let offsets = citation.offsets {
            guard offsets == LibraryAnswer.Citation.extractedText else { return false }
            return verifyExtracted(citation, cache: pdfTexts)
        }
        let expected = Array(citation.quote.utf8)
        let count = citation.end - citation.start
        // every source byte decodes to at least one UTF-8 byte of the quote, every two (UTF-16) to one
        guard citation.start >= 0, count > 0, count <= 2 * expected.count else { return false }
        let fd = open(citation.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(citation.start)) }
        guard n == count else { return false }
        if buffer == expected { return true }
        if count < expected.count, Array(TextEncoding.windows1252.decode(buffer).utf8) == expected { return true }
        // UTF-16 in either byte order (a quote starts and ends on a code unit)
        guard count % 2 == 0, citation.start % 2 == 0 else { return false }
        return [TextEncoding.utf16LE, .utf16BE].contains { Array($0.decode(buffer).utf8) == expected }
    }
}

extension CitationCheck {
    static func verifyExtracted(_ citation: LibraryAnswer.Citation, cache: PDFTextCache) -> Bool {
        guard citation.start >= 0, citation.start < citation.end, let text = cache.text(citation.path),
              citation.end <= text.count else { return false }
        guard Array(text[citation.start..<citation.end]) == Array(citation.quote.utf8) else { return false }
        return citation.page == nil || citation.page == PDFText.page(at: citation.start, in: text)
    }
}
