import Foundation
import Testing
@testable import Grounding

@Suite struct AbstentionFeatureTests {
    let idf: [String: Double] = ["oven": 1.0, "temperature": 2.0, "lemon": 3.0, "cake": 1.5, "glaze": 4.0]

    @Test func rarestMissingIsZeroWhenEveryWordIsNear() {
        let near = TextSignals.stems("Bake the lemon cake in the oven at 180 °C; the temperature matters.")
        #expect(AbstentionFeatures.rarestMissing(question: "What temperature should the oven be for the lemon cake?",
                                                 near: near, idf: idf) == 0)
    }

    @Test func rarestMissingIsTheRarestAbsentWordOverTheRarestWord() {
        let near = TextSignals.stems("Bake the lemon cake in the oven at 180 °C.")
        // "glaze" (idf 4, the question's rarest) is absent: 4 / 4.
        #expect(AbstentionFeatures.rarestMissing(question: "What temperature should the lemon glaze be?",
                                                 near: near, idf: idf) == 1)
        // "temperature" (idf 2) absent, "lemon" (3) present: 2 / 3.
        let share = AbstentionFeatures.rarestMissing(question: "What temperature for the lemon cake?", near: near, idf: idf)
        #expect(abs(share - 2.0 / 3.0) < 1e-9)
    }

    @Test func wordsTheLibraryDoesNotHoldDoNotCount() {
        let near = TextSignals.stems("Bake the lemon cake.")
        #expect(AbstentionFeatures.rarestMissing(question: "What frosting for the lemon cake?", near: near, idf: idf) == 0)
    }

    @Test func aRareWordOnlyInTheNeighboursCounts() {
        let claims = TextSignals.stems("Bake the lemon cake in the oven.")
        let context = TextSignals.stems("Brush the glaze on while warm.")
        // "glaze" is in the neighbouring sentence, not the claim: it counts (4 / 4).
        #expect(AbstentionFeatures.rarestMissing(question: "What temperature for the lemon glaze?", near: claims, idf: idf,
                                                 among: context) == 1)
        // "temperature" is in neither: it does not count here.
        #expect(AbstentionFeatures.rarestMissing(question: "What temperature for the lemon cake?", near: claims, idf: idf,
                                                 among: context) == 0)
    }

    @Test func pairsTogetherScoreZero() {
        #expect(AbstentionFeatures.pairsApart(question: "When was the lemon cake prize awarded?",
                                              claims: "The lemon cake prize was awarded in 1998.", window: 4) == 0)
    }

    @Test func pairsFarApartCount() {
        // "lemon cake" is together; "cake … prize" are 14 words apart.
        let claims = "The lemon cake was baked by Ann, who later moved to the coast and, years after that, won a prize."
        let apart = AbstentionFeatures.pairsApart(question: "Which cake prize?", claims: claims, window: 4)
        #expect(apart == 1)
        #expect(AbstentionFeatures.pairsApart(question: "Which lemon cake?", claims: claims, window: 4) == 0)
    }

    @Test func oneWordQuestionsHaveNoPairs() {
        #expect(AbstentionFeatures.pairsApart(question: "Why Warsaw?", claims: "Nothing here.", window: 4) == 0)
    }
}

@Suite struct AbstentionModelTests {
    @Test func confidenceIsTheLogisticOfTheWeightedFeatures() {
        let model = AbstentionModel(intercept: 0.5, weights: [1, 0, -2, 0, 0, 0])
        let f = AbstentionFeatures(retrievalLogit: 1, answerType: 0, salientUncovered: 0.25, rarestMissing: 0, rarestOnlyInNeighbours: 0, pairsApart: 0)
        #expect(abs(model.confidence(f) - 1 / (1 + exp(-1.0))) < 1e-12)
    }

    @Test func theOutcomeCarriesItsFeatures() {
        let f = run(input()).features
        #expect(f?.answerType == 1)
        // Without idf the long word "temperature" is salient, and the claim does not hold it.
        #expect(f?.salientUncovered == 1)
        #expect(f?.vector.count == AbstentionFeatures.names.count)
    }

    @Test func aSentenceAboutTheTopicButNotTheQuestionScoresLower() {
        let q = "What temperature should the glaze of the lemon cake reach?"
        let answer = run(input(question: q, passage: "Heat the glaze of the lemon cake to 60 °C.",
                               claim: "Heat the glaze of the lemon cake to 60 °C.", verbatim: true))
        let topic = run(input(question: q, passage: "The lemon cake is a favourite at the summer fair.",
                              claim: "The lemon cake is a favourite at the summer fair.", verbatim: true))
        #expect(answer.confidence > topic.confidence)
    }
}

@Suite struct QuestionNumbersNearTests {
    @Test func aNumberOfTheRecordACutPartComesFromIsNear() {
        let q = "what's the 85mm 1.2 insured for"
        let part = "insured value: 2699.0"
        let whole = "category: Lens; model: RF 85mm F1.2 L USM; " + part
        var i = input(question: q, passage: whole, claim: part, verbatim: true)
        #expect(run(i).abstainRule?.rawValue == "H4.question-number-missing")
        i.claims = [GroundingClaim(text: part, citations: [0], quotesVerified: true, verbatim: true, whole: whole)]
        #expect(run(i).abstainRule?.rawValue != "H4.question-number-missing")
    }

