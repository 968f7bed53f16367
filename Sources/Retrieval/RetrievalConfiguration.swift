import Foundation
import Grounding

/// Every number that tunes the library: ingestion, chunking, search, packing and answering.
///
/// One value, passed to `Library`; nothing in the module hard-codes these at call sites.
public struct RetrievalConfiguration: Sendable, Equatable {
    // MARK: Ingestion
    /// Files larger than this are refused before a byte is read (500 MB).
    public var maxFileBytes: Int64 = 500 * 1_000 * 1_000
    /// How long a claimed ticket stays leased without a heartbeat before another worker may take it.
    public var leaseSeconds: Double = 60
    /// Chunks embedded per call to the embedder (a heartbeat follows every batch).
    public var embedBatchSize: Int = 32
    /// When another process holds the worker lock and tickets are still queued, wait up to this
    /// long for it (polling every `busyPollSeconds`) before leaving them to that worker.
    public var busyWaitSeconds: Int = 120
    public var busyPollSeconds: Double = 0.25
    /// Attempts before a ticket that keeps failing is marked `failed`.
    public var maxTicketAttempts: Int = 3
    /// A document's chunks are written in transactions of at most this many chunks, bytes of
    /// text and seconds each, so another writer (a capture during a 200 MB add) gets the write
    /// lock well within its busy timeout. The document becomes searchable in one last, small
    /// transaction.
    public var commitMaxChunks: Int = 256
    public var commitMaxBytes: Int = 1 << 20
    public var commitMaxSeconds: Double = 0.2
    /// The full-text index is merged once this many chunks, and this share of the library's,
    /// were deleted since it last was (`Library.mergeSearchIndexIfChurned`), this many pages
    /// per transaction.
    public var ftsMergeMinimumDeleted: Int = 1_000
    public var ftsMergeShare: Double = 0.2
    public var ftsMergePages: Int = 500
    /// A file that failed before is not tried again while its size and modification time are
    /// unchanged; files up to this size must also have the same content hash.
    public var failureHashMaxBytes: Int64 = 8 << 20
    /// Plain (non-terminal) progress lines are printed at most this often.
    public var progressIntervalSeconds: Double = 1

    // MARK: Chunking
    /// Most words in one chunk.
    public var chunkMaxWords: Int = 310
    /// A run of more bytes than this without whitespace (a minified file, a base64 blob, a
    /// document with no spaces) is cut into pieces of this size before tokenising: it bounds the
    /// tokens per chunk and the memory per document.
    public var maxWordBytes: Int = 256
    /// Words repeated from the end of one chunk at the start of the next (whole sentences).
    public var chunkOverlapWords: Int = 50

