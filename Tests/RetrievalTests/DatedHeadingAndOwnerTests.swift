import Foundation
import Testing
@testable import Retrieval

/// What a diary's dated heading says of its entries, and whose phone a contact question asks for.
@Suite("Dated headings and contact owners")
struct DatedHeadingAndOwnerTests {
    static let diary = """
        # Hive inspections 2025

        ### Sat 24 May — spring harvest
        - Took 2 supers off Marigold (OSR) and spun them at Colin's.

        ### Mon 2 June — SWARM!
        - Dave Ellery rang about 2pm: swarm in the hawthorn hedge on Brook Lane, about the size of a rugby ball.
        - Shook it into a cardboard box and ran it into a nuc at dusk.
        """

    @Test func whenAskedOfAnEntryItsDatedHeadingAnswersTheDay() throws {
        let t = try TempLibrary()
        try t.write("hive_inspections_2025.md", Self.diary)
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let answer = try t.library.ask(question: "when was the swarm in the hawthorn hedge")
        #expect(!answer.abstained, "\(answer.abstainReason ?? "")")
        #expect(answer.answer?.contains("Mon 2 June") == true)
        // the heading is cited as the file's own bytes
        let heading = try #require(answer.citations.first { $0.quote.hasPrefix("###") })
        #expect(heading.quote == "### Mon 2 June — SWARM!")
        #expect(CitationCheck.verify(heading, pdfTexts: t.library.pdfTexts))
        // a clock time asked is the entry's own, with no heading added
        let time = try t.library.ask(question: "what time did dave ring about the swarm")
        #expect(time.answer?.contains("2pm") == true && time.answer?.contains("June") == false)
    }

    @Test func aPhoneAskedOfSomeoneIsTheirsThoughAnotherLineCoversMoreWords() throws {
        let t = try TempLibrary()
        try t.write("contacts.vcf", """
            BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Tama Rangi\r\nORG:Kowhai Digital\r\nTEL;TYPE=CELL:021 555 0142\r\nEND:VCARD\r
            BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Deb Faleolo\r\nORG:Faleolo & Co Chartered Accountants\r\nTEL;TYPE=WORK:04 555 0133\r\nEND:VCARD\r\n
            """)
        try t.write("calendar.ics", """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART:20251119T140000\r\nSUMMARY:Deb - year-end prep\r
            DESCRIPTION:Bring the home office numbers and the phone bill totals.\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
            """)
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        for question in ["deb phone number", "debs phone number"] {
            let answer = try t.library.ask(question: question)
            #expect(answer.answer?.contains("04 555 0133") == true, "\(question): \(answer.answer ?? answer.abstainReason ?? "")")
        }
    }

    @Test func aSensitiveDomainsContactNamedOnItsLineIsAnswered() throws {
        let t = try TempLibrary()
        try t.write("contacts_dad.vcf", """
            BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Dr Aoife Keane\r\nORG:Abbey Street Medical Centre\r\nTITLE:GP\r
            TEL;TYPE=WORK:065 555 4402\r\nEND:VCARD\r
            BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Declan Frawley\r\nORG:Frawley & Co. Solicitors\r\nTITLE:Solicitor\r
            TEL;TYPE=WORK:065 555 2015\r\nNOTE:Enduring power of attorney for Dad.\r\nEND:VCARD\r\n
            """)
        try t.write("care_notes.md", """
            # Dad's care
            - The GP wants bloods repeated before the memory clinic.
            - Home support is 10.5 hours a week from the HSE; anything over we pay privately.
            """)
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        // a medical question's raised bar: the card that names the GP stands against it
        let gp = try t.library.ask(question: "GP surgery phone number")
        #expect(gp.answer?.contains("065 555 4402") == true, "\(gp.answer ?? gp.abstainReason ?? "")")
        // a line naming fewer than half of whose it is keeps the bar
        let dentist = try t.library.ask(question: "emergency phone number for the hospital ward")
        #expect(dentist.abstained, "\(dentist.answer ?? "")")
    }
}
