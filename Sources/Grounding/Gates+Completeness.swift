import Foundation

/// Gate H — completeness: which parts of the question the answer leaves unanswered. The salient
/// terms of the question (names, numbers, rare words) must be covered by the claims, the
/// sentences around them or their files' names (`GroundingEvidence.title`), and the asked-for
/// answer type (who → a name, when → a date, how many → a number, where → a place) must be
/// present in the claims, beyond what the question says.
///
/// Rules: `H1.answer-type-missing` (noted; lowers the calibrated confidence), `H2.salient-term-uncovered`
/// (one per term, noted), `H3.salient-coverage-below-floor` (abstain: the passage is about the
/// topic but not about what is asked), `H4.question-number-missing` (a number the question
/// states, or a code it gives — `B2.2` — is nowhere near the answer: abstain), `H5.question-month-missing` (a month the question
/// names is not in the answer itself, spelled or in a numeric date, nor in the date that opens
/// its line — "at Tesco in October" answered by a September row: abstain),
/// `H6.record-name-missing` (a record without a name the question asks about, which the library
/// holds elsewhere — Ellie's dose answered by Jack's row: the claim is dropped; a name typed in
/// lower case counts when the evidence writes it as one, `TextSignals.namesByCasing`; a part of a
/// long record is weighed as the whole record, `GroundingClaim.whole`, and a record holds the
/// names of its file's title, `GroundingEvidence.title`),
/// `H9.contact-name-missing` (a phone number or an email address asked for, from a line that
/// holds none of the question's words, nor do the lines around it or its file's name, or from a
/// record whose name field names someone else and another field the asked person: the claim is
/// dropped), `H7.asked-measure-missing` (the question names a measure stated one way — a price, a
/// temperature, a weight, a time of day — and the answer has none, or it asks for a reference of
/// one kind and nothing near the answer names that kind — "policy number", a microchip's — or a
/// postal address, a password or a link and the answer states none, `PostalAddress`,
/// `SecretAndLink`: abstain), `H8.opposite-stated`
/// (the answer states the opposite of a word of the question about the same thing — "a small
/// area" asked, "large areas" stated: abstain; see `Opposites`).
struct CompletenessGate: GroundingGate {
    let id = GateID.completeness