    // MARK: Search
    /// Evidence chunks wanted in `standard` mode (the target; `topK` overrides it). 8, not 5:
    /// with the sentence model choosing among them, more passages put the answer's document
    /// among the first five cited more often (training pool hit@5 0.954 → 0.973, held out 0.940
    /// → 0.967) at the same containment.
    public var standardTarget: Int = 8
    /// Evidence chunks wanted in `deep` and `maximum` mode.
    public var deepTarget: Int = 10
    public var maximumTarget: Int = 15
    /// Per mode (standard, deep, maximum), the seed's table: candidates considered for MMR
    /// ("results targeted"), the similarity floor for sentence embedders, MMR λ, neighbour radius.
    public var modeResults: [Int] = [30, 35, 50]
    public var modeSimilarityFloor: [Float] = [0.28, 0.25, 0.20]
    public var modeMMRLambda: [Double] = [0.60, 0.55, 0.50]
    public var modeNeighbourRadius: [Int] = [1, 1, 2]
    /// The vector arm asks for `vectorFactor × target` candidates.
    public var vectorFactor: Int = 3
    /// The vector arm's 8-bit first pass keeps `vectorShortlistFactor ×` the candidates it
    /// returns (at least `vectorShortlistMinimum`) and rescores them with the float32 vectors.
    public var vectorShortlistFactor: Int = 8
    public var vectorShortlistMinimum: Int = 128
    /// Threads of the 8-bit scan (a thread takes at least 16,384 rows).
    public var vectorScanThreads: Int = 1
    /// Times a search is taken again when the library changed under the vector file; after
    /// that, its vector hits are checked against the stored vectors instead.
    public var staleVectorRetries: Int = 2
    /// Most candidates the lexical (FTS5 bm25) arm returns.
    public var lexicalLimit: Int = 60
    /// Reciprocal rank fusion constant `k` in `w / (k + rank)`.
    public var rrfK: Double = 60
    /// Fusion weight of the vector arm.
    public var vectorWeight: Double = 0.7
    /// Fusion weight of the lexical arm.
    public var lexicalWeight: Double = 0.3
    /// Candidates whose cosine similarity is below this and that the lexical arm did not find are dropped.
    public var similarityFloor: Float = 0.05
    /// Rerank after fusion: relevance = (1 − w) × fused / best fused + w × idf-weighted share of
    /// question terms in the chunk. 0 keeps the plain fusion order.
    public var rerankWeight: Double = 0.5
    /// The chunk holding the most of the question's weight joins the evidence when it holds this
    /// much more than every chunk chosen (1: never).
    public var uncoveredMargin: Double = 0.05
    /// Document frequencies are counted up to this many chunks (rarer terms weigh more).
    public var frequencyCap: Int = 1_000
    /// The lexical query takes the question's words rarest first while the sum of their chunk
    /// frequencies stays within this budget (the rarest word always goes in); bounds bm25's work.
    public var lexicalPostingBudget: Int = 2_000
    /// MMR chooses among the best `mmrPoolFactor × target` reranked candidates.
    public var mmrPoolFactor: Int = 4
    /// MMR trade-off: 1 = relevance only, 0 = diversity only.
    public var mmrLambda: Double = 0.6
    /// Chunks on each side of a selected chunk pulled in as context.
    public var neighbourRadius: Int = 1
    /// A neighbour's score as a fraction of the chunk it was pulled in by.
    public var neighbourScoreFactor: Double = 0.5
    /// A total or the latest asked: the first and last chunks of each of the first this many
    /// spreadsheets found are pulled in too (its row of totals, its latest rows).
    public var endChunkDocuments: Int = 3
    /// Share of a sentence's ranking coverage weighted among the evidence's own sentences
    /// (`LocalTermWeights`) rather than by the library's chunk frequencies.
    public var localTermWeight: Double = 0.5
    /// Extractive sentence score: coverage + these × context coverage and × retrieval strength,
    /// less the penalty for a sentence from a neighbour chunk.
    /// (0.5 and 0.3 gained 0.02 containment on the tuning set, `intent eval qa --tune`, but let a
    /// second sentence of the same chunk join answers more often — a PDF answer led with an
    /// unrelated sentence — so they stay 0.25 and 0.1 until the second-sentence rule accounts for it.)
    public var sentenceContextWeight: Double = 0.25
    public var sentenceStrengthWeight: Double = 0.1
    public var neighbourSentencePenalty: Double = 0.05
    /// Token budget of the packed evidence (the local model's budget, DESIGN §7).
    public var evidenceTokenBudget: Int = 3_200

