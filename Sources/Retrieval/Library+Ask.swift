import Foundation
import Grounding
import Store

/// Diagnostics of one answer: the features behind its confidence (no text).
public struct AnswerDiagnostics: Sendable, Equatable, Codable {
    public var bestCoverage: Double
    public var bestContextCoverage: Double
    /// Retrieval's confidence (gate A's input) and the calibrated one after the gates.
    public var retrievalConfidence: Double
    public var confidence: Double
    public var retrievalMilliseconds: Double
    /// Gate H's findings: salient terms covered (share) and whether the answer type is present.
    public var salientCoverage: Double = 1
    public var answerTypeAgrees: Bool = true
    public var answerType: String = "open"
    /// Rule ids that fired, with counts.
    public var rules: [String: Int] = [:]
    /// The rule that made the answer abstain, nil when it answered.
    public var abstainRule: String?
    /// The features of the calibrated confidence (for fitting its coefficients).
    public var features: AbstentionFeatures?
    /// The cosine of the best sentence's chunk with the question, and the sentence's own when it
    /// was embedded (sentence embedders only).
    public var bestCosine: Double = 0
    public var sentenceCosine: Double?
}

extension Library {
    /// Retrieves and packs the evidence for `question` (hybrid search, DESIGN §9).
    /// `topK` overrides the mode's target number of chunks.
    public func evidence(for question: String, mode: SearchMode = .standard, topK: Int? = nil) throws -> EvidencePack {
        if let topK, topK <= 0 { throw RetrievalError.invalidParameter(name: "topK", reason: "must be positive") }
        let db = try store.database()
        let cfg = configuration.forMode(mode, measuresMeaning: embedder.measuresMeaning)
        let target = cfg.target(mode: mode, topK: topK)
        let searcher = HybridSearcher(configuration: cfg, embedder: embedder)
        // The search runs in one read transaction whose generation must be the vector file's:
        // another process that changed the library meanwhile (chunk ids are reused after a
        // delete) makes the file stale, so it is remapped or rebuilt and the search taken again.
        // A writer that keeps moving the generation gets a search whose vector hits are each
        // checked against the vector stored in its chunk row.
        for attempt in 0...cfg.staleVectorRetries {
            let vectors = try currentVectors(db)
            let pack = try db.read { c -> EvidencePack? in
                try c.execute("BEGIN")
                defer { try? c.execute("COMMIT") }
                let current = try LibraryCatalog.generation(c) == vectors.generation
                guard current || attempt == cfg.staleVectorRetries else { return nil }
                return try searcher.search(question, target: target, vectors: vectors, verifyVectors: !current, c)
            }
            if var pack {
                pack.pdfTexts = pdfTexts
                return pack
            }
        }
        throw RetrievalError.invalidParameter(name: "generation", reason: "the library kept changing during the search")
    }

    /// Answers `question` from the library: the best sentence(s) as claims with exact citations,
    /// or an abstention (no quotes) when the evidence does not support an answer.
    public func ask(question: String, mode: SearchMode = .standard, topK: Int? = nil) throws -> LibraryAnswer {
        try answerWithDiagnostics(question: question, mode: mode, topK: topK).answer
    }

    /// `ask`, plus the features behind the confidence (for evaluation and calibration). Deep and
    /// maximum modes loop (`deliberate`).
    public func answerWithDiagnostics(question: String, mode: SearchMode = .standard,
                                      topK: Int? = nil) throws -> (answer: LibraryAnswer, diagnostics: AnswerDiagnostics) {
        let result = try deliberate(question: question, mode: mode, topK: topK)
        return (result.answer, result.diagnostics)
    }

