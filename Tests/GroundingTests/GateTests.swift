import Testing
@testable import Grounding

/// Builds an input with one passage and one claim; every gate passes unless a test changes something.
func input(question: String = "What temperature should the oven be for the lemon cake?",
           passage: String = "Lemon cake. Bake the lemon cake in the oven at 180 °C for 40 minutes.",
           claim: String = "Bake the lemon cake in the oven at 180 °C for 40 minutes.",
           verbatim: Bool = false, verified: Bool = true, citations: [Int] = [0], confidence: Double = 0.8,
           runnerUp: Double? = nil, allowed: Set<Int64>? = nil, context: String = "") -> GroundingInput {
    GroundingInput(question: question,
                   evidence: [GroundingEvidence(text: passage, documentID: 1, similarity: 0.7, context: context)],
                   claims: [GroundingClaim(text: claim, citations: citations, quotesVerified: verified, verbatim: verbatim)],
                   retrievalConfidence: confidence, runnerUpConfidence: runnerUp, allowedDocuments: allowed)
}

func run(_ i: GroundingInput, mode: QualityMode = .standard) -> GroundingOutcome {
    GroundingPipeline(configuration: GroundingConfiguration(mode: mode)).run(i)
}

func rules(_ o: GroundingOutcome) -> Set<String> { Set(o.firings.map(\.rule.rawValue)) }

@Suite struct PipelineTests {
    @Test func aSupportedAnswerPassesEveryGate() {
        let o = run(input())
        #expect(!o.abstained)
        #expect(o.keptClaims == [0])
        #expect(Set(o.gates.keys) == Set(GateID.allCases))
        #expect(o.gates.values.allSatisfy { $0.passed })
        #expect(o.confidence > 0.8)
    }

    @Test func gatesRunDomainIsolationFirst() {
        #expect(GateID.allCases.first == .domainIsolation)
        #expect(GateID.allCases.map(\.rawValue).sorted() == ["A", "B", "C", "D", "E", "F", "G", "H", "I"])
    }

    @Test func ruleCountsAreIdsAndCountsOnly() {
        let o = run(input(claim: "Bake the lemon cake in the oven at 200 °C for 40 minutes."))
        #expect(o.ruleCounts["C1.number-not-in-evidence"] == 1)
        #expect(o.ruleCounts.keys.allSatisfy { RuleID(rawValue: $0).gate != nil })
    }
}

