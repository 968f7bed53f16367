import Foundation
@testable import Retrieval
import XCTest

extension Fixtures {
    static let rtf = qa.deletingLastPathComponent().appendingPathComponent("rtf")
}

/// Rich Text Format documents (`.rtf`): read in process, written as Markdown as a Word
/// document's text is, cited by offsets into that text.
final class RTFTextTests: XCTestCase {
    private func text(_ name: String) throws -> String {
        let bytes = Array(try Data(contentsOf: Fixtures.rtf.appendingPathComponent(name)))
        return String(decoding: try RTFText.text(bytes, path: name), as: UTF8.self)
    }

    func testATextEditNoteReadsItsParagraphsListAndFields() throws {
        XCTAssertEqual(try text("cafe-notes.rtf"), """
            Café Olé – opening notes

            The café opens at 7:30 on weekdays and at 9:00 on Saturdays. The owner is Zoë Kowalczyk’s cousin.

            Things to bring:

            - Float of €150 in coins

            - Spare till roll

            Wi-Fi password: BeanCounter42

            Alarm code {private}: 4471


            """)
    }

    func testAWordLetterReadsItsHeadingTableAndUnicode() throws {
        XCTAssertEqual(try text("rent-review.rtf"), """
            Joyce Estates Ltd – 22 Dominick Street Lower, Galway

            # Rent review 2026

            The lease dated 1 June 2021 ends on 31 May 2031. The new rent from 1 June 2026 is €24,600 a year, payable monthly – “in advance”.

            | Item | Old | New |
            |---|---|---|
            | Monthly rent | € 1,850 | € 2,050 |
            | Service charge | € 120 | € 135 |

            Signed: Niamh Brennan, tenant. Emoji test 😀.


            """)
    }

    func testControlWordsAndCodePages() throws {
        func read(_ rtf: String) throws -> String { String(decoding: try RTFText.text(Array(rtf.utf8), path: "t.rtf"), as: UTF8.self) }
        // a code page named: Windows-1251's \'c4 is "Д"; `\uc2` passes two fallback characters
        XCTAssertEqual(try read(#"{\rtf1\ansi\ansicpg1251 \'c4\'e0 \uc2\u1071\'df\'df!\par}"#), "Да Я!\n\n")
        // `\bin` data is passed over by its length, braces in it and all
        XCTAssertEqual(try read(#"{\rtf1 a{\pict\bin4 {}\\}b\par}"#), "ab\n\n")
        // an unknown `\*` destination is passed over; a known control word with no text is no text
        XCTAssertEqual(try read(#"{\rtf1{\*\unknowndest hidden}\b shown\b0\~x\-y\_z\tab w\par}"#), "shown xy-z w\n\n")
        // not RTF at all: refused, naming the file
        XCTAssertThrowsError(try RTFText.text(Array("plain words".utf8), path: "notes.rtf")) { error in
            XCTAssertTrue("\(error)".contains("notes.rtf"), "\(error)")
        }
    }

    func testAnRTFFileIsAddedAndCitedByItsExtractedText() throws {
        let t = try TempLibrary()
        for name in ["cafe-notes.rtf", "rent-review.rtf"] {
            try FileManager.default.copyItem(at: Fixtures.rtf.appendingPathComponent(name), to: t.docs.appendingPathComponent(name))
        }
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/x/Letter.RTF")), .word)
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let lease = try t.library.ask(question: "when does the lease end")
        XCTAssertFalse(lease.abstained, lease.abstainReason ?? "")
        XCTAssertTrue(lease.answer?.contains("31 May 2031") == true, lease.answer ?? "")
        let citation = try XCTUnwrap(lease.citations.first)
        XCTAssertTrue(citation.path.hasSuffix("rent-review.rtf"))
        XCTAssertTrue(CitationCheck.verify(citation, pdfTexts: t.library.pdfTexts))
        let charge = try t.library.ask(question: "what is the new service charge")
        XCTAssertTrue(charge.answer?.contains("€ 135") == true, charge.answer ?? "")
    }
}
