import Foundation
@testable import Retrieval
import XCTest

extension Fixtures {
    static let xlsx = qa.deletingLastPathComponent().appendingPathComponent("xlsx")
}

/// Excel workbooks (`.xlsx`): sheets written as Markdown with their cells as Excel shows them,
/// cited by offsets into that text.
final class SpreadsheetTextTests: XCTestCase {
    func testSheetsReadAsTablesWithDatesAmountsAndSharedStrings() throws {
        let bytes = Array(try Data(contentsOf: Fixtures.xlsx.appendingPathComponent("budget.xlsx")))
        let markdown = try SpreadsheetText.text(bytes, path: "budget.xlsx")
        let text = try TextExtractor.extract(markdown, kind: .spreadsheet, path: "budget.xlsx").text
        XCTAssertEqual(text, """
            # Budget

            Household budget 2026

            Date: 2026-01-15 (15 January 2026); Category: Council tax; Amount: £1,832.50; Share: 12.5%; Paid: TRUE

            Date: 2026-02-09 (9 February 2026); Category: Groceries; Amount: £91.30; Share: 5.0%; Paid: FALSE

            Date: 2026-02-27 (27 February 2026); Category: Woodburner sweep; Amount: £65.00; Paid: TRUE

            Date: 2026-03-14 (14 March 2026); Category: Window cleaner; Amount: £18.00; Paid: TRUE


            # House

            Gas engineer: Hartley Heating, 0161 496 0233

            Policy number: HX-4471-22

            Renewal: 2026-07-01 (1 July 2026)


            """)
    }

    func testNumbersAreShownInTheirCellsFormats() {
        var formats = CellFormats()
        formats.styles = [0, 14, 164, 165, 166, 4, 20, 10]
        formats.custom = [164: "[$€-407]#,##0.00;-[$€-407]#,##0.00", 165: "\"$\"#,##0", 166: "dd/mm/yyyy hh:mm"]
        XCTAssertEqual(formats.shown(1440.26, style: 0, date1904: false), "1440.26")
        XCTAssertEqual(formats.shown(0.1 + 0.2, style: 0, date1904: false), "0.3")
        XCTAssertEqual(formats.shown(46062, style: 1, date1904: false), "2026-02-09 (9 February 2026)")
        XCTAssertEqual(formats.shown(44600, style: 1, date1904: true), "2026-02-09 (9 February 2026)")
        XCTAssertEqual(formats.shown(-1234567.891, style: 2, date1904: false), "-€1,234,567.89")
        XCTAssertEqual(formats.shown(68450, style: 3, date1904: false), "$68,450")
        XCTAssertEqual(formats.shown(46062.75, style: 4, date1904: false), "09/02/2026 18:00 (9 February 2026)")
        formats.custom[166] = "d mmm yyyy"
        XCTAssertEqual(formats.shown(46062, style: 4, date1904: false), "9 Feb 2026")
        formats.custom[166] = "dddd, mmmm d"
        XCTAssertEqual(formats.shown(46062, style: 4, date1904: false), "Monday, February 9")
        formats.custom[166] = "mm/dd/yy h:mm AM/PM"
        XCTAssertEqual(formats.shown(46062.75, style: 4, date1904: false), "02/09/26 6:00 PM (9 February 2026)")
        XCTAssertEqual(formats.shown(2045, style: 5, date1904: false), "2,045.00")
        XCTAssertEqual(formats.shown(0.3958333, style: 6, date1904: false), "09:30")
        XCTAssertEqual(formats.shown(0.0425, style: 7, date1904: false), "4.25%")
        // a style the file does not define is General
        XCTAssertEqual(formats.shown(7, style: 40, date1904: false), "7")
    }

    func testTwoColumnsOfDatesAndAmountsAreATableAndOfLabelsAreFields() {
        XCTAssertEqual(SpreadsheetText.rendered([["Date", "Amount"], ["2026-02-09", "91.30"], ["2026-02-16", "45.60"]]),
                       "| Date | Amount |\n|---|---|\n| 2026-02-09 | 91.30 |\n| 2026-02-16 | 45.60 |\n\n")
        XCTAssertEqual(SpreadsheetText.rendered([["Policy number:", "HX-4471"], ["Insurer", "Aviva"]]),
                       "Policy number: HX-4471\n\nInsurer: Aviva\n\n")
        XCTAssertEqual(SpreadsheetText.column("C12"), 2)
        XCTAssertEqual(SpreadsheetText.column("AA3"), 26)
    }

    func testAWorkbookAnswerCitesItsTextAndAFileThatIsNoWorkbookIsRefused() throws {
        let t = try TempLibrary()
        let path = try t.indexed(Fixtures.xlsx.appendingPathComponent("budget.xlsx"))
        let answer = try t.library.ask(question: "how much were groceries in february")
        XCTAssertTrue(answer.answer?.contains("£91.30") == true, "\(answer)")
        try t.checkExtractedCitation(of: answer, path: path)
        let docx = Array(try Data(contentsOf: Fixtures.docx.appendingPathComponent("quote.docx")))
        XCTAssertThrowsError(try SpreadsheetText.text(docx, path: "q.xlsx")) { error in
            XCTAssertEqual("\(error)", "q.xlsx: Excel document text cannot be read: no xl/workbook.xml in the archive")
        }
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/x/Budget 2026.xlsx")), .spreadsheet)
    }
}