@Suite struct GateITests {
    @Test func claimsCitingOnlyOutOfScopeDocumentsAreDropped() {
        let o = run(input(allowed: [2]))
        #expect(rules(o).contains("I1.out-of-scope-evidence"))
        #expect(o.abstained)
    }
    @Test func inScopePasses() { #expect(!run(input(allowed: [1])).abstained) }
    @Test func sensitiveQuestionsRaiseTau() {
        let q = "What dose of the medication is safe for a child?"
        let p = "The dose of the medication for a child is 5 mg."
        let plain = run(input(question: q, passage: p, claim: p, confidence: 0.5))
        #expect(rules(plain).contains("I2.sensitive-domain"))
        #expect(plain.abstainRule?.rawValue == "A1.below-threshold")
        #expect(!run(input(question: q, passage: p, claim: p, confidence: 0.7)).abstained)
    }
}

@Suite struct GateATests {
    @Test func belowTauAbstains() { #expect(run(input(confidence: 0.39)).abstainRule?.rawValue == "A1.below-threshold") }
    @Test func aboveTauPasses() { #expect(!run(input(confidence: 0.6)).abstained) }
    @Test func thinMarginIsNotedAndAbstainsOnlyInMaximumNearTau() {
        #expect(rules(run(input(confidence: 0.6, runnerUp: 0.59))).contains("A2.thin-margin"))
        #expect(!run(input(confidence: 0.6, runnerUp: 0.59)).abstained)
        #expect(run(input(confidence: 0.42, runnerUp: 0.41), mode: .maximum).abstainRule?.rawValue == "A2.thin-margin")
    }
    @Test func calibratedFloorRisesWithTheMode() {
        let low = input(question: "Who baked the cake?", passage: "the cake was baked well in the oven.",
                        claim: "the cake was baked well in the oven.", confidence: 0.45)
        #expect(run(low, mode: .maximum).abstainRule?.rawValue == "A3.calibrated-below-floor")
    }
}

@Suite struct GateFTests {
    @Test func unverifiedQuoteIsDropped() {
        let o = run(input(verified: false))
        #expect(rules(o).contains("F1.quote-not-in-source"))
        #expect(o.abstainRule?.rawValue == "F0.all-claims-dropped")
    }
    @Test func verifiedQuotePasses() { #expect(run(input()).gates[.quoteFaithfulness]?.passed == true) }
}

@Suite struct GateBTests {
    @Test func uncitedClaimIsDropped() { #expect(rules(run(input(citations: []))).contains("B1.uncited-claim")) }
    @Test func outOfRangeCitationIsDropped() {
        #expect(rules(run(input(citations: [7]))).contains("B2.citation-out-of-range"))
    }
    @Test func noClaimsAbstains() {
        var i = input(); i.claims = []
        #expect(run(i).abstainRule?.rawValue == "B4.no-claims")
    }
    @Test func citedClaimPasses() { #expect(run(input()).gates[.coverage]?.passed == true) }
}

@Suite struct GateCTests {
    @Test func numberAbsentFromEvidenceIsDropped() {
        #expect(rules(run(input(claim: "Bake it in the oven at 200 °C for 40 minutes."))).contains("C1.number-not-in-evidence"))
    }
    @Test func unitThatDiffersIsDropped() {
        #expect(rules(run(input(claim: "Bake the lemon cake in the oven at 180 °F for 40 minutes."))).contains("C2.unit-mismatch"))
    }
    @Test func thousandsSeparatorsMatch() {
        let o = run(input(question: "How many people live there?", passage: "About 1,200 people live in the village.",
                          claim: "About 1200 people live in the village."))
        #expect(o.gates[.numericSanity]?.passed == true)
    }
}

@Suite struct GateDTests {
    @Test func negationMismatchIsDropped() {
        let o = run(input(question: "Is the museum open on Mondays?", passage: "The museum is not open on Mondays.",
                          claim: "The museum is open on Mondays."))
        #expect(rules(o).contains("D1.negation-mismatch"))
    }
    @Test func antonymIsDropped() {
        let o = run(input(question: "Did sales rise in 2020?", passage: "Sales fell sharply in 2020.",
                          claim: "Sales rose sharply in 2020."))
        #expect(rules(o).contains("D2.antonym"))
    }
    @Test func differentNumberForTheSameSlotIsDropped() {
        #expect(ContradictionGate.contradiction(claim: "Use 3 eggs and 2 lemons.", evidence: "Use 4 eggs and 2 lemons.")?.rawValue
                == "D3.different-number-same-slot")
    }
    @Test func agreeingClaimPasses() { #expect(run(input()).gates[.contradiction]?.passed == true) }
}

@Suite struct GateETests {
    @Test func claimUnrelatedToItsPassageIsDropped() {
        let o = run(input(claim: "Frost the lemon cake with chocolate ganache and sprinkles."))
        #expect(rules(o).contains("E1.below-verification-bar"))
    }
    @Test func verbatimClaimScoresOne() { #expect(run(input(verbatim: true)).gates[.semanticGrounding]?.score == 1) }
    @Test func maximumModeNeedsCloserParaphrase() {
        let claim = "The lemon cake bakes in the oven at 180 °C, for forty minutes or until golden."
        #expect(!rules(run(input(claim: claim), mode: .standard)).contains("E1.below-verification-bar"))
        #expect(rules(run(input(claim: claim), mode: .maximum)).contains("E1.below-verification-bar"))
    }
}

@Suite struct GateGTests {
    @Test func templateTokensAreMalformed() {
        #expect(rules(run(input(claim: "Bake the lemon cake <|im_end|> at 180 °C."))).contains("G1.malformed"))
    }
    @Test func repetitionIsDegenerate() {
        let claim = "lemon cake lemon cake lemon cake lemon cake lemon cake oven 180 °C"
        #expect(rules(run(input(claim: claim))).contains("G2.degenerate-repetition"))
    }
    @Test func wellFormedPasses() { #expect(run(input()).gates[.generationQuality]?.passed == true) }

    /// Claims past the word limit (80) are dropped after the first; words are counted as a reader
    /// counts them, so a record's timestamps and amounts are one word each.
    @Test func answerPastTheWordLimitKeepsItsFirstClaim() {
        func twoClaims(_ first: String, _ second: String, verbatim: Bool) -> GroundingInput {
            var i = input(passage: first + " " + second, claim: first, verbatim: verbatim)
            i.claims.append(GroundingClaim(text: second, citations: [0], quotesVerified: true, verbatim: verbatim))
            return i
        }
        let stamps = (0..<30).map { "2026-01-\(String(format: "%02d", $0 % 28 + 1))T08:14:33Z" }.joined(separator: " ")
        for verbatim in [true, false] {
            // 30 + 41 reader's words (TextSignals.words would count over 150): within the limit
            let within = run(twoClaims(stamps, "Bake the lemon cake at 180 °C " + String(repeating: "and wait ", count: 17), verbatim: verbatim))
            #expect(!rules(within).contains("G3.answer-too-long"))
            let long = (0..<50).map { "step\($0)" }.joined(separator: " ")
            let past = run(twoClaims(long + " first.", long + " second.", verbatim: verbatim))
            #expect(past.firings.filter { $0.rule.rawValue == "G3.answer-too-long" }.map(\.claim) == [1])
        }
        #expect(TextSignals.readerWordCount(" £1,450.00  paid\non 2026-01-05T08:14:33Z ") == 4)
    }
}

@Suite struct GateHTests {
    @Test func aSectionsHeadingSpeaksOfTheRowsUnderIt() {
        let text = "# Booking\nRef K7QXPM\n# Departing flights – Wednesday, April 15, 2026\n\nFlight: AC 735; Departs: 06:40"
        #expect(CompletenessGate.heading(of: "Flight: AC 735; Departs: 06:40", in: text) == "Departing flights – Wednesday, April 15, 2026")
        #expect(CompletenessGate.heading(of: "Ref K7QXPM", in: text) == "Booking")
        #expect(CompletenessGate.heading(of: "Ref K7QXPM", in: "Ref K7QXPM") == "")
        #expect(CompletenessGate.heading(of: "absent", in: text) == "")
    }

    @Test func answerTypeMissingIsNotedAndLowersConfidence() {
        let q = "When did the Normans arrive in Sicily?"
        let p = "The Normans arrived in Sicily with a large army."
        let o = run(input(question: q, passage: p, claim: p, verbatim: true, confidence: 0.7))
        #expect(rules(o).contains("H1.answer-type-missing"))
        #expect(o.confidence < 0.7)
        let dated = "The Normans arrived in Sicily in 1061."
        let ok = run(input(question: q, passage: dated, claim: dated, verbatim: true, confidence: 0.7))
        #expect(!rules(ok).contains("H1.answer-type-missing"))
        #expect(ok.confidence > 0.7)
    }
    @Test func salientTermsUncoveredAbstain() {
        let q = "When did the Frankish identity of Gaul emerge?"
        let p = "The identity of the Normans emerged in the 10th century."
        let o = run(input(question: q, passage: p, claim: p, verbatim: true), mode: .maximum)
        #expect(o.abstainRule?.rawValue == "H3.salient-coverage-below-floor")
        #expect(o.unansweredParts.contains("frankish"))
        #expect(!run(input(question: q, passage: p, claim: p, verbatim: true)).abstained)
    }
    @Test func neighbouringSentencesCoverSalientTerms() {
        let q = "When did the Frankish identity of Gaul emerge?"
        let p = "The identity emerged in the 10th century."
        let o = run(input(question: q, passage: p, claim: p, verbatim: true, context: "The Frankish kingdom ruled Gaul."),
                    mode: .maximum)
        #expect(!o.abstained)
    }
    @Test func aNumberTheQuestionStatesMustBeNearTheAnswer() {
        let q = "What park covers an area of 74 ha?"
        let p = "The Saxon Garden covers an area of 15.5 ha in the city."
        #expect(run(input(question: q, passage: p, claim: p, verbatim: true)).abstainRule?.rawValue == "H4.question-number-missing")
    }
    /// A number the question states is near when the answer writes it another way — a decade as
    /// one of its years, a number with leading zeros — and missing when it writes another.
    @Test(arguments: [
        ("Who did Tesla work for in the 1880s?", "He emigrated to the United States in 1884 to work for Thomas Edison.",
         "He emigrated to the United States in 1894 to work for Thomas Edison."),
        ("what is the parking space for unit 402", "Unit 0402; Parking space: P2-17; Locker: L-88",
         "Unit 0412; Parking space: P2-19; Locker: L-90"),
    ])
    func aNumberWrittenAnotherWayIsNear(_ q: String, _ near: String, _ other: String) {
        #expect(run(input(question: q, passage: near, claim: near, verbatim: true)).abstainRule?.rawValue != "H4.question-number-missing")
        #expect(run(input(question: q, passage: other, claim: other, verbatim: true)).abstainRule?.rawValue
                == "H4.question-number-missing")
    }
    @Test func aSpotDescribedAnswersWhere() {
        let q = "Where is the shed key?"
        let spot = "The shed key is under the blue pot by the back door."
        #expect(!run(input(question: q, passage: spot, claim: spot, verbatim: true)).gates[.completeness]!.firings
            .contains { $0.rule.rawValue.hasPrefix("H1") })
        // A sentence that places nothing still lacks the place asked for.
        let none = "The shed key is the small brass one."
        #expect(run(input(question: q, passage: none, claim: none, verbatim: true)).gates[.completeness]!.firings
            .contains { $0.rule.rawValue.hasPrefix("H1") })
    }
    @Test func aNumberTheAnswerSpellsOutIsNearIt() {
        let q = "Who was the university's 5th president?"
        let p = "Robert Hutchins was the fifth president of the university."
        #expect(run(input(question: q, passage: p, claim: p, verbatim: true)).abstainRule?.rawValue != "H4.question-number-missing")
        // Another ordinal is still missing.
        let other = "Robert Hutchins was the sixth president of the university."
        #expect(run(input(question: q, passage: other, claim: other, verbatim: true)).abstainRule?.rawValue
                == "H4.question-number-missing")
    }
    @Test func aRecordWithoutTheNameAskedAboutIsAnotherRecords() {
        let q = "How much Calpol should Ellie have?"
        let jack = "person: Jack Barker; medication: Calpol; dose: 10ml"
        let ellie = "person: Ellie Barker; medication: Calpol; dose: 5ml"
        func asked(_ claims: [String], libraryHoldsEllie: Bool = true) -> GroundingOutcome {
            var i = input(question: q, passage: claims.joined(separator: "\n\n"), claim: claims[0], verbatim: true)
            i.claims = claims.map { GroundingClaim(text: $0, citations: [0], quotesVerified: true, verbatim: true) }
            i.idf = ["calpol": 3, "jack": 2, "barker": 1].merging(libraryHoldsEllie ? ["ellie": 2] : [:]) { a, _ in a }
            return run(i)
        }
        #expect(asked([jack]).abstainRule?.rawValue == "H0.all-claims-dropped")
        #expect(asked([jack]).ruleCounts["H6.record-name-missing"] == 1)
        // Ellie's own row answers, and Jack's beside it is dropped
        let both = asked([ellie, jack])
        #expect(both.abstainRule == nil && both.keptClaims == [0], "\(both.ruleCounts)")
        // a name the library never mentions is gate A's to weigh
        #expect(asked([jack], libraryHoldsEllie: false).ruleCounts["H6.record-name-missing"] == nil)
        // a row of a file named for Ellie is hers
        let row = "Subject: French; Teacher: Mme Girard; Working at: 4"
        var named = input(question: "who's Ellie's French teacher", passage: row, claim: row, verbatim: true)
        named.idf = ["ellie": 2, "french": 3, "teacher": 1]
        #expect(run(named).ruleCounts["H6.record-name-missing"] == 1)
        named.evidence[0].title = "Ellie parents evening Y10 - notes"
        #expect(run(named).ruleCounts["H6.record-name-missing"] == nil)
        // and the file's name is near the claim for the question's terms and numbers
        let total = "Date: TOTAL; Total: 1027.00"
        var sales = input(question: "total honey sales 2025?", passage: total, claim: total, verbatim: true)
        sales.idf = ["honey": 3, "sales": 3, "total": 1, "2025": 2]
        #expect(run(sales).abstainRule?.rawValue == "H4.question-number-missing")
        sales.evidence[0].title = "Honey sales 2025"
        #expect(run(sales).abstainRule == nil && run(sales).ruleCounts["H2.salient-term-uncovered"] == nil)
        // a prose sentence is not a record: its subject may be "she"
        let prose = "She should have 5ml of Calpol."
        #expect(asked([prose]).ruleCounts["H6.record-name-missing"] == nil)
        #expect(TextSignals.isRecord(jack) && !TextSignals.isRecord(prose) && !TextSignals.isRecord("Note: call me; soon"))
        #expect(!TextSignals.isRecord("The forest (Portuguese: Floresta; Spanish: Selva) is wet."))
        #expect(TextSignals.isRecord("Amount (£): 12.50; Invoice No.: 7"))
    }

    @Test func aFamilyWordIsNoNameARecordMustHold() {
        // the estimate is made out to Mr Vasant Deshpande; his daughter asks for "Baba's"
        let row = "Sr.: TOTAL ESTIMATED AMOUNT; Amount (Rs.): 65,350.00"
        var i = input(question: "What was the total estimated cost for Baba's eye operation?", passage: row, claim: row,
                      verbatim: true)
        i.idf = ["baba": 3, "estimated": 2, "eye": 2, "operation": 2, "total": 1, "cost": 1]
        #expect(run(i).ruleCounts["H6.record-name-missing"] == nil)
        // a name still must be there
        i.question = "What was the total estimated cost for Vasant's eye operation?"
        i.idf["vasant"] = 3
        #expect(run(i).ruleCounts["H6.record-name-missing"] == 1)
    }

    @Test func aNameTypedInLowerCaseIsANameWhereTheLibraryWritesOne() {
        let jon = "name given: Jonathan; name display: Jon Pryce; emails work: jon@ridgeway.example"
        let dean = "name given: Dean; name display: Dean tiler; phones mobile: 07700 900318; groups: Bathroom"
        let q = "what's dean the tiler's email address?"
        #expect(TextSignals.namesByCasing(q, in: [jon + "\n" + dean]) == ["dean"])
        // a word the library also writes in lower case is no name
        #expect(TextSignals.namesByCasing("when does the close open?", in: ["Close: 9pm", "Close 2", "we close at 9"]).isEmpty)
        var i = input(question: q, passage: jon + "\n" + dean, claim: jon, verbatim: true)
        i.idf = ["dean": 3, "tiler": 3, "email": 1, "address": 1]
        let outcome = run(i)
        #expect(outcome.ruleCounts["H6.record-name-missing"] == 1)
        // a part of Dean's own record (its fields that answer, quoted apart from its lead) is Dean's
        let part = "phones mobile: 07700 900318; groups: Bathroom"
        i.claims = [GroundingClaim(text: part, citations: [0], quotesVerified: true, verbatim: true, whole: dean)]
        #expect(TextSignals.isRecord(part) && run(i).ruleCounts["H6.record-name-missing"] == nil)
        // the same fields cut from Jon's record are not Dean's
        i.claims = [GroundingClaim(text: part, citations: [0], quotesVerified: true, verbatim: true, whole: jon + "; " + part)]
        #expect(run(i).ruleCounts["H6.record-name-missing"] == 1)
    }

    @Test func aNameAskedByItsShortFormFindsTheRecordWrittenInFull() {
        let q = "What's Tom's passport number?"
        let thomas = "name: Thomas Whitfield; passport number: 533180271"
        let maya = "name: Maya Whitfield; passport number: 533180272"
        func asked(_ claim: String, question: String = q) -> GroundingOutcome {
            var i = input(question: question, passage: claim, claim: claim, verbatim: true)
            i.idf = ["tom": 2, "thomas": 2, "passport": 2, "number": 1, "maya": 2]
            return run(i)
        }
        #expect(asked(thomas).ruleCounts["H6.record-name-missing"] == nil)
        #expect(asked(thomas).ruleCounts["H2.salient-term-uncovered"] == nil)
        #expect(asked(maya).ruleCounts["H6.record-name-missing"] == 1)
        // and the other way round
        #expect(asked("name: Tom Whitfield; passport number: 533180271", question: "What's Thomas's passport number?")
            .ruleCounts["H6.record-name-missing"] == nil)
        #expect(Nicknames.variants(of: "tom", capitalised: false) == ["thomas"])
        #expect(Nicknames.variants(of: "sam", capitalised: false) == ["samuel", "samantha"])
        #expect(Nicknames.variants(of: "gwen", capitalised: false) == ["gwendolyn", "gwenllian"])
        // a short form that is an everyday word is a name only when written as one
        #expect(Nicknames.variants(of: "bill", capitalised: false).isEmpty)
        #expect(Nicknames.variants(of: "bill", capitalised: true) == ["william"])
        #expect(Nicknames.variants(of: "passport", capitalised: false).isEmpty)
        #expect(WordVariants.variants(of: "saturday", capitalised: false) == ["sat"])
        #expect(WordVariants.variants(of: "thursdays", capitalised: false) == ["thu", "thur", "thurs"])
        #expect(WordVariants.variants(of: "nov", capitalised: true) == ["november"])
        // a file's shortenings, and short plurals the stemmer keeps whole
        #expect(WordVariants.variants(of: "ref", capitalised: false) == ["reference", "refs"])
        // (and other languages' words for it, `ForeignLabels`)
        #expect(WordVariants.variants(of: "appointment", capitalised: false)
            .filter { !ForeignLabels.forms(of: "appointment").contains($0) } == ["appt"])
        #expect(WordVariants.variants(of: "renew", capitalised: false) == ["renewal"])
        #expect(WordVariants.variants(of: "arrival", capitalised: false) == ["arriv", "arrive"])
        #expect(WordVariants.variants(of: "vets", capitalised: false) == ["veterinary", "veterinarian", "vet"])
        #expect(WordVariants.variants(of: "bin", capitalised: false) == ["bins", "binned", "binning"])
        #expect(WordVariants.variants(of: "this", capitalised: false).isEmpty)
        #expect(WordVariants.variants(of: "bus", capitalised: false) == ["buss"])
    }

    @Test func aVerbAskedMeetsTheFormsTheStemmerCannot() {
        // "What year did Tesla die?": "Tesla died on 7 January 1943"
        #expect(WordVariants.variants(of: "die", capitalised: false) == ["died", "dies"])
        #expect(WordVariants.variants(of: "create", capitalised: false).isSuperset(of: ["created", "creates"]))
        #expect(WordVariants.variants(of: "win", capitalised: false) == ["won", "wins"])
        #expect(WordVariants.variants(of: "won", capitalised: false) == ["win", "wons"])
        #expect(WordVariants.variants(of: "build", capitalised: false).contains("built"))
        #expect(WordVariants.variants(of: "plan", capitalised: false) == ["planned", "planning"])
        // a past form that is another word too reads as that word: "the left bank" is no "leave"
        // (what is left of an amount is its balance: `WordVariants.remainders`)
        #expect(WordVariants.variants(of: "left", capitalised: false) == ["balance", "remaining", "remains", "outstanding"])
        #expect(!WordVariants.variants(of: "balance", capitalised: false).contains("left"))
        #expect(WordVariants.variants(of: "leave", capitalised: false).contains("left"))
        #expect(WordVariants.variants(of: "free", capitalised: false).isEmpty)
        // a verb and the noun a record writes for it
        #expect(WordVariants.variants(of: "weigh", capitalised: false).contains("weight"))
        #expect(WordVariants.variants(of: "born", capitalised: false) == ["birth"])
        // "getting married": a wedding
        #expect(WordVariants.variants(of: "married", capitalised: false).isSuperset(of: ["marriage", "wedding"]))
        // (and what other languages write for it, `ForeignLabels`)
        // ("work permit expiry date": `Valid until: 31 March 2028`)
        #expect(WordVariants.variants(of: "expiry", capitalised: false).subtracting(ForeignLabels.forms(of: "expiry"))
                == ["expire", "expires", "end", "ends", "finish", "finishes", "valid"])
        #expect(WordVariants.variants(of: "maturity", capitalised: false) == ["end", "ends", "finish", "finishes"])
        // "when does the car lease finish": `due to mature`
        #expect(WordVariants.variants(of: "finish", capitalised: false).isSuperset(of: ["end", "mature", "expiry"]))
        #expect(!WordVariants.variants(of: "borne", capitalised: false).contains("bear"))
        // a shortening's full form, when it has one
        #expect(WordVariants.fullForm("temp") == "temperature" && WordVariants.fullForm("appt") == "appointment")
        #expect(WordVariants.fullForm("vet") == "vet" && WordVariants.fullForm("temperature") == "temperature")
    }

