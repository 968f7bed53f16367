import Foundation
import Grounding
import Testing
@testable import Retrieval

/// An answer sentence past the word limit narrowed to the clauses that answer (`ClauseWindow`).
@Suite struct ClauseWindowTests {
    /// SQuAD's Amazon paragraph: one sentence of 104 words listing where the dust goes.
    static let dust = "NASA's CALIPSO satellite has measured the amount of dust transported by wind from the Sahara "
        + "to the Amazon: an average 182 million tons of dust are windblown out of the Sahara each year, at 15 degrees "
        + "west longitude, across 1,600 miles (2,600 km) over the Atlantic Ocean (some dust falls into the Atlantic), "
        + "then at 35 degrees West longitude at the eastern coast of South America, 27.7 million tons (15%) of dust "
        + "fall over the Amazon basin, 132 million tons of dust remain in the air, 43 million tons of dust are "
        + "windblown and falls on the Caribbean Sea, past 75 degrees west longitude."
    /// Chunk counts of the SQuAD library (164 chunks) the sentence comes from.
    static let frequencies = ["dust": 1, "remains": 2, "air": 9, "amazon": 10, "year": 5, "tons": 1, "basin": 4,
                              "falls": 1, "satellite": 1, "measured": 2, "name": 7]

    private func sentence(_ text: String, prefix: String = "The Sahara feeds the Amazon. ",
                          path: String = "/library/amazon.md") -> ScoredSentence {
        let whole = prefix + text
        let length = whole.utf8.count
        let record = ChunkRecord(id: 1, docId: 1, path: path, kind: .markdown, ordinal: 0, start: 0,
                                 end: length, tokenCount: length / 4, text: whole, raw: nil,
                                 segments: [.init(textOffset: 0, sourceOffset: 0, length: length)], encoding: .utf8)
        let chunk = EvidenceChunk(chunkId: 1, docId: 1, path: record.path, ordinal: 0, start: 0, end: length, text: whole,
                                  tokenCount: record.tokenCount, score: 1, cosine: 0.5, vectorRank: 1, lexicalRank: 1,
                                  isNeighbour: false, record: record)
        let start = prefix.utf8.count
        return ScoredSentence(chunk: chunk, range: start..<length, text: text,
                              words: SentenceSplitter.wordCount(Array(text.utf8)), coverage: 0, contextCoverage: 0, score: 1)
    }

    private func narrowed(_ question: String, _ text: String, limit: Int = 80) -> ScoredSentence {
        let terms = QuestionTerms(question: question, frequencies: Self.frequencies, chunkCount: 164)
        let type = QuestionAnalysis.answerType(of: question)
        let window = ClauseWindow(question: question, terms: terms, maxWords: 40) { type != .open && type.isSatisfied(by: $0, question: question) }
        let parts = window.narrowed(sentence(text), limit: limit)
        #expect(parts.count == 1)
        return parts[0]
    }

    @Test func aListOfFiguresAnswersWithTheClauseAsked() {
        let a = narrowed("How many tons of dust remains in the air?", Self.dust)
        #expect(a.text == "132 million tons of dust remain in the air")
        let b = narrowed("How many tons of Saharan dust falls on the Amazon Basin each year?", Self.dust)
        #expect(b.text.contains("27.7 million tons"))
        #expect(b.words <= 40)
        let c = narrowed("What is the name of the satellite that measured the amount of dust?", Self.dust)
        #expect(c.text.hasPrefix("NASA's CALIPSO satellite has measured"))
    }

    @Test func theNarrowedRangeIsTheSourceBytes() {
        for question in ["How many tons of dust remains in the air?", "How much Saharan dust remains in the air over the Amazon each year?"] {
            let a = narrowed(question, Self.dust)
            let bytes = Array(a.chunk.text.utf8)
            #expect(String(decoding: bytes[a.range], as: UTF8.self) == a.text)
            #expect(a.words == SentenceSplitter.wordCount(bytes[a.range]))
        }
    }

    @Test func aSentenceWithinTheLimitOrARecordStaysWhole() {
        let short = "The dust that falls on the Amazon basin, about 27.7 million tons, feeds its soils."
        #expect(narrowed("How many tons of dust fall on the Amazon?", short).text == short)
        let record = (0..<12).map { "field \($0): dust tons \($0)" }.joined(separator: "; ")
        #expect(narrowed("How many tons of dust?", record, limit: 10).text == record)
    }

