import Foundation
import IntentKit
import Primitives
import Testing
import XCTest
@testable import Retrieval

final class ExtractionTests: XCTestCase {
    private func extract(_ text: String, _ kind: DocumentKind) throws -> (ExtractedText, [UInt8]) {
        let bytes = Array(text.utf8)
        return (try TextExtractor.extract(bytes, kind: kind, path: "t"), bytes)
    }

    func testPlainTextIsIdentity() throws {
        let (text, _) = try extract("Héllo wörld.\nSecond line.", .text)
        XCTAssertTrue(text.isIdentity)
        XCTAssertEqual(text.sourceRange(of: 0..<6), 0..<6)
    }

    func testByteOrderMarkIsSkipped() throws {
        let (text, bytes) = try extract("\u{FEFF}Hello.", .markdown)
        XCTAssertEqual(text.text, "Hello.")
        XCTAssertEqual(text.sourceRange(of: 0..<6), 3..<bytes.count)
    }

    func testHTMLSkipsMarkupAndMapsBackToExactSourceBytes() throws {
        let html = """
            <html><head><title>T</title><style>p { color: red }</style></head><body>
            <h1>Café history</h1><p>The <b>first</b> café opened in 1652.</p><!-- hidden note -->
            <script>var secret = 1;</script><p>AT&amp;T sponsored it.</p></body></html>
            """
        let (text, bytes) = try extract(html, .html)
        XCTAssertFalse(text.text.contains("color"))
        XCTAssertFalse(text.text.contains("secret"))
        XCTAssertFalse(text.text.contains("hidden"))
        XCTAssertTrue(text.text.contains("The first café opened in 1652."))
        // A sentence across an inline tag maps to the source span including the tag.
        let sentence = text.text.range(of: "The first café opened in 1652.")!
        let lo = text.text.utf8.distance(from: text.text.startIndex, to: sentence.lowerBound)
        let hi = text.text.utf8.distance(from: text.text.startIndex, to: sentence.upperBound)
        let source = try XCTUnwrap(text.sourceRange(of: lo..<hi))
        XCTAssertEqual(String(decoding: bytes[source], as: UTF8.self), "The <b>first</b> café opened in 1652.")
        // Every segment is verbatim source.
        let t = Array(text.text.utf8)
        for s in text.segments {
            XCTAssertEqual(t[s.textOffset..<(s.textOffset + s.length)], bytes[s.sourceOffset..<(s.sourceOffset + s.length)])
        }
    }

