import Foundation
import Grounding
import Testing
@testable import Retrieval

/// Questions in English of files kept in another language: a German inventory's `Wert`, a Dutch
/// invoice's `BTW`, a Spanish policy's `Franquicia`.
@Suite struct ForeignLabelsTests {
    @Test func anEnglishWordMeetsWhatOtherLanguagesWriteForIt() {
        #expect(WordVariants.variants(of: "worth", capitalised: false).isSuperset(of: ["wert", "valeur", "waarde"]))
        #expect(WordVariants.variants(of: "vat", capitalised: false).isSuperset(of: ["mwst", "tva", "iva", "btw"]))
        #expect(WordVariants.variants(of: "excess", capitalised: false).contains("selbstbeteiligung"))
        // one direction: a German word asked is no English one's form
        #expect(ForeignLabels.forms(of: "wert").isEmpty)
        // a word English writes in another sense is none of them
        #expect(!ForeignLabels.forms(of: "policy").contains("police"))
        #expect(!ForeignLabels.forms(of: "wheel").contains("rad"))
        let terms = QuestionTerms(question: "how much vat on invoice 2025-031", frequencies: ["vat": 1, "invoice": 1], chunkCount: 20)
        #expect(terms.matches("Rechnung 2025-031 · USt 19 %: 193,80 €").coverage > 0.9)
        // a Portuguese water bill: `Fatura`, `Data limite de pagamento`, `consumo`
        let water = QuestionTerms(question: "when is the water bill due", frequencies: ["water": 1, "bill": 1, "due": 1], chunkCount: 20)
        #expect(water.matches("Fatura · Abastecimento de água · Data limite de pagamento: 06-06-2025").coverage > 0.9)
        #expect(WordVariants.variants(of: "use", capitalised: false).contains("consumo"))
    }

    @Test func anInventoryKeptInGermanAnswersAQuestionAskedInEnglish() throws {
        let t = try TempLibrary()
        try t.write("Instrumente_Inventar_2025.txt", """
            INSTRUMENTE & EQUIPMENT – Inventarliste (für die Versicherung)
            Stand: 01.09.2025

            1) Kontrabass / upright bass, 3/4, Böhmen ca. 1920
               Wert ............. 9.500 €
               Gekauft .......... 2019, Geigenbau Hofmann, Leipzig

            2) Fender Precision Bass, 1978, sunburst
               Wert ............. 2.800 €
               Gekauft .......... 2016, private sale (Glasgow)
            """)
        try t.write("notes.md", """
            # Gear notes
            - The upright bass needs new strings before the autumn tour: 120 € a set.
            - Pickup on the upright bass buzzes in cold rooms; the luthier charged 45 € to look at the wiring.
            """)
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let worth = try t.library.ask(question: "what's the upright bass worth")
        #expect(worth.answer?.contains("9.500 €") == true, "\(worth.answer ?? worth.abstainReason ?? "")")
        let bought = try t.library.ask(question: "where was the upright bass bought")
        #expect(bought.answer?.contains("Geigenbau Hofmann") == true, "\(bought.answer ?? bought.abstainReason ?? "")")
    }

    @Test func aWordTheLibraryNeverWritesIsSearchedInOtherLanguages() {
        let frequencies = ["rent": 0, "miete": 2, "loyer": 0, "room": 3, "proberaum": 1]
        let terms = QuestionTerms(question: "room rent per month", frequencies: frequencies, chunkCount: 40)
        let queries = terms.lexicalQueries(frequencies: frequencies, postingBudget: 20, cap: 100)
        #expect(queries.first?.contains(#""miete""#) == true, "\(queries)")
        #expect(QuestionTerms.frequencyWords("room rent").contains("miete"))
        // a word the library writes in English is searched as written
        let english = ["rent": 3, "miete": 2, "room": 3]
        let asWritten = QuestionTerms(question: "room rent", frequencies: english, chunkCount: 40)
        #expect(asWritten.lexicalQueries(frequencies: english, postingBudget: 20, cap: 100).allSatisfy { !$0.contains("miete") })
    }
}
