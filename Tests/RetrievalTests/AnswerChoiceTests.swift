import Foundation
import Grounding
import Testing
@testable import Retrieval

/// Which of the ranked lines answers (`ExtractiveAnswerer.choose`): a field labelled with the
/// noun asked, a file's name as its lines' topic, a phone number from the file that holds it.
@Suite struct AnswerChoiceTests {
    /// `lines` as the ranked sentences of one file's chunk (document `doc`, named `path`), best
    /// first unless `score` says otherwise; coverage 0.5 each.
    private func file(_ lines: [String], doc: Int64 = 1, path: String = "/library/notes.md",
                      score: (Int) -> Double = { 1 - Double($0) / 10 }) -> [ScoredSentence] {
        let chunk = testChunk(lines, doc: doc, path: path, kind: .markdown)
        var start = 0
        return lines.enumerated().map { i, line -> ScoredSentence in
            defer { start += line.utf8.count + 1 }
            return ScoredSentence(chunk: chunk, range: start..<(start + line.utf8.count), index: i, text: line,
                                  words: line.split(separator: " ").count, coverage: 0.5, found: [true],
                                  contextCoverage: 0.5, score: score(i))
        }
    }

    private let answerer = ExtractiveAnswerer(configuration: .standard)

    @Test func ofFieldsLabelledAlikeTheOneNamingMoreOfTheNounAnswersWhateverItsValue() {
        let question = "whats the confirmation number for the car registration renewal"
        var lines = file(["Transaction type: Passenger vehicle registration renewal (2 years)", "Customer number: C-0918-44702",
                          "Confirmation number: RN-26-0403-7F3K9Q"])
        lines[0].typed = true
        lines[1].typed = true
        let noun = QuestionAnalysis.askedNoun(of: question)
        #expect(noun == ["confirmation", "number"])
        let chosen = answerer.choose(lines, askedNoun: noun).map(\.text)
        #expect(chosen.contains(lines[2].text) && !chosen.contains(lines[1].text))
        // without the noun, the typed line answers as before
        #expect(!answerer.choose(lines).map(\.text).contains(lines[2].text))
        // a best line with a field whose label holds the noun keeps it ("insured value" for "insured")
        let insured = file(["item id: EQ-005; model: RF 85mm F1.2 L USM; insured value: 2699.0",
                            "policy number: LGP-88-402716; policy named insured: Maya Lindqvist Photography LLC"])
        #expect(QuestionAnalysis.askedNoun(of: "what's the 85mm 1.2 insured for") == ["insured"])
        #expect(answerer.choose(insured, askedNoun: ["insured"]).map(\.text).first == insured[0].text)
        #expect(ExtractiveAnswerer.labelShare("Customer number: C-0918", ExtractiveAnswerer.labelForms(noun)) == 0.5)
        #expect(ExtractiveAnswerer.labelShare("**Confirmation number:** RN-26", ExtractiveAnswerer.labelForms(noun)) == 1)
    }

    @Test func aFieldOfAnotherFileAnswersWhenTheBestLacksTheNounAsked() {
        let question = QuestionAnalysis.inFull("when does the outback registration run out now")
        #expect(question == "when does the outback registration expire now")
        let card = file(["Date: 04/03/2026; Description: OREGON DMV; Amount: -238.00; Memo: Outback registration 2 yr"], doc: 1)
        var dmv = file(["New expiration: 05/31/2028"], doc: 2, score: { _ in 0.5 })
        dmv[0].contextCoverage = 0.7
        let noun = QuestionAnalysis.askedNoun(of: question)
        #expect(noun == ["expire"])
        #expect(answerer.choose(card + dmv, askedNoun: noun).map(\.text) == [dmv[0].text])
        // a file that holds less of the question does not answer for the best's
        dmv[0].contextCoverage = 0.2
        #expect(answerer.choose(card + dmv, askedNoun: noun).map(\.text) == [card[0].text])
        // nor when the best line holds the noun itself ("ref WB-2026-0147" in the florist's email)
        var florist = file(["here's my quote, ref WB-2026-0147:"], doc: 3)
        florist[0].contextCoverage = 0.1
        let venue = file(["Quote reference: MRB-Q-2026-0381"], doc: 4, score: { _ in 0.5 })
        #expect(answerer.choose(florist + venue, askedNoun: ["ref"]).map(\.text) == [florist[0].text])
    }

