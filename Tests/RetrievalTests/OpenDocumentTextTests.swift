import Foundation
@testable import Retrieval
import XCTest

extension Fixtures {
    static let odf = qa.deletingLastPathComponent().appendingPathComponent("odf")
}

/// OpenDocument files (`.odt`, `.ods`) as LibreOffice saves them: the archive read in process,
/// `content.xml` (and the page header and footer in `styles.xml`) written as Markdown.
final class OpenDocumentTextTests: XCTestCase {
    func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixtures.odf.appendingPathComponent(name)))
    }

    func testATextDocumentReadsAsMarkdownWithoutDeletionsCommentsOrNoteMarks() throws {
        let text = String(decoding: try OpenDocumentText.text(fixture("service.odt"), path: "service.odt"), as: UTF8.self)
        XCTAssertEqual(text, """
            Penhale Heating Ltd – Gas Safe register 612345

            # Boiler service report

            Customer: Mrs Ada Lovell, 3 Quarry Lane, Truro

            Serviced on 26 November 2026 by engineer Sam Treloar. The next service is due in November 2027.

            Annual service plan, renewed each year.

            Flue gas reading: CO 42 ppm, ratio 0.0041

            Boiler: Worcester Greenstar 30i

            Pressure: 1.4 bar

            # Parts and labour

            | Item | Qty | Price |
            |---|---|---|
            | Service | 1 | £95.00 |
            | Magnetic filter clean | 1 | £35.00 |

            - Radiators bled

            - Carbon monoxide alarm tested

            Registered in England, company number 09123456


            """)
        // the tracked deletion, the comment and the footnote's mark are not the document's text
        for absent in ["condemned", "Check the invoice", "2027.1"] { XCTAssertFalse(text.contains(absent), absent) }
    }

    func testASpreadsheetReadsEachSheetAsItsCellsShowThem() throws {
        let text = String(decoding: try OpenDocumentText.spreadsheet(fixture("allotment.ods"), path: "allotment.ods"), as: UTF8.self)
        XCTAssertEqual(text, """
            # Rents 2026

            Bramley Road allotments – plot rents

            | Plot | Holder | Paid on | Rent | Discount |
            |---|---|---|---|---|
            | 14A | Niamh Doyle | 02/03/2026 (2 March 2026) | £48.00 | 0% |
            | 7 | Ravi Shah | 17/02/2026 (17 February 2026) | £36.50 | 25% |
            | 22 | Colm Byrne |  | £48.00 |  |

            # Work days

            | Date | Task |
            |---|---|
            | 11/04/2026 (11 April 2026) | Clear the communal compost bays |
            | 13 Jun 2026 | Strim the paths |


            """)
        XCTAssertFalse(text.contains("Over 65"), "a comment is not a cell's text")
        let extracted = try TextExtractor.extract(Array(text.utf8), kind: .spreadsheet, path: "allotment.ods")
        XCTAssertTrue(extracted.text.contains("Plot: 7; Holder: Ravi Shah; Paid on: 17/02/2026 (17 February 2026); Rent: £36.50"), extracted.text)
    }

    func testRepeatedCellsAndRowsAreWrittenOutAndEmptyFillerIsNot() {
        let xml = """
            <office:spreadsheet><table:table table:name="Log">
            <table:table-row><table:table-cell><text:p>Day</text:p></table:table-cell><table:table-cell><text:p>Shift</text:p></table:table-cell></table:table-row>
            <table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="2"><text:p>TBC</text:p></table:table-cell></table:table-row>
            <table:table-row><table:table-cell office:value-type="date" office:date-value="2026-03-01"><text:p>46082</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="8"/></table:table-row>
            <table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>
            </table:table><table:table table:name="Empty"/></office:spreadsheet>
            """
        let sheets = OpenDocumentText.sheets(Array(xml.utf8))
        XCTAssertEqual(sheets.map(\.name), ["Log"])
        XCTAssertEqual(sheets.first?.rows, [["Day", "Shift"], ["TBC", "TBC"], ["TBC", "TBC"],
                                            ["2026-03-01 (1 March 2026)", "8"]])
    }

    func testAnAnswerCitesOffsetsIntoTheTextAndIsCheckedAgainstIt() throws {
        let t = try TempLibrary()
        let path = try t.indexed(Fixtures.odf.appendingPathComponent("service.odt"))
        let answer = try t.library.ask(question: "what pressure was the boiler at")
        XCTAssertTrue(answer.answer?.contains("1.4 bar") == true, "\(answer)")
        try t.checkExtractedCitation(of: answer, path: path)
    }

    func testFilesThatCannotBeReadAreRefusedByReason() throws {
        func reason(_ bytes: [UInt8], _ name: String = "x.odt") -> String {
            do { _ = try OfficeText.text(bytes, kind: DocumentKind.of(URL(fileURLWithPath: name))!, path: name); return "read" } catch { return "\(error)" }
        }
        XCTAssertEqual(reason(Array("just text".utf8)), "x.odt: ODF document text cannot be read: no zip directory")
        XCTAssertEqual(reason(try fixture("locked.odt")), "x.odt: ODF document text cannot be read: password-protected")
        // a Word document under an OpenDocument name has no content.xml
        let docx = Array(try Data(contentsOf: Fixtures.docx.appendingPathComponent("quote.docx")))
        XCTAssertEqual(reason(docx, "y.ods"), "y.ods: ODF document text cannot be read: no content.xml in the archive")
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/x/Minutes.ODT")), .word)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/x/budget.ods")), .spreadsheet)
    }
}
