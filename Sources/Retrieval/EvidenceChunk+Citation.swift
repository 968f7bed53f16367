import Foundation
import Grounding
import IntentKit

extension EvidencePack {
    /// The sentence of `chunk` sharing most words with the claim, as a verified byte-exact citation.
    public func verifiedCitation(for claim: String, in chunk: EvidenceChunk) -> LibraryAnswer.Citation? {
        let text = chunk.text
        let claimWords = QuoteSpans.words(claim)
        var best: (Range<Int>, Int)?
        for range in QuoteSpans.sentenceRanges(text) {
            let bytes = Array(text.utf8)[range]
            let overlap = QuoteSpans.words(String(decoding: bytes, as: UTF8.self)).intersection(claimWords).count
            if overlap > (best?.1 ?? 0) { best = (range, overlap) }
        }
        guard let (range, overlap) = best, overlap >= max(1, claimWords.count / 4),
              let citation = citation(of: chunk, textRange: range) else { return nil }
        return citation
    }
}