    @Test func anAmountAskedComesFromAnotherFilesLineThatHoldsItAndAsMuchOfTheQuestion() {
        var checklist = file(["- [x] New tri suit (Tri Gear NZ, arrived 24/03)"], doc: 1, score: { _ in 20.7 })
        var bank = file(["Date: 20/03/2025; Payee: TRI GEAR NZ ONLINE; Particulars: TRISUIT; Amount: -184.00"], doc: 2,
                        path: "/library/Statement March.csv", score: { _ in 20.0 })
        for i in checklist.indices { checklist[i].modelScored = true }
        bank[0].typed = true
        bank[0].modelScored = true
        #expect(answerer.choose(checklist + bank, answerType: .quantity).map(\.text) == [bank[0].text])
        // one that holds less of the question, or scores far below, does not answer for it
        bank[0].coverage = 0.3
        #expect(answerer.choose(checklist + bank, answerType: .quantity).map(\.text) == [checklist[0].text])
        bank[0].coverage = 0.5
        bank[0].score = 17
        #expect(answerer.choose(checklist + bank, answerType: .quantity).map(\.text) == [checklist[0].text])
        #expect(answerer.choose(checklist + bank).map(\.text) == [checklist[0].text])
    }

    @Test func theKindNamedByTheQuestionsWordComesFromALineThatHoldsItAndTheRest() {
        // "girolles price": the remark holds both words, the price list's line the thing and its price
        var lines = file(["Remarks: prices on cèpes/girolles are indicative and confirmed by SMS the day before.",
                          "Girolles (selon arrivage) ........ 29,50 / kg", "Cèpes extra (selon arrivage) ....... 38,00 / kg"],
                         score: { [1, 0.3, 0.05][$0] })
        lines[0].found = [true, true]
        lines[1].found = [true, false]
        lines[2].found = [false, false]
        lines[1].typed = true
        lines[2].typed = true
        #expect(answerer.choose(lines, answerType: .quantity, kindTerms: [false, true]).map(\.text) == [lines[1].text])
        // without the word naming the kind, the best stands
        #expect(answerer.choose(lines, answerType: .quantity, kindTerms: [false, false]).first?.text == lines[0].text)
        // nor does a line without the best's other word answer
        lines[1].found = [false, false]
        #expect(answerer.choose(lines, answerType: .quantity, kindTerms: [false, true]).first?.text == lines[0].text)
        #expect(QuestionAnalysis.namesKind("price") && QuestionAnalysis.namesKind("dates") && !QuestionAnalysis.namesKind("girolles"))
    }

    @Test func aPhoneAskedComesFromTheLineThatHoldsOne() {
        let mileage = file(["trip id: T-0108; date: 2026-03-07; purpose: walkthrough w/ Wren Albright; miles: 62.8"], doc: 1)
        var timeline = file(["**Planner:** Wren Albright, Albright Events — (503) 555-0131"], doc: 2, score: { _ in 0.5 })
        timeline[0].typed = true
        #expect(answerer.choose(mileage + timeline, answerType: .phone).map(\.text) == [timeline[0].text])
        // a quantity asked: the trip's miles hold one, and the phone line does not answer for them
        var miles = mileage
        miles[0].typed = true
        #expect(answerer.choose(miles + timeline, answerType: .quantity).map(\.text) == [mileage[0].text])
        // an ISO or dashed date is no phone number
        #expect(!AnswerType.phone.isSatisfied(by: mileage[0].text, question: "wren's phone number"))
        #expect(!AnswerType.phone.isSatisfied(by: "due 07-03-2026", question: "the phone number"))
        #expect(AnswerType.phone.isSatisfied(by: timeline[0].text, question: "wren's phone number"))
    }

