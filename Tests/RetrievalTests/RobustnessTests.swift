import Embeddings
import Foundation
import XCTest
@testable import Retrieval

/// Crafted vector files, documents without whitespace, real file types.
final class RobustnessTests: XCTestCase {
    /// A valid 128-byte header with the given fields and `bodyBytes` bytes after it.
    private func vectorFile(dim: UInt32, count: UInt64, generation: UInt64, bodyBytes: Int) throws -> URL {
        var header = [UInt8](repeating: 0, count: VectorFile.headerSize)
        header.replaceSubrange(0..<8, with: VectorFile.magic)
        withUnsafeBytes(of: dim.littleEndian) { header.replaceSubrange(8..<12, with: $0) }
        let rowBytes = UInt32(truncatingIfNeeded: Q8Vectors.rowBytes(dimension: Int(min(dim, 65_536))))
        withUnsafeBytes(of: rowBytes.littleEndian) { header.replaceSubrange(12..<16, with: $0) }
        withUnsafeBytes(of: count.littleEndian) { header.replaceSubrange(16..<24, with: $0) }
        withUnsafeBytes(of: generation.littleEndian) { header.replaceSubrange(24..<32, with: $0) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vec-\(UUID().uuidString).f32")
        try Data(header + [UInt8](repeating: 0, count: bodyBytes)).write(to: url)
        return url
    }

    func testCraftedHeadersAreRefusedNotTrapped() throws {
        let cases: [(UInt32, UInt64, UInt64)] = [
            (384, 1 << 62, 1), (384, UInt64.max, 1), (384, 1 << 63, 1), (384, 1, 1 << 63), (384, 1, UInt64.max),
            (UInt32.max, 1, 1), (0, 1, 1), (384, 3, 1),
        ]
        for (dim, count, generation) in cases {
            let url = try vectorFile(dim: dim, count: count, generation: generation, bodyBytes: VectorFile.rowStride(dimension: 384))
            defer { try? FileManager.default.removeItem(at: url) }
            XCTAssertThrowsError(try VectorFile(url: url), "dim \(dim) count \(count) generation \(generation)")
        }
        let good = try vectorFile(dim: 384, count: 1, generation: 7, bodyBytes: VectorFile.rowStride(dimension: 384))
        defer { try? FileManager.default.removeItem(at: good) }
        let file = try VectorFile(url: good)
        XCTAssertEqual(file.count, 1)
        XCTAssertEqual(file.generation, 7)
    }

    func testACorruptVectorFileIsRebuiltFromTheDatabase() throws {
        let t = try TempLibrary()
        try t.write("a.md", "The lighthouse keeper lit the lamp at dusk every evening.")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let url = t.library.vectorFileURL
        var bytes = [UInt8](try Data(contentsOf: url))
        for i in 16..<24 { bytes[i] = 0xFF }
        try Data(bytes).write(to: url)
        let other = Library(store: t.library.store, embedder: t.library.embedder, clock: TestTime.clock, workerID: "other-worker")
        let answer = try other.ask(question: "When did the lighthouse keeper light the lamp?")
        XCTAssertFalse(answer.citations.isEmpty)
        XCTAssertNoThrow(try VectorFile(url: url))
    }

    func testADocumentWithoutWhitespaceIsChunkedWithinBounds() throws {
        let t = try TempLibrary()
        let blob = String(repeating: "abcdefghij", count: 200_000)
        try t.write("blob.txt", blob)
        try t.library.enqueue(paths: [t.docs])
        let summary = try t.library.processQueue()
        XCTAssertEqual(summary.indexed, 1)
        XCTAssertEqual(summary.failed, 0)
        let status = try t.library.status()
        XCTAssertGreaterThan(status.chunkCount, 1)
    }

    func testCutRunsSplitsOnlyLongRunsAtCharacterStarts() {
        let text = Array("ab " .utf8) + Array(String(repeating: "é", count: 10).utf8)
        let pieces = Chunker.cutRuns(0..<text.count, bytes: text, maxBytes: 5)!
        XCTAssertEqual(pieces.first?.lowerBound, 0)
        XCTAssertEqual(pieces.last?.upperBound, text.count)
        for p in pieces.dropFirst() { XCTAssertNotEqual(text[p.lowerBound] & 0xC0, 0x80) }
        XCTAssertNil(Chunker.cutRuns(0..<3, bytes: Array("a b".utf8), maxBytes: 5))
    }

    /// Indexes `files` (name, text) into `t`'s library and asks `question`; an abstention fails the test.
    private func answer(_ question: String, from files: [(String, String)], in t: TempLibrary,
                        file: StaticString = #filePath, line: UInt = #line) throws -> LibraryAnswer {
        for (name, text) in files { try t.write(name, text) }
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let answer = try t.library.ask(question: question)
        XCTAssertFalse(answer.abstained, "\(answer.abstainReason ?? "")", file: file, line: line)
        return answer
    }

    func testHTMLAnswerDecodesEntitiesAndKeepsTheQuoteExact() throws {
        let t = try TempLibrary()
        let answer = try answer("What temperature should the oven be for the lemon cake?", from: [
            ("cake.html", """
            <html><body><h1>Lemon cake</h1><p>Whisk the eggs with the sugar and the lemon zest.</p>
            <p>Bake the lemon cake in the oven at 180&deg;C for 40 minutes.</p></body></html>
            """),
            ("note.md", "# Shopping\n\nBuy lemons, flour and eggs on Saturday morning at the market.\n"),
        ], in: t)
        XCTAssertTrue(answer.answer?.contains("180°C") ?? false, answer.answer ?? "")
        let quote = try XCTUnwrap(answer.citations.first)
        XCTAssertTrue(quote.quote.contains("180&deg;C"))
        XCTAssertTrue(CitationCheck.verify(quote, pdfTexts: t.library.pdfTexts))
    }

    func testHTMLHeadingsReadAsMarkdownHeadingsAndMapToNoSourceByte() throws {
        let html = "<body><h2>Method</h2><p>Heat the oven.</p></body>"
        let extracted = HTMLExtractor.extract(Array(html.utf8), from: 0)
        XCTAssertTrue(extracted.text.hasPrefix("# Method\n\nHeat the oven."), extracted.text)
        let sentence = try XCTUnwrap(extracted.text.range(of: "Method"))
        let lo = extracted.text.utf8.distance(from: extracted.text.startIndex, to: sentence.lowerBound)
        let source = try XCTUnwrap(extracted.sourceRange(of: lo..<(lo + 6)))
        XCTAssertEqual(String(decoding: Array(html.utf8)[source], as: UTF8.self), "Method")
    }

    func testHTMLTableRowsReadAsRecordsLabelledByTheirHeader() throws {
        let html = """
            <table><thead><tr><th>Term</th><th>Starts</th><th>Half&nbsp;term</th></tr></thead>
            <tbody><tr><td>Autumn</td><td> Thursday 3 September 2026 </td><td>26&ndash;30 October</td></tr>
            <tr><td>Spring</td><td></td><td><p>15&ndash;19</p><p>February</p></td></tr></tbody></table>
            <table><tr><th>Phone</th><td>0117 496 0321</td></tr><tr><td>a</td><td>b</td><td>c</td></tr></table>
            <table><tr><td><b>Departs</b></td><td>07:30</td></tr><tr><td>Paid by:</td><td>Visa</td></tr>
            <tr><td>Advance Single x 1</td><td>&pound;39.60</td></tr><tr><td>It was late.</td><td>Sorry</td></tr></table>
            <p>After.</p>
            """
        let bytes = Array(html.utf8)
        let extracted = HTMLExtractor.extract(bytes, from: 0)
        let lines = extracted.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["Term: Autumn; Starts: Thursday 3 September 2026; Half&nbsp;term: 26&ndash;30 October",
                               "Term: Spring; Half&nbsp;term: 15&ndash;19 February", "Phone: 0117 496 0321", "a; b; c",
                               // a short label beside its value, as a booking's details are set out
                               "Departs: 07:30", "Paid by: Visa", "Advance Single x 1; &pound;39.60", "It was late.; Sorry", "After."])
        // a row's quote is its cells' bytes as the file has them, markup between them included
        let row = try XCTUnwrap(extracted.text.range(of: lines[0]))
        let lo = extracted.text.utf8.distance(from: extracted.text.startIndex, to: row.lowerBound)
        let source = try XCTUnwrap(extracted.sourceRange(of: lo..<(lo + lines[0].utf8.count)))
        XCTAssertEqual(String(decoding: bytes[source], as: UTF8.self),
                       "Autumn</td><td> Thursday 3 September 2026 </td><td>26&ndash;30 October")
    }

