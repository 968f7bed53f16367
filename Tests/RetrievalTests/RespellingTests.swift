import Foundation
import Testing
@testable import Retrieval

/// A name or a rare word typed from memory, one slip away from how the files write it.
@Suite struct RespellingTests {
    @Test(arguments: [("hygenist", "hygienist"), ("whitfeld", "whitfield"), ("koyana", "koyna"), ("llewelyn", "llewellyn"),
                      ("shubhdristi", "shubhdrishti"), ("recieved", "received"), ("joiner", "joinery"),
                      ("membr", "member")])
    func aSlipThatKeepsTheSoundIsRead(_ typed: String, _ written: String) {
        #expect(Respelling.isSlip(typed, of: written))
    }

    @Test(arguments: [("playing", "paying"), ("locking", "looking"), ("picking", "packing"), ("seperate", "separate"), ("logged", "lodged"),
                      ("come", "came"), ("grande", "grant"), ("hygienist", "hygienist"), ("kyna", "kyana"), ("parcel", "pa-rcel"),
                      ("ohare", "hare"), ("aorder", "order")])
    func aWordOfItsOwnOrAShortOneIsNotASlip(_ typed: String, _ written: String) {
        #expect(!Respelling.isSlip(typed, of: written))
    }

    @Test func theWordsATypedOneMayBeASlipOfAreLookedUp() {
        let slips = Set(Respelling.slips(of: "hygenist"))
        #expect(slips.isSuperset(of: ["hygienist", "hyigenist", "hygenists"].filter { Respelling.isSlip("hygenist", of: $0) }))
        #expect(slips.contains("hygienist"))
        #expect(Set(Respelling.slips(of: "koyana")).contains("koyna"))
        #expect(Set(Respelling.slips(of: "llewelyn")).contains("llewellyn"))
        #expect(Set(Respelling.slips(of: "philogiston")).contains("phlogiston"))
        // only slips that keep the sound, each once
        #expect(!slips.contains("hygenest"))
        #expect(slips.allSatisfy { Respelling.isSlip("hygenist", of: $0) })
        #expect(Respelling.slips(of: "hygenist").count == slips.count)
    }

    @Test func onlyTheWholeWordIsReplacedInAnyCase() {
        #expect(Respelling.replacing("hygenist", with: "hygienist", in: "Name of the Hygenist? hygenists, hygenist.")
            == "Name of the hygienist? hygenists, hygienist.")
    }

    @Test func aSlippedNameFindsTheLineThatWritesIt() throws {
        let t = try TempLibrary()
        try t.write("dental letter.txt", """
            PLAS DENTAL CARE
            Tel: 029 2018 0362

            Appointment 2 - Scale and polish with our hygienist, Sioned Parry. Allow 30 minutes.

            Your old filling on the upper right is sound and does not need replacing at the moment.
            """)
        try t.write("notes.md", "# Van\n\nThe van lease is paid on the first of the month by direct debit.\n")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let answer = try t.library.ask(question: "name of the hygenist at plas dental")
        #expect(!answer.abstained)
        #expect(answer.answer?.contains("Sioned Parry") == true)
        #expect(answer.grounding["Q1.respelled"] == 1)
        #expect(answer.question == "name of the hygenist at plas dental")
        // a word the library holds is left as typed, and so is one no slip away from any
        let plain = try t.library.ask(question: "when is the van lease paid")
        #expect(plain.grounding["Q1.respelled"] == nil)
        let unknown = try t.library.ask(question: "who is the orthodontist at plas dental")
        #expect(unknown.grounding["Q1.respelled"] == nil)
    }

    @Test func aNameTypedPlainFindsTheLetterTheIndexKeeps() throws {
        #expect(Respelling.markedSpellings(of: "sklodowska").contains("skłodowska"))
        #expect(Respelling.markedSpellings(of: "hauptstrasse").contains("hauptstraße"))
        #expect(Respelling.markedSpellings(of: "orsted") == ["ørsted", "orsteđ"])
        #expect(Respelling.markedSpellings(of: "muenchen").contains("münchen"))
        let t = try TempLibrary()
        try t.write("contacts.md", """
            # Contacts

            Greta's flat is at Hauptstraße 12, third floor; her plumber is Søren Ørsted, phone 030 555 0142.

            The Maria Skłodowska-Curie Institute has 700 beds.

            Oma lives in München, at Leopoldstraße 4.
            """)
        try t.write("notes.md", "# Van\n\nThe van lease is paid on the first of the month by direct debit. We go to the depot on Fridays.\n")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        for question in ["what number is greta's flat on hauptstrasse", "what's orsted the plumber's phone number",
                         "how many beds does the sklodowska institute have", "where in muenchen does oma live"] {
            let answer = try t.library.ask(question: question)
            #expect(!answer.abstained, "\(question): \(answer.abstainReason ?? "")")
            #expect(answer.grounding["Q1.respelled"] == 1, "\(question): \(answer.grounding)")
            #expect(answer.grounding["H2.salient-term-uncovered"] == nil, "\(question): \(answer.grounding)")
        }
        // a word the library holds plain is not respelled ("lease", not "łease"), nor one whose
        // marked spelling meets only another word's stem ("goes": the index reads "gös" as `go`)
        #expect(try t.library.ask(question: "when is the van lease paid").grounding["Q1.respelled"] == nil)
        #expect(try t.library.store.database().read { c in try Respelling.markedWord(for: "goes", c) } == nil)
    }
}
