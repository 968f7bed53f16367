import Foundation
@testable import Retrieval
import XCTest

extension Fixtures {
    static let docx = qa.deletingLastPathComponent().appendingPathComponent("docx")
}

/// Word documents (`.docx`): the zip read and inflated in process, the document's XML written as
/// Markdown, cited by offsets into that text.
final class WordTextTests: XCTestCase {
    func testInflateDecodesFixedAndDynamicBlocksAndRefusesDamage() throws {
        // raw deflate of "a" (one fixed-Huffman block), as zlib writes it
        XCTAssertEqual(try Inflate.decompress([75, 4, 0], limit: 10), Array("a".utf8))
        // a dynamic-Huffman block with back references (zlib level 9)
        let text = (0..<60).map { "The quick brown fox jumps over the lazy dog \($0). " }.joined()
        let compressed = try XCTUnwrap(Data(base64Encoded: Self.dynamicBlock))
        XCTAssertEqual((compressed[0] >> 1) & 3, 2)
        XCTAssertEqual(try Inflate.decompress(ArraySlice(compressed), limit: 1 << 20), Array(text.utf8))
        // a stored block
        XCTAssertEqual(try Inflate.decompress([1, 3, 0, 0xFC, 0xFF, 0x61, 0x62, 0x63], limit: 10), Array("abc".utf8))
        // cut short, a reserved block type, a length and its complement that disagree, past the limit
        XCTAssertThrowsError(try Inflate.decompress(ArraySlice(compressed.prefix(40)), limit: 1 << 20))
        XCTAssertThrowsError(try Inflate.decompress([0x07], limit: 10))
        XCTAssertThrowsError(try Inflate.decompress([1, 3, 0, 0, 0, 0x61, 0x62, 0x63], limit: 10))
        XCTAssertThrowsError(try Inflate.decompress(ArraySlice(compressed), limit: 100)) { error in
            XCTAssertEqual(error as? Inflate.Failure, .tooLarge)
        }
    }

    static let dynamicBlock = """
        ldbZFYJADEDRVlKBx2yCfdCAIiq4jKK4VS8tvO95f/ckmebYyX3q25Nsx/K+yr58ZJgut4eUVzfKc34+b35f2ZWDLBfSgFxZbix3lgfLk+\
        Urllcsr1m+hkyUFboqhFUoq5BWoa1CXIW6CnkV+hr0NTq30Negr0Ffg74GfQ36GvQ16OvQ16Gv08UMfR36OvR16OvQ16GvQ9+AvgF9A/oGvb\
        zQN6BvQN+AvgF9A/om9E3om9A3oW/SrxX0Teib0Dehb86+fw==
        """

    func testADocumentReadsAsMarkdownHeaderFirstFooterLast() throws {
        let bytes = Array(try Data(contentsOf: Fixtures.docx.appendingPathComponent("quote.docx")))
        let text = String(decoding: try WordText.text(bytes, path: "quote.docx"), as: UTF8.self)
        XCTAssertEqual(text, """
            Hartwell Joinery · 0161 496 0718

            # Quote Q-2209 – bathroom refit

            Dear Ms Okafor,

            Thank you for having us round on 14 November. Smith & Sons will supply the tiles; we fit them.

            The work takes ten working days from the start date.

            Quote number: Q-2209

            Valid until: 31 December 2026

            # Items

            | Item | Qty | Unit price | Total |
            |---|---|---|---|
            | Wall tiles (m²) | 18 | £42.00 | £756.00 |
            | Shower valve | 1 | £289.00 | £289.00 |
            | Labour | 10 days | £280.00 | £2,800.00 |

            Total £3,845.00

            - Deposit of 25% on acceptance

            - Balance on completion

            Company no. 08841207


            """)
        // the table's rows read as records, labelled by its first row
        let extracted = try TextExtractor.extract(Array(text.utf8), kind: .word, path: "quote.docx")
        XCTAssertTrue(extracted.text.contains("Item: Shower valve; Qty: 1; Unit price: £289.00; Total: £289.00"), extracted.text)
    }

    func testAWordAnswerCitesOffsetsIntoItsTextAndAChangedFileFailsTheCheck() throws {
        let t = try TempLibrary()
        let path = try t.indexed(Fixtures.docx.appendingPathComponent("quote.docx"))
        let answer = try t.library.ask(question: "how much is the shower valve")
        XCTAssertTrue(answer.answer?.contains("£289.00") == true, "\(answer)")
        let citation = try t.checkExtractedCitation(of: answer, path: path)
        XCTAssertNil(citation.page)
        XCTAssertEqual(citation.location, "extracted-text offsets \(citation.start)–\(citation.end)")
        // another document under the same name: the quote is no longer there
        try Data(Array("PK".utf8)).write(to: path)
        XCTAssertFalse(CitationCheck.verify(citation, pdfTexts: t.library.pdfTexts))
    }

    func testDocumentsThatAreNotWordOnesAreRefusedByReason() throws {
        func reason(_ bytes: [UInt8]) -> String {
            do { _ = try WordText.text(bytes, path: "x.docx"); return "read" } catch { return "\(error)" }
        }
        XCTAssertEqual(reason(Array("just text".utf8)), "x.docx: Word document text cannot be read: no zip directory")
        let fixture = Array(try Data(contentsOf: Fixtures.docx.appendingPathComponent("quote.docx")))
        XCTAssertTrue(reason(Array(fixture.prefix(fixture.count / 2))).contains("Word document text cannot be read"))
        // an entry flagged encrypted
        var encrypted = fixture
        let directory = try XCTUnwrap((0..<(fixture.count - 4)).first { fixture[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) })
        for p in stride(from: directory, to: fixture.count - 4, by: 1) where fixture[p..<(p + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) {
            encrypted[p + 8] |= 1
        }
        XCTAssertEqual(reason(encrypted), "x.docx: Word document text cannot be read: encrypted")
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/x/Quote.DOCX")), .word)
    }
}