    func testJSONObjectsAreRecordsOfTheirLabelledValues() throws {
        let json = #"{"exported": "2026-10-30T19:02:11Z", "subs": [{"name": "Spotify", "price": 19.99, "renews": "2026-11-21", "tags": ["music", "family"], "notes": ""}, {"name": "Gym", "cancel": true}], "empty": {}}"#
        let (text, bytes) = try extract(json, .json)
        XCTAssertEqual(text.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init), [
            "exported: 2026-10-30T19:02:11Z (30 October 2026, 19:02 UTC)",
            "name: Spotify; price: 19.99; renews: 2026-11-21 (21 November 2026); tags: music, family",
            "name: Gym; cancel: true",
        ])
        for s in text.segments {
            XCTAssertEqual(Array(text.text.utf8)[s.textOffset..<(s.textOffset + s.length)],
                           bytes[s.sourceOffset..<(s.sourceOffset + s.length)])
        }
        // deeper than the limit, or not JSON: its string values, as before (never a crash)
        let deep = String(repeating: "[", count: 5_000) + "\"x\"" + String(repeating: "]", count: 5_000)
        XCTAssertEqual(try extract(deep, .json).0.text, "x\n\n")
        XCTAssertEqual(try extract(#"{"a": "one", "b": tru"#, .json).0.text, "one\n\n")
    }

    func testJSONTakesStringValuesNotKeys() throws {
        let (text, bytes) = try extract(#"{"title": "Oxygen", "notes": ["It is \"reactive\".", 8], "n": 3}"#, .json)
        XCTAssertTrue(text.text.contains("title: Oxygen"))
        XCTAssertTrue(text.text.contains("Oxygen"))
        XCTAssertTrue(text.text.contains(#"It is \"reactive\"."#))
        for s in text.segments {
            XCTAssertEqual(Array(text.text.utf8)[s.textOffset..<(s.textOffset + s.length)],
                           bytes[s.sourceOffset..<(s.sourceOffset + s.length)])
        }
    }

    func testBytesThatAreNotUTF8AreReadAsWindows1252() throws {
        let text = try TextExtractor.extract([0x48, 0xFF, 0x49], kind: .text, path: "latin.txt")
        XCTAssertEqual(text.text, "HÿI")
        XCTAssertEqual(text.sourceRange(of: 1..<3), 1..<2)
    }

    func testKindsByExtension() {
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/a/b.md")), .markdown)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/a/b.HTML")), .html)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/a/b.swift")), .code)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/a/b.csv")), .csv)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/a/b.pdf")), .pdf)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/a/b.docx")), .word)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/a/b.xlsx")), .spreadsheet)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/a/b.eml")), .email)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/a/b.odt")), .word)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/a/b.ods")), .spreadsheet)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/a/b.odp")), .presentation)
        XCTAssertNil(DocumentKind.of(URL(fileURLWithPath: "/a/b.doc")))
    }

    func testSentenceSplitterKeepsAbbreviationsAndInitials() {
        let text = "Dr. Smith met John F. Kennedy in Washington. It was 1960! Was it? # Heading\n\nNext block"
        let b = Array(text.utf8)
        let parts = SentenceSplitter.split(text, lineMode: false).map { String(decoding: b[$0], as: UTF8.self) }
        XCTAssertEqual(parts, ["Dr. Smith met John F. Kennedy in Washington.", "It was 1960!", "Was it? # Heading",
                               "Next block"])
        // dotted initials are not a sentence's end, even in brackets; a time of day can be
        let dotted = "Tesla was born on 10 July [O.S. 28 June] 1856. A book by J.I. Pontanus says so. We close at 5 p.m. The café opens at 9 a.m. daily."
        let d = Array(dotted.utf8)
        XCTAssertEqual(SentenceSplitter.split(dotted, lineMode: false).map { String(decoding: d[$0], as: UTF8.self) },
                       ["Tesla was born on 10 July [O.S. 28 June] 1856.", "A book by J.I. Pontanus says so.", "We close at 5 p.m.",
                        "The café opens at 9 a.m. daily."])
        // a price "incl. VAT" goes on
        let priced = "- **Total: €2,045.00 incl. VAT**\n- Deposit: €300.00 excl. VAT. Paid."
        let q = Array(priced.utf8)
        XCTAssertEqual(SentenceSplitter.split(priced, lineMode: false).map { String(decoding: q[$0], as: UTF8.self) },
                       ["- **Total: €2,045.00 incl. VAT**", "- Deposit: €300.00 excl. VAT.", "Paid."])
        // rupees, an extension and an area go on too
        let rupees = "Waiting charges Rs. 500 per hour. Call the desk on ext. 214 for a 742 sq. ft. flat. Done."
        let r = Array(rupees.utf8)
        XCTAssertEqual(SentenceSplitter.split(rupees, lineMode: false).map { String(decoding: r[$0], as: UTF8.self) },
                       ["Waiting charges Rs. 500 per hour.", "Call the desk on ext. 214 for a 742 sq. ft. flat.", "Done."])
        // a street's and a number's abbreviation goes on before a number, and ends a sentence before a word
        let street = "Van leaves at 09:00 from my place (Lütticher Str. 44). Rechnung Nr. 2025-031 ist bezahlt. "
            + "We met on Church Rd. Then we walked."
        let s = Array(street.utf8)
        XCTAssertEqual(SentenceSplitter.split(street, lineMode: false).map { String(decoding: s[$0], as: UTF8.self) },
                       ["Van leaves at 09:00 from my place (Lütticher Str. 44).", "Rechnung Nr. 2025-031 ist bezahlt.",
                        "We met on Church Rd.", "Then we walked."])
    }

    func testSentenceSplitterKeepsARecordLineWhole() {
        let text = "Members\nname: Maya; note: child passport - 5 years. RENEW before Easter!; ghic: 8082\nname: Arjun; school: Year 2\nThe box. It is grey."
        let b = Array(text.utf8)
        XCTAssertEqual(SentenceSplitter.split(text, lineMode: false).map { String(decoding: b[$0], as: UTF8.self) },
                       ["Members", "name: Maya; note: child passport - 5 years. RENEW before Easter!; ghic: 8082",
                        "name: Arjun; school: Year 2", "The box.", "It is grey."])
        XCTAssertFalse(SentenceSplitter.isRecordLine(Array("Buildings; £425,000; £100".utf8), from: 0))
        XCTAssertFalse(SentenceSplitter.isRecordLine(Array("Landlord: Mr Pellow".utf8), from: 0))
        XCTAssertFalse(SentenceSplitter.isRecordLine(Array("The forest (Portuguese: Floresta; Spanish: Selva) is wet.".utf8), from: 0))
        XCTAssertTrue(SentenceSplitter.isRecordLine(Array("Amount (£): 12.50; Invoice No.: 7".utf8), from: 0))
    }

    func testSentenceSplitterKeepsADotLeaderLineWhole() {
        let text = "HOUSE\n  Jim the plumber ...... 07700 900418  (mob best, leave a msg)\n  Electrician - Raj .... 07700 900612\n"
            + "  Sheila next door ..... 0131 496 0273  (has our spare key)\nthen the garden"
        let b = Array(text.utf8)
        XCTAssertEqual(SentenceSplitter.split(text, lineMode: false).map { String(decoding: b[$0], as: UTF8.self) },
                       ["HOUSE", "Jim the plumber ...... 07700 900418  (mob best, leave a msg)", "Electrician - Raj .... 07700 900612",
                        "Sheila next door ..... 0131 496 0273  (has our spare key)", "then the garden"])
        // an ellipsis before a capital still ends a sentence; leaders before a word do not
        let prose = "Wait... Then it rang. Chapter 1 .... Page 4"
        let p = Array(prose.utf8)
        XCTAssertEqual(SentenceSplitter.split(prose, lineMode: false).map { String(decoding: p[$0], as: UTF8.self) },
                       ["Wait...", "Then it rang.", "Chapter 1 .... Page 4"])
    }

    func testSentenceSplitterKeepsANumberedHeadingWhole() {
        let text = "## 5. New music folders\nHuw said the old ones are falling apart. Quote: £8.50 each.\n# 1. Intro. More"
        let b = Array(text.utf8)
        XCTAssertEqual(SentenceSplitter.split(text, lineMode: false).map { String(decoding: b[$0], as: UTF8.self) },
                       ["## 5. New music folders", "Huw said the old ones are falling apart.", "Quote: £8.50 each.", "# 1. Intro. More"])
    }

    func testSentenceSplitterEndsAUnitAtEachToDoItemAndBullet() {
        let text = "JANUARY\n[ ] Stonecraft - chip repair if they haven't sorted it\n[x] Malham: balance to FSC 30 Jan\n[-] Mock exam marking\n\u{2022} Bring cones\n[1] is a footnote\nnot an item"
        let b = Array(text.utf8)
        XCTAssertEqual(SentenceSplitter.split(text, lineMode: false).map { String(decoding: b[$0], as: UTF8.self) },
                       ["JANUARY", "[ ] Stonecraft - chip repair if they haven't sorted it", "[x] Malham: balance to FSC 30 Jan",
                        "[-] Mock exam marking", "\u{2022} Bring cones", "[1] is a footnote\nnot an item"])
        XCTAssertFalse(SentenceSplitter.startsListItem(Array("[] x".utf8), at: 0))
        XCTAssertFalse(SentenceSplitter.startsListItem(Array("[ab] x".utf8), at: 0))
    }

    func testSentenceSplitterEndsAUnitAtEachFieldLine() {
        let text = """
            Property: Flat 2, 18 Orchard Road
            Landlord: Margaret Ellis (via Brightmove Lettings)
            Due date: 1 October
            The rent is paid monthly
            by standing order. Time 10:30 is not a label.
            """
        let b = Array(text.utf8)
        let parts = SentenceSplitter.split(text, lineMode: false).map { String(decoding: b[$0], as: UTF8.self) }
        XCTAssertEqual(parts, ["Property: Flat 2, 18 Orchard Road", "Landlord: Margaret Ellis (via Brightmove Lettings)",
                               "Due date: 1 October", "The rent is paid monthly\nby standing order.", "Time 10:30 is not a label."])
        // a label that does not start with a capital, or of more than three words, is prose
        let prose = "It was agreed between us that\nthe next four steps: go on and\nMost of the next steps: none"
        XCTAssertEqual(SentenceSplitter.split(prose, lineMode: false).count, 1)
    }

    func testSHA256KnownVectors() {
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array(String(repeating: "a", count: 1000).utf8)),
                       "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}

