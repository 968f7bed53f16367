import Foundation
import Grounding

/// A scored sentence of the evidence.
struct ScoredSentence {
    var chunk: EvidenceChunk
    var range: Range<Int>
    /// Its position among the sentences of its chunk.
    var index: Int = 0
    var text: String
    var words: Int
    var coverage: Double
    /// Which of the question's terms it holds (`QuestionTerms.terms` order).
    var found: [Bool] = []
    var contextCoverage: Double
    var score: Double
    /// It holds what the question's answer type asks for (a number for "how many", a temperature
    /// for "what temperature", …).
    var typed: Bool = false
    /// Scored by `RetrievalConfiguration.sentenceModel` (log-odds: differences compare).
    var modelScored = false
    /// The signals the score was made from (`SentenceFeatures.names`).
    var features: [Double] = []
    /// The sentence's own cosine with the question, when it was embedded (`semanticSentenceCount`).
    var sentenceCosine: Double?
    /// The sentences before and after it in its chunk (for gate H's "supporting sentence or its neighbours").
    var context: String = ""
    /// The whole unit it was narrowed from (`ClauseWindow`: a long record's line); nil when whole.
    var whole: String?
    /// Every question term it holds is one its document's file name holds too ("lasagne" in
    /// "Jo's mum's lasagne.txt"): it holds no more of the question than any line of that file.
    var topical = false
    /// Which of the question's terms its document's file name holds (`found`'s order).
    var named: [Bool] = []
    /// Which of the question's terms its own words hold, without its section heading's (`found`
    /// holds those too).
    var own: [Bool] = []
    /// The claim text: the sentence with HTML character references decoded and its line breaks
    /// (a PDF's or a wrapped text file's) read as spaces; the quote stays the source bytes.
    var answerText: String { Self.unwrapped(chunk.record.kind == .html || chunk.record.kind == .email ? HTMLEntities.decode(text) : text) }

    /// `text` with each run of white space that holds a line break made one space, and a quoted
    /// email's `>` marks left out.
    static func unwrapped(_ text: String) -> String {
        guard text.contains(where: \.isNewline) || text.first == ">" else { return text }
        var out = ""
        var pending = ""
        // a quoted email's lines each open with `>` marks, which the unwrapped text drops
        let quotedLines = text.split(separator: "\n").allSatisfy { $0.drop { $0 == " " }.first == ">" }
        var lineStart = true
        for c in text {
            if c.isNewline { lineStart = true }
            if c.isWhitespace || quotedLines && lineStart && c == ">" { pending.append(c.isNewline ? c : " "); continue }
            lineStart = false
            if !pending.isEmpty, !out.isEmpty { out += pending.contains(where: \.isNewline) ? " " : pending }
            pending = ""
            out.append(c)
        }
        return out
    }
}

/// The deterministic rung: picks the best sentence(s) of the evidence as the answer, or abstains.
///
/// A sentence scores by the idf-weighted share of question terms it contains, plus a smaller share
/// for the terms of its chunk and the chunk's retrieval strength. Confidence is a logistic function
/// of the best sentence's coverage and its chunk's coverage; below `abstainBelowConfidence` the
/// answer abstains and carries no quote.
struct ExtractiveAnswerer {
    let configuration: RetrievalConfiguration

