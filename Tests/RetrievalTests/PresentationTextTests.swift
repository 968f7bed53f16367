import Foundation
@testable import Retrieval
import XCTest

/// Presentations (`.pptx`, `.odp`): each slide a heading with its title, its text and tables, its
/// speaker notes.
final class PresentationTextTests: XCTestCase {
    func text(_ name: String) throws -> String {
        let url = Fixtures.odf.appendingPathComponent(name)
        return String(decoding: try XCTUnwrap(OfficeText.text(ofFile: url.path)), as: UTF8.self)
    }

    static let expected = """
        # Slide 1: Spring open day

        Bramley Road allotments, Saturday 9 May 2026

        Notes: Remind Niamh to bring the gazebo.

        # Slide 2: Stalls and jobs

        Seedling swap from 10:00 by the shed

        Plot tours at 11:30 and 14:00

        Raffle drawn at 15:30

        Notes: Ravi has the raffle tickets; the float is £40 in the blue tin.

        # Slide 3: Volunteers

        | Job | Who | When |
        |---|---|---|
        | Car park | Colm Byrne | 09:00-12:00 |
        | Teas | Niamh Doyle | 12:00-16:00 |

        Hi-vis vests are in the shed.


        """

    func testPowerPointSlidesReadAsHeadingsTextTablesAndNotes() throws {
        XCTAssertEqual(try text("openday.pptx"), Self.expected)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/x/Open day.PPTX")), .presentation)
    }

    func testAnOpenDocumentPresentationReadsAsThePowerPointOneDoes() throws {
        // LibreOffice's own save of the same slides: its page-number frames are no text
        XCTAssertEqual(try text("openday.odp"), Self.expected)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/x/openday.odp")), .presentation)
    }

    func testSlideNumbersDatesAndFootersAreNoTextAndTheTitleHeadsTheSlide() {
        let xml = """
            <p:sld><p:cSld><p:spTree>
            <p:sp><p:nvSpPr><p:nvPr><p:ph type="sldNum"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:fld type="slidenum"><a:t>4</a:t></a:fld></a:p></p:txBody></p:sp>
            <p:sp><p:nvSpPr><p:nvPr/></p:nvSpPr><p:txBody><a:p><a:r><a:t>Due </a:t></a:r><a:fld type="datetime1"><a:t>05/12/2026</a:t></a:fld><a:r><a:t>Friday</a:t></a:r><a:br/><a:r><a:t>noon</a:t></a:r></a:p></p:txBody></p:sp>
            <p:sp><p:nvSpPr><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>Rota</a:t></a:r></a:p></p:txBody></p:sp>
            <p:sp><p:nvSpPr><p:nvPr><p:ph type="ftr"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>Confidential</a:t></a:r></a:p></p:txBody></p:sp>
            </p:spTree></p:cSld></p:sld>
            """
        XCTAssertEqual(PresentationText.shapes(Array(xml.utf8), notes: false),
                       PresentationText.Slide(title: "Rota", lines: ["Due Friday noon"], notes: []))
    }

    func testAnAnswerFromASlideCitesItsText() throws {
        let t = try TempLibrary()
        let path = try t.indexed(Fixtures.odf.appendingPathComponent("openday.pptx"))
        let answer = try t.library.ask(question: "who is doing the teas at the open day")
        XCTAssertTrue(answer.answer?.contains("Niamh Doyle") == true, "\(answer)")
        try t.checkExtractedCitation(of: answer, path: path)
    }

    func testATitleSlidesSubtitleAnswersForItsTitleAboveItsNotes() throws {
        // "# Slide 1: Spring open day", its subtitle with the date, then its notes: the notes
        // end the subtitle's lead as the next slide's heading would
        let t = try TempLibrary()
        let path = try t.indexed(Fixtures.odf.appendingPathComponent("openday.pptx"))
        let answer = try t.library.ask(question: "when is the spring open day")
        XCTAssertEqual(answer.answer, "Bramley Road allotments, Saturday 9 May 2026", "\(answer)")
        try t.checkExtractedCitation(of: answer, path: path)
    }

    func testADeckKeptTwiceAnswersAsOneCopyDoes() throws {
        // The .odp is LibreOffice's save of the .pptx: the same text twice. Its rare words count
        // once, so the copy does not drag the answer under the threshold (it did: 0.85 → 0.36).
        let t = try TempLibrary()
        for name in ["openday.pptx", "service.odt", "allotment.ods"] { try t.indexed(Fixtures.odf.appendingPathComponent(name)) }
        let one = try t.library.ask(question: "what time is the raffle drawn")
        try t.indexed(Fixtures.odf.appendingPathComponent("openday.odp"))
        let two = try t.library.ask(question: "what time is the raffle drawn")
        for answer in [one, two] {
            XCTAssertEqual(answer.answer, "Raffle drawn at 15:30", "\(answer)")
        }
        XCTAssertEqual(two.confidence, one.confidence, accuracy: 0.1)
    }

    func testAFileThatIsNoPresentationIsRefusedByReason() throws {
        let docx = Array(try Data(contentsOf: Fixtures.docx.appendingPathComponent("quote.docx")))
        XCTAssertThrowsError(try OfficeText.text(docx, kind: .presentation, path: "x.pptx")) { error in
            XCTAssertEqual("\(error)", "x.pptx: PowerPoint document text cannot be read: no ppt/presentation.xml in the archive")
        }
        XCTAssertThrowsError(try OfficeText.text(Array("plain".utf8), kind: .presentation, path: "x.odp")) { error in
            XCTAssertEqual("\(error)", "x.odp: ODF document text cannot be read: no zip directory")
        }
        XCTAssertNil(DocumentKind.of(URL(fileURLWithPath: "/x/old.ppt")))
    }
}
