import Foundation
import Testing
@testable import Retrieval

extension Fixtures {
    static let encodings = qa.deletingLastPathComponent().appendingPathComponent("encodings")
}

/// Files that are not UTF-8: read as Windows-1252 with exact byte offsets, binary still refused.
@Suite("Windows-1252 and Latin-1 documents")
struct EncodingTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixtures.encodings.appendingPathComponent(name)))
    }

    /// UTF-8 byte range of `needle` in `text`.
    static func range(of needle: String, in text: String) throws -> Range<Int> {
        let r = try #require(text.range(of: needle))
        return text.utf8.distance(from: text.startIndex, to: r.lowerBound)
            ..< text.utf8.distance(from: text.startIndex, to: r.upperBound)
    }

    /// `text` encoded as Windows-1252 (every character of it must exist there).
    static func cp1252(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { scalar in
            if scalar.value < 0x80 || (0xA0...0xFF).contains(scalar.value) { return UInt8(scalar.value) }
            return UInt8(0x80 + TextEncoding.cp1252High.firstIndex(of: scalar.value)!)
        }
    }

    /// A copy of a fixture in a fresh library folder.
    static func library(with name: String) throws -> (TempLibrary, URL) {
        let t = try TempLibrary()
        let url = t.docs.appendingPathComponent(name)
        try Data(try fixture(name)).write(to: url)
        return (t, url)
    }

    @Test func cp1252TextDecodesAndEverySegmentMapsToItsBytes() throws {
        let bytes = try Self.fixture("cafe-notes-cp1252.txt")
        #expect(String(validating: bytes, as: UTF8.self) == nil)
        let text = try TextExtractor.extract(bytes, kind: .text, path: "notes.txt")
        #expect(text.encoding == .windows1252)
        #expect(!text.isIdentity)
        let sentence = "The contractor said: “The new terrace will cost €4,500 — paid in two parts.”"
        #expect(text.text.contains(sentence))
        #expect(text.text.contains("Marie’s café reopens") && text.text.contains("unchanged…"))
        // every run decodes its source bytes to exactly its text bytes
        let utf8 = Array(text.text.utf8)
        for s in text.segments {
            let source = bytes[s.sourceOffset..<(s.sourceOffset + s.sourceLength)]
            #expect(Array(TextEncoding.windows1252.decode(source).utf8) == Array(utf8[s.textOffset..<(s.textOffset + s.length)]))
        }
        // a decoded range maps to the file bytes that encode it in cp1252 (1 byte per character)
        let source = try #require(text.sourceRange(of: try Self.range(of: sentence, in: text.text)))
        #expect(source.count == sentence.unicodeScalars.count)
        #expect(Array(bytes[source]) == Self.cp1252(sentence))
        let euro = try #require(text.sourceRange(of: try Self.range(of: "€", in: text.text)))
        #expect(euro.count == 1 && bytes[euro.lowerBound] == 0x80)
        let dash = try #require(text.sourceRange(of: try Self.range(of: "—", in: text.text)))
        #expect(dash.count == 1 && bytes[dash.lowerBound] == 0x97)
    }

    @Test func askingACp1252FileQuotesTheDecodedTextAtTheFileOffsets() throws {
        let (t, url) = try Self.library(with: "cafe-notes-cp1252.txt")
        try t.library.enqueue(paths: [url])
        let summary = try t.library.processQueue()
        #expect(summary.refused == 0)
        let answer = try t.library.ask(question: "How much will the new terrace cost?")
        #expect(!answer.abstained)
        let citation = try #require(answer.citations.first)
        #expect(citation.quote.contains("“The new terrace will cost €4,500 — paid in two parts.”"))
        let file = try Self.fixture("cafe-notes-cp1252.txt")
        let bytes = file[citation.start..<citation.end]
        #expect(TextEncoding.windows1252.decode(bytes) == citation.quote)
        #expect(citation.quote.utf8.count > citation.end - citation.start)
        #expect(file[citation.start] == UInt8(ascii: "T"))
        #expect(CitationCheck.verify(citation, pdfTexts: t.library.pdfTexts))
        // the file changes: the quote no longer verifies
        var changed = file
        changed[citation.start + 4] = UInt8(ascii: "X")
        try Data(changed).write(to: url)
        #expect(!CitationCheck.verify(citation, pdfTexts: t.library.pdfTexts))
    }

    @Test func latin1HTMLFollowsItsMetaCharsetAndKeepsEntitiesAsWritten() throws {
        let bytes = try Self.fixture("menu-latin1.html")
        let text = try TextExtractor.extract(bytes, kind: .html, path: "menu.html")
        #expect(text.encoding == .windows1252)
        #expect(text.text.contains("Crêperie du Port"))
        #expect(text.text.contains("The galette complète costs 9&nbsp;&euro; and comes with a bowl of cidre."))
        #expect(!text.text.contains("Menu") && !text.text.contains("charset"))

        let (t, url) = try Self.library(with: "menu-latin1.html")
        try t.library.enqueue(paths: [url])
        try t.library.processQueue()
        let answer = try t.library.ask(question: "How much does the galette complète cost?")
        #expect(!answer.abstained)
        let citation = try #require(answer.citations.first)
        #expect(citation.quote == "The galette complète costs 9&nbsp;&euro; and comes with a bowl of cidre.")
        #expect(TextEncoding.windows1252.decode(bytes[citation.start..<citation.end]) == citation.quote)
        #expect(citation.end - citation.start == citation.quote.unicodeScalars.count)
        #expect(CitationCheck.verify(citation, pdfTexts: t.library.pdfTexts))
        // the claim shows the references decoded, the quote keeps them as written
        #expect(answer.claims.first?.text.contains("9\u{00A0}€") == true)
    }

    @Test func aDeclaredLatin1CharsetWinsOverBytesThatHappenToBeUTF8() throws {
        let html = Array("<meta charset=\"latin1\"><p>Caf".utf8) + [0xC3, 0xA9] + Array(".</p>".utf8)
        let text = try TextExtractor.extract(html, kind: .html, path: "x.html")
        #expect(text.encoding == .windows1252)
        #expect(text.text.trimmingCharacters(in: .whitespacesAndNewlines) == "CafÃ©.")
        let declaredUTF8 = Array("<meta charset='utf-8'><p>Caf".utf8) + [0xC3, 0xA9] + Array(".</p>".utf8)
        #expect(try TextExtractor.extract(declaredUTF8, kind: .html, path: "y.html").text.trimmingCharacters(in: .whitespacesAndNewlines) == "Café.")
        // a charset it cannot decode is named, unless the bytes are UTF-8 anyway
        let shiftJIS = Array("<meta charset=\"Shift_JIS\"><p>".utf8) + [0x93, 0xFA, 0x96, 0x7B] + Array("</p>".utf8)
        #expect(throws: RetrievalError.unsupportedEncoding(path: "z.html", encoding: "shift_jis")) {
            try TextExtractor.extract(shiftJIS, kind: .html, path: "z.html")
        }
        let asciiShiftJIS = Array("<meta charset=\"Shift_JIS\"><p>Plain.</p>".utf8)
        #expect(try TextExtractor.extract(asciiShiftJIS, kind: .html, path: "z.html").text.trimmingCharacters(in: .whitespacesAndNewlines) == "Plain.")
    }

    @Test func aUTF8ByteOrderMarkMeansUTF8() throws {
        let ok = try TextExtractor.extract([0xEF, 0xBB, 0xBF] + Array("Déjà vu.".utf8), kind: .text, path: "a.txt")
        #expect(ok.encoding == .utf8 && ok.text == "Déjà vu.")
        #expect(throws: RetrievalError.notUTF8(path: "b.txt")) {
            try TextExtractor.extract([0xEF, 0xBB, 0xBF, 0x44, 0xE9, 0x6A, 0xE0], kind: .text, path: "b.txt")
        }
        #expect(try TextExtractor.extract([0xFF, 0xFE, 0x48, 0x00, 0x69, 0x00], kind: .text, path: "c.txt").text == "Hi")
    }

    @Test func binaryDataIsStillRefused() throws {
        // NUL bytes anywhere
        var withNUL = Array("Looks like text at first, é. ".utf8) + [0xE9]
        withNUL += [UInt8](repeating: 0x41, count: 20_000) + [0x00]
        #expect(throws: RetrievalError.binary(path: "a.txt")) { try TextExtractor.extract(withNUL, kind: .text, path: "a.txt") }
        // NUL-free noise: control bytes no text has
        var state: UInt32 = 12_345
        let noise: [UInt8] = (0..<4_096).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16) | 0x01
        }
        #expect(throws: RetrievalError.binary(path: "b.md")) { try TextExtractor.extract(noise, kind: .markdown, path: "b.md") }
        #expect(throws: RetrievalError.binary(path: "c.html")) {
            try TextExtractor.extract(Array("<meta charset=latin1>".utf8) + noise, kind: .html, path: "c.html")
        }
        // a stray control character in real text is not binary
        let text = Array("Line one.\u{0C}\nLine two: caf".utf8) + [0xE9] + Array(".\u{1A}".utf8)
        #expect(try TextExtractor.extract(text, kind: .text, path: "d.txt").text == "Line one.\u{0C}\nLine two: café.\u{1A}")
    }

    @Test func everyWindows1252ByteDecodesToOneCharacter() {
        let all = (0x01...0xFF).map { UInt8($0) }
        let decoded = TextEncoding.windows1252.decode(all)
        #expect(decoded.unicodeScalars.count == all.count)
        #expect(Array(decoded.unicodeScalars)[0x80 - 1] == "€")
        #expect(Array(decoded.unicodeScalars)[0x81 - 1].value == 0x81)
        #expect(Array(decoded.unicodeScalars)[0x9F - 1] == "Ÿ")
        #expect(Array(decoded.unicodeScalars)[0xE9 - 1] == "é")
    }

    @Test func segmentsRoundTripThroughTheStoreLayout() {
        let utf8: [ExtractedText.Segment] = [.init(textOffset: 0, sourceOffset: 5, length: 9)]
        let old = LibraryCatalog.encode(utf8)
        #expect(old.count == 3 * 8)
        #expect(LibraryCatalog.decodeSegments(old).segments == utf8)
        #expect(LibraryCatalog.decodeSegments(old).encoding == .utf8)
        let cp: [ExtractedText.Segment] = [.init(textOffset: 0, sourceOffset: 0, length: 4),
                                           .init(textOffset: 4, sourceOffset: 4, length: 6, sourceLength: 2)]
        let new = LibraryCatalog.decodeSegments(LibraryCatalog.encode(cp, encoding: .windows1252))
        #expect(new.segments == cp && new.encoding == .windows1252)
    }
}
