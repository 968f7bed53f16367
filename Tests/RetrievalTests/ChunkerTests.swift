import Embeddings
import Foundation
import XCTest
@testable import Retrieval

final class ChunkerTests: XCTestCase {
    /// 60 numbered sentences of 12 words each (720 words).
    private let longText = (1...60).map { "Sentence number \($0) talks about rivers, forests, engines and the moon today." }
        .joined(separator: " ")

    private func chunks(_ text: String, embedder: any Embedder = HashingEmbedder(),
                        configuration: RetrievalConfiguration = .standard) throws -> [ChunkDraft] {
        let extracted = try TextExtractor.extract(Array(text.utf8), kind: .text, path: "t")
        return try Chunker(configuration: configuration, embedder: embedder).chunks(of: extracted, lineMode: false, path: "t")
    }

    func testChunksRespectWordLimitOverlapAndSentenceBoundaries() throws {
        let drafts = try chunks(longText)
        XCTAssertGreaterThan(drafts.count, 2)
        let source = Array(longText.utf8)
        for (i, d) in drafts.enumerated() {
            XCTAssertEqual(d.ordinal, i)
            XCTAssertLessThanOrEqual(d.wordCount, 310)
            XCTAssertTrue(d.text.hasPrefix("Sentence number"), "chunks start at a sentence")
            XCTAssertTrue(d.text.hasSuffix("today."), "chunks end at a sentence")
            XCTAssertEqual(String(decoding: source[d.sourceRange], as: UTF8.self), d.text)
        }
        for (a, b) in zip(drafts, drafts.dropFirst()) {
            let overlap = a.sourceRange.upperBound - b.sourceRange.lowerBound
            XCTAssertGreaterThan(overlap, 0, "consecutive chunks overlap")
            let overlapWords = SentenceSplitter.wordCount(source[b.sourceRange.lowerBound..<a.sourceRange.upperBound])
            XCTAssertLessThanOrEqual(overlapWords, 50)
            XCTAssertGreaterThanOrEqual(overlapWords, 36, "overlap takes whole sentences up to 50 words")
        }
        XCTAssertEqual(drafts.last!.sourceRange.upperBound, source.count)
    }

    func testOverlongSentenceIsSplitAtWords() throws {
        let text = (1...700).map { "w\($0)" }.joined(separator: " ")
        let drafts = try chunks(text)
        XCTAssertTrue(drafts.allSatisfy { $0.wordCount <= 310 })
        XCTAssertEqual(drafts.first!.sourceRange.lowerBound, 0)
        XCTAssertEqual(drafts.last!.sourceRange.upperBound, text.utf8.count)
    }

    func testChunksAreSplitToFitTheEmbedderTokenLimit() throws {
        let tiny = TinyLimitEmbedder()
        let drafts = try chunks(longText, embedder: tiny)
        XCTAssertGreaterThan(drafts.count, 10)
        for d in drafts { XCTAssertLessThanOrEqual(tiny.tokenCount(d.text), tiny.maxTokens) }
    }

    func testLineModeKeepsRowsWhole() throws {
        let csv = "name,river\nAmazon,South America\nNile,Africa\n"
        let extracted = try TextExtractor.extract(Array(csv.utf8), kind: .csv, path: "t")
        // the header labels each row's values: two rows, each one unit
        XCTAssertEqual(SentenceSplitter.split(extracted.text, lineMode: true).count, 2)
        XCTAssertEqual(extracted.text, "name: Amazon; river: South America\nname: Nile; river: Africa\n")
    }
    func testAGroupOverTheTokenLimitIsCutBeforeAHeadingSoASectionKeepsIt() throws {
        // 12 lines of 4 words, then a heading and 4 lines: 66 tokens for a 40-token embedder.
        // The middle (unit 8) would leave the quote's last lines without their heading.
        let md = (1...12).map { "- stall note \($0)" }.joined(separator: "\n")
            + "\n\n## Quote from Western Tunnels\n\n- Cover: €1,240.00\n- Labour: €620.00\n- Total: €2,045.00\n- Fitting: Tuesday\n"
        let extracted = try TextExtractor.extract(Array(md.utf8), kind: .markdown, path: "t.md")
        let drafts = try Chunker(configuration: .standard, embedder: TinyLimitEmbedder()).chunks(of: extracted, lineMode: true, path: "t.md")
        let section = try XCTUnwrap(drafts.first { $0.text.contains("Total: €2,045.00") })
        XCTAssertTrue(section.text.hasPrefix("## Quote from Western Tunnels"), section.text)
        XCTAssertTrue(section.text.contains("- Cover: €1,240.00"))
        // without a heading the cut stays at the middle
        let units = (0..<6).map { $0 * 10..<($0 * 10 + 9) }
        XCTAssertEqual(Chunker.splitPoint(units, bytes: [UInt8](repeating: 0x61, count: 60)), 3)
    }
}