    @Test func aNumberWrittenNoIsReadInFull() {
        #expect(QuestionAnalysis.inFull("british gas account no.") == "british gas account number")
        #expect(QuestionAnalysis.inFull("dad's hospital no. at the BHI") == "dad's hospital number at the BHI")
        #expect(QuestionAnalysis.inFull("What's the policy No?") == "What's the policy Number?")
        #expect(QuestionAnalysis.inFull("no. of guests on the booking") == "number of guests on the booking")
        for kept in ["is there no parking?", "did she say no", "no parking at the clinic?", "which rooms have no windows",
                     "Is the answer no?", "the nano filter"] {
            #expect(QuestionAnalysis.inFull(kept) == kept)
        }
    }

    @Test func aDayOfTheYearIsReadHoweverItIsWritten() {
        let april30 = DayMonth(day: 30, month: 4)
        for text in ["Thursday 30 April", "April 30th", "the 30th of April", "30/04/2026", "30.04.26", "2026-04-30",
                     "Date: 30/04/2026 (30 April 2026); Day: Thu", "on 30 Apr"] {
            #expect(DayMonths.of(text) == [april30], "\(text)")
        }
        // either way round when the numbers do not say
        #expect(DayMonths.of("06/05/2026") == [DayMonth(day: 6, month: 5), DayMonth(day: 5, month: 6)])
        #expect(DayMonths.of("am I working on 6 May?") == [DayMonth(day: 6, month: 5)])
        // an ordinal day of no month named: that day of any month
        #expect(DayMonths.of("where are we playing on the 14th") == [DayMonth(day: 14, month: 0)])
        #expect(DayMonths.matches(DayMonths.of("on the 14th"), DayMonths.of("Sat 14/03/2026; KO: 10:30")))
        #expect(!DayMonths.matches(DayMonths.of("on the 14th"), DayMonths.of("Sat 21/03/2026")))
        #expect(!DayMonths.matches(DayMonths.of("on 14 April"), DayMonths.of("Sat 14/03/2026")))
        #expect(DayMonths.of("Lift share Sat 14th – KO 10:30") == [DayMonth(day: 14, month: 0)])
        #expect(DayMonths.of("Who included 1 as a prime in the mid 20th century?").isEmpty)
        #expect(DayMonths.of("her 9th birthday party").isEmpty)
        // a clock time, a day alone, a month alone, a year, a price: no day of the year
        for text in ["KO 10.30, meet 9:40", "where are we playing on 14", "in May 2026", "£12.50", "30 apples",
                     "Date: 2026", "Seat 42 (window)", "Coach C, Seat 42"] {
            #expect(DayMonths.of(text).isEmpty, "\(text)")
        }
    }

