import Foundation
@testable import Retrieval
import XCTest

final class CSVExtractorTests: XCTestCase {
    private func extract(_ csv: String) throws -> (ExtractedText, [UInt8]) {
        let bytes = Array(csv.utf8)
        return (try TextExtractor.extract(bytes, kind: .csv, path: "t.csv"), bytes)
    }

    /// The source bytes behind the extracted text's line `line` (0-based).
    private func sourceOfLine(_ line: Int, _ extracted: ExtractedText, _ bytes: [UInt8]) throws -> String {
        let ranges = SentenceSplitter.split(extracted.text, lineMode: true)
        let source = try XCTUnwrap(extracted.sourceRange(of: ranges[line]))
        return String(decoding: bytes[source], as: UTF8.self)
    }

    func testEachRowIsALineOfLabelledValuesQuotingTheRowsBytes() throws {
        let (extracted, bytes) = try extract("date,category,amount,note\n2026-02-09,groceries,91.30,Tesco weekly shop\n2026-02-16,dining,45.60,\n")
        XCTAssertEqual(extracted.text, """
            date: 2026-02-09 (9 February 2026); category: groceries; amount: 91.30; note: Tesco weekly shop
            date: 2026-02-16 (16 February 2026); category: dining; amount: 45.60

            """)
        XCTAssertEqual(try sourceOfLine(0, extracted, bytes), "2026-02-09,groceries,91.30,Tesco weekly shop")
        XCTAssertEqual(try sourceOfLine(1, extracted, bytes), "2026-02-16,dining,45.60")
    }

    func testNumericDatesAreSpelledWhenTheColumnSaysWhichNumberIsTheDay() throws {
        // a day above 12 in the column: day first; above 12 in the second place: month first
        let uk = try extract("\"Transaction Date\",\"Debit\"\n\"05/03/2025\",\"950.00\"\n\"28/03/2025\",\"26.98\"\n").0.text
        XCTAssertEqual(uk, "Transaction Date: 05/03/2025 (5 March 2025); Debit: 950.00\nTransaction Date: 28/03/2025 (28 March 2025); Debit: 26.98\n")
        let us = try extract("when,what\n3/5/2025 10:00,a\n3.28.2025,b\n").0.text
        XCTAssertEqual(us, "when: 3/5/2025 10:00 (5 March 2025); what: a\nwhen: 3.28.2025 (28 March 2025); what: b\n")
        // a column that does not say, a column with another kind of value, an impossible date: as written
        XCTAssertEqual(try extract("d,x\n05/03/2025,1\n04/03/2025,2\n").0.text, "d: 05/03/2025; x: 1\nd: 04/03/2025; x: 2\n")
        XCTAssertEqual(try extract("d,x\n25/03/2025,1\nsoon,2\n").0.text, "d: 25/03/2025; x: 1\nd: soon; x: 2\n")
        // a row of totals says so in the column of dates, which is still one
        XCTAssertEqual(try extract("d,x\n05/03/2025,1\n23/02/2024,2\nTOTALS,3\n").0.text,
                       "d: 05/03/2025 (5 March 2025); x: 1\nd: 23/02/2024 (23 February 2024); x: 2\nd: TOTALS; x: 3\n")
        // and so is a note of one value under the table
        XCTAssertEqual(try extract("d,x\n05/03/2025,1\n23/02/2024,2\nThis statement is generated on 02/04/2026.\n").0.text,
                       "d: 05/03/2025 (5 March 2025); x: 1\nd: 23/02/2024 (23 February 2024); x: 2\n"
                       + "d: This statement is generated on 02/04/2026.\n")
        XCTAssertEqual(try extract("d,x\n31/02/2025,1\n13/03/2025,2\n").0.text, "d: 31/02/2025; x: 1\nd: 13/03/2025 (13 March 2025); x: 2\n")
        XCTAssertNil(CSVExtractor.numericDate(ArraySlice("12.50".utf8)))
        XCTAssertNil(CSVExtractor.numericDate(ArraySlice("2026-03-15".utf8)))
        // a year of two digits is read (`01.10.25`), of three none
        XCTAssertEqual(CSVExtractor.numericDate(ArraySlice("1/2/25".utf8)).map { [$0.0, $0.1, $0.2] }, [1, 2, 2025])
        XCTAssertNil(CSVExtractor.numericDate(ArraySlice("1/2/255".utf8)))
        XCTAssertNil(CSVExtractor.numericDate(ArraySlice("1/2/2".utf8)))
    }

