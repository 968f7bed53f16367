import Foundation
import Testing
@testable import Retrieval

/// A PDF table that poppler gives as one block per column, read back as its rows (`PDFTables`).
@Suite("PDF tables")
struct PDFTableTests {
    typealias Line = PDFLayout.Line

    /// A block of one line per entry, each `(x, y, text)`, lines 9 points high and 6 per character wide.
    static func block(_ lines: [(Double, Double, String)]) -> [Line] {
        lines.map { x, y, text in
            Line(words: text.split(separator: " ").map(String.init), xMin: x, yMin: y, xMax: x + 6 * Double(text.count), yMax: y + 9)
        }
    }

    @Test func columnBlocksAreReadAsRowsUnderTheirHeader() {
        let page = [
            Self.block([(56, 40, "Harbour Water Ltd")]),
            Self.block([(56, 89, "Date"), (56, 103, "01/03/2026"), (56, 117, "14/03/2026")]),
            Self.block([(140, 89, "Description"), (140, 103, "Standing charge"), (140, 117, "Water usage"), (140, 131, "(23 m3)")]),
            Self.block([(56, 160, "Total due by 28 March 2026: £54.50")]),
            Self.block([(505, 89, "Amount"), (509, 103, "£12.40"), (495, 117, "€1.234,56")]),
        ]
        #expect(PDFLayout.tables(page) == [[[1], [2], [4]]])
        #expect(PDFLayout.paragraphs(page) == [
            "Harbour Water Ltd",
            """
            Date: 01/03/2026 (1 March 2026); Description: Standing charge; Amount: £12.40
            Date: 14/03/2026 (14 March 2026); Description: Water usage (23 m3); Amount: €1.234,56
            """,
            "Total due by 28 March 2026: £54.50",
        ])
    }

    @Test func aHeaderCellSetBesideItsRightAlignedColumnHeadsIt() {
        // an insurance declaration: the first column's block opens with the table's title, and each
        // value column's header is a block of its own, left of its right-aligned values
        let page = [
            Self.block([(44, 300, "SECTION I & II COVERAGES"), (44, 314, "A – Dwelling"), (44, 327, "B – Other Structures")]),
            Self.block([(307, 300, "Limit of Liability")]),
            Self.block([(470, 300, "Premium")]),
            Self.block([(419, 314, "$612,000"), (425, 327, "$61,200")]),
            Self.block([(521, 314, "$1,941.00"), (527, 327, "Included")]),
            Self.block([(44, 393, "DEDUCTIBLES")]),
        ]
        #expect(PDFLayout.paragraphs(page) == [
            """
            SECTION I & II COVERAGES: A – Dwelling; Limit of Liability: $612,000; Premium: $1,941.00
            SECTION I & II COVERAGES: B – Other Structures; Limit of Liability: $61,200; Premium: Included
            """,
            "DEDUCTIBLES",
        ])
        // a block below the table's top line, or with a digit, heads nothing
        let note = [page[0], Self.block([(307, 314, "see note")]), page[3], page[4]]
        #expect(!PDFLayout.paragraphs(note).joined().contains("see note: "))
        let numbered = [page[0], Self.block([(307, 300, "Limit 2026")]), page[3], page[4]]
        #expect(!PDFLayout.paragraphs(numbered).joined().contains("Limit 2026: "))
    }

    @Test func aColumnOfLabelsBesideItsValuesReadsLabelAndValue() {
        let labels = Self.block([(56, 60, "Account no."), (56, 74, "Statement date"), (56, 88, "Amount due")])
        let values = Self.block([(200, 60, "4471-0093"), (200, 74, "14/03/2026"), (200, 88, "£54.50")])
        #expect(PDFLayout.paragraphs([labels, values]) == [
            "Account no.: 4471-0093\nStatement date: 14/03/2026\nAmount due: £54.50",
        ])
        // a label may end with an abbreviation's full stop, not a sentence's
        #expect(RowLabel.separator(after: "Account no.") == ": " && RowLabel.separator(after: "Booking Ref.") == ": ")
        #expect(RowLabel.separator(after: "It was late.") == nil && RowLabel.separator(after: "Room no. 4.") == nil)
        // a table without a header of words: its cells joined
        let dates = Self.block([(56, 60, "01/03/2026"), (56, 74, "14/03/2026")])
        let amounts = Self.block([(300, 60, "12.40"), (300, 74, "1,234.56")])
        let notes = Self.block([(200, 60, "Standing charge."), (200, 74, "Usage.")])
        #expect(PDFLayout.paragraphs([dates, notes, amounts]) == [
            "01/03/2026 (1 March 2026); Standing charge.; 12.40\n14/03/2026 (14 March 2026); Usage.; 1,234.56",
        ])
    }

    @Test func blocksThatAreNoTableStayAsTheyAre() {
        // an address beside a sender's address: side by side on the same baselines, no column of numbers
        let to = Self.block([(56, 60, "Mr Ravi Menon"), (56, 74, "12 Orchard Lane"), (56, 88, "Columbus OH")])
        let from = Self.block([(360, 60, "Harbour Water Ltd"), (360, 74, "PO Box 5"), (360, 88, "Dayton OH")])
        #expect(PDFLayout.tables([to, from]).isEmpty)
        #expect(PDFLayout.paragraphs([to, from]) == [
            "Mr Ravi Menon\n12 Orchard Lane\nColumbus OH", "Harbour Water Ltd\nPO Box 5\nDayton OH",
        ])
        // a column of numbers under a paragraph, not beside it
        let paragraph = Self.block([(56, 60, "Readings were taken"), (56, 74, "on these days.")])
        let readings = Self.block([(56, 100, "1,204"), (56, 114, "1,377")])
        #expect(PDFLayout.tables([paragraph, readings]).isEmpty)
        // blocks side by side sharing one baseline only
        let left = Self.block([(56, 60, "Invoice"), (56, 90, "Paid")])
        let right = Self.block([(300, 60, "2041"), (300, 74, "2042")])
        #expect(PDFLayout.tables([left, right]).isEmpty)
    }

    @Test(.enabled(if: PDFTests.hasPdftotext, "pdftotext (poppler-utils) is not installed"))
    func aStatementsRowAnswersItsQuestion() throws {
        let t = try TempLibrary()
        let pdf = MinimalPDF.statement(
            lines: ["Lakeside Fuel Card - Statement March 2026", "Card ending 4417"],
            columns: [56, 130, 330, 470],
            rows: [["Date", "Truck stop", "Gallons", "Amount"],
                   ["03/04/2026", "Buckeye Travel Plaza, Lodi OH", "112.4", "$431.62"],
                   ["03/12/2026", "Prairie Fuel Stop, Effingham IL", "98.7", "$372.10"],
                   ["03/19/2026", "Three Rivers Truck Stop, Sayre PA", "121.0", "$468.27"]],
            after: ["Payment is due by 04/10/2026."])
        let url = try PDFTests.write(pdf, "fuel statement.pdf", in: t)
        let text = String(decoding: try Pdftotext().text(ofPDF: url.path), as: UTF8.self)
        #expect(text.contains("Date: 03/12/2026 (12 March 2026); Truck stop: Prairie Fuel Stop, Effingham IL; Gallons: 98.7; Amount: $372.10"), "\(text)")
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().indexed == 1)
        let answer = try t.library.ask(question: "how many gallons at Effingham")
        #expect(answer.answer?.contains("98.7") == true, "\(answer)")
        let paid = try t.library.ask(question: "what did I pay at the Sayre truck stop")
        #expect(paid.answer?.contains("$468.27") == true, "\(paid)")
    }
}

