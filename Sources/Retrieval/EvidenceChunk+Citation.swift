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
              let citation = self.citation(textRange: range) else { return nil }
        return CitationCheck.verify(citation) ? citation : nil
    }
}