    func testACellThatSpansColumnsTakesItsFirstColumnsHeaderAndTheNextCellKeepsItsColumn() throws {
        let html = """
            <table><tr><th>Description</th><th>Qty</th><th>Unit</th><th>Amount</th></tr>
            <tr><td>Chain</td><td>1</td><td>$42.00</td><td>$42.00</td></tr>
            <tr><td colspan="3"><b>Total (incl. GST)</b></td><td>$499.29</td></tr>
            <tr><td COLSPAN=2>Paid</td><td colspan='x'>card</td><td>14/03</td></tr></table>
            <table><tr><th colspan="2">Item</th><th>Price</th></tr><tr><td>Tube</td><td>700c</td><td>$9</td></tr></table>
            """
        let lines = HTMLExtractor.extract(Array(html.utf8), from: 0).text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["Description: Chain; Qty: 1; Unit: $42.00; Amount: $42.00",
                               // the total is the Amount column's, not the Qty's, and the row stays a record
                               "Description: Total (incl. GST); Amount: $499.29",
                               // a span that is not a number is one column
                               "Description: Paid; Unit: card; Amount: 14/03",
                               // a header cell over two columns names both
                               "Item: Tube; Item: 700c; Price: $9"])
        XCTAssertTrue(ExtractiveAnswerer.isTotalRow(lines[1]))
        // a blank header cell labels nothing: a fixtures list's "v", a comparison's corner
        let blanks = """
            <table><tr><th>KO</th><th>Home</th><th></th><th>Away</th></tr>
            <tr><td>10:00</td><td>Yeadon Celtic</td><td>v</td><td>Pudsey Panthers</td></tr></table>
            <table><tr><th></th><th>Lone Star</th><th>Cedar &amp; Stone</th></tr>
            <tr><th>Bid total</th><td>$68,450.00</td><td>$74,900.00</td></tr></table>
            """
        XCTAssertEqual(HTMLExtractor.extract(Array(blanks.utf8), from: 0).text.split(separator: "\n").map(String.init),
                       ["KO: 10:00; Home: Yeadon Celtic; v; Away: Pudsey Panthers",
                        "Bid total — Lone Star: $68,450.00; Cedar &amp; Stone: $74,900.00"])
        XCTAssertEqual(DocumentKind.html.extractionVersion, "+records7")
    }

    func testAMarkdownTablesColumnOfDatesIsSpelledOut() throws {
        let md = """
            | Date | Opponent | KO |
            |---|---|---|
            | Tue 14/04/2026 | The Offside Rule | 20:40 |
            | Tue 21/04/2026 | Net Profit FC | 19:20 |
            | | TBC | |

            | When | What |
            |---|---|
            | 04/05/2026 | either way round |
            """
        let bytes = Array(md.utf8)
        let extracted = MarkdownTables.extract(bytes, from: 0, encoding: .utf8)
        let lines = extracted.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["Date: Tue 14/04/2026 (14 April 2026); Opponent: The Offside Rule; KO: 20:40",
                               "Date: Tue 21/04/2026 (21 April 2026); Opponent: Net Profit FC; KO: 19:20", "Opponent: TBC",
                               // a column that does not say which number is the day stays as written
                               "When: 04/05/2026; What: either way round"])
        XCTAssertEqual(DocumentKind.markdown.extractionVersion, "+records8")
    }

    func testATableWithABlankCornerComparesItsColumnsRowByRow() throws {
        let md = """
            ## Side by side

            | | Lone Star Remodel Co. | Cedar & Stone Builders |
            |---|---|---|
            | Bid total | $68,450.00 | $74,900.00 |
            | | TBC | |
            | Timeline | 10 weeks | |

            | | Only one |
            |---|---|
            | a | b |
            """
        let lines = MarkdownTables.extract(Array(md.utf8), from: 0, encoding: .utf8).text
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["## Side by side",
                               "Bid total — Lone Star Remodel Co.: $68,450.00; Cedar & Stone Builders: $74,900.00",
                               "Lone Star Remodel Co.: TBC", "Timeline — Lone Star Remodel Co.: 10 weeks",
                               // a blank corner over one column is no comparison: the lines stay as written
                               "| | Only one |", "|---|---|", "| a | b |"])
    }

    func testATableUnderABlankHeaderReadsEachRowsFirstCellAsItsLabel() throws {
        let md = """
            ## Running total

            | | |
            |---|---|
            | Zi char (Ah Huat) | $168.00 |
            | Satay | |
            | **Total** | **$339.30** |

            Split 50-50.
            """
        let extracted = MarkdownTables.extract(Array(md.utf8), from: 0, encoding: .utf8)
        let lines = extracted.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["## Running total", "Zi char (Ah Huat): $168.00", "Satay", "**Total**: **$339.30**",
                               "Split 50-50."])
        XCTAssertEqual(MarkdownTables.blankHeader(Array("| | |".utf8), 0..<5), ["", ""])
        XCTAssertNil(MarkdownTables.blankHeader(Array("| | a |".utf8), 0..<7))
        XCTAssertEqual(DocumentKind.markdown.extractionVersion, "+records8")
    }

    func testADefinitionListReadsAsLabelledLines() throws {
        let html = """
            <dl class="summary-list"><div class="row">
              <dt class="key">Booking reference</dt>
              <dd class="value">BEH-4471-2260</dd></div>
            <div><dt>Time:</dt><dd><b>10:25am</b> (arrive 10 min early)</dd></div>
            <dt>Notes</dt><dt>Ward</dt><dd>A524</dd><dd>Level 5</dd>
            <dt></dt><dd>Lone value</dd></dl><dl><dt>Ref<dd>AB-12<dt>Due<dd>3 May</dl><p>After.</p>
            """
        let bytes = Array(html.utf8)
        let extracted = HTMLExtractor.extract(bytes, from: 0)
        let lines = extracted.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // a term with no description after it, a second description and an empty term stay lines of
        // their own; an unclosed term (HTML allows it) is joined to its description all the same
        XCTAssertEqual(lines, ["Booking reference: BEH-4471-2260", "Time: 10:25am (arrive 10 min early)", "Notes", "Ward: A524",
                               "Level 5", "Lone value", "Ref: AB-12", "Due: 3 May", "After."])
        // the joining ": " maps to no source byte; the value maps to its own bytes
        let value = try XCTUnwrap(extracted.text.range(of: "BEH-4471-2260"))
        let lo = extracted.text.utf8.distance(from: extracted.text.startIndex, to: value.lowerBound)
        let source = try XCTUnwrap(extracted.sourceRange(of: lo..<(lo + 13)))
        XCTAssertEqual(String(decoding: bytes[source], as: UTF8.self), "BEH-4471-2260")
        let line = try XCTUnwrap(extracted.text.range(of: "Booking reference: BEH-4471-2260"))
        let start = extracted.text.utf8.distance(from: extracted.text.startIndex, to: line.lowerBound)
        let whole = try XCTUnwrap(extracted.sourceRange(of: start..<(start + 32)))
        XCTAssertEqual(String(decoding: bytes[whole], as: UTF8.self),
                       "Booking reference</dt>\n  <dd class=\"value\">BEH-4471-2260")
    }

    func testAnEmailLaidOutInATableCellKeepsItsParagraphsAndHeadings() throws {
        let html = """
            <table width="600"><tr><td style="padding:16px">
            <p>Hi Priya,</p>
            <p>Thank you for your booking.</p>
            <p><b>Booking reference: QTX7K4PM</b></p>
            <h3>Outward journey &ndash; Thursday 4 December 2025</h3>
            <table><tr><td><b>Departs</b></td><td><p>07:30</p></td></tr>
            <tr><td>Address</td><td><p>14 Alder Road</p><p>Bristol</p></td></tr></table>
            </td></tr></table>
            """
        let bytes = Array(html.utf8)
        let extracted = HTMLExtractor.extract(bytes, from: 0)
        let lines = extracted.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertEqual(lines, ["Hi Priya,", "Thank you for your booking.", "Booking reference: QTX7K4PM",
                               "# Outward journey &ndash; Thursday 4 December 2025", "Departs: 07:30", "Address: 14 Alder Road Bristol"])
        // the heading's text maps to its bytes; its "# " to none
        let heading = try XCTUnwrap(extracted.text.range(of: "Outward journey"))
        let lo = extracted.text.utf8.distance(from: extracted.text.startIndex, to: heading.lowerBound)
        let source = try XCTUnwrap(extracted.sourceRange(of: lo..<(lo + 15)))
        XCTAssertEqual(String(decoding: bytes[source], as: UTF8.self), "Outward journey")
    }

    func testALetterheadLaidOutInTableCellsReadsLineByLine() throws {
        // an invoice's head: the firm's heading and address in one cell, the invoice's heading
        // and details in the next; they read as the lines they are, not one line of both cells
        let html = """
            <table width="100%"><tr>
            <td valign="top"><h1>Hearthstone Home Care</h1>
            <div>Hearthstone Home Care Inc.<br>77 Victoria Rd N, Unit 5<br>Office: (519) 555-0122</div></td>
            <td valign="top" align="right"><h2>INVOICE</h2>
            <div>Invoice #: <b>HS-10427</b><br>Invoice date: November 3, 2025</div></td>
            </tr></table>
            """
        let lines = HTMLExtractor.extract(Array(html.utf8), from: 0).text.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertEqual(lines, ["Hearthstone Home Care", "Hearthstone Home Care Inc.", "77 Victoria Rd N, Unit 5",
                               "Office: (519) 555-0122", "INVOICE", "Invoice #: HS-10427", "Invoice date: November 3, 2025"])
    }

    func testHTMLNavigationAndFooterAreNotText() {
        let html = "<body><nav><a href='/'>Home</a> | News</nav><p>Uniform is sold by Smith &amp; Sons.</p><footer>&copy; 2026 School</footer></body>"
        XCTAssertEqual(HTMLExtractor.extract(Array(html.utf8), from: 0).text, "Uniform is sold by Smith &amp; Sons.\n\n")
    }

    func testMarkdownHeadingIsNotGluedToTheNextSentence() {
        let text = "# Lemon cake\nBake at 180 C for forty minutes."
        let ranges = SentenceSplitter.split(text, lineMode: false)
        XCTAssertEqual(ranges.count, 2)
        let b = Array(text.utf8)
        XCTAssertEqual(String(decoding: b[ranges[1]], as: UTF8.self), "Bake at 180 C for forty minutes.")
    }

    func testMarkdownTableRowsReadAsRecordsLabelledByTheirHeader() throws {
        let md = """
            # Plan

            | Week | Starting | Sunday long run |
            |------|:--------:|-----------------|
            | 9    | 19 Aug   | 18 km           |
            | 10   | 26 Aug   | a \\| b         |
            After the table.
            """
        let bytes = Array(md.utf8)
        let text = try TextExtractor.extract(bytes, kind: .markdown, path: "plan.md")
        XCTAssertEqual(text.text, """
            # Plan

            Week: 9; Starting: 19 Aug; Sunday long run: 18 km

            Week: 10; Starting: 26 Aug; Sunday long run: a \\| b

            After the table.
            """)
        // the row's quote is its bytes in the file
        let row = try XCTUnwrap(text.text.range(of: "Week: 9; Starting: 19 Aug; Sunday long run: 18 km"))
        let lo = text.text.utf8.distance(from: text.text.startIndex, to: row.lowerBound)
        let source = try XCTUnwrap(text.sourceRange(of: lo..<(lo + text.text.utf8.distance(from: row.lowerBound, to: row.upperBound))))
        XCTAssertEqual(String(decoding: bytes[source], as: UTF8.self), "9    | 19 Aug   | 18 km")
        // no table (a pipe in prose, a rule without a header): the bytes as they are
        let plain = "a | b\nno rule here\n\n---\n"
        XCTAssertEqual(try TextExtractor.extract(Array(plain.utf8), kind: .markdown, path: "p.md").text, plain)
    }

    func testAnAnswerOfRecordsReadsALineEach() {
        XCTAssertEqual(LibraryAnswer.joined(["It opens at 9.", "It closes at \"five.\"", "Then home."]),
                       "It opens at 9. It closes at \"five.\" Then home.")
        XCTAssertEqual(LibraryAnswer.joined(["bin: recycling; day: Wednesday", "Reading age: 10 years (tested February)", "- Last service: 9 May"]),
                       "bin: recycling; day: Wednesday\nReading age: 10 years (tested February)\n- Last service: 9 May")
        XCTAssertEqual(LibraryAnswer.joined([]), "")
    }

    func testAFileAnOlderExtractorIndexedIsReadAgainByTheNextAdd() throws {
        let t = try TempLibrary()
        let plan = try t.write("plan.md", "| Week | Long run |\n|---|---|\n| 9 | 18 km |\n")
        let notes = try t.write("notes.py", "# Source code has no extractor version.\n")
        try t.library.enqueue(paths: [plan, notes])
        XCTAssertEqual(try t.library.processQueue().indexed, 2)
        // as an older build stored them: the file's SHA-256 alone
        let db = try t.library.store.database()
        try db.write { try $0.run("UPDATE library_documents SET content_hash = substr(content_hash, 1, 64)", []) }
        try t.library.enqueue(paths: [plan, notes])
        let again = try t.library.processQueue()
        XCTAssertEqual(again.indexed, 1, "the Markdown file is read again")
        XCTAssertEqual(again.unchanged, 1, "the source file's extraction did not change")
    }

    func testCSVRowIsFoundByItsCells() throws {
        let t = try TempLibrary()
        let answer = try answer("How much were groceries in February?", from: [
            ("budget.csv", "category,month,amount\nrent,January,1200\ngroceries,January,310\nrent,February,1200\ngroceries,February,287\n"),
            ("note.md", "The budget for the year was agreed with the bank in December.\n"),
        ], in: t)
        XCTAssertTrue(answer.answer?.contains("287") ?? false, answer.answer ?? "")
        XCTAssertFalse(answer.answer?.contains("310") ?? true, "January's row is not February's answer: \(answer.answer ?? "")")
        XCTAssertEqual(answer.citations.first?.quote, "groceries,February,287")
    }
}
