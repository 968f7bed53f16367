import Testing
@testable import Grounding

/// A file's opening lines (`GroundingEvidence.lead`) and what its lines' numbers are not: gate H
/// reads a number or a month the question names in the title block of the claim's file, and the
/// answer types read no date in a phone number, no count in a team's name and no money in a
/// person called Mark.
@Suite struct FileLeadTests {
    /// One claim citing one passage of a file whose opening lines are `lead`.
    func leadInput(question: String, claim: String, lead: String) -> GroundingInput {
        GroundingInput(question: question,
                       evidence: [GroundingEvidence(text: claim, documentID: 1, similarity: 0.7, lead: lead)],
                       claims: [GroundingClaim(text: claim, citations: [0], quotesVerified: true, verbatim: true)],
                       retrievalConfidence: 0.8, runnerUpConfidence: nil,
                       idf: Dictionary(TextSignals.words(question).map { ($0, 2.0) }, uniquingKeysWith: max))
    }

    @Test func aNumberInTheFilesTitleBlockIsNearEveryLineOfIt() {
        let q = "total players registered 2025/26"
        let claim = "Age group: Total; Teams: 6; Players registered: 81; Fees collected: €8,540"
        let season = leadInput(question: q, claim: claim, lead: "AGM registrar report 2026\nLough Mahon Celtic AFC · season 2025/26")
        #expect(run(season).abstainRule == nil)
        // another season's report does not answer it
        let other = leadInput(question: q, claim: claim, lead: "AGM registrar report 2024\nLough Mahon Celtic AFC · season 2023/24")
        #expect(run(other).abstainRule?.rawValue == "H4.question-number-missing")
    }

    @Test func anUndatedLineIsDatedByItsFilesTitleBlock() {
        let q = "total tips mar 1-15"
        let claim = "Tip pool total ..............................................    $4,862.40"
        let march = leadInput(question: q, claim: claim,
                              lead: "TIP POOL DISTRIBUTION REPORT\nPeriod: 03/01/2026 - 03/15/2026")
        #expect(run(march).abstainRule == nil)
        let april = leadInput(question: q, claim: claim,
                              lead: "TIP POOL DISTRIBUTION REPORT\nPeriod: 04/01/2026 - 04/15/2026")
        #expect(run(april).abstainRule != nil)
        // a line dated itself keeps its own month: the lead does not date it
        let dated = leadInput(question: "tips in march", claim: "Tips paid 14 April 2026: $4,862.40",
                              lead: "Period: 03/01/2026 - 03/31/2026")
        #expect(run(dated).abstainRule?.rawValue == "H5.question-month-missing")
    }

    @Test func aPhoneNumberDatesNothing() {
        let q = "when did the skyline hops payment go out"
        #expect(!AnswerType.time.isSatisfied(by: "2209 W Washington Ave, Yakima, WA 98903 · 509-555-0102", question: q))
        // a date written with dashes is still one, in brackets too
        #expect(AnswerType.time.isSatisfied(by: "Submit post-trip report within 30 days of return (by 2026-05-18)",
                                            question: "when's the post-trip expense report due"))
        #expect(AnswerType.time.isSatisfied(by: "Paid 17-03-2026 by transfer", question: q))
    }

    @Test func aTeamsNameOrADayCountsNothing() {
        let q = "how many socks did we order"
        #expect(!AnswerType.quantity.isSatisfied(
            by: "New U12 home jerseys, shorts and socks were ordered in February (order SO-7782) and paid on 2 March.", question: q))
        #expect(!AnswerType.quantity.isSatisfied(by: "- [ ] Permission forms back — Fri Apr 10", question: "how many forms have come back"))
        #expect(AnswerType.quantity.isSatisfied(by: "Description: U12 socks, navy; Qty: 40", question: q))
        // a count of money kept: a rand amount, a multiplier
        #expect(AnswerType.quantity.isSatisfied(by: "Fee: R320", question: "how much is the fee"))
        #expect(AnswerType.quantity.isSatisfied(by: "Jersey pack x3", question: "how many jersey packs"))
        // "12 may attend" is no day
        #expect(AnswerType.quantity.isSatisfied(by: "Up to 12 may attend.", question: "how many can attend"))
    }

    @Test func aPersonCalledMarkIsNoMoney() {
        let q = "how much did the council pitches cost"
        #expect(!AnswerType.quantity.isSatisfied(by: "Astro 1 booked. The shed's code is with Mark.", question: q))
        #expect(AnswerType.quantity.isSatisfied(by: "The pitches cost 400 marks.", question: q))
        #expect(AnswerType.quantity.isSatisfied(by: "Pitch hire 1969.00", question: q))
    }

    @Test func aPassMarkIsAScoreNotMoney() {
        #expect(Measure.asked(by: ["pass", "mark", "grant", "evaluation"],
                              in: ["what", "s", "the", "pass", "mark", "for", "the", "grant", "evaluation"]) == nil)
        #expect(Measure.asked(by: ["grant", "award"], in: ["how", "much", "was", "the", "grant"]) == .money)
    }
}