    @Test func aLineOfOnlyTheFilesNameGivesWayToOneHoldingAQuestionWordItLacks() {
        var lines = file(["Subject: Booking confirmed – Tigh na Mara, Waternish (SCC-48213)",
                          "Property: Tigh na Mara (sleeps 4)", "Nearest shop: Co-op, Dunvegan (9 miles / 14 km)."],
                         path: "/library/Booking confirmed - Tigh na Mara.html")
        lines[0].topical = true
        lines[1].topical = true
        #expect(answerer.choose(lines).map(\.text) == [lines[2].text])
        // a line of only the name does not join another's answer
        lines[2].topical = false
        var reference = file(["Quote reference: MRB-Q-2026-0381", "Subject: Your wedding quote – Marple Ridge Barn"])
        reference[1].topical = true
        #expect(answerer.choose(reference).map(\.text) == [reference[0].text])
        reference[1].topical = false
        #expect(answerer.choose(reference).count == 2)
    }

    @Test func aPriceAskedOfTheBestLinesDocumentIsItsTotalLine() {
        let lines = ["Thank you for renewing your musical instrument insurance with Allegro.",
                     "Insurance Premium Tax (12%); £19.97", "Total paid: £186.40"]
        let scores = [1.0, 0.3, 0.25]
        var ranked = file(lines) { scores[$0] }
        ranked[1].typed = true
        ranked[2].typed = true
        let question = "how much did the instrument insurance renewal cost this year"
        #expect(QuestionAnalysis.asksPrice(question) && !QuestionAnalysis.asksTotal(question))
        #expect(answerer.choose(ranked, price: true).map(\.text) == [lines[2]])
        #expect(!answerer.choose(ranked).map(\.text).contains(lines[2]))
        // a total of a file that holds less of the question is another thing's
        var other = file(lines) { scores[$0] }
        other[1].typed = true
        other[2].typed = true
        other[2].contextCoverage = 0.3
        #expect(!answerer.choose(other, price: true).map(\.text).contains(lines[2]))
        #expect(!QuestionAnalysis.asksPrice("how many people came") && !QuestionAnalysis.asksPrice("when is it due"))
        // the best of the items a total sums, holding no more of the question than the total: the total
        let quote = ["- Labour, 2 men, 1 day: €620.00", "- New base rail clips: €185.00", "- **Total: €2,045.00 incl. VAT**"]
        var items = file(quote)
        for i in items.indices { items[i].typed = true }
        #expect(answerer.choose(items, price: true).map(\.text) == [quote[2]])
        #expect(!answerer.choose(items).map(\.text).contains(quote[2]))
        // an item that holds more of the question ("how much is the labour on the quote") stands
        items[0].coverage = 0.8
        #expect(answerer.choose(items, price: true).map(\.text).first == quote[0])
    }
}

@Suite struct LabelReadingTests {
    @Test func aMarkdownLabelInBoldIsAField() {
        #expect(TextSignals.labelled("**Planner / day-of coordinator:** Wren Albright").map { String($0.value) } == "Wren Albright")
        #expect(TextSignals.labelled("**Venue**: Cedar Hollow Farm").map { String($0.value) } == "Cedar Hollow Farm")
        #expect(TextSignals.labelled("Time 10:30 sharp") == nil)
        #expect(TextSignals.labelled("Ratio 1:5:5 the night before") == nil)
        // a dotted leader joins a label and its value, spaced or not; an ellipsis of three does not
        #expect(TextSignals.labelled("Total charges this period ........ £124.62").map { "\($0.label)|\($0.value)" }
                == "Total charges this period|£124.62")
        #expect(TextSignals.labelled("Rush (under 48h) . . . . . +35%").map { "\($0.label)|\($0.value)" } == "Rush (under 48h)|+35%")
        #expect(TextSignals.labelled("I waited... and then it rang") == nil && TextSignals.labelled("........ £5") == nil)
        // each bold label starts a line of its own, as a plain field does
        let text = "**Date:** Saturday, May 16, 2026\n**Second shooter:** Jonah Reyes — (503) 555-0187\n"
            + "**Planner / day-of coordinator:** Wren Albright — (503) 555-0131\n\nso ** bold** words\ncarry on."
        let bytes = Array(text.utf8)
        let lines = SentenceSplitter.split(text, lineMode: false).map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(lines.count == 4)
        #expect(lines[2] == "**Planner / day-of coordinator:** Wren Albright — (503) 555-0131")
        #expect(lines[3] == "so ** bold** words\ncarry on.")
    }

    @Test(arguments: [("when does the outback registration run out now", "when does the outback registration expire now"),
                      ("when did we run out of honey", "when did we run out of honey"),
                      ("when does my passport run out?", "when does my passport expire?"),
                      ("did the GHIC card ran out.", "did the GHIC card expired.")])
    func runOutReadsAsExpire(_ question: String, _ read: String) {
        #expect(QuestionAnalysis.inFull(question) == read)
    }

    @Test(arguments: [("when's the next village hall committee meeting", ["meeting"]), ("when was Ellie born?", ["born"]),
                      ("when does the GHIC expire", ["expire"]), ("When does the shop open?", [])])
    func aWhenQuestionAsksForTheFieldOfItsThingOrVerb(_ question: String, _ noun: [String]) {
        #expect(QuestionAnalysis.askedNoun(of: question) == noun)
    }
}

