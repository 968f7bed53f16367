import Foundation
import Grounding
import Testing
@testable import Retrieval

/// The semantic signals of the extractive answerer: the chunk cosine in sentence choice and in
/// retrieval's confidence, and the optional sentence re-scoring (sentence embedders only).
@Suite struct SemanticAnswerTests {
    /// One chunk of one sentence, with the cosine its vector had with the question.
    private func chunk(_ id: Int64, _ text: String, cosine: Float, score: Double = 1, path: String? = nil) -> EvidenceChunk {
        let length = text.utf8.count
        let record = ChunkRecord(id: id, docId: id, path: path ?? "/library/doc\(id).md", kind: .markdown, ordinal: 0, start: 0,
                                 end: length, tokenCount: length / 4, text: text, raw: nil,
                                 segments: [.init(textOffset: 0, sourceOffset: 0, length: length)], encoding: .utf8)
        return EvidenceChunk(chunkId: id, docId: id, path: record.path, ordinal: 0, start: 0, end: length, text: text,
                             tokenCount: record.tokenCount, score: score, cosine: cosine, vectorRank: 1, lexicalRank: 1,
                             isNeighbour: false, record: record)
    }

    private func pack(_ question: String, _ chunks: [EvidenceChunk], terms: QuestionTerms) -> EvidencePack {
        EvidencePack(question: question, chunks: chunks, droppedChunkIds: [], tokensUsed: 0,
                     trace: RetrievalTrace(embedder: "test", generation: 1, target: 5, tokenBudget: 3_200), terms: terms)
    }

    private let question = "Which river floods the valley each spring?"
    private var terms: QuestionTerms {
        QuestionTerms(question: question, frequencies: ["river": 2, "floods": 3, "valley": 2, "spring": 10], chunkCount: 20)
    }

    @Test func chunkCosineChoosesTheParagraphAboutTheQuestion() {
        // The first sentence holds one more question word (lexical choice); the second's chunk
        // is the one whose meaning matches the question.
        let lexicalBest = chunk(1, "The river valley floods in spring when the fair is held.", cosine: 0.05)
        let semanticBest = chunk(2, "Each year the river Arno floods the valley below the town.", cosine: 0.9)
        let answerer = ExtractiveAnswerer(configuration: .standard)
        let p = pack(question, [lexicalBest, semanticBest], terms: terms)
        let lexical = answerer.rank(p, terms: terms, question: question, semantic: false)
        let semantic = answerer.rank(p, terms: terms, question: question, semantic: true)
        #expect(lexical.first?.chunk.chunkId == 1)
        #expect(semantic.first?.chunk.chunkId == 2)
    }

    @Test func aFilesNameIsPartOfEveryChunksContext() {
        let question = "when's dad's next eye appointment?"
        let terms = QuestionTerms(question: question, frequencies: ["dad": 4, "next": 6, "eye": 2, "appointment": 5], chunkCount: 20)
        let cardiology = chunk(1, "Ask about the dizzy spells at the next GP visit.", cosine: 0.5,
                               path: "/home/h/Dad - cardiology notes 09-04-2026.md")
        let eye = chunk(2, "Date: Tuesday 21 April 2026, 10:40am.", cosine: 0.5, path: "/home/h/Appointment confirmed (Dad eye clinic).md")
        let answerer = ExtractiveAnswerer(configuration: .standard)
        let kind = QuestionAnalysis.answerType(of: question)
        let ranked = answerer.rank(pack(question, [cardiology, eye], terms: terms), terms: terms, question: question, answerType: kind,
                                   semantic: true)
        #expect(ranked.first?.chunk.chunkId == 2)
        // without the file names, the line that holds a word of the question
        let bare = answerer.rank(pack(question, [chunk(1, cardiology.text, cosine: 0.5), chunk(2, eye.text, cosine: 0.5)], terms: terms),
                                 terms: terms, question: question, answerType: kind, semantic: true)
        #expect(bare.first?.chunk.chunkId == 1)
        // the name counts for the chunk, not for the line: the date holds no word of the question
        #expect(ranked.first?.found.contains(true) == false && ranked.first?.topical == false)
        #expect((ranked.first?.contextCoverage ?? 0) > (ranked.last?.contextCoverage ?? 1))
        // a line holding only words of its file's name is "topical" (the kind asked may answer instead)
        let lasagne = chunk(3, "- 12 dried lasagne sheets (about 250g)", cosine: 0.5, path: "/r/Jo's mum's lasagne.txt")
        let lasagneTerms = QuestionTerms(question: "what temperature for the lasagne", frequencies: ["lasagne": 3], chunkCount: 20)
        let sheets = answerer.rank(pack("what temperature for the lasagne", [lasagne], terms: lasagneTerms), terms: lasagneTerms,
                                   question: "what temperature for the lasagne")
        #expect(sheets.first?.topical == true)
    }

