import Foundation
import Grounding
@testable import Retrieval
import Testing

/// A web page saved as one file (Chrome's and Edge's "Webpage, Single File", `.mhtml`; older
/// `.mht`): a MIME message whose HTML part is the page and whose other parts are its style
/// sheets and images.
@Suite struct SavedWebPageTests {
    static let boundary = "----MultipartBoundary--Zx9ABCdef----"
    static let page = """
        From: <Saved by Blink>\r
        Snapshot-Content-Location: https://harbourview.example/booking/HV-2231\r
        Subject: =?utf-8?Q?Booking_confirmed_=E2=80=93_Harbour_View_Caf=C3=A9?=\r
        Date: Mon, 7 Dec 2026 10:02:11 -0000\r
        MIME-Version: 1.0\r
        Content-Type: multipart/related;\r
        \ttype="text/html";\r
        \tboundary="\(boundary)"\r
        \r
        \r
        --\(boundary)\r
        Content-Type: text/html\r
        Content-ID: <frame-6A1B@mhtml.blink>\r
        Content-Transfer-Encoding: quoted-printable\r
        Content-Location: https://harbourview.example/booking/HV-2231\r
        \r
        <!DOCTYPE html><html><head><meta http-equiv=3D"Content-Type" content=3D"text/=\r
        html; charset=3DUTF-8"><title>Booking</title></head><body><nav><a href=3D"/">=\r
        Home</a></nav><h1>Your table is booked</h1><table><tr><td>Time</td><td>19:3=\r
        0</td></tr><tr><td>Deposit paid</td><td>&euro;60.00</td></tr></table><p>Can=\r
        cellations within 48&nbsp;hours lose the deposit.</p></body></html>\r
        --\(boundary)\r
        Content-Type: text/css\r
        Content-Transfer-Encoding: quoted-printable\r
        Content-Location: cid:css-1@mhtml.blink\r
        \r
        @charset "utf-8";\r
        body { font: 14px sans-serif; }\r
        --\(boundary)--\r

        """

    @Test func aSavedPageIsReadAsItsHTMLWithoutItsStyleSheetOrItsSaver() throws {
        #expect(DocumentKind.of(URL(fileURLWithPath: "/d/Booking confirmed.mhtml")) == .email)
        #expect(DocumentKind.of(URL(fileURLWithPath: "/d/old page.MHT")) == .email)
        let bytes = Array(Self.page.utf8)
        let extracted = try TextExtractor.extract(bytes, kind: .email, path: "Booking confirmed.mhtml")
        #expect(extracted.text.contains("Subject: Booking confirmed – Harbour View Café"))
        #expect(extracted.text.contains("Time: 19:30"))
        #expect(extracted.text.contains("Cancellations within 48"))
        #expect(!extracted.text.contains("Saved by"))
        #expect(!extracted.text.contains("font"))
        // a quote is the page's bytes, soft line breaks and all
        #expect(try extracted.sourceText(of: "19:30", in: bytes) == "19:3=\r\n0")
    }

    @Test func aQuestionOfASavedPageIsAnsweredFromIt() throws {
        let t = try TempLibrary()
        _ = try t.write("Booking confirmed - Harbour View Cafe.mhtml", Self.page)
        _ = try t.write("notes.md", "# December\n\nDinner with the Hallorans in Cobh, booked online.\n")
        try t.library.enqueue(paths: [t.docs])
        let summary = try t.library.processQueue()
        #expect(summary.indexed == 2 && summary.failed == 0 && summary.refused == 0 && summary.skipped == 0)
        let (answer, _) = try t.library.answerWithDiagnostics(question: "what time is our table at harbour view")
        #expect(!answer.abstained)
        #expect(answer.answer?.contains("19:30") == true)
        #expect(answer.citations.first?.path.hasSuffix(".mhtml") == true)
    }

    @Test func addingTheFolderRemovesAPagesPartsIndexedBefore() throws {
        let t = try TempLibrary()
        _ = try t.write("Recipe.html", "<p>Lemon cake: bake at 180&deg;C for 45 minutes.</p>")
        try FileManager.default.createDirectory(at: t.docs.appendingPathComponent("Recipe_files"), withIntermediateDirectories: true)
        let script = try t.write("Recipe_files/app.js", "function oven() { return 180 }")
        // indexed on its own, as an older version's folder walk did
        try t.library.enqueue(paths: [script])
        #expect(try t.library.processQueue().indexed == 1)
        try t.library.enqueue(paths: [t.docs])
        let summary = try t.library.processQueue()
        #expect(summary.indexed == 1 && summary.removed == 1, "\(summary)")
        let paths = try t.library.store.database().read { try LibraryCatalog.documents($0) }.map(\.path)
        #expect(paths == [t.docs.appendingPathComponent("Recipe.html").standardizedFileURL.path])
    }
}