final class TextTermsTests: XCTestCase {
    func testWordsSplitAtUnicodePunctuationAndFoldAccentedLetters() {
        // one word, its mark dropped as a question typed without it reads it (`LatinFolding`)
        XCTAssertEqual(TextTerms.words("What is “AppleTalk” — by Martin Sekulić?"),
                       ["what", "is", "appletalk", "by", "martin", "sekulic"])
    }

    func testStemKeysMatchInflections() {
        XCTAssertEqual(TextTerms.stemKey("rivers"), TextTerms.stemKey("river"))
        XCTAssertEqual(TextTerms.stemKey("founded"), TextTerms.stemKey("founding"))
        XCTAssertEqual(TextTerms.stemKey("constitutional"), TextTerms.stemKey("constitution"))
        XCTAssertEqual(TextTerms.stemKey("flies"), TextTerms.stemKey("fly"))
        XCTAssertNotEqual(TextTerms.stemKey("river"), TextTerms.stemKey("rive"))
        XCTAssertNotEqual(TextTerms.stemKey("moon"), TextTerms.stemKey("noon"))
    }
}

final class QuestionTermsTests: XCTestCase {
    func testCapitalisedWordsSkipTheFirstWord() {
        XCTAssertEqual(TextTerms.capitalisedWords("What is Kenya a founding member of, says the UN?"), ["kenya", "un"])
    }