    func evaluate(_ state: inout GroundingState) -> GateOutcome {
        let analysis = state.analysis
        var firings: [Firing] = []
        // A record without a name the question asks about, which the library holds elsewhere, is
        // another record ("How much Calpol should Ellie have?" is not answered by Jack's row): dropped.
        // (a month, a weekday or a named day is a date, H5's to weigh: "on 21 March" and a row of
        // `21/03/2026`; "on paddy's day" and `17/03/2026`; a family word is no name the files
        // write: "Baba's eye operation" and the estimate made out to Mr Vasant Deshpande)
        let questionNames = TextSignals.names(state.input.question)
            .union(TextSignals.namesByCasing(state.input.question, in: state.input.evidence.map(\.text)))
            .subtracting(TextSignals.calendarWords).subtracting(DayMonths.holidayWords)
            .subtracting(TextSignals.kinshipWords)
        let names = analysis.salientWords.indices.filter { i in
            questionNames.contains(analysis.salientWords[i]) && state.input.idf[analysis.salientWords[i]] != nil
        }
        var live = state.live
        if !names.isEmpty {
            // a part of a long record (its asked fields, quoted apart from its lead) is the record's;
            // a record of a file named for someone is theirs ("Ellie parents evening Y10 - notes.md")
            for claim in live where TextSignals.isRecord(state.input.claims[claim].text) {
                let titles = state.cited(claim).map(\.title).joined(separator: " ")
                let stems = TextSignals.stems((state.input.claims[claim].whole ?? state.input.claims[claim].text) + " " + titles)
                guard names.contains(where: { !analysis.covers($0, in: stems) }) else { continue }
                firings.append(Firing(rule: RuleID("H6.record-name-missing"), effect: .dropClaim, claim: claim))
            }
            let dropped = Set(firings.compactMap(\.claim))
            live.removeAll { dropped.contains($0) }
        }
        // A phone number or an email address is someone's: asked for Tomasz's mobile, a line
        // that holds none of the question's words, nor do the lines around it or its file's name,
        // gives another's ("her mobile is 087 555 0107" about Aoife).
        if analysis.answerType == .phone || analysis.answerType == .email {
            let owner = QuestionAnalysis.contactOwner(of: state.input.question)
            for claim in live {
                let cited = state.cited(claim)
                let said = state.input.claims[claim].whole ?? state.input.claims[claim].text
                // (a record's paragraph is other records: a contact card's lines are not Dr Mehra's)
                let record = TextSignals.isRecord(said)
                let text = ([said] + cited.flatMap { [$0.context, $0.title, record ? "" : Self.paragraph(of: said, in: $0.text)] })
                    .joined(separator: " ")
                let ownerless = !owner.isEmpty && !owner.contains { QuestionAnalysis.namesOwner([$0], in: text) }
                guard ownerless || Self.namesAnother(said, asked: names, analysis) else { continue }
                firings.append(Firing(rule: RuleID("H9.contact-name-missing"), effect: .dropClaim, claim: claim))
            }
            live.removeAll { claim in firings.contains { $0.claim == claim && $0.rule.rawValue.hasPrefix("H9") } }
        }
        let claims = live.map { state.input.claims[$0].text }
        // the sentences around a claim, and its file's name ("total honey sales 2025?": the TOTAL
        // row of "Honey sales 2025.csv" holds neither "honey" nor "2025")
        // (a part of a record is near the rest of it: "RF 85mm F1.2" beside its insured value)
        // (and the heading it stands under: "# Departing flights – Wednesday, April 15, 2026" over
        // the flight's row)
        let headings = Dictionary(uniqueKeysWithValues: live.map { claim in
            (claim, state.cited(claim).map { Self.heading(of: state.input.claims[claim].text, in: $0.text) })
        })
        let context = live.flatMap { claim in
            state.cited(claim).flatMap { [$0.context, $0.title] } + (headings[claim] ?? []) + [state.input.claims[claim].whole ?? ""]
        }
        let near = (claims + context).joined(separator: " ")

        let typeText = claims.joined(separator: " ")
        state.answerTypeAgrees = analysis.answerType.isSatisfied(by: typeText, question: state.input.question)
        if !state.answerTypeAgrees {
            firings.append(Firing(rule: RuleID("H1.answer-type-missing"), effect: .note))
            state.unanswered.append(analysis.answerType.missingPart)
        }

        let nearStems = TextSignals.stems(near)
        // (a decimal's parts too: the question's "1.2" reads as the words "1" and "2")
        // (and the opening lines of the claim's file: "total players registered 2025/26" is the
        // Total row of a report whose title block says "season 2025/26")
        let leads = live.flatMap { state.cited($0).map(\.lead) }.joined(separator: " ")
        // (a number written with leading zeros is that number: "mar 1-15" and `03/01/2026 -
        // 03/15/2026`, "unit 402" and `Unit 0402`)
        let nearNumbers = Set(TextSignals.numbersWithWords(near + " " + leads).flatMap { n in
            let unpadded = n.drop { $0 == "0" }
            return [n] + n.split(separator: ".").map(String.init)
                + (unpadded.count < n.count && unpadded.first?.isNumber == true ? [String(unpadded)] : [])
        })
        // A number that is part of a name ("Super Bowl 50") names the topic, not a quantity the
        // answer repeats: the passage the claim cites (its heading included) is near enough.
        let nameNumbers = TextSignals.nameNumbers(state.input.question)
        let citedNumbers = nameNumbers.isEmpty ? [] : Set(live.flatMap { claim in
            state.cited(claim).flatMap { TextSignals.numbers($0.text) }
        })
        // a day the question names is near when a date near the claim is that day ("on 21 March":
        // `Sat 21/03/2026`; "on the 14th": `Sat 14/03/2026`)
        let askedDays = DayMonths.of(state.input.question)
        let nearDays = askedDays.isEmpty ? [] : DayMonths.of(near)
        var covered = 0
        var numberMissing = false
        for (i, (stem, word)) in zip(analysis.salient, analysis.salientWords).enumerated() {
            let isNumber = word.first?.isNumber == true
            let number = TextSignals.numbers(word).first ?? word
            let found = isNumber ? nearNumbers.contains(number) || nearStems.contains(stem) || Self.decade(word, in: nearNumbers)
                || (nameNumbers.contains(number) && citedNumbers.contains(number))
                || askedDays.contains { [$0.day, $0.month].map(String.init).contains(number) && DayMonths.matches([$0], nearDays) }
                                 : analysis.covers(i, in: nearStems)
            if found { covered += 1; continue }
            if isNumber { numberMissing = true }
            firings.append(Firing(rule: RuleID("H2.salient-term-uncovered"), effect: .note))
            state.unanswered.append(word)
        }
        // A code the question gives, letters and digits as one ("the B2.2 course"), is near as
        // written: "B2.1" and a date's "2" are another course.
        let nearCode = Self.alphanumerics(near)
        if Self.codes(state.input.question).contains(where: { !nearCode.contains($0) }) { numberMissing = true }
        // A month the question names must be in the answer itself: a row's neighbours are other
        // records, whose dates say nothing of this one.
        // (a line that opens with a date dates each of its sentences: "07/02/2026: StampMe down for
        // ~2 hours… Support ticket SM-88213.")
        // (a line of no date of its own is dated by its file's name: the TOTAL row of "Invoice
        // register 2026 (Jan-Mar)" for "total invoiced jan-mar", the net pay of
        // "EarningsStatement_0048213_2026-11-06" for "my net pay on the november statement"; and by
        // its file's opening lines: the pool total of a report headed `Period: 03/01/2026 - 03/15/2026`
        // for "total tips mar 1-15")
        let heads = live.flatMap { claim in
            zip(state.cited(claim), headings[claim] ?? []).map { evidence, heading in
                let text = state.input.claims[claim].text
                let undated = DayMonths.of(text).isEmpty && !TextSignals.hasDate(text)
                return Self.datedHead(of: text, in: evidence.text) + (undated ? " " + evidence.title + " " + evidence.lead : "")
                    + (DayMonths.of(heading).isEmpty ? "" : " " + heading)
            }
        }
        let claimStems = TextSignals.stems((claims + heads).joined(separator: " "))
        let claimMonths = Set(DayMonths.of((claims + heads).joined(separator: " ")).map(\.month))
        let monthMissing = analysis.salientWords.indices.contains { i in
            let word = analysis.salientWords[i]
            return TextSignals.monthNames.contains(word) && !analysis.covers(i, in: claimStems)
                && !(DayMonths.months[word].map(claimMonths.contains) ?? false)
        }
        state.salientCoverage = analysis.salient.isEmpty ? 1 : Double(covered) / Double(analysis.salient.count)
        let measureMissing = !claims.isEmpty && (!state.answerTypeAgrees && analysis.answerType.namesMeasure(in: state.input.question)
            || analysis.answerType == .identifier && Self.kindMissing(question: state.input.question, near: nearStems)
            || PostalAddress.asked(in: state.input.question) && !PostalAddress.isStated(in: typeText)
            || SecretAndLink.asked(in: state.input.question).map { !SecretAndLink.isStated($0, in: typeText) } ?? false)
        let opposite = claims.contains { Opposites.contradiction(question: state.input.question, answer: $0) != nil }
        if numberMissing || monthMissing || measureMissing || opposite {
            let rule = numberMissing ? "H4.question-number-missing" : monthMissing ? "H5.question-month-missing"
                : measureMissing ? "H7.asked-measure-missing" : "H8.opposite-stated"
            firings.append(Firing(rule: RuleID(rule), effect: state.configuration.questionNumberMustAppear ? .abstain : .note))
        } else if state.salientCoverage < state.configuration.salientCoverageFloor {
            firings.append(Firing(rule: RuleID("H3.salient-coverage-below-floor"), effect: .abstain))
        }
        return GateOutcome(passed: !firings.contains { $0.effect == .abstain }, score: state.salientCoverage,
                           firings: firings)
    }