    func testQuotedValuesHoldDelimitersQuotesAndLineBreaks() throws {
        let csv = "name,address,note\r\n\"Ellis, Margaret\",\"18 Orchard Road\r\nBristol\",\"said \"\"fine\"\"\"\r\nSam,,x\r\n"
        let (extracted, bytes) = try extract(csv)
        let lines = extracted.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["name: Ellis, Margaret; address: 18 Orchard Road Bristol; note: said \"\"fine\"\"", "name: Sam; note: x"])
        XCTAssertEqual(try sourceOfLine(0, extracted, bytes), "Ellis, Margaret\",\"18 Orchard Road\r\nBristol\",\"said \"\"fine\"\"")
    }

    func testSemicolonAndTabDelimitersAreSniffed() throws {
        XCTAssertEqual(try extract("Datum;Betrag;Zweck\n2026-03-01;12,50;Bäcker\n").0.text,
                       "Datum: 2026-03-01 (1 March 2026); Betrag: 12,50; Zweck: Bäcker\n")
        XCTAssertEqual(try extract("item\tprice\ntea, green\t4.20\n").0.text, "item: tea, green; price: 4.20\n")
    }

    func testAFileWithoutAHeaderIsReadLineByLineAsItIs() throws {
        for csv in ["2026-01-05,groceries,82.40\n2026-01-12,fuel,61.00\n", "single column\nvalue\n", "a,,c\n1,2,3\n", "a,b\n"] {
            let (extracted, _) = try extract(csv)
            XCTAssertTrue(extracted.isIdentity, csv)
            XCTAssertEqual(extracted.text, csv)
        }
    }

    func testAHeaderMayNameAYearButNoLabelIsAValue() throws {
        let csv = "Plot,Plot holder(s),Rent 2025-26,Paid?\n7,Kevin Doyle,£58.00,No\n"
        XCTAssertEqual(try extract(csv).0.text, "Plot: 7; Plot holder(s): Kevin Doyle; Rent 2025-26: £58.00; Paid?: No\n")
        for label in ["Rent 2025-26", "Address line 2", "Q1 sales", "Amount (£)", "Café", "4-weekly charge (EUR)", "2nd contact"] {
            XCTAssertTrue(CSVExtractor.isLabel(ArraySlice(label.utf8)), label)
        }
        for value in ["2025", "07/04/2025", "£32.00", "-12.50", "(3.50)", "+44 7700", "kev@example.com", "https://x.org", "2nd", "---",
                      "12-Mar-2026", "3 eggs", "12 Main Street", "1st May 2026"] {
            XCTAssertFalse(CSVExtractor.isLabel(ArraySlice(value.utf8)), value)
        }
        // a column that counts (`4-weekly charge`) leaves the header a header
        let box = "Sub ID,Name,4-weekly charge (EUR)\nBA-001,Mairéad Collins,100.00\n"
        XCTAssertEqual(try extract(box).0.text, "Sub ID: BA-001; Name: Mairéad Collins; 4-weekly charge (EUR): 100.00\n")
        XCTAssertEqual(DocumentKind.csv.extractionVersion, "+records7")
        // a stall's jars by size: sizes alone are labels, a size with more to it a value
        let stall = "Datum;Markt;250g;500g;1kg;Contant\r\n6-10-2024;Point Wells (zo);4;7;1;96,00\r\n21-12-2024;Kerstmarkt;18;31;9;388,00\r\n"
        XCTAssertEqual(try extract(stall).0.text, """
            Datum: 6-10-2024 (6 October 2024); Markt: Point Wells (zo); 250g: 4; 500g: 7; 1kg: 1; Contant: 96,00
            Datum: 21-12-2024 (21 December 2024); Markt: Kerstmarkt; 250g: 18; 500g: 31; 1kg: 9; Contant: 388,00

            """)
        // a German bank's dates of two-digit years
        let bank = "\"Buchungstag\";\"Verwendungszweck\";\"Betrag\"\r\n\"01.10.25\";\"Miete Proberaum\";\"-180,00\"\r\n\"13.10.25\";\"RE 2025-031\";\"1213,80\"\r\n"
        XCTAssertEqual(try extract(bank).0.text, """
            Buchungstag: 01.10.25 (1 October 2025); Verwendungszweck: Miete Proberaum; Betrag: -180,00
            Buchungstag: 13.10.25 (13 October 2025); Verwendungszweck: RE 2025-031; Betrag: 1213,80

            """)
        XCTAssertNil(CSVExtractor.numericDate(ArraySlice("01.10.255".utf8)))
        XCTAssertEqual(CSVExtractor.numericDate(ArraySlice("3/4/99".utf8)).map { [$0.0, $0.1, $0.2] }, [3, 4, 1999])
        for label in ["250g", "1kg", "500 ml", "1.5L", "2KG"] { XCTAssertTrue(CSVExtractor.isLabel(ArraySlice(label.utf8)), label) }
        for value in ["250g flour", "2500", "12 kg x 3"] { XCTAssertFalse(CSVExtractor.isLabel(ArraySlice(value.utf8)), value) }
        // a first row of values is no header, though it holds words
        let rows = "Geoff Pennington,07700 914 362,Yes\nKevin Doyle,07790 335 126,No\n"
        XCTAssertTrue(try extract(rows).0.isIdentity)
    }

    func testATimestampsTimeOfDayIsSpelledBesideItsDate() {
        func spelled(_ s: String) -> String? { CSVExtractor.spelledTimestamp(ArraySlice(Array(s.utf8))) }
        XCTAssertEqual(spelled("2026-12-20T05:50-07:00"), "20 December 2026, 05:50")
        XCTAssertEqual(spelled("2026-12-20T12:50Z"), "20 December 2026, 12:50 UTC")
        XCTAssertEqual(spelled("2026-12-02T09:30:15.250Z"), "2 December 2026, 09:30 UTC")
        XCTAssertEqual(spelled("2026-06-18T08:47:00+02:00"), "18 June 2026, 08:47")
        // a day stored as a timestamp, a date alone, a date and a time apart: no time glued to spell
        XCTAssertEqual(spelled("2026-06-18T00:00:00Z"), "18 June 2026")
        XCTAssertEqual(spelled("2026-06-18"), "18 June 2026")
        XCTAssertEqual(spelled("2026-06-18 10:00"), "18 June 2026")
        XCTAssertEqual(spelled("2026-06-18T1"), "18 June 2026")
        XCTAssertNil(spelled("2026-06-31T10:00"))
        // in a CSV's row, beside the value as written
        let rows = "Leg,Out\nDEN-SEA,2026-12-20T12:50Z\n"
        XCTAssertEqual(try extract(rows).0.text, "Leg: DEN-SEA; Out: 2026-12-20T12:50Z (20 December 2026, 12:50 UTC)\n")
    }

    func testOnlyRealISODatesAreSpelledOut() {
        func spelled(_ s: String) -> String? { CSVExtractor.spelledISODate(ArraySlice(Array(s.utf8))) }
        XCTAssertEqual(spelled("2026-12-02"), "2 December 2026")
        XCTAssertEqual(spelled("2026-12-02T09:30:00Z"), "2 December 2026")
        XCTAssertNil(spelled("2026-13-02"))
        XCTAssertNil(spelled("2026-12-32"))
        XCTAssertNil(spelled("2026-02-30"), "no such day")
        XCTAssertNil(spelled("2026-12-0x"))
        XCTAssertNil(spelled("2026-12-021"))
        XCTAssertNil(spelled("12/02/2026"))
        // year first with slashes or dots, the same twice
        XCTAssertEqual(spelled("2026/03/31"), "31 March 2026")
        XCTAssertEqual(spelled("2026.03.31"), "31 March 2026")
        XCTAssertNil(spelled("2026/03-31"))
        XCTAssertNil(spelled("2026/31/03"))
    }

    func testWindows1252ValuesAreDecodedAndMapToTheirBytes() throws {
        var bytes = Array("city,price\n".utf8) + Array("M".utf8) + [0xFC] + Array("nchen,3\n".utf8)
        let extracted = try TextExtractor.extract(bytes, kind: .csv, path: "t.csv")
        XCTAssertEqual(extracted.text, "city: München; price: 3\n")
        let ranges = SentenceSplitter.split(extracted.text, lineMode: true)
        let source = try XCTUnwrap(extracted.sourceRange(of: ranges[0]))
        bytes = Array(bytes[source])
        XCTAssertEqual(bytes, Array("M".utf8) + [0xFC] + Array("nchen,3".utf8))
    }

    func testABankExportsOwnLinesAreNoHeader() throws {
        let csv = """
            Account Name:,MS P NAIR\r
            Sort Code:,20-45-77\r
            \r
            Date,Type,Description,Money in,Money out,Balance\r
            14/11/2025,FPI,ELM & OAK,"£1,850.00",,"£4,423.15"\r
            10/11/2025,DD,OCTOPUS ENERGY,,£118.50,"£3,090.28"\r
            Closing Balance:,"£5,005.24"\r

            """
        let (extracted, bytes) = try extract(csv)
        XCTAssertEqual(extracted.text, """
            Account Name: MS P NAIR
            Sort Code: 20-45-77
            Date: 14/11/2025 (14 November 2025); Type: FPI; Description: ELM & OAK; Money in: £1,850.00; Balance: £4,423.15
            Date: 10/11/2025 (10 November 2025); Type: DD; Description: OCTOPUS ENERGY; Money out: £118.50; Balance: £3,090.28
            Closing Balance: £5,005.24

            """)
        let lines = SentenceSplitter.split(extracted.text, lineMode: true)
        let closing = try XCTUnwrap(extracted.sourceRange(of: lines[4]))
        XCTAssertEqual(String(decoding: bytes[closing], as: UTF8.self), "Closing Balance:,\"£5,005.24")
        // the delimiter is read from the lines after a first line that has none
        XCTAssertEqual(try extract("Report\na;b;c\n1;2;3\n4;5;6\n").0.text, "Report\na: 1; b: 2; c: 3\na: 4; b: 5; c: 6\n")
    }

    func testRaggedAndMalformedRowsNeverTrap() throws {
        for csv in ["a,b\n1,2,3,4\n", "a,b\n\"open quote,2\n", "a,b\n\"x\"y,2\n", "a,b\n,\n", "a,b\n1,", "a,b\r\n\r\n1,2"] {
            let (extracted, _) = try extract(csv)
            for range in SentenceSplitter.split(extracted.text, lineMode: true) {
                XCTAssertNotNil(extracted.sourceRange(of: range), "\(csv): \(extracted.text)")
            }
        }
        XCTAssertEqual(try extract("a,b\n1,2,3\n").0.text, "a: 1; b: 2; column 3: 3\n")
        XCTAssertEqual(try extract("a,b\n1,").0.text, "a: 1\n")
    }

    func testATabSeparatedTextFileIsReadAsATableAndProseIsNot() throws {
        // Excel's "Text (Tab delimited)": a .txt whose every line has the columns' tabs
        let table = "Date\tRx #\tDrug\tPatient paid\r\n2025-01-09\t4471203\tApixaban 2.5mg\t$6.11\r\n"
            + "2025-01-12\t-\tTylenol Arthritis, 100s\t$18.49\r\n\r\n\t\tTOTAL PAID\t$24.60\r\n"
        let bytes = Array(table.utf8)
        let extracted = try TextExtractor.extract(bytes, kind: .text, path: "pharmacy.txt")
        XCTAssertEqual(extracted.text, """
            Date: 2025-01-09 (9 January 2025); Rx #: 4471203; Drug: Apixaban 2.5mg; Patient paid: $6.11
            Date: 2025-01-12 (12 January 2025); Rx #: -; Drug: Tylenol Arthritis, 100s; Patient paid: $18.49
            Drug: TOTAL PAID; Patient paid: $24.60

            """)
        XCTAssertEqual(try sourceOfLine(1, extracted, bytes), "2025-01-12\t-\tTylenol Arthritis, 100s\t$18.49")
        // the commas of its values do not make it comma-separated
        XCTAssertTrue(CSVExtractor.isTabSeparated(bytes, from: 0))
        // notes with a tab on some lines, or a table of two lines, stay text as written
        for prose in ["Shopping:\n\tmilk\n\teggs, bread\nCall the vet at 9.\nPay the window cleaner.\n",
                      "Name\tPhone\nDeb\t04 555 0133\n"] {
            XCTAssertEqual(try TextExtractor.extract(Array(prose.utf8), kind: .text, path: "n.txt").text, prose)
        }
        // source code is never a table
        let code = "a\tb\tc\n1\t2\t3\n4\t5\t6\n"
        XCTAssertEqual(try TextExtractor.extract(Array(code.utf8), kind: .code, path: "t.py").text, code)
    }
}