    // MARK: Answering
    /// Added to a sentence's score when it holds the kind of answer the question asks for (a date
    /// for "when", a number for "how many", a name for "who").
    public var answerTypeBonus: Double = 0.1
    /// Taken from the score of a sentence that names another of a numbered name the question asks
    /// about ("Super Bowl XIX" for "Who won Super Bowl 50?", `NumberedNames`): hand-weighted, and
    /// in log-odds for `sentenceModel` scores.
    public var otherInstancePenalty: Double = 0.3
    public var otherInstanceLogOdds: Double = 5
    /// Most sentences in an extractive answer.
    public var answerMaxSentences: Int = 2
    /// Most words in an extractive answer.
    public var answerMaxWords: Int = 80
    /// A single answer sentence longer than `answerMaxWords` is narrowed to its clauses that
    /// answer, at most this many words (`ClauseWindow`).
    public var clauseWindowWords: Int = 40
    /// When the best sentence lacks the kind of answer asked for, the next sentence of its
    /// paragraph that holds it joins the answer.
    public var typedNextSentenceJoins: Bool = true
    /// A record answering (a JSON object, a table row; not a CSV row) longer than this many words
    /// is narrowed to its first field and the fields that answer (`ClauseWindow`).
    public var recordWindowWords: Int = 30
    /// A second sentence joins the answer only when its score is at least this share of the best.
    public var secondSentenceRatio: Double = 0.5
    /// The same for sentences scored by `sentenceModel`, whose scores are log-odds: a second
    /// sentence joins when it is at most this far below the best.
    public var secondSentenceLogOdds: Double = 3
    /// …and its own idf-weighted coverage of the question's terms at least this share of the best's
    /// (a sentence of the best one's chunk shares its context and strength, so its score alone lets
    /// an unrelated sentence join). Off: 0.5 gained one tuning question (containment 0.83 → 0.84,
    /// dev unchanged) but lost four held-out ones (0.733 → 0.720): SQuAD answers often sit in the
    /// sentence after the one that matches the question. `intent eval qa --tune second_coverage=…`.
    public var secondSentenceCoverageRatio: Double = 0
    /// A second sentence that is not next to the best one joins only when its own coverage is at
    /// least this share of the best's: an ingredient three lines down or a clause of another
    /// section is no part of the answer.
    public var apartSentenceCoverageRatio: Double = 0.5
    /// When the best sentence lacks the answer type the question asks for and a sentence of the
    /// same document holding it scores at most this far below (log-odds), that one answers
    /// (0: off).
    public var typedAnswerLogOdds: Double = 2
    /// With a sentence embedder: an answer whose retrieval confidence is under gate A's τ is
    /// embedded with the question, and a cosine of at least this lifts the confidence to τ
    /// (0: off). Costs one embedding, only for answers that would abstain at gate A.
    public var sentenceRescueCosine: Double = 0.6
    /// A field labelled with the whole noun asked (`Arrival window: 08:00 – 12:00` for "the
    /// arrival window for mark ellery on 19th feb") stands against gate A when its chunk and file
    /// hold at least this share of the question's weight: they say whose it is (1: off).
    public var labelledNounContextCoverage: Double = 0.6
    /// Confidence = logistic(slope × (evidence − midpoint)), where evidence blends the best
    /// sentence's idf-weighted question-term coverage (this weight) with its chunk's coverage.
    public var sentenceCoverageWeight: Double = 0.65
    public var confidenceMidpoint: Double = 0.44
    public var confidenceSlope: Double = 9
    /// Semantic signals, for sentence embedders only (MiniLM; the hashing embedder's cosines are
    /// not on the same scale, so it keeps the lexical scoring): the cosine of a sentence's chunk
    /// with the question weighs into its score (`sentenceCosineWeight`); the best
    /// `semanticSentenceCount` sentences are embedded and their own cosine with the question weighs
    /// in too (`semanticSentenceWeight`); and retrieval's confidence adds
    /// `confidenceCosineWeight × (cosine − confidenceCosineMidpoint)` of the best sentence's chunk.
    /// Chosen on Fixtures/qa dev + tune (MiniLM; Docs/RETRIEVAL.md, Evaluation): the chunk cosine
    /// at 0.3 picks the answer's paragraph more often (hit@1 0.966 → 0.980); in the confidence it
    /// lets paraphrased answerable questions through gate A and stops off-library ones (their best
    /// chunk's cosine stays under 0.41). Embedding the sentences themselves cost ~8 CPU ms each and
    /// did not choose better (10 sentences at 0.4: hit@1 0.953), so it is off.
    public var sentenceCosineWeight: Double = 0.3
    public var semanticSentenceCount: Int = 0
    /// With a sentence embedder, a candidate sentence's score is this model over its
    /// `SentenceFeatures` instead of the hand-weighted sum above (nil: the sum). Fitted by
    /// `scripts/fit-sentences.py` on the 3,654 answerable questions of `scripts/qa-trainpool.py
    /// --paragraphs 1000` (20 SQuAD articles that the library and its question sets never use);
    /// top-1 sentence holding the answer there 0.742 → 0.752, held out 0.718 → 0.722, top-1
    /// document held out 0.828 → 0.844 (Docs/RETRIEVAL.md). The hashing embedder keeps the sum:
    /// the model weighs MiniLM's cosine.
    public var sentenceModel: SentenceModel? = SentenceModel(weights: [
        6.198, 5.444, 0.407, 0.748, 2.213, 14.049, 1.403, -0.109, 1.487, 0.591, 1.493, -0.624, 0.120, 0.203,
    ])
    public var semanticSentenceWeight: Double = 0
    public var confidenceCosineWeight: Double = 0.6
    public var confidenceCosineMidpoint: Double = 0.4
    /// Subtracted from the evidence when the question has a capitalised word (a name) that occurs
    /// in no chunk: the library knows nothing about what is asked.
    public var unknownNamePenalty: Double = 0.25
    /// Answers whose confidence is below this abstain.
    public var abstainBelowConfidence: Double = 0.5
    /// When abstaining for low confidence, still list the nearest passages as citations (no claims,
    /// no answer text; `confidence` stays below the abstention threshold), so a reader can check
    /// what the library holds. False: abstentions carry no citations.
    public var citeEvidenceWhenAbstaining: Bool = true
    /// Citations returned at most (answer quotes first, then further evidence), before `topK`.
    public var maxCitations: Int = 5
    /// Lines holding a phone or an email tried, best first, after gate H finds the chosen one
    /// someone else's (`Library.answer`).
    public var contactLineTries: Int = 5

