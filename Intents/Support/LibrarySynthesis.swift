import Foundation
import Generation
import IntentKit
import Retrieval
import Routing

/// The model rung of `AskLibrary`: an answer written from the packed evidence with numbered
/// citations, then checked — every claim must cite a passage, its quote must be found in that
/// passage's source bytes, and every number in the answer must appear in the evidence. Otherwise
/// the extractive answer (or the abstention) stands.
struct LibrarySynthesis {
    let question: String
    let pack: EvidencePack
    let extractive: LibraryAnswer

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
                             schema: schema, temperature: 0, maxTokens: 256, envelope: envelope,
                             deterministic: extractive, fallback: extractive.abstained ? .abstain : .deterministic,
                             intent: "AskLibrary") { reply in try check(reply.json) }
    }

    /// Rule ids: `no-claims`, `claim-uncited`, `citation-out-of-range`, `quote-not-in-source`,
    /// `number-not-in-evidence`, `answer-too-long`.
    func check(_ json: JSONValue?) throws -> LibraryAnswer {
        let items = json?["claims"]?.arrayValue ?? []
        guard !items.isEmpty else { throw LadderRejection(rule: "no-claims") }
        var claims: [LibraryAnswer.Claim] = []
        var citations: [LibraryAnswer.Citation] = []
        for item in items {
            guard let text = item["text"]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { continue }
            let numbers = item["passages"]?.arrayValue?.compactMap { value -> Int? in
                if case .number(let n) = value { return Int(n) }
                return nil
            } ?? []
            guard !numbers.isEmpty else { throw LadderRejection(rule: "claim-uncited") }
            var indices: [Int] = []
            for n in numbers {
                guard (1...passages.count).contains(n) else { throw LadderRejection(rule: "citation-out-of-range") }
                guard let citation = Self.bestQuote(for: text, in: passages[n - 1]) else { throw LadderRejection(rule: "quote-not-in-source") }
                if let existing = citations.firstIndex(of: citation) { indices.append(existing) } else {
                    citations.append(citation)
                    indices.append(citations.count - 1)
                }
            }
            claims.append(.init(text: text, citations: indices))
        }
        let answer = claims.map(\.text).joined(separator: " ")
        guard answer.split(separator: " ").count <= 80 else { throw LadderRejection(rule: "answer-too-long") }
        let evidence = passages.map(\.text).joined(separator: " ")
        for number in Self.numbers(in: answer) where !Self.numbers(in: evidence).contains(number) {
            throw LadderRejection(rule: "number-not-in-evidence")
        }
        var gates = extractive.gates
        gates["quote_faithfulness"] = .init(passed: true, score: 1)
        gates["numeric_sanity"] = .init(passed: true)
        return LibraryAnswer(question: question, answer: answer, abstained: false, abstainReason: nil, claims: claims,
                             citations: citations, confidence: extractive.confidence, gates: gates)
    }

    /// The passage sentence sharing most words with the claim, as a verified byte-exact citation.
    static func bestQuote(for claim: String, in chunk: Retrieval.EvidenceChunk) -> LibraryAnswer.Citation? {
        let claimWords = words(claim)
        var best: (Range<Int>, Int)?
        for range in sentenceRanges(chunk.text) {
            let bytes = Array(chunk.text.utf8)[range]
            let overlap = words(String(decoding: bytes, as: UTF8.self)).intersection(claimWords).count
            if overlap > (best?.1 ?? 0) { best = (range, overlap) }
        }
        guard let (range, overlap) = best, overlap >= max(1, claimWords.count / 4),
              let q = chunk.quote(textRange: range) else { return nil }
        let fields: JSONValue = .object([
            "doc_id": .number(Double(chunk.docId)), "path": .string(chunk.path), "chunk_id": .number(Double(chunk.chunkId)),
            "start": .number(Double(q.start)), "end": .number(Double(q.end)), "quote": .string(q.quote),
        ])
        guard let citation = try? fields.decode(LibraryAnswer.Citation.self) else { return nil }
        return CitationCheck.verify(citation) ? citation : nil
    }

    /// UTF-8 byte ranges of the sentences of `text` (split after . ! ? followed by a space).
    static func sentenceRanges(_ text: String) -> [Range<Int>] {
        let bytes = Array(text.utf8)
        var ranges: [Range<Int>] = []
        var start = 0
        for i in bytes.indices where [0x2E, 0x21, 0x3F].contains(bytes[i]) && (i + 1 == bytes.count || bytes[i + 1] == 0x20) {
            ranges.append(start..<(i + 1))
            start = i + 2
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges.compactMap { r in
            var lo = r.lowerBound, hi = r.upperBound
            while lo < hi, bytes[lo] == 0x20 || bytes[lo] == 0x0A { lo += 1 }
            while hi > lo, bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x0A { hi -= 1 }
            return lo < hi ? lo..<hi : nil
        }
    }

    static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count > 2 })
    }

    static func numbers(in text: String) -> Set<String> {
        Set(text.split { !$0.isNumber && $0 != "." && $0 != "," }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".,")).replacingOccurrences(of: ",", with: "") }
            .filter { !$0.isEmpty && $0.contains(where: \.isNumber) })
    }
}