@Suite struct TotalsAndLatestTests {
    private let answerer = ExtractiveAnswerer(configuration: .standard)

    @Test func aLineLabelledAsATotalAnswersATotalAskedInItsFile() {
        let lines = ["From: Skye Coastal Cottages <bookings@skyecoastalcottages.example>", "Nights: 7",
                     "Total cost: £1,005.00"]
        let ranked = lines.enumerated().map { i, line in
            ScoredSentence(chunk: Self.chunk(lines), range: 0..<1, index: i, text: line, words: 3, coverage: 0.5,
                           contextCoverage: 0.5, score: 1 - Double(i) / 10)
        }
        #expect(answerer.choose(ranked, total: QuestionAnalysis.asksTotal("what does the skye cottage cost altogether")).map(\.text)
                == [lines[2]])
        #expect(answerer.choose(ranked).map(\.text) != [lines[2]])
        #expect(ExtractiveAnswerer.isTotalLine("Total (incl. VAT): €713.00") && ExtractiveAnswerer.isTotalLine("Invoice total: €386.98"))
        // a row's Total column, a line about a total: no line of a total
        #expect(!ExtractiveAnswerer.isTotalLine("Qty: 6; Total: 45.00") && !ExtractiveAnswerer.isTotalLine("The total was £45."))
        // a bill's line with its dotted leader, a year in its label (for a total asked, not a price)
        let bill = "TOTAL DUE FOR 2025/26 ............ £2,730.92"
        #expect(ExtractiveAnswerer.isTotalLine(bill) && !ExtractiveAnswerer.isTotalLine(bill, leaders: false))
    }

    @Test func theLatestRecordNeedNotRepeatTheWordLast() {
        let rows = ["Date: 29/11/2021 (29 November 2021); Appliance: Gas boiler; Cost: 95.00; Notes: Last service before heat pump",
                    "Date: 16/10/2023 (16 October 2023); Appliance: Heat pump; Type: Service; Cost: 145.00",
                    "Date: 14/10/2024 (14 October 2024); Appliance: Heat pump; Type: Service; Cost: 155.00"]
        let question = "how much did the last heat pump service cost"
        let terms = QuestionTerms(question: question, frequencies: ["last": 2, "heat": 3, "pump": 3, "service": 3], chunkCount: 20)
        #expect(terms.terms.map(\.word).contains("last"))
        let ranked = rows.enumerated().map { i, row in
            let found = terms.matches(row).found
            return ScoredSentence(chunk: Self.chunk(rows), range: 0..<1, index: i, text: row, words: 9, coverage: terms.coverage(of: found),
                                  found: found, contextCoverage: 0.5, score: 1 - Double(i) / 10)
        }
        #expect(LatestRecord.first(ranked, question: question, terms: terms).first?.text == rows[2])
        // without the terms, a record must hold as much of the question: the boiler's note holds "last"
        #expect(LatestRecord.first(ranked, question: question).first?.text == rows[0])
        #expect(!LatestRecord.asksLatest("how many steps on the last day of the export"))
    }

    @Test func aRowOfAFileNamedForItsTopicIsARecordNotTheFilesName() {
        let rows = ["Date: 14/10/2024; Appliance: Heat pump; Cost: 155.00", "Notes: boiler removed; Cost: 0.00"]
        var ranked = rows.enumerated().map { i, row in
            ScoredSentence(chunk: Self.chunk(rows), range: 0..<1, index: i, text: row, words: 6, coverage: 0.5, found: [true],
                           contextCoverage: 0.5, score: 1 - Double(i) / 10)
        }
        ranked[0].topical = true
        #expect(answerer.choose(ranked).first?.text == rows[0])
    }

    static func chunk(_ lines: [String]) -> EvidenceChunk { testChunk(lines) }
}