    static let thomas = "name: Thomas Whitfield; date_of_birth: 1984-09-03 (3 September 1984); passport country: GBR; "
        + "passport number: 533180271; passport issued: 2017-11-02 (2 November 2017); passport expires: 2027-11-02 "
        + "(2 November 2027); ghic status: applied online 28/09/2025 - awaiting card; driving_licence number: "
        + "WHITF809034T99MS; driving_licence expires: 2029-09-02 (2 September 2029); nhs_number: 401 023 2137"

    private func parts(_ question: String, _ record: String, frequencies: [String: Int], moneyLabels: Bool = true) -> [String] {
        let terms = QuestionTerms(question: question, frequencies: frequencies, chunkCount: 66)
        let type = QuestionAnalysis.answerType(of: question)
        var window = ClauseWindow(question: question, terms: terms, maxWords: 40) { type != .open && type.isSatisfied(by: $0, question: question) }
        window.kindLabel = type.isLabel
        window.kindJoins = type == .place
        let money = QuestionAnalysis.moneyLabelWords(of: question, answerType: type)
        if moneyLabels { window.askedLabel = { !money.isDisjoint(with: $0) } }
        let s = sentence(record, prefix: "")
        let parts = window.narrowed(s, limit: 80)
        for p in parts {
            #expect(String(decoding: Array(s.chunk.text.utf8)[p.range], as: UTF8.self) == p.text)
            #expect(p.whole == (p.text == record ? nil : record))
        }
        return parts.map(\.text)
    }

    @Test func aFieldLabelledWithTheMoneyAskedWidensTheRunToIt() {
        // "how much did insurance pay": the claim's `plan_paid`, not the first amount after the visit
        let claim = "claims claim_id: CLM-2026-004417; service_date: 2026-01-14 (14 January 2026); provider: CareWell "
            + "Urgent Care - Jamaica Plain; service: Urgent care visit - right ring finger pain; billed: 245.00; "
            + "allowed: 168.40; plan_paid: 138.40; you_owe: 30.00; status: Paid; processed_date: 2026-01-29 (29 January 2026)"
        let f = ["insurance": 3, "urgent": 2, "care": 4, "visit": 3, "january": 9]
        let q = "how much did insurance pay for the urgent care visit in january"
        #expect(QuestionAnalysis.moneyLabelWords(of: q, answerType: .quantity).isSuperset(of: ["pay", "paid", "payment"]))
        #expect(parts(q, claim, frequencies: f).joined(separator: " ").contains("plan_paid: 138.40"))
        #expect(!parts(q, claim, frequencies: f, moneyLabels: false).joined(separator: " ").contains("plan_paid"))
        // no sum asked, no such label
        let when = "when did insurance pay for the visit"
        #expect(QuestionAnalysis.moneyLabelWords(of: when, answerType: QuestionAnalysis.answerType(of: when)).isEmpty)
    }