    @Test func aDayAskedIsNearInANumericDate() {
        let row = "Date: Sat 21/03/2026; Home: Broadgate Juniors U12 Blues; Away: Otley Athletic U12 Whites"
        var i = input(question: "who do the blues play at home on 21 March?", passage: row, claim: row, verbatim: true)
        i.idf = ["blues": 2, "play": 1, "home": 1, "21": 2, "march": 2]
        #expect(run(i).abstainRule == nil, "\(run(i).ruleCounts)")
        let other = "Date: Sat 28/03/2026; Home: Calverley Colts U12; Away: Broadgate Juniors U12 Blues"
        var j = input(question: "who do the blues play at home on 21 March?", passage: other, claim: other, verbatim: true)
        j.idf = i.idf
        #expect(run(j).abstainRule?.rawValue == "H4.question-number-missing")
    }

    @Test func aMonthAskedIsFoundAbbreviated() {
        let q = "What did the November statement close at?"
        let row = "Date: 30 Nov 2025; Description: Closing balance; Balance: £5,005.24"
        var i = input(question: q, passage: row, claim: row, verbatim: true)
        i.idf = ["november": 2, "statement": 2, "close": 1]
        #expect(run(i).ruleCounts["H5.question-month-missing"] == nil)
        let october = "Date: 31 Oct 2025; Description: Closing balance; Balance: £4,100.00"
        var j = input(question: q, passage: october, claim: october, verbatim: true)
        j.idf = i.idf
        #expect(run(j).ruleCounts["H5.question-month-missing"] == 1)
    }

    @Test func aLineOfNoDateOfItsOwnIsDatedByItsFilesName() {
        let row = "Invoice No: TOTAL; Excl VAT: 110825.00; VAT 15%: 16623.75; Incl VAT: 127448.75"
        var i = input(question: "total invoiced jan-mar excl vat", passage: row, claim: row, verbatim: true)
        i.idf = ["invoiced": 2, "jan": 2, "mar": 2, "excl": 1, "vat": 1, "total": 1]
        #expect(run(i).ruleCounts["H5.question-month-missing"] == 1)
        i.evidence[0].title = "DJ Electrical - Invoice register 2026 (Jan-Mar)"
        #expect(run(i).ruleCounts["H5.question-month-missing"] == nil, "\(run(i).ruleCounts)")
        // a question that asks no total, too: a statement's net pay from the statement of the month
        i.question = "what was invoiced jan-mar excl vat"
        #expect(run(i).ruleCounts["H5.question-month-missing"] == nil)
        let pay = "Gross Pay: 7,536.28; Total Taxes & Deductions: 3,550.15; NET PAY: 3,986.13"
        var p = input(question: "what's my net pay on the november earnings statement", passage: pay, claim: pay, verbatim: true)
        p.idf = ["net": 2, "pay": 1, "november": 3, "earnings": 2, "statement": 1]
        #expect(run(p).ruleCounts["H5.question-month-missing"] == 1)
        p.evidence[0].title = "EarningsStatement_0048213_2026-11-06"
        #expect(run(p).ruleCounts["H5.question-month-missing"] == nil, "\(run(p).ruleCounts)")
        p.evidence[0].title = "EarningsStatement_0048213_2026-10-23"
        #expect(run(p).ruleCounts["H5.question-month-missing"] == 1)
        // a line dated otherwise keeps its own date
        let october = "Date: 31 Oct 2025; Description: Closing balance; Balance: £4,100.00"
        var o = input(question: "What did the November statement close at?", passage: october, claim: october, verbatim: true)
        o.idf = ["november": 2, "statement": 2, "close": 1]
        o.evidence[0].title = "Statement 2025-11-30"
        #expect(run(o).ruleCounts["H5.question-month-missing"] == 1)
    }

