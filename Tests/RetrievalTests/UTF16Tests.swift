import Foundation
import Testing
@testable import Retrieval

/// UTF-16 files (Notepad's "Unicode", PowerShell's `>`, Excel's "Unicode Text"): read through
/// their kind's extractor, quoted as written, cited at the file's byte offsets.
@Suite("UTF-16 documents")
struct UTF16Tests {
    /// `text` as UTF-16 code units in the given byte order, after a byte-order mark when `bom`.
    static func utf16(_ text: String, bigEndian: Bool = false, bom: Bool = true) -> [UInt8] {
        let units = (bom ? [UInt16(0xFEFF)] : []) + Array(text.utf16)
        return units.flatMap { u in bigEndian ? [UInt8(u >> 8), UInt8(u & 0xFF)] : [UInt8(u & 0xFF), UInt8(u >> 8)] }
    }

    /// Checks that every run of `text` decodes its source bytes to exactly its text bytes.
    static func expectRunsMap(_ text: ExtractedText, _ bytes: [UInt8]) {
        let utf8 = Array(text.text.utf8)
        for s in text.segments {
            let source = bytes[s.sourceOffset..<(s.sourceOffset + s.sourceLength)]
            #expect(Array(text.encoding.decode(source).utf8) == Array(utf8[s.textOffset..<(s.textOffset + s.length)]))
        }
    }

    static let note = "Boiler service: Tuesday 9 June at 08:30 — Ørsted Heating, ref 4471-B.\n"
        + "Kettle descaler: the 日本 brand in the blue tub 🫖 costs €7.\n"

    @Test func aNotepadFileIsReadWithItsByteOrderMarkInEitherOrder() throws {
        for bigEndian in [false, true] {
            let bytes = Self.utf16(Self.note, bigEndian: bigEndian)
            let text = try TextExtractor.extract(bytes, kind: .text, path: "notes.txt")
            #expect(text.encoding == (bigEndian ? .utf16BE : .utf16LE))
            #expect(text.text == Self.note)
            Self.expectRunsMap(text, bytes)
            // a sentence maps to the two bytes of each of its code units, after the mark
            let sentence = "the 日本 brand in the blue tub 🫖 costs €7."
            let r = try EncodingTests.range(of: sentence, in: text.text)
            let source = try #require(text.sourceRange(of: r))
            #expect(source.count == 2 * sentence.utf16.count)
            #expect(Array(bytes[source]) == Self.utf16(sentence, bigEndian: bigEndian, bom: false))
        }
    }

    @Test func withoutAMarkTheNULsOfASCIIGiveItAway() throws {
        let bytes = Self.utf16("Gate code: 2580#\r\nBins go out on Wednesday night.\r\n", bom: false)
        let text = try TextExtractor.extract(bytes, kind: .text, path: "gate.txt")
        #expect(text.encoding == .utf16LE)
        #expect(text.text.hasPrefix("Gate code: 2580#"))
        let big = try TextExtractor.extract(Self.utf16("Gate code: 2580#", bigEndian: true, bom: false), kind: .text, path: "gate.txt")
        #expect(big.encoding == .utf16BE && big.text == "Gate code: 2580#")
        // a stray NUL in bytes that are not UTF-16 is still binary
        #expect(throws: RetrievalError.binary(path: "a.txt")) {
            try TextExtractor.extract(Array("Looks like text, caf".utf8) + [0xE9, 0x00], kind: .text, path: "a.txt")
        }
    }

    @Test func brokenUTF16IsNamedNotGuessed() throws {
        // an odd byte at the end, and a high surrogate with no low one
        #expect(throws: RetrievalError.notUTF16(path: "odd.txt")) {
            try TextExtractor.extract(Self.utf16("Hi") + [0x41], kind: .text, path: "odd.txt")
        }
        #expect(throws: RetrievalError.notUTF16(path: "half.txt")) {
            try TextExtractor.extract([0xFF, 0xFE, 0x48, 0x00, 0x3D, 0xD8, 0x69, 0x00], kind: .text, path: "half.txt")
        }
        #expect(RetrievalError.notUTF16(path: "half.txt").description.contains("half.txt"))
    }

    @Test func htmlAndCSVAreReadByTheirOwnExtractors() throws {
        let html = Self.utf16("<html><head><meta charset=\"utf-16\"><title>Menu</title></head><body>"
            + "<h1>Crêpes</h1><p>The galette complète costs 9&nbsp;&euro; with cidre.</p></body></html>", bigEndian: true)
        let page = try TextExtractor.extract(html, kind: .html, path: "menu.html")
        #expect(page.encoding == .utf16BE)
        #expect(page.text.contains("The galette complète costs 9&nbsp;&euro; with cidre."))
        #expect(!page.text.contains("<p>") && !page.text.contains("charset"))
        Self.expectRunsMap(page, html)
        // the sentence's source is its bytes in the file
        let r = try EncodingTests.range(of: "The galette complète costs 9&nbsp;&euro; with cidre.", in: page.text)
        let source = try #require(page.sourceRange(of: r))
        #expect(TextEncoding.utf16BE.decode(html[source]) == "The galette complète costs 9&nbsp;&euro; with cidre.")

        // Excel's "Unicode Text" is a tab-separated UTF-16 file; a CSV row keeps its header
        let csv = Self.utf16("Month,Category,Amount\r\nJanuary,Groceries,412.30\r\nFebruary,Groceries,388.15\r\n")
        let rows = try TextExtractor.extract(csv, kind: .csv, path: "budget.csv")
        #expect(rows.encoding == .utf16LE)
        #expect(rows.text.contains("February"))
        Self.expectRunsMap(rows, csv)
        let row = try #require(rows.sourceRange(of: try EncodingTests.range(of: "388.15", in: rows.text)))
        #expect(TextEncoding.utf16LE.decode(csv[row]) == "388.15")
    }

    @Test func askingAUTF16FileCitesItsBytes() throws {
        let t = try TempLibrary()
        let url = t.docs.appendingPathComponent("house.txt")
        let bytes = Self.utf16(Self.note)
        try Data(bytes).write(to: url)
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().refused == 0)
        let answer = try t.library.ask(question: "When is the boiler service?")
        #expect(!answer.abstained)
        let citation = try #require(answer.citations.first)
        #expect(citation.quote.contains("Tuesday 9 June at 08:30"))
        #expect(TextEncoding.utf16LE.decode(bytes[citation.start..<citation.end]) == citation.quote)
        #expect(CitationCheck.verify(citation, pdfTexts: t.library.pdfTexts))
        // the file changes under the citation: it no longer verifies
        var changed = bytes
        changed[citation.start + 2] ^= 0x20
        try Data(changed).write(to: url)
        #expect(!CitationCheck.verify(citation, pdfTexts: t.library.pdfTexts))
    }

    @Test func theStoreKeepsTheByteOrder() {
        let runs: [ExtractedText.Segment] = [.init(textOffset: 0, sourceOffset: 2, length: 5, sourceLength: 10),
                                             .init(textOffset: 5, sourceOffset: 12, length: 6, sourceLength: 4)]
        for encoding in [TextEncoding.utf16LE, .utf16BE] {
            let back = LibraryCatalog.decodeSegments(LibraryCatalog.encode(runs, encoding: encoding))
            #expect(back.segments == runs && back.encoding == encoding)
        }
    }
}
