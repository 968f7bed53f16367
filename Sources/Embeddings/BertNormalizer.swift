import Foundation

/// BERT's text normalisation and pre-tokenisation, as in the `tokenizers` library's
/// `BertNormalizer` (clean text, Chinese characters, lowercase, accents stripped) followed by
/// `BertPreTokenizer`.
///
/// 1. Scalars U+0000, U+FFFD and control/format/unassigned/private-use scalars (except tab, LF,
///    CR) are dropped; White_Space scalars become a space.
/// 2. CJK ideographs get a space on each side, so each one is its own word.
/// 3. Canonical decomposition (NFD), then nonspacing marks (Mn) are removed: "Café" → "Cafe".
/// 4. Each scalar is lowercased on its own (no context rules such as Greek final sigma).
/// 5. Words are split at spaces; every punctuation scalar (ASCII punctuation or Unicode P*)
///    becomes a word by itself.
enum BertNormalizer {
    /// The words of `text`, each as its Unicode scalars, in order.
    static func words(_ text: Substring) -> [[Unicode.Scalar]] {
        var cleaned = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value == 0 || scalar.value == 0xFFFD || isControl(scalar) { continue }
            if isWhitespace(scalar) {
                cleaned.append(" ")
            } else if isCJK(scalar) {
                cleaned.append(" ")
                cleaned.append(scalar)
                cleaned.append(" ")
            } else {
                cleaned.append(scalar)
            }
        }
        let decomposed = String(cleaned).decomposedStringWithCanonicalMapping

        var words: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        func flush() {
            if !current.isEmpty { words.append(current) }
            current.removeAll(keepingCapacity: true)
        }
        for scalar in decomposed.unicodeScalars {
            let properties = scalar.properties
            if properties.generalCategory == .nonspacingMark { continue }
            if scalar == " " || properties.isWhitespace {
                flush()
                continue
            }
            for lower in lowercase(scalar) {
                if isPunctuation(lower) {
                    flush()
                    words.append([lower])
                } else {
                    current.append(lower)
                }
            }
        }
        flush()
        return words
    }

    static func lowercase(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if scalar.isASCII {
            let v = scalar.value
            return [(v >= 65 && v <= 90) ? Unicode.Scalar(v + 32)! : scalar]
        }
        let mapping = scalar.properties.lowercaseMapping
        return Array(mapping.unicodeScalars)
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\t", "\n", "\r", " ": return true
        default: return scalar.properties.isWhitespace
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\t", "\n", "\r": return false
        default:
            switch scalar.properties.generalCategory {
            case .control, .format, .surrogate, .privateUse, .unassigned: return true
            default: return false
            }
        }
    }

    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if (33...47).contains(v) || (58...64).contains(v) || (91...96).contains(v) || (123...126).contains(v) {
            return true
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// The CJK Unified Ideographs blocks BERT splits character by character.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F,
             0x2B740...0x2B81F, 0x2B820...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