    @Test func anAnswerStatingTheOppositeOfTheQuestionAbstains() {
        let near = "Terra preta (black earth), which is distributed over large areas in the Amazon forest, is a product of soil management."
        let q = "Terra preta is distributed over a small area of what?"
        #expect(run(input(question: q, passage: near, claim: near, verbatim: true)).abstainRule?.rawValue == "H8.opposite-stated")
        #expect(Opposites.contradiction(question: "The Amazon represents less than half of the planet's remaining what?",
                                        answer: "The Amazon represents over half of the planet's remaining rainforests.")! == ("less", "over"))
        // the same word in both answers; an opposite about something else does not count
        #expect(Opposites.contradiction(question: "Which areas of the Amazon hold terra preta?", answer: near) == nil)
        #expect(Opposites.contradiction(question: "Who won the last game of the season?",
                                        answer: "They lost the first game but won the last game of the season.") == nil)
        #expect(Opposites.contradiction(question: "Which player did the Panthers lose in the preseason?",
                                        answer: "The Panthers would win again after losing Kelvin Benjamin in the preseason.") == nil)
        // a question that names both asks which
        #expect(Opposites.contradiction(question: "Were the experiments high voltage or low voltage?",
                                        answer: "His high voltage experiments in New York.") == nil)
        // the return journey asked, only the outbound stated
        #expect(Opposites.contradiction(question: "What time does the outbound train arrive?",
                                        answer: "Inbound train: arrive 18:40") != nil)
    }

    @Test func aQuestionThatNamesItsMeasureIsNotAnsweredWithoutOne() {
        let q = "How much was the boiler service?"
        let other = "The boiler must be serviced every 12 months."
        #expect(run(input(question: q, passage: other, claim: other, verbatim: true)).abstainRule?.rawValue == "H7.asked-measure-missing")
        let price = "Service charge: £85.00 (no VAT)."
        #expect(run(input(question: q, passage: price, claim: price, verbatim: true)).abstainRule == nil)
        func namesMeasure(_ q: String) -> Bool { QuestionAnalysis.answerType(of: q).namesMeasure(in: q) }
        // "how many" counts, "how much is it distributed" is a degree: no measure named
        #expect(!namesMeasure("How many customers pay for the service?"))
        #expect(!namesMeasure("How much is terra preta distributed over the forest?"))
        #expect(namesMeasure("What time does the bag drop open?"))
        #expect(!namesMeasure("How long did Project Apollo run?"))
        #expect(namesMeasure("How many kilos of runner beans did I pick?"))
        #expect(run(input(question: "How much were groceries in February?", passage: "category: groceries; month: February; amount: 287",
                          claim: "category: groceries; month: February; amount: 287", verbatim: true)).abstainRule == nil)
    }

    @Test func aReferenceOfAnotherKindIsNoAnswer() {
        func asked(_ q: String, _ claim: String) -> GroundingOutcome { run(input(question: q, passage: claim, claim: claim, verbatim: true)) }
        let chip = "patient pet name: Pebble; patient species: Feline; patient microchip number: 985141002387654"
        #expect(asked("What's Pebble's pet insurance policy number?", chip).abstainRule?.rawValue == "H7.asked-measure-missing")
        let bank = "Bank: Coldstream Refrigeration Services Ltd, sort code 40-99-12, account 00418873."
        #expect(asked("coldstream refrigeration vat registration number", bank).abstainRule?.rawValue == "H7.asked-measure-missing")
        // the kind's word as a label shortens or spells it, or the word before it
        #expect(asked("ifta licence number", "Licensee: Hollister Trucking LLC; IFTA license no.: OH 31-2184473").abstainRule == nil)
        #expect(asked("what's the acme account number", "Acme Ltd — Acct: 73920481").abstainRule == nil)
        // a verb's form names no kind: "wiring instructions" hold no wire's routing number
        #expect(asked("bluebonnet title wire routing number", "Verify wiring instructions by phone; file ref BT-22918")
            .abstainRule?.rawValue == "H7.asked-measure-missing")
        #expect(asked("boiler service booking ref", "- boiler service Tues 17 March, 8-12 slot, Aire Heating, ref AH-55102").abstainRule == nil)
        #expect(QuestionAnalysis.identifierKinds(TextSignals.words("what's my UTR number")) == ["utr"])
        #expect(QuestionAnalysis.identifierKinds(TextSignals.words("pet insurance policy number")) == ["policy", "insurance"])
        #expect(QuestionAnalysis.identifierKinds(TextSignals.words("how many numbers")).isEmpty)
    }

    @Test func aCodeTheQuestionGivesIsNearAsWritten() {
        let q = "how much is the B2.2 course at lindenhof"
        let other = "Provider: Sprachschule Lindenhof; Course: B2.1 Abendkurs; Period: 12.10.–02.12.2026; Fee: €420"
        #expect(run(input(question: q, passage: other, claim: other, verbatim: true)).abstainRule?.rawValue == "H4.question-number-missing")
        let asked = "Provider: Sprachschule Lindenhof; Course: B2.2 Abendkurs; Fee: €450"
        #expect(run(input(question: q, passage: asked, claim: asked, verbatim: true)).abstainRule == nil)
        #expect(CompletenessGate.codes("invoice INV-30418 and order SK2603 for the B2.2 course") == ["inv30418", "sk2603", "b22"])
        // written in other ways by the files, or a measure, a time or an ordinal: no code
        #expect(CompletenessGate.codes("where is the u12 game, what's the rav4 worth, the 85mm at 10am on the 2nd").isEmpty)
    }

    @Test func aNameTheQuestionGivesNamesNoPlace() {
        // "Owen's" is the question's "owens": the title names no place; the location does
        let q = "where is owens birthday party"
        #expect(!AnswerType.place.isSatisfied(by: "title: Owen's 8th birthday party", question: q))
        #expect(AnswerType.place.isSatisfied(by: "location: Bounce Nation Trampoline Park", question: q))
        #expect(!AnswerType.entity.isSatisfied(by: "Owen's party is at home", question: "who is hosting owens party"))
    }

    @Test func aCapitalThatOpensALineNamesNoPlaceUnlessANameGoesOn() {
        // a checklist's items open with a capital; a place named first goes on in capitals
        let q = "where is the meeting with deb"
        #expect(!AnswerType.place.isSatisfied(by: "- [ ] Logbook summary", question: q))
        #expect(!AnswerType.place.isSatisfied(by: "Turnover ~$18k this half-year…", question: q))
        #expect(AnswerType.place.isSatisfied(by: "Cuba Street, level 3, after lunch", question: q))
        #expect(AnswerType.place.isSatisfied(by: "- [ ] Meet at Faleolo & Co", question: q))
        // a name that opens a line still names a person
        #expect(AnswerType.entity.isSatisfied(by: "Ruth says knock the cells back once.", question: "who said to knock back the cells"))
    }

    @Test func aPhoneNumberCountsNothing() {
        let q = "how many stalls are there at the winter market"
        #expect(!AnswerType.quantity.isSatisfied(by: "organisation: Millgate Winter Market; work phone: 0113 496 0907", question: q))
        #expect(!AnswerType.quantity.isSatisfied(by: "call +44 113 496 0907 or stalls@millgate.org.uk", question: q))
        #expect(AnswerType.quantity.isSatisfied(by: "There are 42 stalls (call 0113 496 0907 to book)", question: q))
        #expect(AnswerType.quantity.isSatisfied(by: "Stalls: 120 pitches over 3 rows", question: q))
    }

    @Test func aMonthTheQuestionNamesMustBeInTheAnswer() {
        let q = "How much did I spend at Tesco in October?"
        let september = "Date: 2026-09-28 (28 September 2026); Description: CARD PAYMENT TESCO; Amount: -64.12"
        // the next row of the statement is October's: a neighbour does not date this one
        var withNeighbour = input(question: q, passage: september, claim: september, verbatim: true)
        withNeighbour.evidence[0].context = "Date: 2026-10-01 (1 October 2026); Description: DD THAMES WATER"
        #expect(run(withNeighbour).abstainRule?.rawValue
                == "H5.question-month-missing")
        let october = "Date: 2026-10-12 (12 October 2026); Description: CARD PAYMENT TESCO; Amount: -41.80"
        #expect(run(input(question: q, passage: october, claim: october, verbatim: true)).abstainRule == nil)
    }

    @Test func aNumberInANameIsFoundInTheCitedPassage() {
        let q = "Who won Super Bowl 50?"
        let claim = "The Denver Broncos defeated the Carolina Panthers 24–10."
        let passage = "# Super Bowl 50\n\n" + claim
        #expect(run(input(question: q, passage: passage, claim: claim, verbatim: true)).abstainRule?.rawValue
                != "H4.question-number-missing")
        // Not in the passage either: still missing.
        #expect(run(input(question: q, passage: claim, claim: claim, verbatim: true)).abstainRule?.rawValue
                == "H4.question-number-missing")
        // A quantity after an ordinary word is no name: it must be near the answer.
        #expect(TextSignals.nameNumbers("What park covers an area of 74 ha?").isEmpty)
        #expect(TextSignals.nameNumbers("In 1755, who led the army?").isEmpty)
        #expect(TextSignals.nameNumbers("When did Apollo 11 land?") == ["11"])
    }
}

