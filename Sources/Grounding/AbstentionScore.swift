import Foundation

/// The features of one answer that the calibrated confidence weighs (DESIGN §9, gate H with A):
/// cheap, deterministic signals of whether the supporting sentence answers *this* question or is
/// only about its topic. Each is 0 when it speaks for the answer and grows as it speaks against it,
/// except `retrievalLogit` and `answerType`.
public struct AbstentionFeatures: Sendable, Equatable, Codable {
    /// log-odds of retrieval's confidence (gate A's input).
    public var retrievalLogit: Double
    /// +1 when the claims hold the asked-for kind of answer beyond the question's own words, -1 when
    /// they do not, 0 for questions that ask for no particular kind ("what", "why", "how").
    public var answerType: Double
    /// Share of the question's salient terms (names, numbers, rare words) that neither the claims
    /// nor their neighbouring sentences contain.
    public var salientUncovered: Double
    /// The rarest question word missing from the claims and their neighbours, as its idf over the
    /// question's largest idf (0 when every word is there): rarity from the library's own counts.
    public var rarestMissing: Double
    /// The rarest question word that the neighbouring sentences hold but the claims do not, as
    /// above (0 when none): the passage has the word, the answer sentence is about something else.
    public var rarestOnlyInNeighbours: Double
    /// Share of the question's adjacent content-word pairs that do not occur close together (within
    /// `AbstentionModel.pairWindow` words) in the claims: the words are there but not in the
    /// relation the question asks about.
    public var pairsApart: Double

    public init(retrievalLogit: Double, answerType: Double, salientUncovered: Double, rarestMissing: Double,
                rarestOnlyInNeighbours: Double, pairsApart: Double) {
        self.retrievalLogit = retrievalLogit; self.answerType = answerType; self.salientUncovered = salientUncovered
        self.rarestMissing = rarestMissing; self.rarestOnlyInNeighbours = rarestOnlyInNeighbours; self.pairsApart = pairsApart
    }

    /// In the order of `AbstentionModel.weights`.
    public var vector: [Double] { [retrievalLogit, answerType, salientUncovered, rarestMissing, rarestOnlyInNeighbours, pairsApart] }
    public static let names = ["retrieval_logit", "answer_type", "salient_uncovered", "rarest_missing",
                               "rarest_only_in_neighbours", "pairs_apart"]
}

/// A logistic model over `AbstentionFeatures`: confidence = σ(intercept + Σ wᵢ·xᵢ). The numbers
/// live in `GroundingConfiguration`; `scripts/fit-abstention.py` fits them on the dev and tuning
/// questions (Fixtures/qa) from `intent eval qa --measure-only --json`.
public struct AbstentionModel: Sendable, Equatable, Codable {
    public var intercept: Double
    public var weights: [Double]
    /// Two question words count as "together" in a claim when at most this many words apart.
    public var pairWindow: Int = 4

    public init(intercept: Double, weights: [Double], pairWindow: Int = 4) {
        self.intercept = intercept; self.weights = weights; self.pairWindow = pairWindow
    }

    public func confidence(_ features: AbstentionFeatures) -> Double {
        let z = zip(weights, features.vector).reduce(intercept) { $0 + $1.0 * $1.1 }
        return 1 / (1 + exp(-z))
    }
}

extension AbstentionFeatures {
    /// The features of the claims standing in `state` (after gate H filled its coverage).
    static func of(_ state: GroundingState) -> AbstentionFeatures {
        let p = min(max(state.input.retrievalConfidence, 1e-4), 1 - 1e-4)
        let analysis = state.analysis
        let type: Double = analysis.answerType == .open ? 0 : (state.answerTypeAgrees ? 1 : -1)
        let claims = state.live.map { state.input.claims[$0].text }.joined(separator: " ")
        let context = state.live.flatMap { state.cited($0).map(\.context) }.joined(separator: " ")
        // a claim's file name is its own (a recipe's line need not repeat "shortbread")
        let titles = state.live.flatMap { state.cited($0).map(\.title) }.joined(separator: " ")
        let claimStems = TextSignals.stems(claims + " " + titles)
        let near = claimStems.union(TextSignals.stems(context))
        let idf = state.input.idf
        return AbstentionFeatures(
            retrievalLogit: log(p / (1 - p)), answerType: type, salientUncovered: 1 - state.salientCoverage,
            rarestMissing: rarestMissing(question: state.input.question, near: near, idf: idf),
            rarestOnlyInNeighbours: rarestMissing(question: state.input.question, near: claimStems, idf: idf,
                                                  among: TextSignals.stems(context)),
            pairsApart: pairsApart(question: state.input.question, claims: claims,
                                   window: state.configuration.abstentionModel.pairWindow))
    }

    /// The largest idf among question words whose stem is not in `near`, over the largest idf of
    /// the question's words (words the library does not hold have no idf and do not count).
    /// With `among`, only words whose stem `among` holds count as missing.
    static func rarestMissing(question: String, near: Set<String>, idf: [String: Double], among: Set<String>? = nil) -> Double {
        let words = TextSignals.words(question).filter { !QuestionAnalysis.stopWords.contains($0) }
        let known = words.compactMap { w in idf[w].map { (w, $0) } }
        guard let top = known.map(\.1).max(), top > 0 else { return 0 }
        let missing = known.filter { w, _ in
            let stem = TextSignals.stem(w)
            return !near.contains(stem) && (among?.contains(stem) ?? true)
        }.map(\.1).max() ?? 0
        return missing / top
    }

    /// Share of the question's adjacent content-stem pairs whose two stems never occur within
    /// `window` words of each other in `claims` (0 when the question has fewer than two).
    static func pairsApart(question: String, claims: String, window: Int) -> Double {
        let q = TextSignals.words(question).filter { !QuestionAnalysis.stopWords.contains($0) }.map(TextSignals.stem)
        return pairsApart(questionStems: q, claims: claims, window: window)
    }

    /// `pairsApart` for the question's content stems, already taken.
    public static func pairsApart(questionStems q: [String], claims: String, window: Int) -> Double {
        guard q.count >= 2 else { return 0 }
        var positions: [String: [Int]] = [:]
        for (i, word) in TextSignals.words(claims).enumerated() { positions[TextSignals.stem(word), default: []].append(i) }
        var apart = 0
        for i in 0..<(q.count - 1) {
            let a = positions[q[i]] ?? [], b = positions[q[i + 1]] ?? []
            let close = a.contains { x in b.contains { y in abs(x - y) <= window && x != y } }
            if !close { apart += 1 }
        }
        return Double(apart) / Double(q.count - 1)
    }
}
