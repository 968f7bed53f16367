import Foundation

/// Similarity of a claim with a passage, 0…1; nil when it cannot be computed.
public protocol SentenceSimilarity: Sendable {
    var identifier: String { get }
    func similarity(_ claim: String, _ passage: String) -> Double?
}

/// The state the gates read: the input, the thresholds, the question's parts and the claims still standing.
public struct GroundingState: Sendable {
    public let input: GroundingInput
    public let configuration: GroundingConfiguration
    public let analysis: QuestionAnalysis
    public let similarity: any SentenceSimilarity
    /// Indices of the claims still standing.
    public internal(set) var live: [Int]
    /// True when every claim is a verbatim quote (the extractive rung).
    public var extractive: Bool { input.claims.allSatisfy(\.verbatim) }
    /// Retrieval's floor for this question (raised for sensitive domains by gate I).
    public internal(set) var tau: Double
    /// Filled by gate H.
    public internal(set) var salientCoverage: Double = 1
    public internal(set) var answerTypeAgrees = true
    public internal(set) var unanswered: [String] = []

    /// The evidence a claim cites (valid indices only).
    public func cited(_ claim: Int) -> [GroundingEvidence] {
        input.claims[claim].citations.filter { input.evidence.indices.contains($0) }.map { input.evidence[$0] }
    }
}

/// One gate: reads the state, reports firings; may update the state's derived values.
public protocol GroundingGate: Sendable {
    var id: GateID { get }
    func evaluate(_ state: inout GroundingState) -> GateOutcome
}

/// The nine gates as one pipeline (DESIGN §9): I, A, F, B, C, D, E, G, H, then the calibrated
/// confidence. A firing either drops a claim, abstains (the pipeline stops), or is noted.
public struct GroundingPipeline: Sendable {
    public let configuration: GroundingConfiguration
    public let similarity: any SentenceSimilarity
    let gates: [any GroundingGate]

    public init(configuration: GroundingConfiguration, similarity: any SentenceSimilarity = LexicalSimilarity()) {
        self.configuration = configuration
        self.similarity = similarity
        gates = [DomainIsolationGate(), RetrievalConfidenceGate(), QuoteFaithfulnessGate(), CoverageGate(),
                 NumericSanityGate(), ContradictionGate(), SemanticGroundingGate(), GenerationQualityGate(),
                 CompletenessGate()]
    }

    public func run(_ input: GroundingInput) -> GroundingOutcome {
        let analysis = QuestionAnalysis(question: input.question, idf: input.idf, rareShare: configuration.rareWordIDFShare)
        var state = GroundingState(input: input, configuration: configuration, analysis: analysis, similarity: similarity,
                                   live: Array(input.claims.indices), tau: configuration.tau)
        var results: [GateID: GateOutcome] = [:]
        var abstainRule: RuleID?
        for gate in gates {
            var outcome = gate.evaluate(&state)
            let dropped = Set(outcome.firings.filter { $0.effect == .dropClaim }.compactMap(\.claim))
            state.live.removeAll { dropped.contains($0) }
            if abstainRule == nil, let abstain = outcome.firings.first(where: { $0.effect == .abstain }) {
                abstainRule = abstain.rule
            }
            if abstainRule == nil, state.live.isEmpty, !input.claims.isEmpty, !dropped.isEmpty {
                let rule = RuleID("\(gate.id.rawValue)0.all-claims-dropped")
                outcome.firings.append(Firing(rule: rule, effect: .abstain))
                outcome.passed = false
                abstainRule = rule
            }
            results[gate.id] = outcome
            if abstainRule != nil { break }
        }
        if abstainRule == nil, input.claims.isEmpty {
            abstainRule = RuleID("B4.no-claims")
            results[.coverage, default: GateOutcome(passed: false, score: 0, firings: [])]
                .firings.append(Firing(rule: abstainRule!, effect: .abstain))
        }
        let (confidence, features) = calibrated(state)
        if abstainRule == nil, confidence < configuration.abstentionFloor(extractive: state.extractive) {
            let rule = RuleID("A3.calibrated-below-floor")
            results[.retrievalConfidence]?.firings.append(Firing(rule: rule, effect: .abstain))
            results[.retrievalConfidence]?.passed = false
            abstainRule = rule
        }
        return GroundingOutcome(keptClaims: abstainRule == nil ? state.live : [], abstainRule: abstainRule, gates: results,
                                unansweredParts: state.unanswered, confidence: confidence, features: features)
    }

    /// The calibrated confidence: the configuration's logistic model over the answer's features.
    func calibrated(_ state: GroundingState) -> (Double, AbstentionFeatures) {
        let features = AbstentionFeatures.of(state)
        return (configuration.abstentionModel.confidence(features), features)
    }
}

/// Word overlap as a stand-in for embedding similarity: the share of the claim's content stems
/// found in the passage.
public struct LexicalSimilarity: SentenceSimilarity {
    public init() {}
    public var identifier: String { "lexical" }
    public func similarity(_ claim: String, _ passage: String) -> Double? {
        let claimStems = Set(TextSignals.words(claim).filter { !QuestionAnalysis.stopWords.contains($0) }.map(TextSignals.stem))
        guard !claimStems.isEmpty else { return nil }
        let passageStems = TextSignals.stems(passage)
        return Double(claimStems.intersection(passageStems).count) / Double(claimStems.count)
    }
}