@Suite struct NamedDayTests {
    @Test func aDayKnownByNameIsThatDayOfTheYear() {
        #expect(DayMonths.of("what were the gross takings on paddy's day") == [DayMonth(day: 17, month: 3)])
        #expect(DayMonths.of("open on St Patrick's Day?") == [DayMonth(day: 17, month: 3)])
        #expect(DayMonths.of("new years eve party") == [DayMonth(day: 31, month: 12)])
        #expect(DayMonths.matches(DayMonths.of("on boxing day"), DayMonths.of("Date: 26/12/2025 (26 December 2025)")))
        #expect(DayMonths.of("a new day for Patrick").isEmpty)
        // read with its date, so a row dated that day is found
        #expect(QuestionAnalysis.inFull("takings on paddy's day?") == "takings on paddy's day? (17 March)")
        #expect(DayMonths.holidayWords.contains("paddy") && !DayMonths.holidayWords.contains("day"))
    }

    @Test(arguments: [("how big is our allotment plot", ["size"]), ("how far is the nearest shop", ["distance"]),
                      ("how old is the boiler", ["age"]), ("how long is the lease", [])])
    func aMeasureAskedByItsAdjectiveIsItsNoun(_ question: String, _ noun: [String]) {
        #expect(QuestionAnalysis.askedNoun(of: question) == noun)
    }
}

@Suite struct TotalAskedTests {
    @Test func aTotalAskedCasuallyIsAnsweredByTheRowOfTotals() throws {
        let t = try TempLibrary()
        _ = try t.write("Van mileage log 2026.csv", """
            Date,From,To,Purpose,Miles
            05/01/2026,Yard,Otley,Boiler service - Mrs Hirst,14
            12/01/2026,Yard,Ilkley,Leak - Dr Patel,22
            02/02/2026,Yard,Leeds,Merchant - fittings,31
            13/03/2026,Yard,Harrogate,Bathroom refit - day 1,38
            TOTALS 05/01/2026-13/03/2026,,,,466
            """)
        _ = try t.write("notes.md", "# Van\n\nThe van is due its MOT in June. Tyres were replaced in February.\n")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let (answer, diagnostics) = try t.library.answerWithDiagnostics(question: "total business miles in the van log so far")
        #expect(!answer.abstained)
        #expect(answer.answer?.contains("466") == true)
        #expect(diagnostics.retrievalConfidence == RetrievalConfiguration.standard.grounding(.standard).tau)
        #expect(AnswerType.phone == QuestionAnalysis.answerType(of: "number to ring if the coffee machine breaks down"))
        #expect(AnswerType.phone != QuestionAnalysis.answerType(of: "what is the number of people who call Fresno home?"))
    }
    @Test func aRowThatNamesWhatTheTotalIsOfStands() throws {
        let t = try TempLibrary()
        _ = try t.write("Treasurer ledger Q1.csv", """
            Date,Ref,Description,Category,Paid in,Paid out
            02/04/2025,D101,Easter collection,Fundraising,640.00,
            14/04/2025,E212,Ffynnon Vets inv 77120 - Bramble dental,Vet fees,,531.42
            22/04/2025,E213,Kennel cleaning supplies,Kennels,,86.10
            ,,TOTAL,,640.00,617.52
            """)
        _ = try t.write("notes.md", "# Vet fund\n\nThe vet fund is topped up from the Easter collection.\n")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let (answer, diagnostics) = try t.library.answerWithDiagnostics(question: "total for brambles dental at ffynnon")
        #expect(answer.answer?.contains("531.42") == true, "\(answer.answer ?? "abstained") \(diagnostics.rules)")
        // the ledger's own total is still its TOTAL row
        let all = try t.library.answerWithDiagnostics(question: "total paid out in the treasurer ledger").answer
        #expect(all.answer?.contains("617.52") == true, "\(all.answer ?? "abstained")")
    }
    @Test func aTotalOfAFileNamedForTheMonthsAskedStandsForThem() throws {
        let t = try TempLibrary()
        var rows = ["Invoice No,Date,Client,Description,Excl VAT,VAT 15%,Incl VAT"]
        for i in 1...45 {
            let month = 1 + (i - 1) / 15, day = 1 + (i - 1) % 15
            rows.append(String(format: "INV 2026-%03d,2026/%02d/%02d,Client %d,Call-out and repairs,1000.00,150.00,1150.00",
                               i, month, day, i))
        }
        rows.append("TOTAL,,,,45000.00,6750.00,51750.00")
        _ = try t.write("Invoice register 2026 (Jan-Mar).csv", rows.joined(separator: "\n") + "\n")
        _ = try t.write("notes.md", "# Van\n\nThe van is due its service in June. Invoices go out on the 1st.\n")
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let (answer, diagnostics) = try t.library.answerWithDiagnostics(question: "total invoiced jan-mar excl vat")
        #expect(answer.answer?.contains("45000.00") == true, "\(answer.answer ?? "abstained") \(diagnostics.rules)")
        // a month the file's name does not hold still wants a row of that month
        let june = try t.library.answerWithDiagnostics(question: "total invoiced in june excl vat").answer
        #expect(june.answer?.contains("45000.00") != true)
    }

