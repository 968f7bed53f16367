/// The `smollm` pre-tokenizer of llama.cpp: every digit is its own piece, then the GPT-2 split
/// (`'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`) runs inside
/// each remaining piece. Lookaheads never see past a piece boundary.
enum SmolLMPreTokenizer {
    private struct Flags {
        var letter = false, number = false, space = false, defined = false
    }

    private static func flags(_ s: Unicode.Scalar) -> Flags {
        var f = Flags()
        f.defined = true
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            f.letter = true
        case .decimalNumber, .letterNumber, .otherNumber:
            f.number = true
        default:
            break
        }
        f.space = s.properties.isWhitespace
        return f
    }

    /// Splits `text` into pieces whose concatenation is `text`.
    static func split(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var pieces: [String] = []
        var start = 0
        var i = 0
        while i < scalars.count {
            if flags(scalars[i]).number {
                if start < i { gpt2Split(scalars, start, i, into: &pieces) }
                pieces.append(String(String.UnicodeScalarView(scalars[i...i])))
                start = i + 1
            }
            i += 1
        }
        if start < scalars.count { gpt2Split(scalars, start, scalars.count, into: &pieces) }
        return pieces
    }

    private static func gpt2Split(_ s: [Unicode.Scalar], _ begin: Int, _ end: Int, into pieces: inout [String]) {
        func at(_ p: Int) -> Flags { p >= begin && p < end ? flags(s[p]) : Flags() }
        func ch(_ p: Int) -> Unicode.Scalar? { p >= begin && p < end ? s[p] : nil }
        var pos = begin
        while pos < end {
            let tokenStart = pos
            defer { pieces.append(String(String.UnicodeScalarView(s[tokenStart..<pos]))) }
            let c = s[pos]
            let f = at(pos)
            if c == "'", let n1 = ch(pos + 1) {
                if n1 == "s" || n1 == "t" || n1 == "m" || n1 == "d" { pos += 2; continue }
                if let n2 = ch(pos + 2),
                   (n1 == "r" && n2 == "e") || (n1 == "v" && n2 == "e") || (n1 == "l" && n2 == "l") {
                    pos += 3; continue
                }
            }
            let f2 = c == " " ? at(pos + 1) : f
            if f2.letter {
                pos += c == " " ? 1 : 0
                while at(pos).letter { pos += 1 }
                continue
            }
            if f2.number {
                pos += c == " " ? 1 : 0
                while at(pos).number { pos += 1 }
                continue
            }
            if f2.defined && !(f2.space || f2.letter || f2.number) {
                pos += c == " " ? 1 : 0
                while true {
                    let g = at(pos)
                    if !g.defined || g.space || g.letter || g.number { break }
                    pos += 1
                }
                continue
            }
            var spaces = 0
            while at(pos + spaces).space { spaces += 1 }
            if spaces > 1 && at(pos + spaces).defined {
                pos += spaces - 1
                continue
            }
            if spaces > 0 { pos += spaces; continue }
            pos += 1
        }
    }
}
