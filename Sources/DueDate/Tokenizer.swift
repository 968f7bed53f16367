import Foundation

/// One lexical unit of a phrase: a lowercased word, a run of digits, or one symbol character.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable { case word, number, symbol }
    var kind: Kind
    var text: String
    var range: Range<String.Index>
    /// Whitespace separated this token from the previous one.
    var spaced: Bool

    var isWord: Bool { kind == .word }
    var isNumber: Bool { kind == .number }
    var intValue: Int? { kind == .number && text.count <= 9 ? Int(text) : nil }
    func isSymbol(_ c: String) -> Bool { kind == .symbol && text == c }
    func isWord(_ w: String) -> Bool { kind == .word && text == w }
}

/// Splits a phrase into tokens. Letters and digits form separate runs ("5pm" -> 5, pm);
/// apostrophes inside words are dropped ("o'clock" -> oclock); "a.m."/"p.m." become am/pm;
/// en and em dashes become "-"; a misspelt day word reads as the word meant ("wensday").
enum Tokenizer {
    static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        var spaced = false
        while index < text.endIndex {
            let c = text[index]
            if c.isWhitespace {
                spaced = true
                index = text.index(after: index)
                continue
            }
            let start = index
            if c.isLetter {
                var word = ""
                while index < text.endIndex {
                    let ch = text[index]
                    if ch.isLetter {
                        word.append(contentsOf: ch.lowercased())
                    } else if (ch == "'" || ch == "\u{2019}"), let next = text.index(index, offsetBy: 1, limitedBy: text.endIndex),
                              next < text.endIndex, text[next].isLetter, !word.isEmpty {
                        // apostrophe inside a word: dropped
                    } else {
                        break
                    }
                    index = text.index(after: index)
                }
                tokens.append(Token(kind: .word, text: Lexicon.corrected(word) ?? word, range: start..<index, spaced: spaced))
            } else if c.isASCII && c.isNumber {
                while index < text.endIndex, text[index].isASCII, text[index].isNumber {
                    index = text.index(after: index)
                }
                tokens.append(Token(kind: .number, text: String(text[start..<index]), range: start..<index, spaced: spaced))
            } else {
                index = text.index(after: index)
                // typographic apostrophes and dashes read as their ASCII forms
                let symbol = c == "\u{2019}" ? "'" : (c == "\u{2013}" || c == "\u{2014}") ? "-" : String(c)
                tokens.append(Token(kind: .symbol, text: symbol, range: start..<index, spaced: spaced))
            }
            spaced = false
        }
        return mergeMeridiem(tokens)
    }

    /// "a.m." / "p.m." / "a m" (after a number) -> single am/pm word tokens.
    private static func mergeMeridiem(_ tokens: [Token]) -> [Token] {
        var out: [Token] = []
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            if t.isWord, t.text == "a" || t.text == "p" {
                // a.m. / p.m.
                if i + 2 < tokens.count, tokens[i + 1].isSymbol("."), !tokens[i + 1].spaced,
                   tokens[i + 2].isWord("m"), !tokens[i + 2].spaced {
                    var end = tokens[i + 2].range.upperBound
                    var next = i + 3
                    if next < tokens.count, tokens[next].isSymbol("."), !tokens[next].spaced {
                        end = tokens[next].range.upperBound
                        next += 1
                    }
                    out.append(Token(kind: .word, text: t.text + "m", range: t.range.lowerBound..<end, spaced: t.spaced))
                    i = next
                    continue
                }
                // "a m" right after a number or a number word
                if i + 1 < tokens.count, tokens[i + 1].isWord("m"), let previous = out.last,
                   previous.isNumber || Lexicon.smallNumber(previous.text) != nil {
                    out.append(Token(kind: .word, text: t.text + "m",
                                     range: t.range.lowerBound..<tokens[i + 1].range.upperBound, spaced: t.spaced))
                    i += 2
                    continue
                }
            }
            out.append(t)
            i += 1
        }
        return out
    }
}
