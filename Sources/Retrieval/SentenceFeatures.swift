import Foundation
import Grounding

/// The signals that choose the answer sentence, one vector of numbers per candidate sentence
/// (`ScoredSentence.features`, filled by `ExtractiveAnswerer.rank`): how much of the question it
/// and its surroundings hold, whether the question's words stand together in it, how its passage
/// ranked. `SentenceModel` weighs the vector.
enum SentenceFeatures {
    /// In the order of `SentenceModel.weights`.
    static let names = [
        "coverage", "context_coverage", "strength", "neighbour", "typed", "cosine",
        "previous_coverage", "next_coverage", "pairs_together", "rarest_missing", "term_share",
        "log_words", "first_in_chunk", "chunk_rank",
    ]

    /// What one question contributes to every candidate's features.
    struct QuestionContext {
        let terms: QuestionTerms
        /// The question's adjacent content-word stems (for `pairs_together`).
        let stems: [String]
        let maxIDF: Double

        init(question: String, terms: QuestionTerms) {
            self.terms = terms
            stems = TextSignals.words(question).filter { !QuestionAnalysis.stopWords.contains($0) }.map(TextSignals.stem)
            maxIDF = terms.terms.map(\.idf).max() ?? 0
        }

        /// Share of the question's adjacent content pairs that stand within `window` words of each
        /// other in `text` (1 when the question has fewer than two content words).
        func pairsTogether(_ text: String, window: Int = 4) -> Double {
            guard stems.count >= 2 else { return 1 }
            return 1 - AbstentionFeatures.pairsApart(questionStems: stems, claims: text, window: window)
        }

        /// The idf of the rarest question term `found` lacks, over the question's largest idf.
        func rarestMissing(_ found: [Bool]) -> Double {
            guard maxIDF > 0 else { return 0 }
            var missing = 0.0
            for (i, term) in terms.terms.enumerated() where !found[i] { missing = max(missing, term.idf) }
            return missing / maxIDF
        }
    }
}

/// A linear score over `SentenceFeatures` (intercept-free: only differences between candidates
/// of one question matter). Fitted by `scripts/fit-sentences.py` on a pool of SQuAD articles
/// that the shipped library, its dev, tune and held-out questions never use.
public struct SentenceModel: Sendable, Equatable, Codable {
    public var weights: [Double]

    public init(weights: [Double]) { self.weights = weights }

    /// The score of one sentence's features (`SentenceFeatures.names` order).
    func score(_ features: [Double]) -> Double {
        zip(weights, features).reduce(0) { $0 + $1.0 * $1.1 }
    }
}
