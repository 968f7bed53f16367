import Foundation

/// Sentence spans and claim words for finding the passage sentence a claim quotes.
public enum QuoteSpans {
    /// UTF-8 byte ranges of the sentences of `text` (split after . ! ? followed by a space).
    public static func sentenceRanges(_ text: String) -> [Range<Int>] {
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

    /// The lowercased words of more than two letters or digits.
    public static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count > 2 })
    }
}