    /// Scores every sentence of every packed chunk, best first.
    /// `semantic`: the embedder is a sentence embedder, so its cosines weigh in.
    /// `withFeatures`: fill each sentence's `features` (nil: only when the sentence model scores them).
    func rank(_ pack: EvidencePack, terms: QuestionTerms, question: String = "", answerType: AnswerType = .open,
              semantic: Bool = false, withFeatures: Bool? = nil) -> [ScoredSentence] {
        let model = semantic ? configuration.sentenceModel : nil
        let withFeatures = withFeatures ?? (model != nil)
        let topScore = pack.chunks.map(\.score).max() ?? 1
        let chunkRanks = Dictionary(pack.byStrength.enumerated().map { ($1.chunkId, $0) }, uniquingKeysWith: min)
        let context = SentenceFeatures.QuestionContext(question: question, terms: terms)
        let writingAsked = Self.asksAboutWriting(question)
        var result: [ScoredSentence] = []
        // Each sentence's matches once: its own score, and its neighbours' features.
        let split = pack.chunks.map { chunk -> (bytes: [UInt8], ranges: [Range<Int>], texts: [String], headings: [Bool],
                                                matched: [(coverage: Double, found: [Bool])], own: [[Bool]]) in
            let bytes = Array(chunk.text.utf8)
            let ranges = SentenceSplitter.split(chunk.text, lineMode: chunk.record.kind == .csv || chunk.record.kind == .code)
            let texts = ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
            let headings = Self.headings(texts)
            let slides = chunk.record.kind == .presentation
            let own = texts.map(terms.matches)
            let matched = Self.underHeadings(own, headings: headings, terms: terms,
                                             startsDocument: chunk.ordinal == 0) {
                answerType != .open && answerType.isSatisfied(by: texts[$0], question: question)
            } stamp: { Self.isStamp(texts[$0]) } notes: { slides && texts[$0].hasPrefix(PresentationText.notesLabel) }
            return (bytes, ranges, texts, headings, Self.closingSums(matched, texts: texts, headings: headings, terms: terms),
                    own.map(\.found))
        }
        let local = LocalTermWeights(terms: terms, found: split.flatMap { $0.matched.map(\.found) },
                                     weight: configuration.localTermWeight)
        for (c, chunk) in pack.chunks.enumerated() {
            // The file's name is part of every chunk's context ("Dad - cardiology appt notes
            // 09-04-2026.md", "Appointment confirmed (Dad eye clinic).html"): it tells which file
            // answers, not which of its lines.
            let named = terms.matches(Self.fileTitle(chunk.path)).found
            let contextCoverage = terms.coverage(of: zip(terms.matches(chunk.text).found, named).map { $0 || $1 })
            let (bytes, ranges, texts, headings, matched, own) = split[c]
            let strength = topScore > 0 ? chunk.score / topScore : 0
            let cosine = semantic ? Double(chunk.cosine) : 0
            for (i, range) in ranges.enumerated() {
                let text = texts[i]
                if headings[i] || chunk.ordinal == 0 && i == 0 && ranges.count > 1 && Self.isTitleLine(text) { continue }
                if !writingAsked, Self.isAttribution(text) || Self.isSendingStamp(text) { continue }
                // CSV cells are words too ("Groceries,February,230" is a row of three).
                let words = chunk.record.kind == .csv ? TextTerms.words(text).count : SentenceSplitter.wordCount(bytes[range])
                // Two words make a sentence when one is a number: a list item such as "4 eggs".
                let shortest = chunk.record.kind == .csv || text.contains(where: \.isNumber) ? 2 : 3
                guard words >= shortest else { continue }
                let (lexicalCoverage, found) = matched[i]
                let coverage = local.coverage(lexicalCoverage, found)
                let typed = answerType != .open && answerType.isSatisfied(by: text, question: question)
                let features: [Double] = withFeatures ? [
                    coverage, contextCoverage, strength, chunk.isNeighbour ? 1 : 0, typed ? 1 : 0, cosine,
                    i > 0 ? matched[i - 1].coverage : 0, i + 1 < matched.count ? matched[i + 1].coverage : 0,
                    context.pairsTogether(text), context.rarestMissing(found),
                    found.isEmpty ? 0 : Double(found.filter { $0 }.count) / Double(found.count),
                    log(Double(max(words, 1))) / 5, i == 0 ? 1 : 0, 1 / (1 + Double(chunkRanks[chunk.chunkId] ?? 0)),
                ] : []
                let score = coverage + configuration.sentenceContextWeight * contextCoverage
                    + configuration.sentenceStrengthWeight * strength
                    - (chunk.isNeighbour ? configuration.neighbourSentencePenalty : 0)
                    + (typed ? configuration.answerTypeBonus : 0)
                    + configuration.sentenceCosineWeight * cosine
                result.append(ScoredSentence(chunk: chunk, range: range, index: i, text: text, words: words, coverage: lexicalCoverage, found: found,
                                             contextCoverage: contextCoverage, score: score, typed: typed, features: features,
                                             context: TextSignals.isRecord(text) ? "" : (i > 0 ? texts[i - 1] : "") + " " + (i + 1 < texts.count ? texts[i + 1] : ""),
                                             topical: found.contains(true)
                                                && (zip(found, named).allSatisfy { !$0 || $1 } || Self.isSubjectLine(text)),
                                             named: named, own: own[i]))
            }
        }
        if let model {
            for i in result.indices {
                result[i].score = model.score(result[i].features)
                result[i].modelScored = true
            }
        }
        let numbered = NumberedNames.asked(in: question)
        for i in result.indices where NumberedNames.namesAnother(result[i].text, than: numbered) {
            result[i].score -= result[i].modelScored ? configuration.otherInstanceLogOdds : configuration.otherInstancePenalty
        }
        return result.sorted { $0.score > $1.score }
    }

