import Foundation
@testable import Retrieval
import XCTest

/// Mail messages (`.eml`): headers and readable parts decoded, every character mapped to the
/// message bytes it came from.
final class MailTextTests: XCTestCase {
    private func extract(_ eml: String) throws -> (ExtractedText, [UInt8]) {
        let bytes = Array(eml.utf8)
        return (try TextExtractor.extract(bytes, kind: .email, path: "m.eml"), bytes)
    }


    static let alternative = """
        Return-Path: <orders@petalwholesale.example>\r
        From: "Petal Wholesale" <orders@petalwholesale.example>\r
        To: Jo Marsh <jo@bloomandstem.example>\r
        Subject: =?UTF-8?Q?Your_order_=E2=80=93_PW-40921?=\r
        Date: Tue, 10 Nov 2026 08:14:03 +0000\r
        Message-ID: <abc@petal>\r
        MIME-Version: 1.0\r
        Content-Type: multipart/alternative; boundary="b1"\r
        \r
        This is a multi-part message in MIME format.\r
        --b1\r
        Content-Type: text/plain; charset=UTF-8\r
        Content-Transfer-Encoding: quoted-printable\r
        \r
        Hi Jo, your order PW-40921 is confirmed. It=E2=80=99s due on Thursday 12 No=\r
        vember. Total =C2=A3412.80 inc VAT.\r
        --b1\r
        Content-Type: text/html; charset=UTF-8\r
        Content-Transfer-Encoding: quoted-printable\r
        \r
        <p>Hi Jo, your order <b>PW-40921</b> is confirmed.</p>\r
        --b1--\r

        """

    func testHeadersAndThePlainPartAreDecodedAndQuoteTheMessageBytes() throws {
        let (extracted, bytes) = try extract(Self.alternative)
        XCTAssertEqual(extracted.text, """
            From: "Petal Wholesale" <orders@petalwholesale.example>
            To: Jo Marsh <jo@bloomandstem.example>
            Subject: Your order – PW-40921
            Date: Tue, 10 Nov 2026 08:14:03 +0000

            Hi Jo, your order PW-40921 is confirmed. It’s due on Thursday 12 November. Total £412.80 inc VAT.


            """)
        // a decoded character quotes its escape, a joined line its soft break
        XCTAssertEqual(try extracted.sourceText(of: "It’s due", in: bytes), "It=E2=80=99s due")
        XCTAssertEqual(try extracted.sourceText(of: "12 November", in: bytes), "12 No=\r\nvember")
        XCTAssertEqual(try extracted.sourceText(of: "£412.80", in: bytes), "=C2=A3412.80")
        XCTAssertEqual(try extracted.sourceText(of: "order –", in: bytes), "order_=E2=80=93")
        XCTAssertEqual(try extracted.sourceText(of: "Subject: Your", in: bytes), "Subject: =?UTF-8?Q?Your")
    }

    func testAnHTMLPartInBase64IsReadAsHTMLAndItsAttachmentsNamed() throws {
        let html = "<html><body><h1>Order confirmed</h1><table><tr><th>Item</th><th>Qty</th></tr>"
            + "<tr><td>Eucalyptus &amp; ruscus</td><td>12</td></tr></table></body></html>"
        let encoded = Data(html.utf8).base64EncodedString(options: .lineLength76Characters)
        let eml = """
            From: a@example.org
            Subject: Order
            Content-Type: multipart/mixed; boundary=outer

            --outer
            Content-Type: text/html; charset=utf-8
            Content-Transfer-Encoding: base64

            \(encoded)
            --outer
            Content-Type: application/pdf; name="invoice 4471.pdf"
            Content-Disposition: attachment; filename="invoice 4471.pdf"
            Content-Transfer-Encoding: base64

            JVBERi0xLjQK
            --outer--

            """
        let (extracted, bytes) = try extract(eml)
        XCTAssertTrue(extracted.text.contains("# Order confirmed"), extracted.text)
        XCTAssertTrue(extracted.text.contains("Item: Eucalyptus &amp; ruscus"), extracted.text)
        XCTAssertTrue(extracted.text.hasSuffix("attachment: invoice 4471.pdf\n"), extracted.text)
        XCTAssertFalse(extracted.text.contains("JVBER"))
        // decoded bytes quote the base64 characters that hold their bits: byte k's first bit is
        // in character 4k/3 (rounded down), its last in character (4k+3)/3
        let k = try XCTUnwrap(html.range(of: "Order confirmed")).lowerBound.utf16Offset(in: html)
        let line = Array(encoded.split(separator: "\r\n")[0])
        XCTAssertLessThan(k + 15, 57)
        XCTAssertEqual(try extracted.sourceText(of: "Order confirmed", in: bytes),
                       String(line[(4 * k / 3)..<((4 * (k + 15) + 2) / 3)]))
    }

