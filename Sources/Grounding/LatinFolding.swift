import Foundation

/// A Latin letter with a mark read as its base letter, as people type names and words without
/// them: "cafe" asked meets "Café" written, "Sklodowska" meets "Skłodowska", "Zurich" meets
/// "Zürich", "Muller" meets "Müller". Both sides of every word match fold alike (`TextSignals.words`,
/// `TextTerms.forEachWord`); the full-text index's tokenizer (`unicode61`) folds the marks it
/// can decompose the same way. Other scripts are only lowercased.
public enum LatinFolding {
    /// The lowercased ASCII spelling of a Latin letter with a mark, or of a ligature or a letter
    /// of its own that readers write with plain letters ("é" → "e", "Ł" → "l", "ß" → "ss", "Æ" →
    /// "ae", "ø" → "o"); nil for an ASCII scalar or any other.
    public static func ascii(_ scalar: Unicode.Scalar) -> [UInt8]? {
        guard scalar.value >= 0xC0 else { return nil }
        return table[scalar.value]
    }

    /// A mark that combines with the letter before it (U+0300–U+036F, as in text written
    /// decomposed: "e" then U+0301): dropped from a word, as the precomposed letter's mark is.
    /// Other scripts' marks (Devanagari's vowel signs) are letters of their words and stay.
    public static func isLatinMark(_ scalar: Unicode.Scalar) -> Bool { (0x300...0x36F).contains(scalar.value) }

    /// `word` lowercased, its Latin letters' marks dropped (`ascii`); an ASCII word is only
    /// lowercased.
    public static func key(_ word: String) -> String {
        guard !word.utf8.allSatisfy({ $0 < 0x80 }) else { return word.lowercased() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(word.utf8.count)
        for scalar in word.unicodeScalars {
            if scalar.isASCII {
                bytes.append(UInt8(scalar.value) | (("A"..."Z").contains(scalar) ? 0x20 : 0))
            } else {
                appendFolded(scalar, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 of a word's non-ASCII `scalar` as every word match reads it: a Latin
    /// letter's base letters (`ascii`), nothing for a decomposed mark (`isLatinMark`), another
    /// script's letter lowercased.
    public static func appendFolded(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        if let folded = ascii(scalar) {
            bytes.append(contentsOf: folded)
        } else if !isLatinMark(scalar) {
            bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
        }
    }

    /// The words of `text` holding a letter that does not decompose (`plain`), lowercased as
    /// typed, by their folded spelling: "Skłodowska" → ["sklodowska": "skłodowska"]. The
    /// full-text index folds only the marks that decompose ("é"), not "ł", "ø" or "ß", so such a
    /// word is looked up as typed too.
    public static func typedForms(_ text: String) -> [String: String] {
        var forms: [String: String] = [:]
        for (word, _) in TextSignals.casedWords(text) where word.unicodeScalars.contains(where: { plainScalars.contains($0.value) }) {
            forms[key(word)] = word.lowercased()
        }
        return forms
    }

    /// Latin-1, Latin Extended-A and -B and Latin Extended Additional: each letter whose canonical
    /// decomposition is one ASCII letter and marks, and the letters that have none but are
    /// written plain (`plain`).
    static let table: [UInt32: [UInt8]] = {
        var table: [UInt32: [UInt8]] = [:]
        for value in Array(0xC0...0x24F) + Array(0x1E00...0x1EFF) {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else { continue }
            let letters = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
                .filter { $0.isASCII && $0.properties.isAlphabetic }
            guard letters.count == 1, let letter = letters.first else { continue }
            table[UInt32(value)] = Array(String(letter).lowercased().utf8)
        }
        for (letters, plain) in plain {
            for scalar in letters.unicodeScalars { table[scalar.value] = Array(plain.utf8) }
        }
        return table
    }()

    /// The letters of `plain`.
    static let plainScalars = Set(plain.flatMap { $0.0.unicodeScalars.map(\.value) })

    /// Letters without a decomposition, and how they are written plain.
    static let plain: [(String, String)] = [
        ("Ææ", "ae"), ("Œœ", "oe"), ("ØøǾǿ", "o"), ("Łł", "l"), ("Ŀŀ", "l"), ("ĐđÐð", "d"), ("Þþ", "th"),
        ("ßẞ", "ss"), ("Ħħ", "h"), ("ı", "i"), ("Ĳĳ", "ij"), ("Ŧŧ", "t"), ("ſ", "s"), ("Ǽǽ", "ae"),
    ]
}
