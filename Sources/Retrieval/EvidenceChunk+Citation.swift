import Foundation
import Grounding
import IntentKit

extension EvidenceChunk {
    /// The sentence of this passage sharing most words with the claim, as a verified byte-exact citation.
    public func verifiedCitation(for claim: String) -> LibraryAnswer.Citation? {
        let claimWords = QuoteSpans.words(claim)
        var best: (Range<Int>, Int)?
        for range in QuoteSpans.sentenceRanges(text) {
            let bytes = Array(text.utf8)[range]
            let overlap = QuoteSpans.words(String(decoding: bytes, as: UTF8.self)).intersection(claimWords).count
            if overlap > (best?.1 ?? 0) { best = (range, overlap) }
        }
        guard let (range, overlap) = best, overlap >= max(1, claimWords.count / 4),
              let q = quote(textRange: range) else { return nil }
        let fields: JSONValue = .object([
            "doc_id": .number(Double(docId)), "path": .string(path), "chunk_id": .number(Double(chunkId)),
            "start": .number(Double(q.start)), "end": .number(Double(q.end)), "quote": .string(q.quote),
        ])
        guard let citation = try? fields.decode(LibraryAnswer.Citation.self) else { return nil }
        return CitationCheck.verify(citation) ? citation : nil
    }
}