extension PDFTableTests {
    /// A line of cells set at the given x (words 6 points per character, a space 3 points).
    static func row(_ y: Double, _ cells: [(Double, String)]) -> Line {
        var line = Line(xMin: cells.first?.0 ?? 0, yMin: y, xMax: 0, yMax: y + 9)
        for (x, text) in cells {
            var at = x
            for word in text.split(separator: " ") {
                line.words.append(String(word))
                line.spans.append((at, at + 6 * Double(word.count)))
                at += 6 * Double(word.count) + 3
            }
            line.xMax = at - 3
        }
        return line
    }

    /// Labels each beside a value, two blocks of labels in a column (the address beside `Bill to`
    /// parts them), and amounts beside what they are.
    @Test func labelsBesideValuesPairUpAndAnAddressContinues() {
        let page = [
            Self.block([(56, 120, "Invoice no."), (56, 134, "Account no.")]),
            Self.block([(56, 148, "Bill to")]),
            Self.block([(150, 120, "CVC-20931"), (150, 134, "HEG014"), (150, 148, "Declan Hegarty"),
                        (150, 162, "Gortnaclohy, Kilbrittain"), (150, 176, "Co. Cork P72 XY45")]),
            Self.block([(330, 120, "Invoice date"), (330, 134, "Terms")]),
            Self.block([(330, 148, "Due date"), (330, 162, "Vet")]),
            Self.block([(430, 120, "31/03/2026"), (430, 134, "30 days"), (430, 148, "30/04/2026"), (430, 162, "S. Crowley")]),
            Self.block([(56, 200, "Total this invoice"), (56, 214, "Previous balance")]),
            Self.block([(480, 200, "€1,440.26"), (480, 214, "412.30")]),
        ]
        #expect(PDFLayout.paragraphs(page) == [
            """
            Invoice no.: CVC-20931; Invoice date: 31/03/2026
            Account no.: HEG014; Terms: 30 days
            Bill to: Declan Hegarty Gortnaclohy, Kilbrittain Co. Cork P72 XY45; Due date: 30/04/2026
            Vet: S. Crowley
            """,
            "Total this invoice: €1,440.26\nPrevious balance: 412.30",
        ])
    }

    @Test func cellsOfOneBlockEachAreSetInRowsUnderTheirHeader() {
        // poppler's order: the header, then the first row's first cell before the header's last
        let header = [Self.row(200, [(56, "Month")]), Self.row(200, [(150, "Stipend")]), Self.row(200, [(250, "Total"), (330, "Credited on")])]
        let cells = header.prefix(2) + [Self.row(214, [(56, "Apr 2025")])] + header.suffix(1) + [
            Self.row(214, [(150, "37,000.00")]), Self.row(214, [(250, "42,920.00"), (330, "02-05-2025")]),
            Self.row(228, [(56, "May 2025")]), Self.row(228, [(150, "37,000.00")]), Self.row(228, [(250, "42,920.00"), (330, "13-06-2025")]),
            Self.row(242, [(56, "Total for the year 2025-26")]), Self.row(242, [(250, "85,840.00")]),
        ]
        #expect(PDFLayout.paragraphs([Self.block([(56, 40, "Fellowship Statement")])] + cells.map { [$0] }) == [
            "Fellowship Statement",
            """
            Month: Apr 2025; Stipend: 37,000.00; Total: 42,920.00; Credited on: 02-05-2025 (2 May 2025)
            Month: May 2025; Stipend: 37,000.00; Total: 42,920.00; Credited on: 13-06-2025 (13 June 2025)
            """,
            // a row across two header cells ends the table
            "Total for the year 2025-26; 85,840.00",
        ])
        // a letterhead of words over a line that runs across its cells is no table
        let letterhead = [Self.row(60, [(56, "Siobhán Crowley MVB"), (200, "Conor Lehane MVB"), (330, "Vets")]),
                          Self.row(74, [(56, "Main Street, Timoleague, Co. Cork"), (330, "Tel 023 555 0155")])]
        #expect(PDFLayout.paragraphs(letterhead.map { [$0] }) == [
            "Siobhán Crowley MVB Conor Lehane MVB Vets", "Main Street, Timoleague, Co. Cork Tel 023 555 0155",
        ])
    }

    @Test func aHeaderOverATableOfTwoRowBlocksLabelsEveryBlockAndTheRowsUnder() {
        // a pay statement as poppler gives it: the header's cells one block each, then blocks of
        // two rows per column (amounts set right, under labels set left), then a row of one-line
        // blocks in the same columns
        let page = [
            Self.block([(45, 200, "TAXES")]),
            Self.block([(45, 215, "Description")]), Self.block([(392, 215, "Current")]), Self.block([(476, 215, "YTD")]),
            Self.block([(45, 228, "Federal Income Tax"), (45, 240, "Social Security")]),
            Self.block([(435, 228, "1,162.19"), (447, 240, "431.98")]),
            Self.block([(524, 228, "21,402.18"), (530, 240, "7,912.40")]),
            Self.block([(45, 253, "Medicare"), (45, 265, "State Income Tax")]),
            Self.block([(447, 253, "101.03"), (447, 265, "261.57")]),
            Self.block([(530, 253, "1,850.47"), (530, 265, "4,890.33")]),
            Self.block([(45, 279, "FAMLI")]), Self.block([(453, 279, "32.87")]), Self.block([(536, 279, "602.11")]),
            Self.block([(45, 300, "DEDUCTIONS")]),
        ]
        #expect(PDFLayout.paragraphs(page) == [
            "TAXES",
            """
            Description: Federal Income Tax; Current: 1,162.19; YTD: 21,402.18
            Description: Social Security; Current: 431.98; YTD: 7,912.40
            """,
            """
            Description: Medicare; Current: 101.03; YTD: 1,850.47
            Description: State Income Tax; Current: 261.57; YTD: 4,890.33
            """,
            "Description: FAMLI; Current: 32.87; YTD: 602.11",
            "DEDUCTIONS",
        ])
        // a header whose cells do not stand over their columns in order labels nothing
        let shifted = [Self.block([(45, 215, "Description")]), Self.block([(540, 215, "Current")]), Self.block([(560, 215, "YTD")])]
            + page[4...6]
        #expect(PDFLayout.paragraphs(shifted).first == "Description; Current; YTD")
    }

    @Test func aHeaderThatLabelsNoCellKeepsItsText() {
        // amounts set between the header's cells: one to each, in order; a header cell that no
        // cell takes is a line of its own, never lost
        let header = [Self.row(512, [(45, "Gross Pay")]), Self.row(512, [(224, "Total Taxes")]), Self.row(512, [(397, "NET PAY")])]
        let amounts = [Self.row(525, [(183, "7,536.28")]), Self.row(525, [(356, "3,550.15")]), Self.row(525, [(526, "3,986.13")])]
        #expect(PDFLayout.paragraphs((header + amounts).map { [$0] }) == ["Gross Pay: 7,536.28; Total Taxes: 3,550.15; NET PAY: 3,986.13"])
        let two = [Self.row(525, [(183, "7,536.28")]), Self.row(525, [(526, "3,986.13")])]
        #expect(PDFLayout.labelled(header: header, body: [two]) == "Gross Pay; Total Taxes; NET PAY\nTotal Taxes: 7,536.28; 3,986.13")
    }

    @Test func aFormsGridOfLabelsBesideValuesReadsLabelAndValueThoughARowHoldsNoDigit() {
        // a discharge summary's head: one block per cell, four to a row; the last rows hold no
        // digit, and were read as a header over the row below (`Attending: Allergies`)
        let grid = [("Patient", "KOWALSKI, Irene", "MRN", "FGH-00482913"), ("DOB", "1939-03-08 (86 y)", "Sex", "F"),
                    ("Attending", "Dr. S. Okafor", "Family physician", "Dr. A. Mehta"),
                    ("Allergies", "Sulfonamides (rash)", "Disposition", "Home with supports")]
        var page = [Self.block([(78, 116, "DISCHARGE SUMMARY — Internal Medicine")])]
        for (row, cells) in grid.enumerated() {
            let y = 141 + 18 * Double(row)
            page += [Self.block([(67, y, cells.0)]), Self.block([(137, y, cells.1)]),
                     Self.block([(327, y, cells.2)]), Self.block([(440, y, cells.3)])]
        }
        #expect(PDFLayout.paragraphs(page) == [
            "DISCHARGE SUMMARY — Internal Medicine",
            """
            Patient: KOWALSKI, Irene; MRN: FGH-00482913
            DOB: 1939-03-08 (86 y); Sex: F
            Attending: Dr. S. Okafor; Family physician: Dr. A. Mehta
            Allergies: Sulfonamides (rash); Disposition: Home with supports
            """,
        ])
        // a header holds no digit: over its rows it labels them, not they each other
        let table = [Self.block([(67, 141, "Item")]), Self.block([(137, 141, "Qty")]), Self.block([(327, 141, "Notes")]),
                     Self.block([(417, 141, "Price")]),
                     Self.block([(67, 159, "Jar")]), Self.block([(137, 159, "12")]), Self.block([(327, 159, "Clear")]),
                     Self.block([(417, 159, "£6.50")])]
        #expect(PDFLayout.paragraphs(table) == ["Item: Jar; Qty: 12; Notes: Clear; Price: £6.50"])
    }

    @Test func aDescriptionThatWrapsIsOneCellOfItsRowAndATotalLabelsItsAmount() {
        // an invoice as reportlab sets it and poppler gives it: one block per cell, a wrapped
        // description a block of its own lines, the totals' words under `Unit price`
        let page = [
            Self.block([(64, 252, "Description")]),
            Self.block([(64, 270, "Translation German > English: Share"), (64, 282, "Purchase Agreement"), (64, 294, "incl. schedules 1-4")]),
            Self.block([(64, 312, "Proofreading of the"), (64, 324, "English summary memo")]),
            Self.block([(330, 252, "Qty")]), Self.block([(400, 252, "Unit price")]), Self.block([(490, 252, "Amount")]),
            Self.block([(310, 270, "12,450 words")]), Self.block([(420, 270, "$0.24")]), Self.block([(480, 270, "$2,988.00")]),
            Self.block([(320, 312, "3 hrs")]), Self.block([(415, 312, "$85.00")]), Self.block([(485, 312, "$255.00")]),
            Self.block([(410, 342, "Subtotal")]), Self.block([(480, 342, "$3,243.00")]),
            Self.block([(405, 360, "GST 15%")]), Self.block([(485, 360, "$486.45")]),
            Self.block([(78, 413, "Payment"), (78, 425, "Please pay by direct credit.")]),
        ]
        #expect(PDFLayout.paragraphs(page) == [
            """
            Description: Translation German > English: Share Purchase Agreement incl. schedules 1-4; Qty: 12,450 words; \
            Unit price: $0.24; Amount: $2,988.00
            Description: Proofreading of the English summary memo; Qty: 3 hrs; Unit price: $85.00; Amount: $255.00
            Subtotal: $3,243.00
            GST 15%: $486.45
            """,
            "Payment\nPlease pay by direct credit.",
        ])
        // a block whose second line has cells beside it is a header over a column's first cell,
        // no wrapped cell; and a paragraph beside a single line stays a paragraph
        let header = [Self.block([(45, 604, "Description"), (45, 617, "401(k) Contribution")]),
                      Self.block([(392, 604, "Current")]), Self.block([(476, 604, "YTD")]),
                      Self.block([(435, 617, "1,168.75")]), Self.block([(524, 617, "21,067.34")])]
        #expect(PDFLayout.wrappedCells(header, apart: []).isEmpty)
        let letter = [Self.block([(64, 100, "Flat 4, 21 Aro Street"), (64, 112, "Wellington 6021")]),
                      Self.block([(344, 100, "Date: 31 October 2025")])]
        #expect(PDFLayout.paragraphs(letter) == ["Flat 4, 21 Aro Street\nWellington 6021", "Date: 31 October 2025"])
        // a label that wraps beside its value is one cell of its row; words beside a word are not
        let bill = [Self.block([(360, 200, "Data de emissão")]), Self.block([(470, 200, "16-05-2025")]),
                    Self.block([(360, 214, "Data limite de"), (360, 226, "pagamento")]), Self.block([(470, 214, "06-06-2025")]),
                    Self.block([(64, 300, "Please keep"), (64, 312, "this letter")]), Self.block([(200, 300, "safe")])]
        #expect(PDFLayout.paragraphs(bill) == ["Data de emissão: 16-05-2025", "Data limite de pagamento: 06-06-2025",
                                               "Please keep\nthis letter", "safe"])
    }

    @Test func aHeaderCellGivenBeforeABlockBesideTheTableWaitsForItsRow() {
        // poppler's order: the first header cell, then a block of the page's top right, then the
        // other header cells and the rows
        let page = [Self.block([(63, 283, "Descrição")]),
                    Self.block([(335, 201, "Período de"), (335, 213, "faturação")]),
                    Self.block([(437, 201, "14-03-2025 a"), (437, 213, "13-05-2025")]),
                    Self.block([(289, 283, "Quantidade")]), Self.block([(426, 283, "Valor (€)")]),
                    Self.block([(63, 300, "Abastecimento de água")]), Self.block([(311, 300, "9 m³")]),
                    Self.block([(464, 300, "5,49")])]
        let text = PDFLayout.paragraphs(page)
        #expect(text.last == "Descrição: Abastecimento de água; Quantidade: 9 m³; Valor (€): 5,49", "\(text)")
    }
}