    /// The extractive answer from `pack`, through the grounding pipeline.
    public func answer(question: String, pack: EvidencePack, mode: SearchMode) -> (answer: LibraryAnswer, diagnostics: AnswerDiagnostics) {
        let terms = pack.terms
        let answerer = ExtractiveAnswerer(configuration: configuration)
        let answerType = QuestionAnalysis.answerType(of: question)
        // Cosines weigh in only for a sentence embedder (the hashing embedder's are not comparable).
        let semantic = embedder.measuresMeaning
        var ranked = answerer.rank(pack, terms: terms, question: question, answerType: answerType, semantic: semantic)
        if semantic { ranked = answerer.rescoreSemantically(ranked, question: question) { try embedder.embed($0) } }
        var confidence = answerer.confidence(ranked.first, terms: terms, semantic: semantic)
        let runnerUp = ranked.dropFirst().first { $0.chunk.docId != ranked.first?.chunk.docId }
            .map { answerer.confidence($0, terms: terms, semantic: semantic) }
        var diagnostics = AnswerDiagnostics(bestCoverage: ranked.first?.coverage ?? 0,
                                            bestContextCoverage: ranked.first?.contextCoverage ?? 0,
                                            retrievalConfidence: confidence, confidence: confidence,
                                            retrievalMilliseconds: pack.trace.milliseconds,
                                            answerType: answerType.rawValue)
        diagnostics.bestCosine = Double(ranked.first?.chunk.cosine ?? 0)
        diagnostics.sentenceCosine = ranked.first?.sentenceCosine
        var citations: [LibraryAnswer.Citation] = []
        func cite(_ s: ScoredSentence) -> Int? {
            guard let citation = pack.citation(of: s.chunk, textRange: s.range) else { return nil }
            if let existing = citations.firstIndex(of: citation) { return existing }
            citations.append(citation)
            return citations.count - 1
        }
        /// The best sentence of each further document, strongest first, up to `maxCitations`.
        func citeFurtherEvidence() {
            var citedDocs = Set(citations.map(\.docId))
            for sentence in ranked where citations.count < configuration.maxCitations && !sentence.chunk.isNeighbour {
                guard citedDocs.insert(sentence.chunk.docId).inserted else { continue }
                _ = cite(sentence)
            }
        }

        var window = ClauseWindow(question: question, terms: terms, maxWords: configuration.clauseWindowWords,
                                  recordWords: configuration.recordWindowWords) {
            answerType != .open && answerType.isSatisfied(by: $0, question: question)
        }
        window.kindLabel = answerType.isLabel
        window.kindJoins = answerType == .place
        let moneyLabels = QuestionAnalysis.moneyLabelWords(of: question, answerType: answerType)
        if !moneyLabels.isEmpty { window.askedLabel = { !moneyLabels.isDisjoint(with: $0) } }
        let days = DayMonths.of(question), total = QuestionAnalysis.asksTotal(question)
        let askedNoun = QuestionAnalysis.askedNoun(of: question)
        let today = LatestRecord.asksNext(question) ? self.today : nil
        let latest: ((ScoredSentence) -> ScoredSentence)? = LatestRecord.asksLatest(question) ? { anchor in
            LatestRecord.latest(of: anchor, in: ranked, question: question, terms: terms, askedNoun: askedNoun, today: today)
        } : nil
        var chosen: [ScoredSentence] = answerer.choose(ranked, askedNoun: askedNoun,
                                     keyed: QuestionAnalysis.keyedNumbers(of: question),
                                     calendar: QuestionAnalysis.calendarWords(of: question),
                                     dates: days, total: total, price: QuestionAnalysis.asksPrice(question),
                                     latest: latest, answerType: answerType,
                                     owner: QuestionAnalysis.contactOwner(of: question),
                                     kindTerms: terms.terms.map { QuestionAnalysis.namesKind($0.word) })
        // "when" asked of an entry under a dated heading ("### Mon 2 June — SWARM!" over "Dave
        // rang about 2pm: swarm in the hedge"): the heading says the day
        if answerType == .time, !AnswerType.asksClockTime(TextSignals.words(question)),
           let first = chosen.first, !TextSignals.hasDate(first.text),
           let heading = ExtractiveAnswerer.datedHeading(above: first) {
            chosen.insert(heading, at: 0)
        }
        chosen = chosen.flatMap { window.narrowed($0, limit: configuration.answerMaxWords) }
        let grounding = configuration.grounding(mode)
        if semantic, confidence < grounding.tau,
           let cosine = rescueCosine(question: question, pack: pack, chosen: chosen) {
            diagnostics.sentenceCosine = cosine
            if cosine >= configuration.sentenceRescueCosine {
                confidence = grounding.tau
                diagnostics.retrievalConfidence = grounding.tau
            }
        }
        // An answer singled out by the total or the day asked stands: a casual question's words
        // seldom cover the row, which says what was asked all the same.
        // So does the latest record asked for that names the thing asked ("the latest balance on
        // my chase account": the last row's `Balance: 2106.60`), and a line holding the phone or
        // email asked for ("number to ring if dad needs to rearrange his eye appt"; gates H9 and
        // H2 still judge whose it is).
        // So does a field labelled with the whole noun asked whose file and chunk hold most of
        // the question ("the arrival window for mark ellery on 19th feb": `Arrival window: 08:00 –
        // 12:00` in the appointment's confirmation).
        let labelledBar = configuration.labelledNounContextCoverage
        let referenceAsked = answerType == .identifier && askedNoun.last.map(QuestionAnalysis.identifierWords.contains) == true
        let labelForms = ExtractiveAnswerer.labelForms(askedNoun), questionStems = TextSignals.stems(question)
        let labelled = chosen.contains {
            $0.contextCoverage >= labelledBar
                && ExtractiveAnswerer.labelsAsked($0.whole ?? $0.text, labelForms, question: questionStems, reference: referenceAsked)
        }
        if confidence < grounding.tau, let first = chosen.first,
           ExtractiveAnswerer.singledOut(first, total: total, dates: days, answerType: answerType,
                                         latest: LatestRecord.isLatest(first, in: ranked, question: question, terms: terms, today: today)
                                            && ExtractiveAnswerer.holdsNoun(first, askedNoun))
            || labelled {
            confidence = grounding.tau
            diagnostics.retrievalConfidence = grounding.tau
        }
        // So does a reference asked, from a field labelled with it, against a sensitive domain's
        // bar ("lawyer file number": the letter's `Our file: HP-2025-0419`): a reference quoted is
        // no legal or financial claim.
        if answerType == .identifier, confidence < grounding.sensitiveTau, labelled {
            confidence = grounding.sensitiveTau
            diagnostics.retrievalConfidence = confidence
        }
        // A contact's line that names at least half of whose it is stands against a sensitive
        // domain's bar as well ("GP surgery phone number": the card's `title: GP; work phone: …`):
        // a number to ring is no medical or financial claim. A line naming fewer keeps the bar
        // ("mobile number for hafiz at parc verdana": the venue's `Contact No.`); a question that
        // names no one ("what's the phone number?") is judged by the line's type alone.
        if answerType == .phone || answerType == .email, confidence < grounding.sensitiveTau, let first = chosen.first, first.typed,
           case let owner = QuestionAnalysis.contactOwner(of: question),
           2 * owner.filter({ QuestionAnalysis.namesOwner([$0], in: first.whole ?? first.text) }).count >= owner.count {
            confidence = grounding.sensitiveTau
            diagnostics.retrievalConfidence = confidence
        }
        let pipeline = GroundingPipeline(configuration: grounding)
        let idf = Dictionary(terms.terms.filter { $0.df > 0 }.map { ($0.word, $0.idf) }, uniquingKeysWith: max)
        // The opening lines of the files the claims cite (gate H's title block), read once per
        // file when the gates first judge one of its lines. A failed read leaves them empty: the
        // gates then read a line's numbers and months in it and its file's name alone.
        var leads: [Int64: String] = [:]
        func readLeads(of sentences: [ScoredSentence]) {
            let missing = Set(sentences.map(\.chunk.docId)).subtracting(leads.keys)
            guard !missing.isEmpty else { return }
            let read = (try? store.database().read { try LibraryCatalog.leads(of: missing, $0) }) ?? [:]
            for doc in missing { leads[doc] = read[doc] ?? "" }
        }
        /// The gates over `sentences` as the claims, each citing its own evidence.
        func ground(_ sentences: [ScoredSentence]) -> (outcome: GroundingOutcome, citations: [Int?]) {
            citations.removeAll()
            readLeads(of: sentences)
            let claimCitations = sentences.map(cite)
            let input = GroundingInput(
                question: question,
                evidence: sentences.map { GroundingEvidence(text: $0.chunk.text, documentID: $0.chunk.docId,
                                                            similarity: Double($0.chunk.cosine), context: $0.context,
                                                            title: ExtractiveAnswerer.fileTitle($0.chunk.path),
                                                            lead: leads[$0.chunk.docId] ?? "") },
                claims: sentences.enumerated().map { i, s in
                    GroundingClaim(text: s.text, citations: [i], quotesVerified: claimCitations[i] != nil, verbatim: true,
                                   whole: s.whole)
                },
                retrievalConfidence: confidence, runnerUpConfidence: runnerUp, idf: idf)
            return (pipeline.run(input), claimCitations)
        }
        var (outcome, claimCitations) = ground(chosen)
        var rules = outcome.ruleCounts
        // A phone or an email asked for, from a line gate H finds someone else's (H9: "kettenblatt
        // phone" chose a line of an email about a phone): the next lines that hold one and name
        // whose it is themselves are tried, best first, and the first the gates pass answers (the
        // bike shop's `Tel. 030 23125 687` under its name); every try's firings are counted, with
        // `H0.next-line-tried`.
        let owner = QuestionAnalysis.contactOwner(of: question)
        if outcome.abstainRule?.rawValue == "H0.all-claims-dropped", answerType == .phone || answerType == .email, !owner.isEmpty {
            let dropped = chosen, first = (outcome, claimCitations, citations)
            let next = ranked.lazy.filter { s in
                s.typed && QuestionAnalysis.namesOwner(owner, in: s.whole ?? s.text)
                    && !QuestionAnalysis.recordOfAnother(s.whole ?? s.text, owner: owner)
                    && !dropped.contains { $0.chunk.chunkId == s.chunk.chunkId && $0.range.overlaps(s.range) }
            }.prefix(configuration.contactLineTries)
            for (n, sentence) in next.enumerated() {
                let lines = window.narrowed(sentence, limit: configuration.answerMaxWords)
                let tried = ground(lines)
                rules.merge(tried.outcome.ruleCounts, uniquingKeysWith: +)
                rules["H0.next-line-tried"] = n + 1
                if tried.outcome.abstainRule == nil {
                    (chosen, outcome, claimCitations) = (lines, tried.outcome, tried.citations)
                    break
                }
            }
            if outcome.abstainRule != nil { (outcome, claimCitations, citations) = first }
        }
        diagnostics.confidence = outcome.confidence
        diagnostics.rules = rules
        diagnostics.abstainRule = outcome.abstainRule?.rawValue
        diagnostics.features = outcome.features
        diagnostics.salientCoverage = outcome.gates[.completeness]?.score ?? diagnostics.salientCoverage
        diagnostics.answerTypeAgrees = !(outcome.gates[.completeness]?.firings.contains { $0.rule.rawValue.hasPrefix("H1") } ?? false)
        let gates = GroundingReport.gates(outcome)

        if let rule = outcome.abstainRule {
            var kept: [LibraryAnswer.Citation] = []
            if configuration.citeEvidenceWhenAbstaining, !ranked.isEmpty {
                citations.removeAll()
                citeFurtherEvidence()
                kept = citations
            }
            let answer = LibraryAnswer(question: question, answer: nil, abstained: true,
                                       abstainReason: GroundingReport.reason(rule, empty: ranked.isEmpty), claims: [],
                                       citations: kept, confidence: min(outcome.confidence, confidence), gates: gates,
                                       grounding: rules)
            return (answer, diagnostics)
        }
        var claims: [LibraryAnswer.Claim] = []
        for i in outcome.keptClaims {
            guard let index = claimCitations[i] else { continue }
            claims.append(.init(text: chosen[i].answerText, citations: [index]))
        }
        citeFurtherEvidence()
        var text = LibraryAnswer.joined(claims.map(\.text))
        if !outcome.unansweredParts.isEmpty, outcome.gates[.completeness]?.firings.contains(where: { $0.rule.rawValue.hasPrefix("H1") }) == true {
            text += " (Not found in the documents: \(outcome.unansweredParts.joined(separator: ", ")).)"
        }
        let answer = LibraryAnswer(question: question, answer: text, abstained: false, abstainReason: nil, claims: claims,
                                   citations: citations, confidence: outcome.confidence, gates: gates,
                                   grounding: rules)
        return (answer, diagnostics)
    }
}