    /// Whether `word` is a decade ("1880s", "1990's") and one of its years is among `numbers`
    /// ("in the 1880s": "in 1884").
    static func decade(_ word: String, in numbers: Set<String>) -> Bool {
        let digits = word.prefix(while: \.isNumber)
        guard digits.count == 4, digits.last == "0", ["s", "'s", "’s"].contains(String(word.dropFirst(4))) else { return false }
        return (0...9).contains { numbers.contains(String(digits.dropLast()) + String($0)) }
    }

    /// The codes `text` gives, lowercased, letters and digits only: each run between white space
    /// that holds a letter and a digit, written with a mark inside or three digits, and is no
    /// measure, time or ordinal (`B2.2`, `INV-30418`, `SK2603`; not `U12`, `RAV4`, which files
    /// write in other ways, `O/12A`, `Toyota RAV-4`, nor `85mm`, `10am`, `2nd`, `£40`).
    /// (A reference's form, `AnswerType.isIdentifier`, with a letter in it.)
    static func codes(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).compactMap { written in
            let token = written.trimmingCharacters(in: AnswerType.edgePunctuation)
            let code = alphanumerics(token)
            let marked = token.dropFirst().dropLast().contains { ".-/".contains($0) }
            guard code.contains(where: \.isLetter), marked || code.filter(\.isNumber).count >= 3,
                  AnswerType.isIdentifier(token) else { return nil }
            return code
        }
    }

    /// `text`'s words run together (`TextSignals.words`): "INV-30418" and "inv 30418" alike.
    static func alphanumerics(_ text: String) -> String { TextSignals.words(text).joined() }

    /// True when the question says which reference it asks for and nothing near the answer (its
    /// words' stems, `near`) says so: "pet insurance policy number" answered by a `microchip
    /// number`, "vat registration number" by a sort code. A label's shortening or other spelling
    /// counts (`Acct`, `Ref`, `Reg No`, `license`: `WordVariants`).
    static func kindMissing(question: String, near: Set<String>) -> Bool {
        let kinds = QuestionAnalysis.identifierKinds(TextSignals.words(QuestionAnalysis.numberSigns(question)))
        guard !kinds.isEmpty else { return false }
        return !kinds.contains { kind in
            // (its shortenings only: a verb's forms say no kind, "wiring instructions" for a wire's)
            ([kind] + (WordVariants.shortened[kind] ?? [])).contains { near.contains(TextSignals.stem($0)) }
        }
    }

    /// True when `record` is someone else's: its name field holds none of the asked names
    /// (`names`, indices of the question's salient words), another of its fields one of them —
    /// `name: Mair Jenkins; phone: 07700 900604; home check by: Gareth Llewellyn` gives Mair's
    /// phone, not Gareth's.
    /// (A named record's role fields say who it is too: "landlord email address" and a contact
    /// card's `title: Landlord`, the asked word capitalised as the files write a title.)
    static func namesAnother(_ record: String, asked names: [Int], _ analysis: QuestionAnalysis) -> Bool {
        guard !names.isEmpty else { return false }
        var (own, elsewhere) = nameFields(of: record)
        guard !own.isEmpty else { return false }
        for field in record.components(separatedBy: "; ") {
            guard let (label, value) = TextSignals.labelled(field),
                  roleLabels.contains(TextSignals.words(String(label)).joined(separator: " ")) else { continue }
            own.append(String(value))
        }
        let ownStems = TextSignals.stems(own.joined(separator: " "))
        let elsewhereStems = TextSignals.stems(elsewhere.joined(separator: " "))
        return !names.contains { analysis.covers($0, in: ownStems) } && names.contains { analysis.covers($0, in: elsewhereStems) }
    }

    /// Labels of the fields that say what a named record's person is or works for.
    static let roleLabels: Set<String> = ["title", "job title", "role", "relationship", "organisation", "organization", "company"]

    /// The values of a record's name fields (`name: Mair Jenkins`), and of its other fields; both
    /// empty for a line that is no record.
    static func nameFields(of record: String) -> (own: [String], elsewhere: [String]) {
        guard TextSignals.isRecord(record) else { return ([], []) }
        var own: [String] = [], elsewhere: [String] = []
        for field in record.components(separatedBy: "; ") {
            guard let (label, value) = TextSignals.labelled(field) else { continue }
            let isName = nameLabels.contains(TextSignals.words(String(label)).joined(separator: " "))
            if isName { own.append(String(value)) } else { elsewhere.append(String(value)) }
        }
        return (own, elsewhere)
    }

    /// Labels of the field that says whose a record is.
    static let nameLabels: Set<String> = ["name", "full name", "contact name", "contact", "client name", "customer name",
                                          "member name", "person", "guest name", "patient name"]

    /// The heading `claim` stands under in `text`: the nearest line above it that opens with `#`
    /// (as the extractors write a page's or a document's headings), without its marks; "" when
    /// none is above it or `text` does not hold the claim. A section's heading speaks of each of
    /// its lines: "# Departing flights – Wednesday, April 15, 2026" dates the flights under it.
    static func heading(of claim: String, in text: String) -> String {
        guard let found = text.range(of: claim), let line = TextSignals.headingLine(before: found.lowerBound, in: text) else {
            return ""
        }
        return String(text[line].drop { $0 == "#" || $0 == " " })
    }

    /// The date that opens the line of `text` holding `claim` (`- 07/02/2026:` → "07/02/2026"),
    /// when the claim is not that head itself; "" when the line opens with none.
    static func datedHead(of claim: String, in text: String) -> String {
        guard let found = text.range(of: claim) else { return "" }
        let lineStart = text[..<found.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let before = text[lineStart..<found.lowerBound]
        guard let head = before.range(of: #"^\s*(?:[-*•]\s+)?[^:–]{1,30}(?::\s|\s[–-]\s)"#, options: .regularExpression) else { return "" }
        let candidate = String(before[head])
        return DayMonths.of(candidate).isEmpty ? "" : candidate
    }

    /// The paragraph of `text` that holds `claim`: its lines between blank ones (a quoted
    /// email's `>` alone is blank), as an email signature's name stands three lines above its
    /// phone number; "" when `text` does not hold the claim.
    static func paragraph(of claim: String, in text: String) -> String {
        guard let found = text.range(of: claim) else { return "" }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func blank(_ line: Substring) -> Bool { line.allSatisfy { $0 == ">" || $0.isWhitespace } }
        var offset = text.startIndex
        var first = 0, last = lines.count - 1, claimLine = 0
        for (i, line) in lines.enumerated() {
            let end = text.index(offset, offsetBy: line.count)
            if offset <= found.lowerBound, found.lowerBound <= end { claimLine = i; break }
            offset = text.index(after: end)
        }
        first = claimLine
        while first > 0, !blank(lines[first - 1]) { first -= 1 }
        last = claimLine
        while last < lines.count - 1, !blank(lines[last + 1]) { last += 1 }
        return lines[first...last].joined(separator: "\n")
    }
}