    /// A section heading's question words count for the sentences under it ("## Summer fair
    /// recap" then "* raised £2,340 in total": the bullet answers "how much did the summer fair
    /// raise"). The document's title — its first heading — is not a section: it is every
    /// sentence's topic, which the chunk's coverage already holds. A heading holds until the next
    /// one (HTML headings carry no level here, so sections do not nest).
    /// The title's words do count for its lead when that is one line (a heading or the chunk's end
    /// after it) holding the kind of answer asked (`typed`) and no `stamp` (`isStamp`): "# Spring
    /// open day" then "Bramley Road allotments, Saturday 9 May 2026" answers "when is the spring
    /// open day" (a line without a date does not take them, so the lead does not outrank a
    /// section that answers). A slide's speaker `notes` end its lead as a heading does: a title
    /// slide's subtitle is its lead.
    static func underHeadings(_ matched: [(coverage: Double, found: [Bool])], headings: [Bool], terms: QuestionTerms,
                              startsDocument: Bool, typed: (Int) -> Bool = { _ in false },
                              stamp: (Int) -> Bool = { _ in false },
                              notes: (Int) -> Bool = { _ in false }) -> [(coverage: Double, found: [Bool])] {
        var heading: [Bool]?
        var title: [Bool]?
        var titleSeen = !startsDocument
        var result = matched
        for i in headings.indices {
            if headings[i] {
                heading = titleSeen ? matched[i].found : nil
                title = titleSeen ? nil : matched[i].found
                titleSeen = true
                continue
            }
            // (the lead a single line: the next is a heading, notes or the chunk's end)
            let lead = i > 0 && headings[i - 1] && (i + 1 == headings.count || headings[i + 1] || notes(i + 1))
                && typed(i) && !stamp(i)
            guard let words = heading ?? title.flatMap({ lead ? $0 : nil }), words.contains(true) else { continue }
            let found = zip(matched[i].found, words).map { $0 || $1 }
            result[i] = (terms.coverage(of: found), found)
        }
        return result
    }

    /// A document's stamp under its title, not its lead: a wholly emphasised line (`_Last updated
    /// 9 April 2026 (Declan)_`) or one saying when it was updated or edited.
    static func isStamp(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        if let first = t.first, first == "_" || first == "*", t.last == first { return true }
        let lower = t.lowercased().drop { $0 == "_" || $0 == "*" }
        return ["last updated", "last edited", "updated", "edited", "last modified"].contains { lower.hasPrefix($0) }
    }

    /// The line under a rule that closes a sum (`Total   £421.60` under `-------`) holds the
    /// question words of the lines the rule closes, up to `sumLines` of them back to a heading:
    /// "the total on Gary's quote for the shower valve and boiler service" is that line.
    static func closingSums(_ matched: [(coverage: Double, found: [Bool])], texts: [String], headings: [Bool],
                            terms: QuestionTerms) -> [(coverage: Double, found: [Bool])] {
        var result = matched
        for i in texts.indices.dropFirst(2) where isRule(texts[i - 1]) && !headings[i - 2] && endsInAmount(texts[i - 2].utf8) {
            var found = matched[i].found
            var k = i - 2
            while k >= 0, i - 1 - k <= sumLines, !headings[k], !isRule(texts[k]) {
                for (t, hit) in matched[k].found.enumerated() where hit { found[t] = true }
                k -= 1
            }
            result[i] = (terms.coverage(of: found), found)
        }
        return result
    }
    static let sumLines = 8

    /// Which of a chunk's units are headings: a Markdown `#` line or a plain text's
    /// (`isPlainHeading`). Read once per chunk, for the sections and for the units that answer.
    static func headings(_ texts: [String]) -> [Bool] {
        texts.indices.map { texts[$0].hasPrefix("#") || isPlainHeading(texts, $0) }
    }