    @Test func chunkCosineMovesRetrievalConfidenceBothWays() throws {
        let answerer = ExtractiveAnswerer(configuration: .standard)
        let sentence = "Each year the Arno spills over into the valley below the town."
        let high = pack(question, [chunk(1, sentence, cosine: 0.8)], terms: terms)
        let low = pack(question, [chunk(1, sentence, cosine: 0.05)], terms: terms)
        let best = try #require(answerer.rank(high, terms: terms, question: question).first)
        let bestLow = try #require(answerer.rank(low, terms: terms, question: question).first)
        let lexical = answerer.confidence(best, terms: terms, semantic: false)
        let tau = GroundingConfiguration(mode: .standard).tau
        // A paraphrase that gate A would refuse on its words alone passes on its meaning…
        #expect(lexical < tau)
        #expect(answerer.confidence(best, terms: terms, semantic: true) >= tau)
        // …and a chunk far from the question in meaning stays below τ (and below the lexical value).
        #expect(answerer.confidence(bestLow, terms: terms, semantic: true) < lexical)
    }

    @Test func sentenceRescoringReordersOnlyTheEmbeddedHead() throws {
        var configuration = RetrievalConfiguration.standard
        configuration.semanticSentenceCount = 2
        configuration.semanticSentenceWeight = 1
        // The hand-weighted sum's scale (the sentence model's log-odds would outweigh the cosine).
        configuration.sentenceModel = nil
        let answerer = ExtractiveAnswerer(configuration: configuration)
        let p = pack(question, [chunk(1, "The river valley floods in spring when the fair is held.", cosine: 0.5),
                                chunk(2, "Each year the Arno floods the valley below the town.", cosine: 0.5),
                                chunk(3, "The valley has a river and a spring fair.", cosine: 0.5)], terms: terms)
        let ranked = answerer.rank(p, terms: terms, question: question, semantic: true)
        #expect(ranked.count == 3)
        // The question's vector is [1, 0]; the second-ranked sentence points the same way.
        var calls = 0
        let rescored = answerer.rescoreSemantically(ranked, question: question) { texts in
            calls += 1
            #expect(texts.count == 3)
            return [[1, 0], [0, 1], [1, 0]]
        }
        #expect(calls == 1)
        #expect(rescored.map(\.chunk.chunkId) == [ranked[1].chunk.chunkId, ranked[0].chunk.chunkId, ranked[2].chunk.chunkId])
        #expect(rescored[0].sentenceCosine == 1)
        #expect(rescored[2].sentenceCosine == nil)

        struct Broken: Error {}
        let unchanged = answerer.rescoreSemantically(ranked, question: question) { _ in throw Broken() }
        #expect(unchanged.map(\.chunk.chunkId) == ranked.map(\.chunk.chunkId))
        let off = ExtractiveAnswerer(configuration: .standard).rescoreSemantically(ranked, question: question) { _ in
            Issue.record("embedded with the count at 0"); return []
        }
        #expect(off.map(\.chunk.chunkId) == ranked.map(\.chunk.chunkId))
    }

    @Test func theShippedSentenceModelWeighsEveryFeature() throws {
        let model = try #require(RetrievalConfiguration.standard.sentenceModel)
        #expect(model.weights.count == SentenceFeatures.names.count)
    }