    /// Calibration runs: the grounding gates measure but never abstain.
    public var groundingMeasuresOnly = false

    /// The grounding thresholds for `mode`.
    public func grounding(_ mode: SearchMode) -> GroundingConfiguration {
        let c = GroundingConfiguration(mode: mode)
        return groundingMeasuresOnly ? c.measuringOnly : c
    }

    public init() {}

    /// The shipped configuration.
    public static let standard = RetrievalConfiguration()

    /// Evidence chunks wanted for `mode`, unless `topK` is given.
    public func target(mode: SearchMode, topK: Int?) -> Int {
        if let topK, topK > 0 { return topK }
        switch mode {
        case .standard: return standardTarget
        case .deep: return deepTarget
        case .maximum: return maximumTarget
        }
    }

    /// This configuration with `mode`'s row of the table applied. The similarity floor of the
    /// table is for embedders whose cosines measure meaning (MiniLM); the hashing embedder's run
    /// lower, so it keeps `similarityFloor`.
    public func forMode(_ mode: SearchMode, measuresMeaning: Bool) -> RetrievalConfiguration {
        let row = mode == .standard ? 0 : mode == .deep ? 1 : 2
        var c = self
        c.mmrPoolFactor = max(1, modeResults[row] / max(target(mode: mode, topK: nil), 1))
        if measuresMeaning { c.similarityFloor = modeSimilarityFloor[row] }
        c.mmrLambda = modeMMRLambda[row]
        c.neighbourRadius = modeNeighbourRadius[row]
        return c
    }
}

/// How much evidence a question gathers and how strictly it is verified (`Grounding.QualityMode`).
public typealias SearchMode = QualityMode