    @Test func anAddressBooksCardAnswersWithWhoseCardItIs() {
        // the note that answers, led by the card's name ("who has our spare key": not the note
        // alone, whose only names are the neighbour's wife and dog)
        let nate = "contact: Nate Ferreira; mobile: (303) 555-0193; email: nate.ferreira@example.net; address (work): "
            + "11490 Larkspur Hollow Dr, Cottonwood Mesa, CO, 80134, USA; groups: Contacts; note: Next door neighbor "
            + "(wife Carla). Has our spare house key. Watches Biscuit when we travel."
        let f = ["spare": 1, "key": 2, "nate": 1, "pharmacy": 2, "pharmacist": 1, "plenty": 1, "road": 4]
        #expect(parts("who has our spare key", nate, frequencies: f)
            == ["contact: Nate Ferreira", "note: Next door neighbor (wife Carla). Has our spare house key. Watches Biscuit when we travel."])
        // a card's name alone answers nothing asked of the card, though it holds the question's words
        let pharmacy = "contact: Plenty Road Pharmacy; work phone: (03) 5550 1842; address (work): 388 Plenty Road, "
            + "Preston, VIC, 3072, Australia; groups: Contacts; note: Pharmacist Hanh knows dad's Webster pack - ask for her"
        #expect(parts("what's the pharmacist's name at plenty road pharmacy", pharmacy, frequencies: f).contains { $0.contains("Hanh") })
    }

    @Test func aLongRecordAnswersWithWhoseItIsAndTheFieldsAsked() {
        let f = ["tom": 3, "thomas": 3, "passport": 2, "number": 9, "ghic": 1, "card": 4, "expire": 0, "miles": 0, "service": 3]
        #expect(parts("What's Tom's passport number?", Self.thomas, frequencies: f)
            == ["name: Thomas Whitfield", "passport number: 533180271"])
        #expect(parts("What's the status of Tom's GHIC?", Self.thomas, frequencies: f.merging(["status": 2]) { a, _ in a })
            == ["name: Thomas Whitfield", "ghic status: applied online 28/09/2025 - awaiting card"])
        // "expire" meets "expires" (`VerbForms`): the fields that hold the question's words
        #expect(parts("When does Tom's GHIC card expire?", Self.thomas, frequencies: f)
            == ["name: Thomas Whitfield", "passport expires: 2027-11-02 (2 November 2027); ghic status: applied online 28/09/2025 - awaiting card"])
        // two fields alike ("passport issued", "passport expires") and words that find neither: the whole record
        #expect(parts("When was Tom's passport dated?", Self.thomas, frequencies: f) == [Self.thomas])
        #expect(parts("How many miles at the last service?", Self.thomas, frequencies: f) == [Self.thomas])
        // a first field that names nothing leads nothing
        let car = "road_tax band: C; road_tax due: 2026-05-31 (31 May 2026); breakdown_cover provider: RAC; "
            + "breakdown_cover level: Roadside & At Home; breakdown_cover membership_no: RA-55190377; insurer: Admiral "
            + "Insurance; insurance policy_no: P-88213-44; insurance renewal: 2026-04-02 (2 April 2026)"
        #expect(parts("What's our RAC membership number?", car, frequencies: ["rac": 1, "membership": 1, "number": 9])
            == ["breakdown_cover provider: RAC; breakdown_cover level: Roadside & At Home; breakdown_cover membership_no: RA-55190377"])
        #expect(ClauseWindow.identifies("name: Thomas Whitfield") && !ClauseWindow.identifies("road_tax band: C"))
        // a name in parts, after an id, leads
        let ellie = "id: c011; name given: Ellie; name family: Fairburn; phones mobile: 07700 900118; birthday: 1992-12-11 "
            + "(11 December 1992); groups: Football, Friends; notes: Goalie. Runs the team WhatsApp group; emails home: e@example.com; "
            + "address street: 12 Cardigan Road; address city: Leeds; address postcode: LS6 1DL"
        #expect(parts("who's our goalie", ellie, frequencies: ["goalie": 1])
            == ["name given: Ellie; name family: Fairburn", "notes: Goalie. Runs the team WhatsApp group"])
        // a name's parts lead, the date of birth after them does not
        let dad = "profile display_name: Dad; profile full_name: Robert Hale; profile date_of_birth: 1943-09-14 (14 September "
            + "1943); profile nhs_number: 486 203 7719; profile address: 7 Quarry Close, Kingswood, Bristol BS15 4RL; profile "
            + "allergies: Penicillin (rash), Elastoplast; profile carer name: Sarah Whitcombe; profile gp doctor: Dr Anjali Mehta"
        #expect(parts("what's dad's allergies?", dad, frequencies: ["dad": 3, "allergies": 1])
            == ["profile display_name: Dad; profile full_name: Robert Hale", "profile allergies: Penicillin (rash), Elastoplast"])
        // an address asked: all of the address, not its one field that holds a word of the question
        let mum = "id: c004; name given: Margaret; name family: Holroyd; name display: Mum; phones home: 01723 496217; "
            + "phones mobile: 07700 900410; addresses home street: 7 Raleigh Avenue; addresses home city: Scarborough; "
            + "addresses home postcode: YO12 7EX; birthday: 1961-09-30 (30 September 1961); groups: Family, Starred"
        #expect(parts("mum's address in scarborough", mum, frequencies: ["mum": 3, "address": 2, "scarborough": 2])
            == ["name given: Margaret; name family: Holroyd; name display: Mum",
                "addresses home street: 7 Raleigh Avenue; addresses home city: Scarborough; addresses home postcode: YO12 7EX"])
        #expect(parts("what's mum's mobile?", mum, frequencies: ["mum": 3, "mobile": 4])
            == ["name given: Margaret; name family: Holroyd; name display: Mum", "phones mobile: 07700 900410"])
        // the fields that say whose record it is hold all the question finds: they answer
        let maya = "patient ciis id: 7781204; patient first name: Maya; patient middle name: Rose; patient last name: "
            + "Lindqvist; patient date ofBirth: 2024-03-18 (18 March 2024); patient sex: F; patient address street: 3318 "
            + "Alcott Ct; patient address city: Denver; patient address state: CO; patient address zip: 80211; patient "
            + "responsible parties name: Jenna Lindqvist; patient responsible parties relationship: Mother"
        #expect(parts("whats maya's CIIS id number", maya, frequencies: ["maya": 9, "ciis": 2, "id": 6, "number": 9])
            == ["patient ciis id: 7781204; patient first name: Maya; patient middle name: Rose; patient last name: Lindqvist"])
        // …unless the question asks a kind of answer they lack and another field holds: the date
        // of an appointment whose title holds the words (the id's year is part of a code)
        let screening = "id: apt-2026-009; title: Diabetic eye screening (DRP); location: Serai Bay Polyclinic, Eye "
            + "Screening Room, Level 2; start: 2026-04-08T14:30:00+08:00 (8 April 2026); status: upcoming; notes: Eyes may "
            + "be dilated - cannot drive, bring sunglasses"
        let when = parts("when is papa's eye screening", screening, frequencies: ["papa": 9, "eye": 4, "screening": 2])
        #expect(when.joined(separator: " ").contains("start: 2026-04-08T14:30:00+08:00"), "\(when)")
        // another person's record stays whole, for gate H to find the name missing
        #expect(parts("What's Maya's passport number?", Self.thomas, frequencies: f.merging(["maya": 2]) { a, _ in a })
            == [Self.thomas])
        // a second field that says which, holding the question's words, leads with the first: a
        // gig's date and its title, then the set asked
        let gig = "id: g-2026-005; date: 2026-04-11 (11 April 2026); title: Caledonian Engineering annual dinner; venue name: "
            + "Hotel Kelvingrove; line up: trio (no sax); load in: 17:00; sets start: 19:00; sets end: 20:00; sets label: dinner "
            + "background; sets start: 21:30; sets end: 23:00; sets label: dance set; fee: 900.0; currency: GBP; contact name: "
            + "Fiona Lowe; contact phone: 01632 960812; notes: Ballroom has a Kawai baby grand."
        #expect(parts("what time does the dance set start at the caledonian engineering dinner", gig,
                      frequencies: ["time": 3, "dance": 1, "set": 2, "start": 4, "caledonian": 1, "engineering": 1, "dinner": 2])
            == ["date: 2026-04-11 (11 April 2026); title: Caledonian Engineering annual dinner",
                "sets start: 21:30; sets end: 23:00; sets label: dance set"])
    }

    @Test func theFieldLabelledWithTheKindAskedAnswers() {
        // other fields hold names too (`assigned to: Owen, Jenna, Brian`), and the title's "8th"
        // reads as a day: the label says which field answers "where" and "when"
        let party = "id: evt_8f21ea; title: Owen's 8th birthday party; all day: false; start: 2026-05-16T14:00:00-04:00 "
            + "(16 May 2026, 14:00); end: 2026-05-16T16:00:00-04:00 (16 May 2026, 16:00); assigned to: Owen, Jenna, Brian; "
            + "location: Bounce Nation Trampoline Park, 5901 Cleveland Ave, Columbus, OH 43231; notes: Party package for 12 "
            + "kids, $289.00, $75 deposit paid. Cake from Freshway."
        let f = ["owen": 4, "owens": 0, "birthday": 2, "party": 3]
        #expect(parts("where is owens birthday party", party, frequencies: f)
            == ["title: Owen's 8th birthday party", "location: Bounce Nation Trampoline Park, 5901 Cleveland Ave, Columbus, OH 43231"])
        #expect(parts("when is owen's birthday party", party, frequencies: f)
            == ["title: Owen's 8th birthday party", "start: 2026-05-16T14:00:00-04:00 (16 May 2026, 14:00)"])
        #expect(AnswerType.place.isLabel(["location"]) && AnswerType.time.isLabel(["start"])
            && !AnswerType.place.isLabel(["assigned", "to"]) && !AnswerType.open.isLabel(["location"]))
    }

    @Test func aQuestionAskingWhyIsAnsweredWithTheRecordsReason() {
        let payment = "transactions txn id: PS2603182047553; timestamp: 2026-03-18T20:47:55+05:30 (18 March 2026, 20:47); "
            + "direction: DEBIT; amount: 1870.00; counterparty name: BBPS - Electricity (Nagpur Urban); note: Nagpur ghar light "
            + "bill Feb; category: Bills; status: FAILED; failure reason: Bank server unavailable (U68). Amount not debited."
        let f = ["light": 2, "bill": 9, "payment": 6, "fail": 1, "march": 20]
        let why = parts("why did the light bill payment fail on 18 march", payment, frequencies: f)
        // the reason's field joins the fields that hold the question (before its note's)
        #expect(why.last == "failure reason: Bank server unavailable (U68). Amount not debited.", "\(why)")
        #expect(why.dropLast().joined().contains("status: FAILED"), "\(why)")
        // asked what, not why, the record stays as narrowed
        let what = parts("what was the light bill payment on 18 march", payment, frequencies: f)
        #expect(!what.joined().contains("failure reason"), "\(what)")
        // a note is the reason when no field is labelled one
        let delivery = "deliveries id: BR-77120; order_ref: PP-2611-014; slot date: 2026-11-13 (13 November 2026); slot window: "
            + "13:00-17:00; status: failed; driver: Kamal R.; recipient name: Margaret Ellwood; recipient address_line1: 9 Cragside "
            + "Court; recipient town: Leeds; recipient postcode: LS16 7HT; item: Hand-tied bouquet (large); order_value_gbp: 55.0; "
            + "delivery_fee_gbp: 8.45; driver_note: No answer, no safe place. Returned to shop - rebook; updated_at: "
            + "2026-11-13T16:21:30Z (13 November 2026, 16:21 UTC)"
        let ellwood = parts("why did the ellwood delivery fail", delivery, frequencies: ["ellwood": 1, "delivery": 8, "fail": 2])
        #expect(ellwood.last == "driver_note: No answer, no safe place. Returned to shop - rebook", "\(ellwood)")
        #expect(QuestionAnalysis.asksReason("how come the van failed its MOT") && !QuestionAnalysis.asksReason("when did the van fail"))
    }

    @Test func aQuestionAskingWhereIsAnsweredWithTheRecordsLocation() {
        let ride = "event: Sortida del club (Saturday club ride); location: Plaça de la Independència, Girona; starts: "
            + "20250104T080000 (Saturday 4 January 2025, 08:00, until 13:00); repeats: FREQ=WEEKLY;BYDAY=SA (every week on "
            + "Saturday); description: Meeting point at the fountain. Coffee stop at Cafè del Centre in Sant Hilari Sacalm."
        let f = ["saturday": 3, "club": 4, "ride": 3, "meet": 2]
        // the question's words choose the title and the description; the location joins them
        let where_ = parts("where do we meet for the saturday club ride", ride, frequencies: f)
        #expect(where_.contains("location: Plaça de la Independència, Girona"), "\(where_)")
        #expect(where_.first == "event: Sortida del club (Saturday club ride)", "\(where_)")
        // asked what, no location joins
        let what = parts("what is the meeting point for the saturday club ride", ride, frequencies: f)
        #expect(!what.joined().contains("location:"), "\(what)")
    }

    @Test func aRecordTooLongToAnswerWholeIsNarrowedAllTheSame() {
        // 84 words: no run of fields within the answer's limit holds the town, the gig and the contact
        let ullapool = "id: g-2026-008; date: 2026-05-15 (15 May 2026); title: Highland tour #2; venue name: Harbour Arts "
            + "Centre; venue address: Shore Street, Ullapool IV26 2UR; line up: quartet; load in: 16:00; sets start: 19:45; sets "
            + "end: 20:45; sets start: 21:05; sets end: 22:00; fee: 350.0; currency: GBP; fee notes: plus 50% of door over 60 "
            + "tickets; payment status: BACS after gig; contact name: Morag Mackenzie; contact role: arts centre manager; "
            + "contact phone: 07700 900718; notes: Steinway model O on stage, workshop for local kids 15:00-15:45 included"
        let f = ["contact": 2, "ullapool": 1, "gig": 3]
        let narrowed = parts("who's the contact for the ullapool gig", ullapool, frequencies: f)
        #expect(narrowed != [ullapool])
        #expect(narrowed.joined(separator: " ").contains("contact name: Morag Mackenzie"))
        #expect(narrowed.allSatisfy { SentenceSplitter.wordCount(Array($0.utf8)) <= 40 })
        // within the limit, a record whose fields that hold the question lie apart stays whole
        let short = "id: g-2026-008; venue address: Shore Street, Ullapool IV26 2UR; line up: quartet; load in: 16:00; sets "
            + "start: 19:45; sets end: 20:45; fee: 350.0; currency: GBP; fee notes: plus 50% of door over 60 tickets; payment "
            + "status: BACS after gig; contact name: Morag Mackenzie; contact role: arts centre manager"
        #expect(parts("who's the contact for the ullapool gig", short, frequencies: f) == [short])
    }

    @Test func aQuestionsShortNameMatchesTheNameInFull() {
        let terms = QuestionTerms(question: "how much did Tom pay into the account?", frequencies: ["tom": 2, "account": 3],
                                  chunkCount: 50)
        let full = terms.matches("Transfer from Thomas Whitfield into the joint account")
        let other = terms.matches("Transfer from Maya Whitfield into the joint account")
        #expect(full.coverage > other.coverage)
        #expect(full.coverage > 0.99)
    }

    @Test func theNextSentenceHoldingTheAskedKindJoinsTheAnswer() {
        func sentences(_ gap: String) -> [ScoredSentence] {
            let first = "Rainbow Kids' Club will be open on the INSET day from 8:00am."
            let second = "The cost for the full day is £32.00 per child."
            let whole = first + gap + second
            let chunk = sentence(whole, prefix: "").chunk
            let a = ScoredSentence(chunk: chunk, range: 0..<first.utf8.count, index: 0, text: first, words: 11,
                                   coverage: 0.8, contextCoverage: 0.8, score: 1.0)
            let start = (first + gap).utf8.count
            let b = ScoredSentence(chunk: chunk, range: start..<whole.utf8.count, index: 1, text: second, words: 10,
                                   coverage: 0.1, contextCoverage: 0.8, score: 0.2, typed: true)
            return [a, b]
        }
        let answerer = ExtractiveAnswerer(configuration: .standard)
        #expect(answerer.choose(sentences(" ")).map(\.index) == [0, 1])
        // across a blank line it is another paragraph's
        #expect(answerer.choose(sentences("\n\n")).map(\.index) == [0])
    }

    /// `lines` as one chunk's ranked sentences, best first: coverage 0.5 each, scores from `score`.
    private func rankedLines(_ lines: [String], path: String = "/library/amazon.md",
                             score: (Int) -> Double = { 1 - Double($0) / 10 }) -> [ScoredSentence] {
        let chunk = sentence(lines.joined(separator: "\n"), prefix: "", path: path).chunk
        var start = 0
        return lines.enumerated().map { i, line -> ScoredSentence in
            defer { start += line.utf8.count + 1 }
            return ScoredSentence(chunk: chunk, range: start..<(start + line.utf8.count), index: i, text: line,
                                  words: line.split(separator: " ").count, coverage: 0.5, contextCoverage: 0.5, score: score(i))
        }
    }

    @Test func aFieldLabelledWithTheNounAskedAnswers() {
        let lines = ["Bristol City Council: COUNCIL TAX BILL 2025/26", "Landlord address: c/o Hartley Lettings Ltd",
                     "Valuation band: C", "Landlord: Mr Graham Pellow; Property: 14 Alder Road"]
        let ranked = rankedLines(lines)
        let answerer = ExtractiveAnswerer(configuration: .standard)
        #expect(answerer.choose(ranked, askedNoun: ["band"]).map(\.text).contains("Valuation band: C"))
        #expect(answerer.choose(ranked, askedNoun: ["landlord"]).map(\.text).contains(lines[3]))
        // "Landlord address" is not labelled with what is asked, and no noun asked: the ranking's best
        #expect(!answerer.choose(ranked, askedNoun: ["landlord"]).map(\.text).contains(lines[1]))
        #expect(!answerer.choose(ranked).map(\.text).contains(lines[2]))
    }

    @Test func anotherRecordsFieldLabelledWithTheNounDoesNotAnswer() {
        let lines = ["contact: Lauren Briggs; mobile: (512) 555-0144; note: Buyer",
                     "contact: Kenji Nakamura; address (home): 2208 Pecan Grove Dr"]
        var ranked = rankedLines(lines) { $0 == 0 ? 1 : 0.1 }
        ranked[0].coverage = 0.8
        ranked[0].contextCoverage = 0.8
        let answerer = ExtractiveAnswerer(configuration: .standard)
        #expect(answerer.choose(ranked, askedNoun: ["home", "address"]).map(\.text) == [lines[0]])
        // one that holds as much of the question does
        ranked[1].coverage = 0.8
        #expect(answerer.choose(ranked, askedNoun: ["home", "address"]).map(\.text).contains(lines[1]))
    }

    @Test func aRecordKeyedByTheNumberAskedAnswers() {
        let lines = ["Plot: 9; Plot holder(s): Priya Nair; Date paid: 07/04/2025 (7 April 2025)",
                     "Plot: 17; Plot holder(s): Ann Lee", "Plot: 7; Plot holder(s): Kevin Doyle; Paid?: No",
                     "Booking reference: K7XQ2PM"]
        let ranked = rankedLines(lines)
        let answerer = ExtractiveAnswerer(configuration: .standard)
        let keyed = QuestionAnalysis.keyedNumbers(of: "who's got plot 7?")
        #expect(answerer.choose(ranked, keyed: keyed).map(\.text) == [lines[2]])
        #expect(!answerer.choose(ranked).map(\.text).contains(lines[2]))
        // no field holds the number alone: the ranking's best
        #expect(answerer.choose(ranked, keyed: QuestionAnalysis.keyedNumbers(of: "who's got plot 4?")).map(\.text) == answerer.choose(ranked).map(\.text))
        // a day the question names: the row that holds it
        let days = ["Day: Friday; Reception: 8:00am – 6:00pm", "Day: Thursday; Reception: 8:00am – 8:00pm"]
        let dayRanked = rankedLines(days) { $0 == 0 ? 1 : 0.1 }
        let thursday = QuestionAnalysis.calendarWords(of: "what time does the vets close on a thursday")
        #expect(answerer.choose(dayRanked, calendar: thursday).map(\.text).contains(days[1]))
        #expect(answerer.choose(dayRanked).map(\.text) == [days[0]])
        #expect(QuestionAnalysis.calendarWords(of: "open on thursdays in may?") == ["thursday", "thu", "thur", "thurs", "may"])
        // a label written in full answers the noun's short form
        #expect(answerer.choose(ranked, askedNoun: QuestionAnalysis.askedNoun(of: "easyjet booking ref for portugal")).map(\.text).contains(lines[3]))
        #expect(!answerer.choose(ranked).map(\.text).contains(lines[3]))
    }

    @Test func theDayOfTheYearAskedAnswersAndOtherDaysDoNotJoin() {
        let rows = ["Date: 04/05/2026 (4 May 2026); Day: Mon; Duty: Rest Day", "Date: 06/05/2026 (6 May 2026); Day: Wed; Duty: Long Day",
                    "Date: 17/05/2026 (17 May 2026); Day: Sun; Duty: Request Off"]
        let ranked = rankedLines(rows) { $0 == 0 ? 1 : 0.9 }
        let answerer = ExtractiveAnswerer(configuration: .standard)
        #expect(answerer.choose(ranked, dates: DayMonths.of("am I working on 6 May?")).map(\.text) == [rows[1]])
        #expect(answerer.choose(ranked).map(\.text).contains(rows[0]))
        // every line of a file named for the day asked is on it
        let sales = ["refund time: 2026-04-16T11:42:08 (16 April 2026, 11:42); item: Toasted sandwich", "name: Oat milk; qty: 47"]
        let dayFile = rankedLines(Array(sales.reversed()), path: "/docs/tillpoint_export_2026-04-16.json") { $0 == 0 ? 1 : 0.1 }
        #expect(answerer.choose(dayFile, dates: DayMonths.of("how many oat milks did we sell on the 16th")).map(\.text) == [sales[1]])
        // (a file named for no day, or for two, holds only its lines stamped with it)
        for path in ["/docs/tillpoint_export.json", "/docs/Z-report 01-04-2026_16-04-2026.csv"] {
            #expect(answerer.choose(rankedLines(Array(sales.reversed()), path: path) { $0 == 0 ? 1 : 0.1 },
                                    dates: DayMonths.of("how many oat milks did we sell on the 16th")).map(\.text) == [sales[0]])
        }
        // the day wins over a weekday that another row names
        #expect(answerer.choose(ranked, calendar: QuestionAnalysis.calendarWords(of: "what am I doing on Monday 17 May"),
                                dates: DayMonths.of("what am I doing on Monday 17 May")).map(\.text) == [rows[2]])
    }

    @Test func aTotalAskedIsTheRowOfTotals() {
        let rows = ["Date: 16/08/2025; Buyer: Gate table; Qty: 6; Total: 45.00", "Date: 12/09/2025; Buyer: Honey show; Qty: 1; Total: 7.50",
                    "Date: TOTAL; Total: 1027.00"]
        let ranked = rankedLines(rows)
        let answerer = ExtractiveAnswerer(configuration: .standard)
        #expect(answerer.choose(ranked, total: QuestionAnalysis.asksTotal("total honey sales 2025?")).map(\.text) == [rows[2]])
        #expect(!answerer.choose(ranked).map(\.text).contains(rows[2]))
        #expect(ExtractiveAnswerer.isTotalRow("Date: TOTALS 05/01/2026-13/03/2026; Miles: 546"))
        #expect(ExtractiveAnswerer.isTotalRow("Item: Grand total; Quoted: £24,904.12"))
        // a column of totals, a sentence about one: no row of totals
        #expect(!ExtractiveAnswerer.isTotalRow(rows[0]) && !ExtractiveAnswerer.isTotalRow("The total was £45."))
        #expect(!QuestionAnalysis.asksTotal("how much was the van service?"))
        #expect(QuestionAnalysis.asksTotal("how much was the bike service all up"))
        #expect(!QuestionAnalysis.asksTotal("who set it all up?"))
        #expect(!QuestionAnalysis.asksTotal("when are all the upstairs windows due"))
    }

    @Test func aBestLineHoldingOnlyTheFilesTopicGivesWayToTheKindAsked() {
        var lines = rankedLines(["- 12 dried lasagne sheets (about 250g)", "4. Preheat the oven to 180°C (160°C fan) / gas mark 4."]) {
            $0 == 0 ? 5 : 0
        }
        lines[1].typed = true
        for i in lines.indices { lines[i].modelScored = true }
        let answerer = ExtractiveAnswerer(configuration: .standard)
        #expect(answerer.choose(lines).map(\.text) == [lines[0].text])
        // "what temperature for the lasagne" in "Jo's mum's lasagne.txt": every line is about lasagne
        lines[0].topical = true
        #expect(answerer.choose(lines).map(\.text) == [lines[1].text])
        #expect(ExtractiveAnswerer.fileTitle("/home/jo/recipes/Jo's mum's lasagne.txt") == "Jo's mum's lasagne")
        #expect(ExtractiveAnswerer.fileTitle(".bashrc") == ".bashrc")
    }

    @Test func theLatestRecordAnswersAQuestionAboutTheLatest() {
        let rows = ["Date: 02/10/2023 (2 October 2023); Mileage: 61240; Type: Major service",
                    "Date: 17/11/2025 (17 November 2025); Mileage: 79302; Type: Interim service",
                    "Date: 21/10/2024 (21 October 2024); Mileage: 70815; Type: Full service"]
        let chunk = sentence(rows.joined(separator: "\n"), prefix: "").chunk
        var start = 0
        let ranked = rows.enumerated().map { i, row -> ScoredSentence in
            defer { start += row.utf8.count + 1 }
            return ScoredSentence(chunk: chunk, range: start..<(start + row.utf8.count), index: i, text: row, words: 9,
                                  coverage: 0.5, contextCoverage: 0.5, score: 1 - Double(i) / 10)
        }
        #expect(LatestRecord.first(ranked, question: "how many miles at the last service?").first?.text == rows[1])
        #expect(LatestRecord.first(ranked, question: "what's the mileage now?").first?.text == rows[1])
        // no latest asked, or "last year" (a period): the ranking stands
        #expect(LatestRecord.first(ranked, question: "how many miles at the major service?").first?.text == rows[0])
        #expect(LatestRecord.first(ranked, question: "how many miles did it do last year?").first?.text == rows[0])
        #expect(LatestRecord.date(in: rows[2]) == 20241021)
        // the next: the first on or after today, the latest when none is; "next week" is a period
        let next = "when's the next service?"
        #expect(LatestRecord.first(ranked, question: next, today: 20240101).first?.text == rows[2])
        #expect(LatestRecord.first(ranked, question: next, today: 20250101).first?.text == rows[1])
        #expect(LatestRecord.first(ranked, question: next, today: 20260101).first?.text == rows[1])
        #expect(LatestRecord.first(ranked, question: next).first?.text == rows[1])
        #expect(LatestRecord.isLatest(ranked[2], in: ranked, question: next, today: 20240101)
            && !LatestRecord.isLatest(ranked[1], in: ranked, question: next, today: 20240101))
        #expect(!LatestRecord.asksLatest("what's on next week") && !LatestRecord.asksLatest("the shed next to the gate")
            && LatestRecord.asksNext("upcoming dentist appointment"))
    }

    @Test func aWeekdayAskedMatchesItsAbbreviation() {
        let terms = QuestionTerms(question: "what time's kick off at farsley on saturday", frequencies: ["farsley": 1, "kick": 1],
                                  chunkCount: 60)
        #expect(terms.matches("[ ] Sat 6 Dec - U11s away at Farsley Celtic Juniors KO 10am").coverage
                > terms.matches("[ ] Sun 7 Dec - U11s away at Farsley Celtic Juniors KO 10am").coverage)
    }

    @Test func clausesSplitAtSeparatorsNotInsideNumbersOrBrackets() {
        let text = "At 10:30, about 1,600 miles (2,600 km, by road) away; then – later – home"
        let bytes = Array(text.utf8)
        let clauses = ClauseWindow.clauses(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(clauses == ["At 10:30,", " about 1,600 miles (2,600 km, by road) away;", " then –", " later –", " home"])
        let trailingDash = Array("then –".utf8)
        #expect(ClauseWindow.trimmed(0..<trailingDash.count, in: trailingDash) == 0..<4)
        // A continuation byte 0x93 of another character is no dash ("ē" is C4 93).
        let macron = Array("Tē".utf8)
        #expect(ClauseWindow.trimmed(0..<macron.count, in: macron) == 0..<macron.count)
    }
}