    /// Calibrated confidence from the best sentence; lowered when the question names something
    /// (a capitalised word) that occurs nowhere in the library.
    func confidence(_ best: ScoredSentence?, terms: QuestionTerms, semantic: Bool = false) -> Double {
        guard let best else { return 0 }
        var evidence = configuration.sentenceCoverageWeight * best.coverage
            + (1 - configuration.sentenceCoverageWeight) * best.contextCoverage
        if semantic {
            evidence += configuration.confidenceCosineWeight * (Double(best.chunk.cosine) - configuration.confidenceCosineMidpoint)
        }
        if !terms.unknownNames.isEmpty { evidence -= configuration.unknownNamePenalty }
        let x = configuration.confidenceSlope * (evidence - configuration.confidenceMidpoint)
        return 1 / (1 + exp(-x))
    }

    /// Re-scores the best `semanticSentenceCount` sentences with their own cosine with the
    /// question (one batch through `embed`, the question first) and sorts again. On an embedder
    /// error the ranking stays lexical.
    func rescoreSemantically(_ ranked: [ScoredSentence], question: String,
                             embed: ([String]) throws -> [[Float]]) -> [ScoredSentence] {
        let count = min(configuration.semanticSentenceCount, ranked.count)
        guard count > 0, configuration.semanticSentenceWeight != 0 else { return ranked }
        let head = Array(ranked.prefix(count))
        guard let vectors = try? embed([question] + head.map(\.answerText)), vectors.count == count + 1 else { return ranked }
        let q = vectors[0]
        var result = ranked
        for i in 0..<count {
            let v = vectors[i + 1]
            guard v.count == q.count else { return ranked }
            var dot: Float = 0
            for j in v.indices { dot += v[j] * q[j] }
            result[i].sentenceCosine = Double(dot)
            result[i].score += configuration.semanticSentenceWeight * Double(dot)
        }
        // Only the embedded head is re-ordered: a sentence below it keeps its place.
        let reordered = result.prefix(count).sorted { $0.score > $1.score }
        return reordered + result.dropFirst(count)
    }

    /// Whether a sentence apart from the best one matches the question in its own right: at
    /// least `apartSentenceCoverageRatio` of the best's coverage, and either as much as the best
    /// or a question term the best one lacks (a weaker sentence that only repeats the best one's
    /// words — "boiler", "last" — adds nothing).
    func addsToAnswer(_ candidate: ScoredSentence, _ best: ScoredSentence) -> Bool {
        guard candidate.coverage >= configuration.apartSentenceCoverageRatio * best.coverage else { return false }
        return candidate.coverage >= best.coverage || zip(candidate.found, best.found).contains { $0 && !$1 }
    }

    /// Whether `a` and `b` are neighbouring sentences: next to each other in one chunk, or, across
    /// chunks, with at most `adjacentGapBytes` source bytes (white space, markup) between them.
    func adjacent(_ a: ScoredSentence, _ b: ScoredSentence) -> Bool {
        if a.chunk.chunkId == b.chunk.chunkId {
            guard abs(a.index - b.index) == 1 else { return false }
            // next to each other in one paragraph: not across a blank line, and not a list item
            // beside something else ("Friday 28 May" and the office hours below the list)
            let (first, second) = a.index < b.index ? (a, b) : (b, a)
            let bytes = Array(a.chunk.text.utf8)
            let gap = bytes[first.range.upperBound..<second.range.lowerBound]
            return !String(decoding: gap, as: UTF8.self).contains("\n\n")
                && !SentenceSplitter.startsListItem(bytes, at: first.range.lowerBound)
                && !SentenceSplitter.startsListItem(bytes, at: second.range.lowerBound)
        }
        guard a.chunk.docId == b.chunk.docId, let qa = a.chunk.quote(textRange: a.range),
              let qb = b.chunk.quote(textRange: b.range) else { return false }
        let gap = qa.start >= qb.end ? qa.start - qb.end : qb.start - qa.end
        return gap >= 0 && gap <= Self.adjacentGapBytes
    }
    static let adjacentGapBytes = 24

    func overlaps(_ a: ScoredSentence, _ b: ScoredSentence) -> Bool {
        guard let qa = a.chunk.quote(textRange: a.range), let qb = b.chunk.quote(textRange: b.range) else { return true }
        return qa.start < qb.end && qb.start < qa.end
    }
}
