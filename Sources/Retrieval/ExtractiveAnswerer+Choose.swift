import Foundation
import Grounding

/// Which of the ranked sentences answer (`choose`): a field labelled with the noun asked, the row
/// of the total or the day asked, the latest record asked for, the line holding the kind of answer
/// asked for, and the sentences that join the best.
extension ExtractiveAnswerer {
    /// The answer sentences: the best, and a second one from the same document when its score is
    /// at least `secondSentenceRatio` of the best, its own coverage of the question's terms at
    /// least `secondSentenceCoverageRatio` of the best's (the chunk's share and strength, which
    /// sentences of one chunk have alike, do not carry it in), and both fit in `answerMaxWords`.
    func choose(_ ranked: [ScoredSentence], askedNoun: [String] = [], keyed: [(noun: String, number: String)] = [],
                calendar: Set<String> = [], dates: Set<DayMonth> = [], total: Bool = false, price: Bool = false,
                latest: ((ScoredSentence) -> ScoredSentence)? = nil,
                answerType: AnswerType = .open, owner: [String] = [], kindTerms: [Bool] = []) -> [ScoredSentence] {
        guard var best = ranked.first else { return [] }
        // A line that holds only its file's name's words ("Subject: Booking confirmed – Tigh na
        // Mara") says which file answers; the file's line that holds a question word its name
        // lacks ("Nearest shop: Co-op, Dunvegan (9 miles / 14 km)") says what.
        // (a row of a file named for its rows' topic — "heating service history (boiler + heat
        // pump).csv" — is one record among others, not the file's name)
        if best.topical, !TextSignals.isRecord(best.text), let specific = ranked.first(where: {
            $0.chunk.docId == best.chunk.docId && !$0.topical && $0.found.contains(true)
        }) {
            best = specific
        }
        // A total asked ("total honey sales 2025?", "total business miles in the van log"): a
        // spreadsheet's TOTAL row, not one of the rows it sums.
        // Or the best document's line labelled as a total ("what does the skye cottage cost
        // altogether": `Total cost: £1,005.00`).
        // Of another file, the row or line of totals that holds as much of the question, or whose
        // file and rows hold most ("the grand total of the shared bills on the utilities sheet":
        // `Month: TOTAL` of "Utilities split", not the notes' `Room: Total rent`; "total energy
        // bill for october": the October bill's `Total charges this period ..... £124.62`, not the
        // bank's direct debit to the supplier).
        // A record that names what the total is of stands against its own file's TOTAL ("total
        // for brambles dental at ffynnon": the ledger's row `Ffynnon Vets inv 77120 - Bramble
        // dental`, not the ledger's TOTAL).
        if total, !Self.isTotal(best.text) {
            let own = ranked.first {
                $0.chunk.docId == best.chunk.docId && Self.isTotal($0.text) || $0.coverage >= best.coverage && Self.isTotalRow($0.text)
            }
            let other = ranked.filter { $0.contextCoverage >= best.contextCoverage && Self.isTotal($0.text) }
                .max { $0.contextCoverage < $1.contextCoverage }
            if let row = own ?? other, row.chunk.docId != best.chunk.docId || !Self.namesMore(best, than: row) { best = row }
        }
        // A price asked of the thing the best line's document is about: its document's line
        // labelled as a total (`Total paid: £186.40`) — when the best line states no amount ("how
        // much did the instrument insurance renewal cost": "Thank you for renewing…") and the
        // total's file and chunk hold as much of the question, or when the best is one of the
        // items the total sums and holds no more of the question ("how much is the western
        // tunnels quote": `Total: €2,045.00` under the quote's heading, not its labour line).
        if price, !total, !Self.isTotal(best.text), let line = ranked.first(where: {
            $0.chunk.docId == best.chunk.docId && $0.typed && Self.isTotalLine($0.text, leaders: false)
                && (best.typed ? $0.coverage >= best.coverage : $0.contextCoverage >= best.contextCoverage)
        }) {
            best = line
        }
        // The day of the year the question names ("am I working on 6 May?": the row dated
        // 06/05/2026, not 4 May's), from the best sentence's document or one that holds as much
        // of the question. Every line of a file named for that one day is on it ("how many oat
        // milks did we sell on the 16th": `tillpoint_export_2026-04-16.json`'s `Oat milk; qty:
        // 47`, not its refund stamped 16 April).
        var fileDays: [Int64: Bool] = [:]
        func onDay(_ s: ScoredSentence) -> Bool {
            if DayMonths.matches(dates, DayMonths.of(s.text)) { return true }
            if let known = fileDays[s.chunk.docId] { return known }
            let named = DayMonths.of(Self.fileTitle(s.chunk.path))
            let day = named.count == 1 && DayMonths.matches(dates, named)
            fileDays[s.chunk.docId] = day
            return day
        }
        if !dates.isEmpty, !onDay(best), let day = ranked.first(where: {
            ($0.chunk.docId == best.chunk.docId || $0.coverage >= best.coverage) && onDay($0)
        }) {
            best = day
        }
        // A day or month the question names, which the best sentence lacks and one of its
        // document's holds ("close on a thursday": the Thursday row, not Friday's), or one of
        // another document's that holds as much of the question.
        // (A total asked of a file named for the months asked stands: "total invoiced jan-mar" and
        // the TOTAL row of "Invoice register 2026 (Jan-Mar)", "total energy bill for october" and
        // the line of "clyde_energy_bill_oct2025".)
        // (a month set against its year in a file's name is named all the same: `…_oct2025.txt`)
        // (or its passage dates it in the month: a PDF invoice's `Period 01/10/2025 – 31/10/2025`
        // above its `Total due: €257.38`, for "total of the october carewell invoice")
        let periodTotal = total && Self.isTotal(best.text) && (Self.names(
            Self.fileTitle(best.chunk.path).replacingOccurrences(of: #"(?<=\p{L})(?=\d)"#, with: " ", options: .regularExpression), calendar)
            || !Set(calendar.compactMap { DayMonths.months[$0] }).isDisjoint(with: DayMonths.of(best.chunk.text).map(\.month)))
        if !calendar.isEmpty, !periodTotal, !Self.names(best.text, calendar), dates.isEmpty || !onDay(best),
           let dated = ranked.first(where: {
               ($0.chunk.docId == best.chunk.docId || $0.coverage >= best.coverage) && Self.names($0.text, calendar)
           }) {
            best = dated
        }
        // A record keyed by the number the question gives its noun ("who's got plot 7?": "Plot: 7;
        // Plot holder(s): Kevin Doyle", not plot 9's row paid on 7 April).
        if !keyed.isEmpty, !Self.keys(best.text, keyed), let record = ranked.first(where: { Self.keys($0.text, keyed) }) {
            best = record
        }
        // A field of the best sentence's document labelled with what the question asks about
        // answers it ("who's our landlord?": "Landlord: Mr Graham Pellow", not a clause about the
        // Landlord's consent). Of several such fields, the one that holds most of the question
        // ("who's Ellie's French teacher?": French's row of a table of subjects and teachers).
        // Of fields labelled alike ("Confirmation number", "Customer number"), the one whose label
        // holds more of the noun asked.
        let nouns = Self.labelStems(askedNoun)
        let nounForms = Self.labelForms(askedNoun)
        // (a best line with a field whose label holds the noun anywhere — "insured value: 2699.0"
        // for "what's the 85mm insured for" — keeps it)
        if !askedNoun.isEmpty, Self.labelShare(best.text, nounForms) == 0 {
            // (another record of the file must hold as much of the question: Kenji's `address (home)`
            // is not Lauren's — unless the best's own field is blank: `Inspector: —`)
            let record = TextSignals.isRecord(best.text) && !Self.labels(best.text, nouns, blank: true)
            func asMuch(_ s: ScoredSentence) -> Bool { !record || s.coverage >= best.coverage }
            var labelled = ranked.filter { $0.chunk.docId == best.chunk.docId && Self.labels($0.text, nouns) && asMuch($0) }
            // none in its file, nor the noun at all: one of a file that holds as much of the
            // question ("when does the outback registration run out": the DMV page's `New
            // expiration`, not the card's payment)
            if labelled.isEmpty, TextSignals.stems(best.text).isDisjoint(with: nouns) {
                labelled = ranked.filter { $0.contextCoverage >= best.contextCoverage && Self.labels($0.text, nouns) }
            }
            let key = { (s: ScoredSentence) in (Self.labelShare(s.text, nounForms), s.coverage) }
            if let most = labelled.map(key).max(by: <), let field = labelled.first(where: { key($0) == most }) {
                best = field
            }
        }
        // A field labelled with the whole noun asked ("Confirmation number: RN-26-0403-7F3K9Q" for
        // "what's the confirmation number") answers whatever its value looks like.
        let answeringField = askedNoun.count > 1 && Self.labelShare(best.text, nounForms) == 1
        // The best sentence lacks the kind of answer asked for (a temperature, a date): a sentence
        // of the same document that holds it, scoring close, answers instead.
        // Another record must hold as much of the question: Jon's record has an email address,
        // but it does not answer for Dean's. A line that holds only its file's name's words
        // ("Subject: Claim HW-2291847 - water heater") says which file, not which of its lines.
        let record = TextSignals.isRecord(best.text) && !best.topical
        if !best.typed, !answeringField, configuration.typedAnswerLogOdds > 0,
           let typed = ranked.first(where: {
               $0.typed && $0.chunk.docId == best.chunk.docId && (!record || $0.coverage >= best.coverage)
           }),
           best.topical || (best.modelScored ? best.score - typed.score <= configuration.typedAnswerLogOdds
                                             : typed.score >= configuration.secondSentenceRatio * best.score) {
            best = typed
        }
        // The kind asked, which the best document's lines lack: another document's line holding it
        // and as much of the question answers — a phone number or an email address whatever its
        // score ("wren albright's phone number": the planner's line of the timeline, not the
        // mileage log's trip with her), another kind (an amount, a day, a time) when it scores
        // close ("how much was the tri suit": the bank's row for `TRISUIT`, not the checklist's
        // "New tri suit (arrived 24/03)").
        // A phone or email asked of someone (`owner`: `QuestionAnalysis.contactOwner`, "deb phone
        // number"): the first line holding one that names them, though it covers less ("deb" and
        // "phone", where the calendar's "Deb - year-end prep… home office numbers" covered "deb"
        // and "number").
        let contact = answerType == .phone || answerType == .email
        if !best.typed, answerType != .open,
           let typed = ranked.first(where: { $0.typed && $0.coverage >= best.coverage })
            ?? (contact && !owner.isEmpty ? ranked.first(where: { $0.typed && QuestionAnalysis.namesOwner(owner, in: $0.text) }) : nil),
           contact || configuration.typedAnswerLogOdds > 0
            && (best.modelScored ? best.score - typed.score <= configuration.typedAnswerLogOdds
                                 : typed.score >= configuration.secondSentenceRatio * best.score) {
            best = typed
        }
        // The kind asked, which the best line names by the question's own word for it and does
        // not hold ("girolles price": `Remarks: prices on cèpes/girolles are indicative…`): a
        // line of its document that holds it and every other question word the best holds
        // answers (`Girolles (selon arrivage) ........ 29,50 / kg`): the word names the kind, the
        // line that holds the kind need not.
        func kindTerm(_ t: Int) -> Bool { t < kindTerms.count && kindTerms[t] }
        if !best.typed, answerType != .open, best.found.indices.contains(where: { best.found[$0] && !kindTerm($0) }),
           best.found.indices.contains(where: { best.found[$0] && kindTerm($0) }),
           let typed = ranked.first(where: { s in
               s.typed && s.chunk.docId == best.chunk.docId
                   && best.found.indices.allSatisfy { !best.found[$0] || kindTerm($0) || $0 < s.found.count && s.found[$0] }
           }) {
            best = typed
        }
        // The latest asked for ("the latest balance on my chase account"): of the record chosen,
        // its file's latest that holds as much (`LatestRecord`), though the line ranked best was
        // another file's.
        if let latest, TextSignals.isRecord(best.text) { best = latest(best) }
        var chosen = [best]
        let bestOnDay = !dates.isEmpty && onDay(best)
        let bestTotal = (total || price) && Self.isTotal(best.text)
        // Still without it, the sentence right after the best one in its paragraph that holds it
        // joins ("…Rainbow Kids' Club will be open on the INSET day…" then "The cost for the full
        // day is £32.00 per child" for "how much is kids club on the inset day").
        if !best.typed, configuration.typedNextSentenceJoins,
           let next = ranked.first(where: { $0.typed && $0.chunk.chunkId == best.chunk.chunkId && $0.index == best.index + 1 }),
           adjacent(next, best), best.words + next.words <= configuration.answerMaxWords {
            chosen.append(next)
        }
        for candidate in ranked where chosen.count < configuration.answerMaxSentences
            && !(candidate.chunk.chunkId == best.chunk.chunkId && candidate.range == best.range) {
            // A CSV row is a record of its own: another row joins only when it covers the question
            // as fully as the best ("groceries in February" is one row, not January's after it).
            if best.chunk.record.kind == .csv, candidate.coverage < best.coverage { continue }
            // When the best sentence holds the kind of answer asked for, a sentence without one
            // does not join it ("Zest of 1 lemon" is not part of the oven's temperature).
            if best.typed, !candidate.typed { continue }
            // Nor does a record of another number when the best is the one asked for (plot 9's
            // row, paid on 7 April, does not join plot 7's).
            if !keyed.isEmpty, Self.keys(best.text, keyed), !Self.keys(candidate.text, keyed) { continue }
            // Nor a line that holds only its file's name's words ("Subject: Your wedding quote –
            // Marple Ridge Barn" beside the quote's reference): it says which file, not what is asked.
            if candidate.topical, !best.topical { continue }
            // Nor a row that the total sums (a total asked, or a price answered by a total).
            if bestTotal, !Self.isTotal(candidate.text) { continue }
            // Nor a record of another day when the best is the day asked for, nor another record
            // of its file when the latest is (`LatestRecord`: the month's last row, alone).
            if bestOnDay, TextSignals.isRecord(candidate.text), !onDay(candidate) { continue }
            if latest != nil, TextSignals.isRecord(best.text), TextSignals.isRecord(candidate.text),
               candidate.chunk.docId == best.chunk.docId { continue }
            guard candidate.chunk.docId == best.chunk.docId,
                  close(candidate, to: best),
                  candidate.coverage >= configuration.secondSentenceCoverageRatio * best.coverage,
                  // A sentence apart from the best must match the question itself: "the sentence
                  // after" often holds a SQuAD answer, an unrelated line three items down does not.
                  adjacent(candidate, best) || addsToAnswer(candidate, best),
                  chosen.reduce(0, { $0 + $1.words }) + candidate.words <= configuration.answerMaxWords,
                  !chosen.contains(where: { overlaps(candidate, $0) }) else { continue }
            chosen.append(candidate)
        }
        return chosen.sorted { a, b in
            (a.chunk.quote(textRange: a.range)?.start ?? 0) < (b.chunk.quote(textRange: b.range)?.start ?? 0)
        }
    }

    /// The heading nearest above `sentence` in its chunk (`TextSignals.headingLine`, as gate H
    /// reads a claim's section) as a sentence of its own, when it holds a date; nil when
    /// the nearest heading holds none or there is none. (Headings are no ranked sentences.)
    static func datedHeading(above sentence: ScoredSentence) -> ScoredSentence? {
        let text = sentence.chunk.text, utf8 = text.utf8
        guard sentence.range.lowerBound <= utf8.count,
              let line = TextSignals.headingLine(before: utf8.index(utf8.startIndex, offsetBy: sentence.range.lowerBound),
                                                      in: text) else { return nil }
        let heading = text[line].trimmingCharacters(in: .whitespacesAndNewlines)
        guard TextSignals.hasDate(heading) else { return nil }
        let lo = utf8.distance(from: utf8.startIndex, to: line.lowerBound)
        var result = sentence
        result.range = lo..<(lo + heading.utf8.count)
        result.text = heading
        result.words = TextSignals.words(heading).count
        result.index = sentence.index - 1
        result.typed = true
        return result
    }

    /// Whether `record`'s own words hold at least two of the question's terms that `other` holds
    /// in neither its text, its heading nor its file's name: it names what is asked, which `other`
    /// does not.
    static func namesMore(_ record: ScoredSentence, than other: ScoredSentence) -> Bool {
        guard TextSignals.isRecord(record.text) || record.chunk.record.kind == .csv else { return false }
        let missing = record.own.indices.filter { t in
            record.own[t] && !(t < other.found.count && other.found[t]) && !(t < other.named.count && other.named[t])
        }
        return missing.count >= 2
    }

    /// Whether `candidate` scores close enough to `best` to join it: within
    /// `secondSentenceLogOdds` for model scores (log-odds), at least `secondSentenceRatio` of the
    /// best for the hand-weighted sum.
    func close(_ candidate: ScoredSentence, to best: ScoredSentence) -> Bool {
        best.modelScored ? best.score - candidate.score <= configuration.secondSentenceLogOdds
                         : candidate.score >= configuration.secondSentenceRatio * best.score
    }
}