    func testAForwardedMessageACalendarInviteAndLatin1TextAreRead() throws {
        let eml = """
            From: Sam <sam@example.org>
            Subject: Fwd: stall
            MIME-Version: 1.0
            Content-Type: multipart/mixed; boundary="x"

            --x
            Content-Type: text/plain; charset=iso-8859-1
            Content-Transfer-Encoding: quoted-printable

            See below =E9t=E9 pricing.
            --x
            Content-Type: message/rfc822

            From: market@example.org
            Subject: Stall 14

            Your pitch is stall 14.
            --x
            Content-Type: text/calendar; method=REQUEST; charset=UTF-8

            BEGIN:VCALENDAR
            BEGIN:VEVENT
            SUMMARY:Market set-up
            DTSTART:20261128T063000
            LOCATION:Kirkgate Market
            END:VEVENT
            END:VCALENDAR
            --x--
            """
        let (extracted, bytes) = try extract(eml)
        XCTAssertTrue(extracted.text.contains("See below été pricing."), extracted.text)
        XCTAssertEqual(try extracted.sourceText(of: "été", in: bytes), "=E9t=E9")
        XCTAssertTrue(extracted.text.contains("From: market@example.org\nSubject: Stall 14\n\nYour pitch is stall 14."), extracted.text)
        XCTAssertTrue(extracted.text.contains(
            "event: Market set-up; location: Kirkgate Market; starts: 20261128T063000 (Saturday 28 November 2026, 06:30)"), extracted.text)
        XCTAssertEqual(try extracted.sourceText(of: "Kirkgate Market", in: bytes), "Kirkgate Market")
    }

    func testAMessageWithoutMIMEOrWithBrokenPartsLosesNothingReadable() throws {
        // no MIME headers: the body is plain text; folded header lines are joined
        let (plain, _) = try extract("From: a@b\nSubject: Gate code\n  for the yard\n\nThe code is 4417.\n")
        XCTAssertEqual(plain.text, "From: a@b\nSubject: Gate code for the yard\n\nThe code is 4417.\n\n")
        // a multipart whose closing boundary is missing, an unknown transfer encoding, a bad encoded word
        let (broken, _) = try extract("""
            Subject: =?UTF-8?X?oops?=
            Content-Type: multipart/mixed; boundary=q

            --q
            Content-Transfer-Encoding: x-unknown

            Still here.
            """)
        XCTAssertEqual(broken.text, "Subject: =?UTF-8?X?oops?=\n\nStill here.\n\n")
    }