    func testUnknownNamesAreCapitalisedWordsAbsentFromTheLibrary() {
        let terms = QuestionTerms(question: "What is Kenya a founding member of?",
                                  frequencies: ["kenya": 0, "founding": 3, "member": 2], chunkCount: 100)
        XCTAssertEqual(terms.unknownNames, ["kenya"])
        XCTAssertGreaterThan(terms.terms[0].idf, terms.terms[1].idf)
        XCTAssertEqual(terms.coverage(ofText: "A founding member of the league."),
                       (terms.terms[1].idf + terms.terms[2].idf) / terms.totalWeight, accuracy: 1e-9)
    }
}

@Suite("What a folder walk and the extractor refuse, and why")
struct RefusalReasonTests {
    @Test func binaryDataIsNamedAsSuch() {
        #expect(throws: RetrievalError.binary(path: "x.txt")) {
            try TextExtractor.extract([0x7F, 0x45, 0x4C, 0x46, 0x00, 0xFF, 0x00], kind: .text, path: "x.txt")
        }
        #expect(throws: RetrievalError.notUTF8(path: "y.txt")) {
            try TextExtractor.extract([0xEF, 0xBB, 0xBF] + Array("Caf".utf8) + [0xE9], kind: .text, path: "y.txt")
        }
    }

    @Test func aFolderWalkListsTheFilesItPassesOver() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("note".utf8).write(to: dir.appendingPathComponent("a.md"))
        try Data([0, 1, 2]).write(to: dir.appendingPathComponent("sub/photo.jpg"))
        try Data("hidden".utf8).write(to: dir.appendingPathComponent(".secret.txt"))
        let (supported, unsupported) = Library.walk(dir)
        #expect(supported.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.md"])
        #expect(unsupported.map { URL(fileURLWithPath: $0).lastPathComponent } == ["photo.jpg"])
    }

    @Test func aSavedPagesPartsAndNodeModulesAreNotWalked() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        for folder in ["Booking_files", "Notes_files", "app/node_modules/left-pad"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("<p>Table for six</p>".utf8).write(to: dir.appendingPathComponent("Booking.html"))
        try Data("$(function(){})".utf8).write(to: dir.appendingPathComponent("Booking_files/jquery.min.js"))
        try Data("body{}".utf8).write(to: dir.appendingPathComponent("Booking_files/site.css"))
        // a folder that only ends so, with no page beside it, is the person's own
        try Data("plan".utf8).write(to: dir.appendingPathComponent("Notes_files/plan.md"))
        try Data("module.exports = 1".utf8).write(to: dir.appendingPathComponent("app/node_modules/left-pad/index.js"))
        try Data("console.log(1)".utf8).write(to: dir.appendingPathComponent("app/main.js"))
        let (supported, unsupported) = Library.walk(dir)
        let names = supported.map { String($0.dropFirst(dir.path.count + 1)) }
        #expect(names == ["Booking.html", "Notes_files/plan.md", "app/main.js"])
        #expect(unsupported.isEmpty)
    }
}