@Suite struct DateSignalTests {
    @Test func anEmailQuestionWantsAnAddress() {
        let q = "what's dean the tiler's email address?"
        #expect(AnswerType.email.isSatisfied(by: "emails work: dean@marshtiling.co.uk", question: q))
        #expect(!AnswerType.email.isSatisfied(by: "name display: Dean tiler; phones mobile: 07700 900318", question: q))
        #expect(AnswerType.email.namesMeasure(in: q))
        let phone = "what's bryn matthews' phone number"
        for (text, holds) in [("Bryn Matthews – reminder sent 18 March", false), ("Jon Pryce (mob) .... 07700 900562", true),
                              ("Emergency +351 966 204 518", true), ("Vet: (029) 2018 0614", true), ("paid 07/04/2025", false),
                              ("Balance: £1,486.92", false), ("serial no. RL2-24-0458", false),
                              ("exported at: 2026-03-16T08:12:44-04:00", false),
                              ("exported at: 2026-03-16T08:12:44-04:00; lab manager phone: (617) 555-0137", true),
                              ("call our 24/7 emergency line at 1-888-555-0118.", true),
                              // a reference's label says it is none; a phone's, an emergency's or none says it is
                              ("UTR No.: 607112455902; Paid To / Received From: Ganesh Pawar", false),
                              ("Policy number: 4418 2290 17", false), ("Transaction ID: 50112 88213", false),
                              ("Phone No.: 07700 900604", true), ("Emergency no.: 0800 111 999", true),
                              ("Contact: +91 97300 55628", true), ("UTR No.: 6071124; mobile: 98225 55012", true),
                              // a label without a colon, and a tax registration's
                              ("BACS: Groomline Supplies Ltd · Sort code 40-11-62 · Account 73920481", false),
                              ("VAT Reg No: GB 274 9918 33", false), ("Customer services 0800 555 0199", true),
                              ("a trading name of Rowlands Dental Ltd, registered in Wales no. 09914620.", false)] {
            #expect(AnswerType.phone.isSatisfied(by: text, question: phone) == holds, "\(text)")
        }
    }

    @Test(arguments: [("Quoted: £840.14; Status: Delivered", false), ("It runs 3.75 miles", false),
                      ("Rome fell in 476", true), ("Paid on 14.11.2025", true), ("£2,310.40 for 2025", true),
                      ("Doors open 07:30", true), ("Order TWD-4471902", false), ("3600 IN A 185.199.110.42", false),
                      ("from your pet's 9th birthday", false), ("on the 3rd floor", false), ("Tue 22nd April", true),
                      ("on the 18th at 8pm", true), ("the 9th", true)])
    func moneyAndDecimalsAreNoYear(_ text: String, _ dated: Bool) {
        #expect(TextSignals.hasDate(text) == dated)
        #expect(AnswerType.time.isSatisfied(by: text, question: "When was the tap delivered?") == dated)
    }
}

@Suite struct AskedNounTests {
    @Test(arguments: [("who's our landlord?", ["landlord"]), ("what council tax band are we in?", ["band"]),
                      ("what's my UTR number?", ["utr", "number"]), ("What is the name of the satellite?", []),
                      ("When does the shop open?", []), ("easyjet booking ref for portugal", ["ref"]),
                      ("sam the electrician's number", ["electrician", "number"]), ("is the tiler booked?", []),
                      ("tell me the plumber's number", []),
                      // a terse question that names the field before whose it is
                      ("due date gaillard invoice FG-2025-1187", ["due", "date"]), ("my bib number gran fondo", ["bib", "number"]),
                      ("gaillard invoice due date", ["due", "date"])])
    func theNounAskedAbout(_ question: String, _ noun: [String]) {
        #expect(QuestionAnalysis.askedNoun(of: question) == noun)
    }

    @Test func aNumberAfterANounKeysARecord() {
        #expect(QuestionAnalysis.keyedNumbers(of: "who's got plot 7?").map { "\($0.noun) \($0.number)" } == ["plot 7"])
        #expect(QuestionAnalysis.keyedNumbers(of: "who are the neighbours in flat 2b").map(\.number) == ["2b"])
        // a date, a count and a kind of number key nothing
        #expect(QuestionAnalysis.keyedNumbers(of: "what's on may 5 and friday 12?").isEmpty)
        #expect(QuestionAnalysis.keyedNumbers(of: "what was the population in 1900?").isEmpty)
    }

    @Test func mayIsTheMonthWhereAMonthGoes() {
        for (question, month) in [("when's may half term", true), ("what happens in may?", true), ("on 5 may", true),
                                  ("who may sign the form?", false), ("may I park there?", false)] {
            let w = TextSignals.words(question)
            #expect(w.indices.contains { w[$0] == "may" && TextSignals.mayIsMonth(w, $0) } == month, "\(question)")
        }
    }
}

@Suite struct IdentifierTests {
    /// A reference is a code or a long number, not an amount, a date, a year, a time or a count.
    @Test(arguments: [("Pre-auth no. PA-26-0318842 approved", true), ("Receipt No.: GPS/R/2025-26/0179", true),
                      ("Customer account: SUDS0142", true), ("Account 73920481", true), ("seat 24C", true),
                      ("code **5193** (crew only)", true),
                      ("Sr.: 7; Particulars: Day care bed charges; Qty: 1; Rate (₹): 2,500.00; Amount (₹): 2,500.00", false),
                      ("Pre-auth approved 06 Mar – only ₹55,000", false),
                      ("Sr.: 7; Particulars: Day care bed charges; Qty: 1; Rate (&#8377;): 2,500.00", false),
                      ("Booking reference:&nbsp;K8XW3QM", true), ("paid 1150.00 on 2025-07-01 at 14:31", false),
                      // a number to ring is none
                      ("To report a lost card, call 1-800-555-0119 and have your account number ready.", false),
                      ("Account: MM-4417-20931 (call 1-800-555-0119)", true),
                      ("in July 2025, 12% more, the 28th", false),
                      // a short number after the word of a reference is one; a count alone is not
                      ("Oxygen is a chemical element with symbol O and atomic number 8.", true),
                      ("Stall number: 14 (Row B, covered section)", true), ("We sold 14 jars.", false),
                      // a range is none, as a saved page writes it too; a code's hyphen still joins one
                      ("All drivers must be aged 23&ndash;75 and have held a full licence.", false),
                      ("All drivers must be aged 23–75.", false), ("Permit 23-7514", true)])
    func referencesAreTold(_ text: String, _ holds: Bool) {
        #expect(AnswerType.identifier.isSatisfied(by: text, question: "preauth number") == holds)
    }
}