    @Test func theSentenceModelScoresOnlyBesideASentenceEmbedder() throws {
        let answerer = ExtractiveAnswerer(configuration: .standard)
        let p = pack(question, [chunk(1, "Each year the river Arno floods the valley below the town.", cosine: 0.7)], terms: terms)
        let semantic = try #require(answerer.rank(p, terms: terms, question: question, semantic: true).first)
        let lexical = try #require(answerer.rank(p, terms: terms, question: question, semantic: false).first)
        #expect(semantic.modelScored && semantic.features.count == SentenceFeatures.names.count)
        #expect(!lexical.modelScored && lexical.features.isEmpty)
        // The features are there when asked for (the candidates file of `intent eval qa`).
        #expect(answerer.rank(p, terms: terms, question: question, withFeatures: true).first?.features.count
                == SentenceFeatures.names.count)
    }

    @Test func theSentenceModelPrefersTheQuestionsWordsTogether() throws {
        // Same words, same chunk cosine: the sentence where "river floods the valley" stands as
        // the question puts it outranks the one with those words scattered.
        let together = chunk(1, "In spring the river floods the valley below the old town.", cosine: 0.6)
        let apart = chunk(2, "The valley town holds a spring fair while the river floods elsewhere.", cosine: 0.6)
        let answerer = ExtractiveAnswerer(configuration: .standard)
        let ranked = answerer.rank(pack(question, [apart, together], terms: terms), terms: terms, question: question,
                                   semantic: true)
        #expect(ranked.first?.chunk.chunkId == 1)
        #expect(SentenceFeatures.QuestionContext(question: question, terms: terms).pairsTogether(together.text)
                > SentenceFeatures.QuestionContext(question: question, terms: terms).pairsTogether(apart.text))
    }

    @Test func aSecondSentenceJoinsAModelScoredAnswerOnlyWithinTheLogOddsMargin() throws {
        let text = "Each year the river Arno floods the valley below the town. The floods come in spring after the snow melts."
        var configuration = RetrievalConfiguration.standard
        let p = pack(question, [chunk(1, text, cosine: 0.7)], terms: terms)
        configuration.secondSentenceLogOdds = 100
        let wide = ExtractiveAnswerer(configuration: configuration)
        #expect(wide.choose(wide.rank(p, terms: terms, question: question, semantic: true)).count == 2)
        configuration.secondSentenceLogOdds = 0
        let narrow = ExtractiveAnswerer(configuration: configuration)
        #expect(narrow.choose(narrow.rank(p, terms: terms, question: question, semantic: true)).count == 1)
    }

    @Test func aSentenceApartFromTheBestJoinsOnlyWhenItMatchesTheQuestionItself() throws {
        // Sentence 1 answers; sentence 2 (next to it) may follow it; sentence 4 is apart and
        // repeats only "river", which the best holds already; sentence 3 is apart and holds
        // "spring", which the best lacks.
        let q = "Which river floods the valley?"
        let t = QuestionTerms(question: q, frequencies: ["river": 2, "floods": 3, "valley": 2, "spring": 3], chunkCount: 20)
        let text = "The river Arno floods the valley every year. Its banks are low. Farmers plant wheat there. The river is long."
        var configuration = RetrievalConfiguration.standard
        configuration.secondSentenceLogOdds = 100
        configuration.sentenceModel = nil
        configuration.secondSentenceRatio = 0
        let answerer = ExtractiveAnswerer(configuration: configuration)
        let p = pack(q, [chunk(1, text, cosine: 0.7)], terms: t)
        let ranked = answerer.rank(p, terms: t, question: q, semantic: false)
        let best = try #require(ranked.first)
        #expect(best.text.hasPrefix("The river Arno"))
        let byText = Dictionary(uniqueKeysWithValues: ranked.map { ($0.text, $0) })
        let next = try #require(byText["Its banks are low."]), apart = try #require(byText["The river is long."])
        #expect(answerer.adjacent(next, best) && !answerer.adjacent(apart, best))
        // across a blank line, or a list item: not one paragraph
        let blocks = "The river Arno floods the valley every year.\n\nIts banks are low.\n- The river is long.\n- It floods."
        let rankedBlocks = answerer.rank(pack(q, [chunk(2, blocks, cosine: 0.7)], terms: t), terms: t, question: q, semantic: false)
        let first = try #require(rankedBlocks.first { $0.index == 0 }), second = try #require(rankedBlocks.first { $0.index == 1 })
        let third = try #require(rankedBlocks.first { $0.index == 2 })
        #expect(!answerer.adjacent(first, second) && !answerer.adjacent(second, third))
        #expect(ExtractiveAnswerer.isTitleLine("Grandma Rose's Banana Bread") && ExtractiveAnswerer.isTitleLine("TENANCY AGREEMENT - SUMMARY"))
        #expect(!ExtractiveAnswerer.isTitleLine("Spare key under the mat") && !ExtractiveAnswerer.isTitleLine("From: Sam Patel")
                && !ExtractiveAnswerer.isTitleLine("The Rent Is Due."))
        for (text, item) in [("- x", true), ("12. x", true), ("3) x", true), ("2026 was", false), ("-x", false)] {
            #expect(SentenceSplitter.startsListItem(Array(text.utf8), at: 0) == item, "\(text)")
        }
        #expect(!answerer.addsToAnswer(apart, best), "it holds less than half the best one's share, and nothing new")
        #expect(answerer.choose(ranked).map(\.text) == ["The river Arno floods the valley every year.", "Its banks are low."])
        // apart, with a question word the best one lacks: it adds to the answer
        let q2 = "Which river floods the valley in spring?"
        let t2 = QuestionTerms(question: q2, frequencies: ["river": 2, "floods": 3, "valley": 2, "spring": 3], chunkCount: 20)
        let text2 = "The river Arno floods the valley. Its banks are low. Farmers plant wheat there. It floods each spring."
        let ranked2 = answerer.rank(pack(q2, [chunk(1, text2, cosine: 0.7)], terms: t2), terms: t2, question: q2, semantic: false)
        let spring = try #require(ranked2.first { $0.text.hasPrefix("It floods") })
        #expect(answerer.addsToAnswer(spring, try #require(ranked2.first)))
    }

    @Test func aSectionHeadingsWordsCountForTheSentencesUnderIt() throws {
        let q = "How much was raised at the summer fair?"
        let t = QuestionTerms(question: q, frequencies: ["summer": 2, "fair": 2, "raised": 2], chunkCount: 20)
        let texts = ["# Summer notes", "Fair weather all week.", "## Summer fair recap", "* raised £2,340 in total",
                     "## Budget", "* balance £3,900"]
        let matched = texts.map(t.matches)
        let under = ExtractiveAnswerer.underHeadings(matched, headings: ExtractiveAnswerer.headings(texts), terms: t, startsDocument: true)
        // the bullet under "Summer fair recap" holds all three words; the title is no section
        #expect(abs(under[3].coverage - 1) < 1e-9)
        #expect(under[1].coverage == matched[1].coverage)
        #expect(under[5].coverage == 0)
        // a chunk that does not start the document: its first heading is a section
        let later = ExtractiveAnswerer.underHeadings(matched, headings: ExtractiveAnswerer.headings(texts), terms: t, startsDocument: false)
        #expect(later[1].coverage > matched[1].coverage)
    }

    @Test func aSentenceWithTheAskedMeasureAnswersForTheBestThatLacksIt() throws {
        let q = "What temperature should the oven be for the lemon cake?"
        let t = QuestionTerms(question: q, frequencies: ["oven": 2, "lemon": 2, "cake": 2], chunkCount: 20)
        let text = "Lemon cake from the lemon cake book. Heat the oven to 180°C."
        var configuration = RetrievalConfiguration.standard
        configuration.sentenceModel = nil
        let p = pack(q, [chunk(1, text, cosine: 0.7)], terms: t)
        let type = QuestionAnalysis.answerType(of: q)
        let ranked = ExtractiveAnswerer(configuration: configuration).rank(p, terms: t, question: q, answerType: type)
        #expect(ranked.first?.text.hasPrefix("Lemon cake") == true, "the title-like sentence holds more of the words")
        #expect(ExtractiveAnswerer(configuration: configuration).choose(ranked).first?.text == "Heat the oven to 180°C.")
        configuration.typedAnswerLogOdds = 0
        #expect(ExtractiveAnswerer(configuration: configuration).choose(ranked).first?.text.hasPrefix("Lemon cake") == true)
    }

    @Test func anAnswersLineBreaksReadAsSpaces() {
        #expect(ScoredSentence.unwrapped("The warranty covers\nparts  and\r\n  labour.") == "The warranty covers parts  and labour.")
        #expect(ScoredSentence.unwrapped("One line.") == "One line.")
    }

    @Test func theMeasureAQuestionAsksForIsNoTermToCover() {
        let words = { (q: String) in QuestionTerms(question: q, frequencies: [:], chunkCount: 10).terms.map(\.word) }
        #expect(words("What temperature should the oven be?") == ["oven"])
        #expect(words("How long does the cake bake?").contains("cake") && !words("How long does the cake bake?").contains("long"))
        // Not after "what": the word is the topic ("the temperature of the sea").
        #expect(words("Why does the temperature fall at night?").contains("temperature"))
        // The verb of a "how much" or "what did I pay" question asks for an amount.
        #expect(words("How much did I spend on fuel in March?") == ["fuel", "march"])
        #expect(words("What did I pay for the boiler service?") == ["boiler", "service"])
        #expect(words("Why did the council spend the money?").contains("spend"))
        // "May" the month is a term; "may" the verb is not.
        #expect(words("Is there an INSET day in May?").contains("may"))
        #expect(!words("Where may I park the car?").contains("may"))
    }
}