    func testAMessagesTitleIsItsFileNameSubjectAndSender() throws {
        XCTAssertEqual(MailTitle.title(Array(Self.alternative.utf8)), "Your order – PW-40921 Petal Wholesale")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mailtitle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("Order 4471.eml").path
        try Data(Self.alternative.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(ExtractiveAnswerer.fileTitle(path), "Order 4471 Your order – PW-40921 Petal Wholesale")
        // a message that changed is read again; one that is gone is its file name
        try Data("From: Sam <s@x>\nSubject: Stall\n\nhi\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(ExtractiveAnswerer.fileTitle(path), "Order 4471 Stall Sam")
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(ExtractiveAnswerer.fileTitle(path), "Order 4471")
    }

    func testEMLFilesAreAKindOfTheirOwn() {
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/x/Re_ order.eml")), .email)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/x/cal.ics")), .calendar)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/x/contacts.VCF")), .contacts)
    }

    /// A mail program's folder or an account's export: messages one after another, each opened by
    /// an envelope line, a body's own "From " lines escaped as ">From ".
    static let mailbox = """
        From - Mon Oct 05 09:12:44 2026\r
        X-Mozilla-Status: 0001\r
        From: "Greenway Garage" <service@greenway.example>\r
        Subject: Your MOT booking GW-5521\r
        Content-Type: text/plain; charset=UTF-8\r
        Content-Transfer-Encoding: quoted-printable\r
        \r
        Your MOT is booked for Thursday 15 October at 08:30. It=E2=80=99ll cost =C2=A354.85.\r
        >From the workshop: leave the locking wheel nut in the car.\r
        \r
        From 1755@xxx Tue Oct 06 10:00:00 2026\r
        From: Ana Ruiz <ana@example.org>\r
        Subject: Book club\r
        Content-Type: text/html; charset=UTF-8\r
        \r
        <p>Book club moves to <b>Wednesday 21 October</b>. We are reading <i>Piranesi</i>.</p>\r

        """

    func testAMailboxReadsEachMessageAndQuotesItWhereItStands() throws {
        let bytes = Array(Self.mailbox.utf8)
        XCTAssertEqual(DocumentKind.of(URL(fileURLWithPath: "/mail/Inbox.mbox")), .email)
        let extracted = try TextExtractor.extract(bytes, kind: .email, path: "Inbox.mbox")
        XCTAssertEqual(Mailbox.messages(bytes, from: 0).count, 2)
        // each message's headers, then its body; no envelope line is text
        XCTAssertTrue(extracted.text.hasPrefix("From: \"Greenway Garage\" <service@greenway.example>\nSubject: Your MOT booking GW-5521\n\n"),
                      extracted.text)
        XCTAssertTrue(extracted.text.contains("It’ll cost £54.85."), extracted.text)
        XCTAssertTrue(extracted.text.contains("From: Ana Ruiz <ana@example.org>\nSubject: Book club\n\nBook club moves to Wednesday 21 October."),
                      extracted.text)
        XCTAssertFalse(extracted.text.contains("Mon Oct 05"), extracted.text)
        XCTAssertFalse(extracted.text.contains("Mozilla"), extracted.text)
        // the second message quotes its own bytes, past the first
        XCTAssertEqual(try extracted.sourceText(of: "£54.85", in: bytes), "=C2=A354.85")
        XCTAssertEqual(try extracted.sourceText(of: "Wednesday 21 October", in: bytes), "Wednesday 21 October")
        // one message saved without an envelope reads as before
        XCTAssertFalse(Mailbox.isMailbox(Array(Self.alternative.utf8), from: 0))
    }

    func testAMailboxsTitleIsItsNameNotItsFirstMessage() throws {
        let t = try TempLibrary()
        let url = try t.write("Inbox.mbox", Self.mailbox)
        XCTAssertEqual(ExtractiveAnswerer.fileTitle(url.path), "Inbox")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let answer = try t.library.ask(question: "what book are we reading for book club")
        XCTAssertFalse(answer.abstained, answer.abstainReason ?? "")
        XCTAssertTrue(answer.answer?.contains("Piranesi") == true, answer.answer ?? "")
        let answerMOT = try t.library.ask(question: "how much will the mot cost")
        XCTAssertTrue(answerMOT.answer?.contains("£54.85") == true, answerMOT.answer ?? "")
        XCTAssertTrue(answerMOT.citations.contains { $0.quote.contains("=C2=A354.85") }, "\(answerMOT.citations.map(\.quote))")
    }

    func testAMailFolderWithoutAnExtensionIsReadAsAMailbox() throws {
        let t = try TempLibrary()
        let folder = t.docs.appendingPathComponent("Mail/Local Folders")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Thunderbird's folder and its index, mutt's sent mail, a script: only the mail is read
        let inbox = folder.appendingPathComponent("Inbox")
        try Data(Self.mailbox.utf8).write(to: inbox)
        try Data("\u{0}\u{1}mork".utf8).write(to: folder.appendingPathComponent("Inbox.msf"))
        let maildir = t.docs.appendingPathComponent("Maildir/cur")
        try FileManager.default.createDirectory(at: maildir, withIntermediateDirectories: true)
        let message = maildir.appendingPathComponent("1733412345.M1P2.host:2,S")
        try Data("Return-Path: <desk@dental.example>\nFrom: Plas Dental <desk@dental.example>\n Care\nSubject: Your appointment\nDate: Mon, 7 Dec 2026 09:00:00 +0000\n\nYour filling is booked for Tuesday 8 December at 8:40am.\n".utf8)
            .write(to: message)
        let script = t.docs.appendingPathComponent("runme")
        try Data("#!/bin/sh\nFrom: nobody\n".utf8).write(to: script)
        XCTAssertEqual(DocumentKind.detect(inbox), .email)
        XCTAssertEqual(DocumentKind.detect(message), .email)
        XCTAssertNil(DocumentKind.detect(script))
        XCTAssertNil(DocumentKind.detect(folder.appendingPathComponent("Inbox.msf")))
        XCTAssertEqual(Library.walk(t.docs).supported, [inbox.path, message.path].sorted())
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let book = try t.library.ask(question: "what book are we reading for book club")
        XCTAssertTrue(book.answer?.contains("Piranesi") == true, book.answer ?? "")
        let filling = try t.library.ask(question: "when is my filling booked")
        XCTAssertTrue(filling.answer?.contains("8:40am") == true, filling.answer ?? "")
        XCTAssertEqual(filling.citations.first?.path, message.path)
    }

    func testMailIsKnownByItsEnvelopeOrItsHeaders() {
        func mail(_ text: String) -> Bool { DocumentKind.isMail(Array(text.utf8)) }
        XCTAssertTrue(mail("From - Sat Dec 05 10:12:00 2026\nFrom: a@b\n\nhi\n"))
        XCTAssertTrue(mail("From: a@b\r\nSubject: Hi\r\n\r\nbody"))
        XCTAssertTrue(mail("Received: from x\n\tby y\nFrom: a@b\nDate: Mon, 7 Dec 2026\n\nbody"))
        // no From:, a header without a date, subject or id, a line that is no header, a NUL
        XCTAssertFalse(mail("Subject: Hi\nDate: today\n\nbody"))
        XCTAssertFalse(mail("From: a@b\nTo: c@d\n\nbody"))
        XCTAssertFalse(mail("From: a@b\nthis is prose, not a header\nSubject: x\n\n"))
        XCTAssertFalse(mail("From: a@b\nSubject: x\n\n\u{0}"))
        // "From " opening prose is no envelope without its line's end
        XCTAssertFalse(mail("From  the start"))
        XCTAssertFalse(mail(" From: a@b\nSubject: x\n\n"))
    }
}
