import Foundation
import Testing
@testable import Retrieval

/// A plain text's headings — a line underlined by a rule, or a line of capitals — name what the
/// lines under them are about, as `#` headings do, and answer nothing themselves.
@Suite struct PlainTextHeadingTests {
    static let recipes = """
        RACE FUEL + RECOVERY - the stuff that works for me

        ==================================================
        1. BACON & EGG RICE CAKES (for the bike)
        ==================================================
        Makes 12 squares. Each square roughly 32 g carbs.

        Ingredients
        - 2 cups uncooked sushi rice
        - 1/2 tsp flaky salt, plus extra for sprinkling

        ==================================================
        2. HOMEMADE ELECTROLYTE DRINK (training only - Tailwind on race day)
        ==================================================
        Per 750 ml bottle:
        - 750 ml water
        - 45 g maltodextrin (3 heaped tbsp)
        - 1/4 tsp salt (about 575 mg sodium)
        - juice of half a lemon

        Shake well. Roughly 45 g carbs per bottle.
        """

    static func units(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return SentenceSplitter.split(text, lineMode: false).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func aRuleIsALineOfItsOwnAndEndsTheHeadingAboveIt() {
        let units = Self.units("HOMEMADE ELECTROLYTE DRINK (training only - Tailwind on race day)\n=====\nPer 750 ml bottle:\n- 1/4 tsp salt\n")
        #expect(units == ["HOMEMADE ELECTROLYTE DRINK (training only - Tailwind on race day)", "=====", "Per 750 ml bottle:", "- 1/4 tsp salt"])
        #expect(Self.units("Some prose that wraps\nonto a second line.\n") == ["Some prose that wraps\nonto a second line."])
        #expect(SentenceSplitter.isRuleLine(Array("  * * *".utf8), from: 0))
        #expect(!SentenceSplitter.isRuleLine(Array("- 2 eggs".utf8), from: 0))
        #expect(!SentenceSplitter.isRuleLine(Array("==".utf8), from: 0))
        #expect(!SentenceSplitter.isRuleLine(Array("=-=".utf8), from: 0))
    }

    @Test func headingsAreUnderlinedOrCapitalsOutsideBrackets() {
        func heading(_ text: String, _ next: String = "Makes 12 squares.") -> Bool { ExtractiveAnswerer.isPlainHeading([text, next], 0) }
        #expect(heading("Homemade electrolyte drink", "====="))
        #expect(heading("1. BACON & EGG RICE CAKES (for the bike)"))
        #expect(heading("RECOVERY SMOOTHIE"))
        // its words outside brackets are not all capitals, it is a field, a sentence, or too short
        #expect(!heading("FOR THE NETBALL BREAKUP (end of season) - Saturday 25/04/2026, 1pm at Aisha's (41 Rennie Street)"))
        #expect(!heading("TOTAL: 466"))
        #expect(!heading("TOTAL DUE FOR 2025/26 ....................... £2,730.92"))
        #expect(!heading("PLEASE CALL BEFORE NOON."))
        #expect(!heading("VAT"))
        #expect(!heading("=====", "Per 750 ml bottle:"))
        // the last figure of a sum over its rule is no heading over the total
        #expect(!heading("(Western Tunnels Ltd, quote Q-3318)                  EUR 2,045.00", "-------------"))
        #expect(heading("Budget 2026", "-----------"))
    }

    @Test func theLineUnderARuleThatClosesASumHoldsTheWordsOfItsLines() {
        let texts = ["Supply & fit thermostatic bar valve      £185.00", "Annual boiler service (Worcester 30i)     £85.00",
                     "----------------------------------------------", "Total                                    £421.60",
                     "No VAT - I'm not registered."]
        let terms = QuestionTerms(question: "total on gary's quote for the shower valve and boiler service",
                                  frequencies: ["total": 3, "gary": 2, "quote": 4, "shower": 3, "valve": 2, "boiler": 3, "service": 5],
                                  chunkCount: 40)
        let headings = ExtractiveAnswerer.headings(texts)
        #expect(!headings.contains(true), "the last figure of a sum is no heading")
        let matched = texts.map(terms.matches)
        let closed = ExtractiveAnswerer.closingSums(matched, texts: texts, headings: headings, terms: terms)
        #expect(closed[3].coverage > matched[3].coverage)
        #expect(closed[3].coverage >= terms.coverage(ofText: texts[0] + " " + texts[1] + " " + texts[3]) - 1e-9)
        // the line after it is no total: it keeps its own words
        #expect(closed[4].coverage == matched[4].coverage)
    }

    @Test func anIngredientUnderItsHeadingAnswersForIt() throws {
        let t = try TempLibrary()
        try t.write("Race fuel & recovery recipes.txt", Self.recipes)
        for i in 1...4 { try t.write("note\(i).md", "# Note \(i)\n\nThe bins go out on Tuesday \(i). Rent of flat \(i) is paid on the first.\n") }
        try t.library.enqueue(paths: [t.docs])
        _ = try t.library.processQueue()
        let answer = try t.library.ask(question: "how much salt goes in the homemade electrolyte drink")
        #expect(answer.answer?.contains("1/4 tsp salt") == true, "\(String(describing: answer.answer)) \(answer.grounding)")
        #expect(answer.answer?.contains("ELECTROLYTE") == false)
    }

    @Test func aTitlesOneLineLeadAnswersForTheTitleButNotAStamp() throws {
        let t = try TempLibrary()
        try t.write("open day.md", "# Spring open day\n\nBramley Road allotments, Saturday 9 May 2026.\n\n## Stalls\n\nSeedling swap from 10:00 by the shed.\n")
        try t.write("boiler.md", "# Boiler service plan\n\n_Last updated 9 April 2026_\n\n## Parts\n\nThe magnetic filter was cleaned.\n")
        for i in 1...4 { try t.write("note\(i).md", "# Note \(i)\n\nThe bins go out on Tuesday \(i). Rent of flat \(i) is paid on the first.\n") }
        try t.library.enqueue(paths: [t.docs])
        _ = try t.library.processQueue()
        let when = try t.library.ask(question: "when is the spring open day")
        #expect(when.answer?.contains("Saturday 9 May 2026") == true, "\(String(describing: when.answer)) \(when.grounding)")
        // the section's own line still answers for its heading
        let swap = try t.library.ask(question: "when is the seedling swap")
        #expect(swap.answer?.contains("10:00") == true, "\(String(describing: swap.answer))")
        // a stamp under the title says when the file changed, not when the service is
        let stamp = try t.library.ask(question: "when is the boiler service plan due")
        #expect(stamp.answer?.contains("9 April") != true, "\(String(describing: stamp.answer))")
        #expect(ExtractiveAnswerer.isStamp("_Last updated 9 April 2026 (Declan)_"))
        #expect(ExtractiveAnswerer.isStamp("Last edited 09/11/2026"))
        #expect(!ExtractiveAnswerer.isStamp("Bramley Road allotments, Saturday 9 May 2026."))
    }
}
