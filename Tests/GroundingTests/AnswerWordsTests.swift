import Testing
@testable import Grounding

/// What a line's words are not: a month names no one and nowhere, a reference's letters are no
/// name, a copyright notice's year is no date; and how a question names what it asks ("isla's
/// grandma number" is a phone, "car 2" is one car of several).
@Suite struct AnswerWordsTests {
    @Test func aReferenceOrAMonthIsNoName() {
        let who = "who was assigned the work order"
        #expect(!AnswerType.entity.isSatisfied(by: "work order: WO-2026-0187", question: who))
        #expect(!AnswerType.entity.isSatisfied(by: "opened on 24 Feb, closed on Thu", question: who))
        #expect(AnswerType.entity.isSatisfied(by: "technician: Tariq Haddad", question: who))
        // a name may open a line, and a party named by its role answers
        #expect(AnswerType.entity.isSatisfied(by: "Tariq says the closer is leaking.", question: who))
        #expect(AnswerType.entity.isSatisfied(by: "The tenant pays the council tax.", question: "who pays the council tax"))
    }

    @Test func aMonthOrAWeekdayIsNoPlace() {
        let q = "where did i get leo's bday cake"
        #expect(!AnswerType.place.isSatisfied(by: "- Leo's birthday 21 Jan – did the cake late (12 Mar) because of the holidays.", question: q))
        #expect(!AnswerType.place.isSatisfied(by: "Picked it up on Sat, paid in December.", question: q))
        #expect(AnswerType.place.isSatisfied(by: "Cake from Déjà Vu Bakehouse, paid on Sat.", question: q))
    }

    @Test func aCopyrightYearIsNoDate() {
        let q = "when does my first aid run out"
        #expect(!AnswerType.time.isSatisfied(by: "© 2026 Safe Hands First Aid Training Ltd · bookings@safehandsfirstaid.example", question: q))
        #expect(!AnswerType.time.isSatisfied(by: "Copyright 2019–2026 Safe Hands Ltd. All rights reserved.", question: q))
        #expect(!AnswerType.time.isSatisfied(by: "(c) 2025 Licensing Online", question: q))
        #expect(!AnswerType.time.isSatisfied(by: "COPYRIGHT 2024 SAFE HANDS LTD", question: q))
        // (a saved page's text keeps its entities: the line is judged as a reader sees it)
        #expect(!AnswerType.time.isSatisfied(by: "&copy; 2026 Safe Hands First Aid Training Ltd &middot; bookings@safehandsfirstaid.example", question: q))
        #expect(!AnswerType.time.isSatisfied(by: "&#169; 2026 Safe Hands First Aid Training Ltd", question: q))
        #expect(AnswerType.time.isSatisfied(by: "Valid until: 28&nbsp;March&nbsp;2028", question: q))
        #expect(AnswerType.time.isSatisfied(by: "Valid until 28 March 2028 (© 2026 Safe Hands)", question: q))
        #expect(AnswerType.withoutCopyright("no notice here, 2026") == "no notice here, 2026")
    }

    @Test func aRelativesNumberIsOneToRing() {
        #expect(QuestionAnalysis.answerType(of: "isla's grandma number for outing day") == .phone)
        #expect(QuestionAnalysis.answerType(of: "nan number") == .phone)
        #expect(QuestionAnalysis.answerType(of: "mums number") == .phone)
        #expect(QuestionAnalysis.answerType(of: "the invoice number for the lift repair") != .phone)
    }

    @Test func aSumIsAskedInManyWords() {
        for q in ["what did the tractor repair in february come to in the end", "what did the house appraise for",
                  "what did we budget for diesel this season", "what's the most i can get from the small grower capital grant",
                  "gst registration threshold", "new monthly insurance payment starting may", "what were net sales on thursday 16 april",
                  "what was the adeyemis first offer on pecan grove"] {
            #expect(QuestionAnalysis.answerType(of: q) == .quantity, "\(q)")
        }
        #expect(QuestionAnalysis.answerType(of: "what's the most popular dish on the menu") != .quantity)
        #expect(QuestionAnalysis.answerType(of: "what did the plumber come for") != .quantity)
    }

    @Test func aNumberSignIsTheWordNumber() {
        #expect(QuestionAnalysis.answerType(of: "city permit # for the truck") == .identifier)
        #expect(QuestionAnalysis.answerType(of: "generater serial #") == .identifier)
        #expect(QuestionAnalysis.askedNoun(of: "generater serial #") == ["serial", "number"])
        #expect(QuestionAnalysis.numberSigns("who has plot #5?") == "who has plot #5?")
        // gate H reads the question as retrieval does
        #expect(QuestionAnalysis(question: "city permit # for the truck", idf: [:], rareShare: 0.5).answerType == .identifier)
    }

    @Test func aNumberedCarIsOneOfSeveral() {
        let asked = NumberedNames.asked(in: "when does car 2 modernization start")
        #expect(asked == [NumberedNames.Name(word: "car", number: 2)])
        #expect(NumberedNames.namesAnother("Car 1 work starts Monday April 20.", than: asked))
        #expect(!NumberedNames.namesAnother("Car 2 only starts once car 1 passes its inspection.", than: asked))
        // a day of a trip, a floor, a group
        #expect(NumberedNames.namesAnother("Day 3: Hobart to Freycinet", than: NumberedNames.asked(in: "where are we on day 2")))
        #expect(!NumberedNames.asked(in: "what floor is the gym on").contains { $0.word == "floor" })
    }

    @Test func owingAndDecidingMeetTheirNouns() {
        #expect(WordVariants.nounsOfVerbs["owe"]?.contains("arrears") == true)
        #expect(WordVariants.nounsOfVerbs["decide"]?.contains("decision") == true)
    }
}