    @Test func theMonthOfAQuestionsNumericDateIsNearInTheRowOfThatDay() {
        let q = "how much was the credit card payment i made on 3/21"
        let row = "Transaction Date: 03/21/2026 (21 March 2026); Description: PAYMENT - THANK YOU; Amount: 1850.00"
        #expect(run(input(question: q, passage: row, claim: row, verbatim: true)).abstainRule?.rawValue
                != "H4.question-number-missing")
        let other = "Transaction Date: 03/14/2026 (14 March 2026); Description: PAYMENT - THANK YOU; Amount: 900.00"
        #expect(run(input(question: q, passage: other, claim: other, verbatim: true)).abstainRule?.rawValue
                == "H4.question-number-missing")
    }

    @Test func aClaimsFileNameIsItsOwnForTheWordsOnlyNeighboursHold() {
        var i = input(question: "what oven temperature for granny nan's shortbread",
                      passage: "Oven to 150C fan / 170C conventional / Gas Mark 3.",
                      claim: "Oven to 150C fan / 170C conventional / Gas Mark 3.", verbatim: true,
                      context: "Nan's shortbread, written out from her card.")
        i.idf = ["oven": 1, "temperature": 1, "granny": 3, "nan": 3, "shortbread": 3]
        let without = run(i).features?.rarestOnlyInNeighbours ?? 0
        i.evidence[0].title = "Granny Nan's shortbread"
        let with = run(i).features?.rarestOnlyInNeighbours ?? 1
        #expect(without == 1 && with == 0)
    }
}

@Suite struct OrdinalDayTests {
    @Test func anOrdinalDayMeetsTheNumberADateWrites() {
        #expect(WordVariants.variants(of: "17th", capitalised: false).contains("17"))
        #expect(WordVariants.variants(of: "1st", capitalised: false).contains("1"))
        #expect(WordVariants.ordinalDay("10k") == nil && WordVariants.ordinalDay("123rd") == nil && WordVariants.ordinalDay("th") == nil)
    }

    @Test func aSpelledNumberMeetsItsDigits() {
        #expect(WordVariants.variants(of: "five", capitalised: false).contains("5"))
        #expect(WordVariants.variants(of: "12", capitalised: false).contains("twelve"))
        #expect(!WordVariants.variants(of: "one", capitalised: false).contains("1"))
        #expect(!WordVariants.variants(of: "21", capitalised: false).contains { $0.hasPrefix("twenty") })
    }
}

@Suite struct ContactNameTests {
    @Test func aPhoneAskedForSomeoneIsNotAnotherPersonsLine() {
        let aoife = "Aoife will be in from 7.30 if you need anything, her mobile is 087 555 0107."
        let other = run(input(question: "whats tomasz's mobile", passage: aoife, claim: aoife, verbatim: true))
        #expect(other.abstained && other.ruleCounts["H9.contact-name-missing"] == 1)
        #expect(!run(input(question: "what's aoife's mobile", passage: aoife, claim: aoife, verbatim: true)).abstained)
        // an email signature: the name stands a few lines above its number, in the same paragraph
        let signature = "> Thanks,\n>\n> Dougie McIntyre\n> McIntyre Roofing & Leadwork Ltd\n> Unit 7, Granton Mill Yard\n"
            + "> Mobile 07700 900877 | Office 0131 496 0914\n>\n> On Wed, Kyle wrote:"
        let line = "> Mobile 07700 900877 | Office 0131 496 0914"
        #expect(!run(input(question: "dougie mcintyre's mobile", passage: signature, claim: line, verbatim: true)).abstained)
        #expect(run(input(question: "kyle's mobile", passage: signature, claim: line, verbatim: true)).abstained)
        #expect(CompletenessGate.paragraph(of: line, in: signature).hasPrefix("> Dougie McIntyre"))
        #expect(CompletenessGate.paragraph(of: "absent", in: signature).isEmpty)
    }

    /// A record is the person its name field names, whoever else its other fields name.
    @Test func aRecordGivesItsOwnPersonsPhoneNotTheOneItMentions() {
        func asked(_ question: String, _ record: String) -> GroundingInput {
            var i = input(question: question, passage: record, claim: record, verbatim: true)
            i.idf = ["gareth": 3, "llewellyn": 3, "mair": 3, "jenkins": 3, "phone": 1, "number": 1]
            return i
        }
        let row = "id: F-03; name: Mair Jenkins; town: Creigiau; phone: 07700 900604; home check by: Gareth Llewellyn"
        let gareth = run(asked("Gareth Llewellyn phone number", row))
        #expect(gareth.abstained && gareth.ruleCounts["H9.contact-name-missing"] == 1)
        #expect(!run(asked("Mair Jenkins phone number", row)).abstained)
        // a record with no field that says whose it is stays the asked person's
        let unnamed = "id: F-03; town: Creigiau; phone: 07700 900604; home check by: Gareth Llewellyn"
        #expect(run(asked("Gareth Llewellyn phone number", unnamed)).ruleCounts["H9.contact-name-missing"] == nil)
    }

    /// The cards beside a contact card are other people's: Jess's mobile is not Dr Mehra's though
    /// the next card is his.
    @Test func aCardsNeighboursAreOtherPeoples() {
        let jess = "contact: Jess Thornbury; organisation: Goal Diggers netball; mobile: 0491 570 158"
        let cards = jess + "\ncontact: Dr Arjun Mehra; organisation: Northside Cardiology; work phone: 03 9555 0188\n"
        let asked = run(input(question: "dr mehra's mobile number", passage: cards, claim: jess, verbatim: true))
        #expect(asked.abstained && asked.ruleCounts["H9.contact-name-missing"] == 1)
        #expect(!run(input(question: "jess thornbury's mobile number", passage: cards, claim: jess, verbatim: true)).abstained)
    }
}