@Suite struct QuestionAnalysisTests {
    @Test(arguments: [("Who founded the company?", AnswerType.entity), ("When was it built?", .time),
                      ("In what year did it open?", .time), ("How many people live there?", .quantity),
                      ("Where is the castle?", .place), ("What does the report say?", .open),
                      ("What temperature should the oven be?", .quantity),
                      ("what temp for the honey cake", .quantity),
                      // the noun after "what is": its last word names the kind of answer
                      ("what's my UTR number?", .identifier), ("What was the population of Warsaw in 1900?", .quantity),
                      ("What's the vet's phone number for Biscuit?", .phone),
                      ("what's Jamal the U9 coach's phone number?", .phone), ("what's Jon's mobile?", .phone),
                      ("What was the population Jacksonville city as of 2010?", .quantity),
                      // a noun phrase for a question
                      ("sam the electrician's number", .phone), ("ganesh pawar cab driver number", .phone),
                      ("ganesh's number", .phone), ("whats my sister's number?", .phone),
                      ("what's the invoice's number", .identifier),
                      ("the cab number", .identifier), ("preauth number baba cataract", .identifier), ("baba's bed number in the day care ward", .identifier),
                      ("receipt no for the jul-sep 2025 maintenance payment", .identifier),
                      ("society no dues certificate ref number", .identifier), ("whats the lockbox code", .identifier),
                      ("what number of guests came", .quantity), ("When was the prime number theorem proven?", .time),
                      ("what's the quote number for the coach bus for the april 23 trip", .identifier),
                      // a reference word that qualifies another noun asks for that noun
                      ("What is the highest reference hospital in all of Poland?", .open),
                      ("what's rory's driving licence number", .identifier), ("how many order numbers were there", .quantity), ("kick off time saturday?", .time),
                      ("windscreen excess?", .quantity), ("Is the number on the form?", .open),
                      // a period of time qualified ("this year") says when, not what is asked
                      ("total maintenance spent on the truck this year", .quantity),
                      ("van insurance renewal quote this year", .quantity), ("council tax total for the year 2025/26", .quantity),
                      ("last date for submitting half yearly progress report", .time), ("year the barn was built", .time),
                      // a deadline is a date; a surplus is a sum
                      ("What's the deadline for sending in the missing grant documents?", .time),
                      ("deadline to change deductibles before renewal", .time), ("surplus left after ganpati 2025", .quantity),
                      // an amount named ("rate", "share", "max", "dues"), or a verb of charging
                      // after a name of three words; not "which bill"
                      ("gict guest house room rate", .quantity), ("max housing aid grant for older people", .quantity),
                      ("what's mei's share of the april power bill", .quantity),
                      ("what will my monthly hoa dues be starting july", .quantity),
                      ("what do te aro physio charge if i cancel late or dont turn up", .quantity),
                      // a measurement named
                      ("what was my a1c in march", .quantity), ("what was douglas's average blood pressure", .quantity),
                      ("net pay nov 6 check", .quantity),
                      ("what did the plumber say about the cost", .open), ("which bill is due first", .open),
                      ("how hot do i cook the honey", .quantity), ("how heavy was the spaniel", .quantity),
                      ("Why did the population fall?", .open), ("What is the date of the fair?", .time),
                      ("What is the name of the satellite?", .open), ("What is the capital city of Kenya?", .place),
                      ("What did the report say about the number of cases?", .open),
                      ("what's dean the tiler's email address?", .email), ("gareth's email?", .email),
                      ("what did i spend at topps tiles?", .quantity), ("what do we owe horfield dental?", .quantity),
                      ("what did the plumber say about the boiler?", .open),
                      // a "when" that sets the scene for the question's own wh-word
                      ("When the three types of rock are re-melted what is formed?", .open),
                      ("When an activated killer T cell finds its target, how many cytotoxins does it release?", .quantity),
                      ("When was Doctor Who viewing at its highest?", .time), ("when the bin day", .time),
                      ("when's the parents evening and who runs it", .time)])
    func answerTypes(_ question: String, _ type: AnswerType) {
        #expect(QuestionAnalysis.answerType(of: question) == type)
    }

    @Test func aYearInsideACodeIsNoDate() {
        let q = "when is papa's eye screening"
        #expect(!AnswerType.time.isSatisfied(by: "id: apt-2026-009; title: Diabetic eye screening (DRP)", question: q))
        #expect(!AnswerType.time.isSatisfied(by: "Invoice INV-2026-0412 for the eye screening", question: q))
        #expect(AnswerType.time.isSatisfied(by: "start: 2026-04-08T14:30:00+08:00 (8 April 2026)", question: q))
        #expect(AnswerType.time.isSatisfied(by: "screening booked for Mar-2026", question: q))
        #expect(TextSignals.withoutCodes("ref GPS/R/2025-26/0179 paid") == "ref   paid")
    }

    @Test func aContactLineNamesItsOwner() {
        let owner = QuestionAnalysis.contactOwner(of: "gareth llewelyn phone number")
        #expect(owner == ["gareth", "llewelyn"])
        // one letter off in a long name is the name; another name is not
        #expect(QuestionAnalysis.namesOwner(owner, in: ">> Gareth Llewellyn\n>> Chair, Taff Valley Greyhound Rescue\n>> 029 2018 0241"))
        #expect(!QuestionAnalysis.namesOwner(owner, in: "Gareth Jones 029 2018 0555"))
        #expect(QuestionAnalysis.namesOwner(["kettenblatt"], in: "KETTENBLATT Fahrradwerkstatt · Tel. 030 23125 687"))
        // a record whose name field names another is theirs, though a field names the owner
        let gig = "split: 50/50 with Isla; contact name: Gavin Tennant; contact phone: 07700 900671"
        #expect(QuestionAnalysis.recordOfAnother(gig, owner: ["isla"]))
        #expect(!QuestionAnalysis.recordOfAnother("name: Isla Reid; mobile: 07700 900672", owner: ["isla"]))
        #expect(!QuestionAnalysis.recordOfAnother("Isla's mobile is 07700 900672.", owner: ["isla"]))
        let rosa = "name: Rosa Delgado; role: Tile setter; company: Delgado Tile (sub to Lone Star); phone: 512-555-0172"
        #expect(!QuestionAnalysis.recordOfAnother(rosa, owner: ["rosa"]))
        #expect(!QuestionAnalysis.recordOfAnother(rosa, owner: ["rosa", "tile"]))
        var asked = input(question: "rosa the tile setter's phone number", passage: rosa, claim: rosa, verbatim: true)
        asked.idf = ["rosa": 3, "tile": 1, "setter": 3, "phone": 1, "number": 1]
        #expect(run(asked).ruleCounts["H9.contact-name-missing"] == nil, "\(run(asked).ruleCounts)")
        #expect(QuestionAnalysis.oneEditApart(Array("llewelyn"), Array("llewellyn")))
        #expect(!QuestionAnalysis.oneEditApart(Array("llewelyn"), Array("llewelyn")))
        #expect(!QuestionAnalysis.oneEditApart(Array("jones"), Array("janet")))
    }

    @Test func aCompoundNamesNoSensitiveDomain() {
        func domain(_ q: String) -> SensitiveDomain? { QuestionAnalysis(question: q, idf: [:], rareShare: 0.5).domain }
        #expect(domain("what size power bank do i bring") == nil)
        #expect(domain("what time does the food bank open on the bank holiday") == nil)
        #expect(domain("how much was the gas bill in february") == nil)
        #expect(domain("sort code for the food bank bank account") == .financial)
        #expect(domain("who checks the gas boiler") == .safety)
    }

    @Test func aPossessiveNumberIsAPhoneOnlyWhenNothingFollows() {
        #expect(QuestionAnalysis.answerType(of: "ganesh's number plate") != .phone)
        #expect(QuestionAnalysis.answerType(of: "the booking's number") != .phone)
        #expect(QuestionAnalysis.answerType(of: "ganesh's number for the cab") == .phone)
    }

