import Testing
@testable import Grounding

/// Latin letters with marks read as their base letters, on both sides of every word match.
@Suite struct LatinFoldingTests {
    @Test(arguments: [("Zürich", "zurich"), ("Skłodowska", "sklodowska"), ("Straße", "strasse"), ("ÆRØ", "aero"),
                      ("Đorđe", "dorde"), ("Þór", "thor"), ("Nguyễn", "nguyen"), ("Москва", "москва"), ("café", "cafe"),
                      ("Cafe\u{301}", "cafe"), ("नमस्ते", "नमस्ते"), ("PLAIN", "plain")])
    func aWordFoldsToItsPlainSpelling(_ word: String, _ plain: String) {
        #expect(LatinFolding.key(word) == plain)
    }

    @Test func wordsNamesAndStemsAreFolded() {
        #expect(TextSignals.words("The Zürich office of Müller & Søn") == ["the", "zurich", "office", "of", "muller", "son"])
        #expect(TextSignals.names("Ask Dr Łukasz Wiśniewski") == ["dr", "lukasz", "wisniewski"])
        #expect(TextSignals.namesByCasing("phone for łukasz", in: ["Łukasz Nowak", "Dr Łukasz"]) == ["lukasz"])
        #expect(TextSignals.stems("Kraków") == TextSignals.stems("krakow"))
    }

    @Test func onlyLettersTheIndexKeepsAreLookedUpAsTyped() {
        #expect(LatinFolding.typedForms("Dr Łukasz of Café Søn, Zürich") == ["lukasz": "łukasz", "son": "søn"])
        #expect(LatinFolding.typedForms("plain words only").isEmpty)
    }
}