    @Test func aBillsTotalOnItsDottedLeaderAnswersForTheMonthItsFileNames() throws {
        let t = try TempLibrary()
        _ = try t.write("clyde_energy_bill_oct2025.txt", """
            CLYDE ENERGY – Your bill summary (copied from online account)
            Account number: CE-30448172        Bill date: 04/11/2025
            Billing period: 01/10/2025 to 31/10/2025 (31 days)

            ELECTRICITY
            Units used ................................... 212 kWh
            Energy charge ................................ £51.94
            Standing charge (31 days @ 51.37p/day) ....... £15.92

            Subtotal (excl. VAT) ......................... £118.69
            VAT @ 5% ..................................... £5.93
            Total charges this period .................... £124.62

            """)
        var rows = ["Date,Type,Description,Paid out (£),Balance (£)"]
        for day in 1...20 { rows.append(String(format: "%02d/10/2025,DEB,TESCO STORES %d,%d.40,1500.00", day, day, day)) }
        rows.append("15/10/2025,DD,CLYDE ENERGY CE-30448172,115.00,1505.39")
        _ = try t.write("bank_export_Oct-Nov2025.csv", rows.joined(separator: "\n") + "\n")
        _ = try t.write("council_tax_bill_2025-26.txt", """
            Council Tax and Water & Sewerage Charges 2025/26

            Council Tax (Band E) ................................ £2,016.41
            Water charge (Scottish Water, Band E) ............... £331.29
            TOTAL DUE FOR 2025/26 ............................... £2,730.92

            Instalments (10 monthly, by Direct Debit on the 1st):
            1st instalment due 01/04/2025 ....................... £273.20

            """)
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        let (energy, diagnostics) = try t.library.answerWithDiagnostics(question: "total energy bill for october")
        #expect(energy.answer?.contains("£124.62") == true, "\(energy.answer ?? "abstained") \(diagnostics.rules)")
        // a line in capitals with its leader is a value, no heading; "for the year" says which year
        let tax = try t.library.answerWithDiagnostics(question: "council tax total for the year 2025/26").answer
        #expect(tax.answer?.contains("£2,730.92") == true, "\(tax.answer ?? "abstained")")
    }
}