    @Test(arguments: [
        ("What temperature should the oven be?", "Heat the oven to 180&deg;C (160&deg;C fan).", true),
        ("What temperature should the oven be?", "Set the oven to 350 F.", true),
        ("What temperature should the oven be?", "Zest of 1 lemon", false),
        ("what temp for the honey cake", "Heat the oven to 160C fan / 180C conventional.", true),
        ("what temp for the honey cake", "Makes one 20cm (8 inch) round cake.", false),
        ("what's the frost protection temp set to", "boiler frost protection C: 7.0", true),
        ("what's the heating temp set to", "schedule target temp: 19.5", true),
        ("what's the heating temp set to", "schedule target: 19.5", false),
        ("How long does the cake bake?", "Bake for 45–50 minutes.", true),
        ("How long does the cake bake?", "Use 2 tins.", false),
        ("How long is the river?", "It runs for 410 km.", true),
        ("How long is the river?", "It has 12 bridges.", false),
        ("How long should the cake cool?", "225g butter", false),
        ("How long should the cake cool?", "Let it cool for 10 minutes.", true),
        ("How long ago was it built?", "It was built in 1652.", true),
        ("How many eggs does it need?", "4 eggs", true),
        // hours asked: hours, not another duration
        ("how many hours does dad need to fast before the blood test", "Please fast for 10 hours beforehand.", true),
        ("how many hours does dad need to fast before the blood test", "A fasting blood test one week before.", false),
        ("how many hrs did I work on the 3rd", "Shift: 08:00-16:30; Paid: 8h", true),
        ("how many days is the course", "The course runs for 3 weeks.", true),
        ("How much was the boiler service?", "It is serviced every 12 months.", false),
        ("How much was the boiler service?", "Service charge: £85.00 (no VAT).", true),
        ("How much did I pay for the car tax?", "Description: DVLA VEHICLE TAX; Debit: 195.00", true),
        ("How much did the stadium cost?", "It cost 1.2 billion dollars.", true),
        ("How much are the waiting charges?", "Waiting charges of Rs. 500/- per hour apply.", true),
        ("How much are the waiting charges?", "Waiting charges apply after 2 hours.", false),
        ("how high are the power points in ethan's room", "Power points at 1000mm from floor level.", true),
        ("how high are the power points in ethan's room", "Power points: 6 in quotation + 4 more.", false),
        ("how high is the under cabinet lighting feed", "Under-cabinet feed at 54\" AFF", true),
        ("how high is the interest rate now", "The rate is 4.79 for three years.", true),
        ("how big is our allotment plot", "Plot 23 – 125 m² (half plot), rent due in October", true),
        ("how big is our allotment plot", "Plot 23 rent: £45.00 a year", false),
        ("how big was the old flat in m2", "Wohnfläche: 74,50 m²", true),
        ("how big is the attachment", "It has 3 pages.", true),
        ("mia hockey shirt price", "Hockey shirt (Mia): R320,00", true),
        ("how much did the hilux service cost in feb", "TOTAL DUE R 9 826,75", true),
        ("how much did the hilux service cost in feb", "Tyres checked, R16 rims, pressure 2.2", false),
        ("how much is the nebenkosten back payment", "Nachzahlung 138,14 fällig am 30.11.2026", true),
        ("how much did the flat cost", "We moved in on 14,15 and 16 March.", false),
        ("how much was the extraction", "cost_aud: 612.5", true),
        ("How much Calpol should Ellie have?", "dose: 5ml", true),
        ("How many kilos of runner beans did I pick?", "Runner beans came second at the show.", false),
        ("How many kilos of runner beans did I pick?", "Picked 3.5kg of runner beans today.", true),
        ("How heavy was the spaniel after the holidays?", "The spaniel is 14.2 kg now.", true),
        // a refund or a late fee may be a share; a delivery fee is money
        ("what refund do i get if i cancel 28 days before", "Cancel 28+ days before: 50% refund.", true),
        ("what's the late fee if we pay late", "Late payments: 1.5% per month.", true),
        ("how much is the delivery fee", "Delivery in 3 working days.", false),
        ("how much did insurance cover for the visit", "Thank you for visiting us on February 19, 2026.", false),
        ("how much did insurance cover for the visit", "Insurance paid: $263.04", true),
    ])
    func aNamedMeasureWantsThatMeasure(_ question: String, _ sentence: String, _ satisfied: Bool) {
        #expect(AnswerType.quantity.isSatisfied(by: sentence, question: question) == satisfied)
    }

    @Test(arguments: [
        ("When does the tenancy end?", "After 6 months either party may end the tenancy.", AnswerType.time, false),
        ("When does the shop open?", "It opens again in May.", .time, true),
        ("When does the shop open?", "It opens on 1 May.", .time, true),
        ("Who pays the council tax?", "The tenant pays council tax.", .entity, true),
        ("Who pays the council tax?", "Council tax is paid monthly.", .entity, false),
        ("What time do we check out of the guesthouse?", "Cost: €465 for 3 nights, 30% deposit paid", .time, false),
        ("What time do we check out of the guesthouse?", "Check-out is by 11am.", .time, true),
        ("What time should Tom take his tablet?", "times: 21:30", .time, true),
        ("What time should Tom take his tablet?", "It costs 12.50 a month.", .time, false),
        ("What time does the bag drop open?", "Bag drop opens at 7.15 a.m. on the day.", .time, true),
        ("What time of year do geese leave?", "They leave in October.", .time, true),
    ])
    func theVerbMayIsNoMonthAndARoleIsAParty(_ question: String, _ sentence: String, _ type: AnswerType, _ satisfied: Bool) {
        #expect(QuestionAnalysis.answerType(of: question) == type)
        #expect(type.isSatisfied(by: sentence, question: question) == satisfied)
    }
}

@Suite struct PostalAddressTests {
    @Test(arguments: [("what's the address of the westdale cheese shop", true), ("siobhan's home address", true),
                      ("dana henderson address", true), ("what is the nakamuras new address in dripping springs", true),
                      ("what's dean's email address", false), ("What did Lincoln's inaugural address promise?", false),
                      ("In his address to Congress, what did Wilson ask for?", false), ("what's the ip address of the nas", false)])
    func aPostalAddressIsAskedWhereAPlacesGoes(_ question: String, _ asks: Bool) {
        #expect(PostalAddress.asked(in: question) == asks, "\(question)")
    }

    @Test(arguments: [("3027 Homestead Drive", true), ("Siobhan lives at 5 Kalimna Crescent, Kew", true),
                      ("3405 W 35th Ave", true), ("Rathausplatz Ost 4, 10315 Berlin", true),
                      ("lunch at that Italian place on Upper Heidelberg Rd", true), ("Oakbank Hall, Bramhope, Leeds LS16 9AX", true),
                      ("11800 Meadow Glen Dr, Austin, TX 78748", true), ("Hamilton, ON L8P 4R5", true),
                      ("Westdale Cheese Shop (Lorraine Beaudry) wants 24 jars a month", false),
                      ("What about Dafydd Rees from Tongwynlais?", false), ("Total paid: $386.50 NZD", false)])
    func aPostalAddressIsStatedByItsStreetOrPostcode(_ text: String, _ stated: Bool) {
        #expect(PostalAddress.isStated(in: text) == stated, "\(text)")
    }

    @Test func anAnswerWithoutTheAddressAskedAbstains() {
        let q = "what's the address of the westdale cheese shop"
        let line = "Westdale Cheese Shop (Lorraine Beaudry) wants 24 jars a month in summer, at $11.00 wholesale"
        #expect(run(input(question: q, passage: line, claim: line, verbatim: true)).abstainRule?.rawValue == "H7.asked-measure-missing")
        let address = "Westdale Cheese Shop, 1017 King St W, Hamilton"
        #expect(run(input(question: q, passage: address, claim: address, verbatim: true)).abstainRule == nil)
    }
}

@Suite struct SecretAndLinkTests {
    @Test func aPasswordOrALinkAskedIsStatedOrTheAnswerAbstains() {
        #expect(SecretAndLink.asked(in: "whats the wifi password at the loom") == .password)
        #expect(SecretAndLink.asked(in: "zoom link for the office sales meeting") == .link)
        #expect(SecretAndLink.asked(in: "how do I reset my password") == nil)
        #expect(SecretAndLink.asked(in: "what's the rent for the flat") == nil)
        for stated in ["- Shop Wi-Fi (guest): PrycePetal_Guest / ranunculus42", "password: Orbit-Cactus-2291 router is upstairs",
                       "- Collection password if anyone new is collecting: **heather**", "the passcode is 4471"] {
            #expect(SecretAndLink.isStated(.password, in: stated), "\(stated)")
        }
        for unstated in ["Wi-Fi network “Gwylan-Guest” – the password is in the welcome folder.",
                         "Network: Loom-Members (password is printed on your welcome card and in the member app).",
                         "Wi-Fi: Complimentary throughout the hotel (network “Harbourfront_Guest”)"] {
            #expect(!SecretAndLink.isStated(.password, in: unstated), "\(unstated)")
        }
        #expect(SecretAndLink.isStated(.link, in: "Join: https://lshrealty.zoom.us/j/84417025531"))
        #expect(SecretAndLink.isStated(.link, in: "Zoom: lshrealty.zoom.us/j/84417025531"))
        #expect(!SecretAndLink.isStated(.link, in: "**Remote:** Castellanos joining by Zoom (Lisa is sending the link the day before)"))
        let q = "whats the wifi password at the loom"
        let line = "Network: Loom-Members (password is printed on your welcome card and in the member app)."
        #expect(run(input(question: q, passage: line, claim: line, verbatim: true)).abstainRule?.rawValue == "H7.asked-measure-missing")
    }
}
