import Foundation

/// The nine gates, in the order the pipeline runs them (domain isolation first).
public enum GateID: String, Sendable, Codable, CaseIterable, Comparable {
    case domainIsolation = "I"
    case retrievalConfidence = "A"
    case quoteFaithfulness = "F"
    case coverage = "B"
    case numericSanity = "C"
    case contradiction = "D"
    case semanticGrounding = "E"
    case generationQuality = "G"
    case completeness = "H"

    /// The gate's name in an answer's `gates` object.
    public var name: String {
        switch self {
        case .domainIsolation: "domain_isolation"
        case .retrievalConfidence: "retrieval_confidence"
        case .quoteFaithfulness: "quote_faithfulness"
        case .coverage: "evidence_coverage"
        case .numericSanity: "numeric_sanity"
        case .contradiction: "contradiction_sweep"
        case .semanticGrounding: "semantic_grounding"
        case .generationQuality: "generation_quality"
        case .completeness: "completeness"
        }
    }

    public static func < (a: GateID, b: GateID) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A stable rule identifier, `<gate letter><number>.<slug>` (e.g. `A1.below-threshold`). Rule ids
/// are part of the receipt contract: never renumber one, only add.
public struct RuleID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    init(_ raw: String) { rawValue = raw }
    public var description: String { rawValue }
    /// The gate the rule belongs to.
    public var gate: GateID? { rawValue.first.flatMap { GateID(rawValue: String($0)) } }
    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }
}

/// What a firing does to the answer.
public enum FiringEffect: String, Sendable, Codable {
    /// The whole answer abstains.
    case abstain
    /// One claim is removed.
    case dropClaim = "drop_claim"
    /// Recorded only (the answer stands, e.g. a part of the question noted as unanswered).
    case note
}

/// One rule that fired: its id, what it did, and the claim it concerned (an index, no text).
public struct Firing: Sendable, Equatable, Codable {
    public var rule: RuleID
    public var effect: FiringEffect
    public var claim: Int?
    public init(rule: RuleID, effect: FiringEffect, claim: Int? = nil) {
        self.rule = rule; self.effect = effect; self.claim = claim
    }
}

/// One passage the answer may cite.
public struct GroundingEvidence: Sendable, Equatable {
    /// The passage's text (as extracted, used for numbers, contradictions and similarity).
    public var text: String
    /// The document it comes from (for domain isolation).
    public var documentID: Int64
    /// Retrieval's cosine similarity with the question, when known.
    public var similarity: Double?
    /// Text around the passage (neighbouring sentences) that may complete a claim's context.
    public var context: String
    /// The document's title: its file's name without the extension ("Ellie parents evening Y10 -
    /// notes"). A person names a file for whose or what it is: a row of that file is Ellie's.
    public var title: String
    /// The document's opening lines (its title block: "Lough Mahon Celtic AFC · season 2025/26").
    /// A number there is the whole file's, so it is near every line of it (gate H4).
    public var lead: String
    public init(text: String, documentID: Int64, similarity: Double? = nil, context: String = "", title: String = "",
                lead: String = "") {
        self.text = text; self.documentID = documentID; self.similarity = similarity; self.context = context
        self.title = title; self.lead = lead
    }
}

/// One claim of an answer: its text, the evidence it cites, and its quote check.
public struct GroundingClaim: Sendable, Equatable {
    public var text: String
    /// Indices into the input's `evidence`.
    public var citations: [Int]
    /// True when every cited quote was found character for character in its source bytes.
    public var quotesVerified: Bool
    /// True when the claim's text is itself a verbatim quote of the evidence (the extractive rung).
    public var verbatim: Bool
    /// The whole unit a verbatim claim was cut from (a long record's line, whose lead and asked
    /// fields are quoted apart); nil when the claim is a whole unit.
    public var whole: String?
    public init(text: String, citations: [Int], quotesVerified: Bool, verbatim: Bool, whole: String? = nil) {
        self.text = text; self.citations = citations; self.quotesVerified = quotesVerified; self.verbatim = verbatim
        self.whole = whole
    }
}

/// Everything the gates look at.
public struct GroundingInput: Sendable {
    public var question: String
    public var evidence: [GroundingEvidence]
    public var claims: [GroundingClaim]
    /// Retrieval's calibrated confidence (0…1) that the best evidence answers the question.
    public var retrievalConfidence: Double
    /// The runner-up's confidence (a different passage), for the margin; nil when there is none.
    public var runnerUpConfidence: Double?
    /// Documents the question may draw on; nil = the whole library.
    public var allowedDocuments: Set<Int64>?
    /// Inverse document frequency of each lowercased question word the library holds (rare words
    /// are salient); words in no passage are left out.
    public var idf: [String: Double]
    public init(question: String, evidence: [GroundingEvidence], claims: [GroundingClaim], retrievalConfidence: Double,
                runnerUpConfidence: Double? = nil, allowedDocuments: Set<Int64>? = nil, idf: [String: Double] = [:]) {
        self.question = question; self.evidence = evidence; self.claims = claims
        self.retrievalConfidence = retrievalConfidence; self.runnerUpConfidence = runnerUpConfidence
        self.allowedDocuments = allowedDocuments; self.idf = idf
    }
}

/// The result of one gate: passed or not, a score when it has one, and its firings.
public struct GateOutcome: Sendable, Equatable {
    public var passed: Bool
    public var score: Double?
    public var firings: [Firing]
}

/// What the pipeline decided: the claims that survive, why others went, whether to abstain.
public struct GroundingOutcome: Sendable {
    /// Indices (into the input's claims) of the claims that survive, in order.
    public var keptClaims: [Int]
    /// The first abstaining rule, nil when the answer stands.
    public var abstainRule: RuleID?
    /// Per gate, in pipeline order.
    public var gates: [GateID: GateOutcome]
    /// Parts of the question (salient terms or the asked-for answer type) the kept claims leave
    /// unanswered: fixed labels and the question's own words, never evidence text.
    public var unansweredParts: [String]
    /// The answer's final confidence after the gates (0…1).
    public var confidence: Double
    /// What the calibrated confidence was computed from (numbers only).
    public var features: AbstentionFeatures? = nil
    /// Every firing, in order.
    public var firings: [Firing] { GateID.allCases.flatMap { gates[$0]?.firings ?? [] } }
    public var abstained: Bool { abstainRule != nil }
    /// Firing counts per rule id (what the receipt carries).
    public var ruleCounts: [String: Int] {
        firings.reduce(into: [:]) { $0[$1.rule.rawValue, default: 0] += 1 }
    }
}
