import Foundation
import Generation
import Grounding
import IntentKit
import Retrieval
import Routing

/// The model rung of `AskLibrary`: an answer written from the packed evidence with numbered
/// citations, then put through the same grounding pipeline as the extractive answer (gates A–I):
/// claims that fail are dropped and the answer says how many; when none survives, or the
/// pipeline abstains, the extractive answer (or the abstention) stands.
struct LibrarySynthesis {
    let question: String
    let pack: EvidencePack
    let extractive: LibraryAnswer
    var mode: SearchMode = .standard
    var retrievalConfidence: Double = 0

    static let instructions = """
        Answer the question using only the numbered passages. Write at most two sentences. For each \
        claim, list the numbers of the passages that support it. If the passages do not answer the \
        question, reply with an empty claims list.
        """

    var passages: [Retrieval.EvidenceChunk] { pack.chunks.filter { !$0.isNeighbour } }

    func request() -> LadderRequest<LibraryAnswer> {
        let chunks = passages.enumerated().map { i, c in
            Routing.EvidenceChunk(id: "\(i + 1)", title: URL(fileURLWithPath: c.path).lastPathComponent, text: c.text)
        }
        let envelope = EvidenceEnvelope(prompt: Self.instructions + "\nQuestion: " + question, chunks: chunks)
        let schema = ResponseSchema(name: "library_answer", schema: .object([
            .init("claims", .array(of: .object([
                .init("text", .string(minLength: 1, maxLength: 400)),
                .init("passages", .array(of: .integer(minimum: 1, maximum: Double(max(1, chunks.count))), minItems: 1, maxItems: 3)),
            ]), maxItems: 2)),
        ]))
        let need: PlanNeed = extractive.abstained ? .insufficientEvidence : .improvable
        return LadderRequest(need: need,
                             messages: [.system(Self.instructions), .user("Question: \(question)\n\n\(envelope.contextText)")],
                             schema: schema, temperature: 0, maxTokens: ReplyTokens.libraryAnswer, envelope: envelope,
                             deterministic: extractive, fallback: extractive.abstained ? .abstain : .deterministic,
                             intent: "AskLibrary") { reply in try check(reply.json) }
            .withGroundingCounts()
    }

    /// The reply through the grounding pipeline. Rejection rules: `no-claims`, `answer-too-long`
    /// (structural), else the id of the grounding rule that abstained or dropped the last claim.
    func check(_ json: JSONValue?) throws -> LibraryAnswer {
        let items = json?["claims"]?.arrayValue ?? []
        guard !items.isEmpty else { throw LadderRejection(rule: "no-claims") }
        var drafts: [(text: String, passages: [Int])] = []
        for item in items {
            guard let text = item["text"]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { continue }
            let numbers = item["passages"]?.arrayValue?.compactMap { value -> Int? in
                if case .number(let n) = value, n.rounded() == n, abs(n) < 1e6 { return Int(n) }
                return nil
            } ?? []
            drafts.append((text, numbers))
        }
        guard !drafts.isEmpty else { throw LadderRejection(rule: "no-claims") }
        guard drafts.map(\.text).joined(separator: " ").split(separator: " ").count <= 80 else {
            throw LadderRejection(rule: "answer-too-long")
        }
        var quotes: [[LibraryAnswer.Citation?]] = []
        var claims: [GroundingClaim] = []
        for draft in drafts {
            let inRange = draft.passages.map { n in (1...max(passages.count, 1)).contains(n) && n <= passages.count ? n - 1 : -1 }
            let cited = inRange.map { $0 >= 0 ? pack.verifiedCitation(for: draft.text, in: passages[$0]) : nil }
            quotes.append(cited)
            claims.append(GroundingClaim(text: draft.text, citations: inRange.map { $0 >= 0 ? $0 : passages.count + 99 },
                                         quotesVerified: !cited.isEmpty && cited.allSatisfy { $0 != nil }, verbatim: false))
        }
        let input = GroundingInput(
            question: question,
            evidence: passages.map { GroundingEvidence(text: $0.text, documentID: $0.docId, similarity: Double($0.cosine)) },
            claims: claims, retrievalConfidence: retrievalConfidence)
        let outcome = GroundingPipeline(configuration: GroundingConfiguration(mode: mode)).run(input)
        if let rule = outcome.abstainRule { throw LadderRejection(rule: rule.rawValue) }
        var kept: [LibraryAnswer.Claim] = []
        var citations: [LibraryAnswer.Citation] = []
        for i in outcome.keptClaims {
            var indices: [Int] = []
            for case let citation? in quotes[i] {
                if let existing = citations.firstIndex(of: citation) { indices.append(existing) } else {
                    citations.append(citation); indices.append(citations.count - 1)
                }
            }
            kept.append(.init(text: drafts[i].text, citations: indices))
        }
        var answer = kept.map(\.text).joined(separator: " ")
        let dropped = drafts.count - kept.count
        if dropped > 0 { answer += " (\(dropped) unsupported claim\(dropped == 1 ? "" : "s") removed.)" }
        var gates = GroundingReport.gates(outcome)
        gates.merge(extractive.gates.filter { gates[$0.key] == nil }) { a, _ in a }
        return LibraryAnswer(question: question, answer: answer, abstained: false, abstainReason: nil, claims: kept,
                             citations: citations, confidence: outcome.confidence, gates: gates,
                             grounding: outcome.ruleCounts)
    }
}

extension LadderRequest where Value == LibraryAnswer {
    /// The answer's grounding rule counts go into the receipt (ids and counts only).
    func withGroundingCounts() -> Self {
        var copy = self
        copy.receiptCounts = { $0.grounding }
        return copy
    }
}
