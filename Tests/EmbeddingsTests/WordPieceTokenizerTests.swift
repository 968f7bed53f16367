import Foundation
import XCTest
@testable import Embeddings

final class WordPieceTokenizerTests: XCTestCase {
    private func tokens(_ text: String, maxTokens: Int? = nil) throws -> [String] {
        let tokenizer = try MiniLMFixtures.tokenizer()
        return tokenizer.tokens(for: tokenizer.encode(text, maxTokens: maxTokens))
    }

    func testReferenceTokenIDsMatchSentenceTransformers() throws {
        let tokenizer = try MiniLMFixtures.tokenizer()
        let sentences = try MiniLMFixtures.referenceSentences()
        XCTAssertEqual(sentences.count, 5)
        for sentence in sentences {
            XCTAssertEqual(tokenizer.encode(sentence.text, maxTokens: 256), sentence.tokenIDs,
                           "reference sentence #\(sentences.firstIndex { $0.text == sentence.text }!)")
        }
    }

    func testEmptyAndWhitespaceOnlyTextGiveOnlySpecialTokens() throws {
        XCTAssertEqual(try tokens(""), ["[CLS]", "[SEP]"])
        XCTAssertEqual(try tokens(" \t\n\u{3000}\u{2028} "), ["[CLS]", "[SEP]"])
    }

    func testAccentsCaseAndPunctuation() throws {
        XCTAssertEqual(try tokens("Café, naïve!"), ["[CLS]", "cafe", ",", "naive", "!", "[SEP]"])
        XCTAssertEqual(try tokens("CRÈME Brûlée"), try tokens("creme brulee"))
        XCTAssertEqual(try tokens("e-mail: a@b.c"),
                       ["[CLS]", "e", "-", "mail", ":", "a", "@", "b", ".", "c", "[SEP]"])
    }

    func testSubwordsUseContinuationPrefix() throws {
        let pieces = try tokens("unaffable tokenization")
        XCTAssertEqual(pieces.first, "[CLS]")
        XCTAssertTrue(pieces.dropFirst(2).contains { $0.hasPrefix("##") })
        XCTAssertEqual(pieces.filter { !$0.hasPrefix("##") }.count, 4)
    }

    func testCJKIdeographsAreSplitOneByOne() throws {
        XCTAssertEqual(try tokens("日本語"), ["[CLS]", "日", "本", "語", "[SEP]"])
        // Each ideograph is its own word: one missing from the vocabulary is a lone [UNK].
        XCTAssertEqual(try tokens("我爱ab"), ["[CLS]", "我", "[UNK]", "ab", "[SEP]"])
    }

    func testEmojiAndUnknownWordsBecomeUNK() throws {
        XCTAssertEqual(try tokens("🚀"), ["[CLS]", "[UNK]", "[SEP]"])
        // A word with an uncoverable piece is one [UNK], not a partial match.
        XCTAssertEqual(try tokens("launch🚀 now"), ["[CLS]", "[UNK]", "now", "[SEP]"])
        // Variation selectors (Mn) are stripped and the zero-width joiner (Cf) removed.
        XCTAssertEqual(try tokens("ok\u{FE0F}\u{200D}"), ["[CLS]", "ok", "[SEP]"])
    }

    func testWordsOver100CharactersAreUNK() throws {
        XCTAssertEqual(try tokens(String(repeating: "a", count: 101)), ["[CLS]", "[UNK]", "[SEP]"])
        XCTAssertNotEqual(try tokens(String(repeating: "a", count: 100)), ["[CLS]", "[UNK]", "[SEP]"])
    }

    func testControlCharactersAreRemoved() throws {
        XCTAssertEqual(try tokens("he\u{0}llo\u{7}\u{FFFD}"), try tokens("hello"))
    }

    func testLiteralSpecialTokensAreKept() throws {
        XCTAssertEqual(try tokens("a [MASK] b[SEP]"), ["[CLS]", "a", "[MASK]", "b", "[SEP]", "[SEP]"])
        // Matching is case-sensitive, as in the reference tokenizer.
        XCTAssertEqual(try tokens("[mask]"), ["[CLS]", "[", "mask", "]", "[SEP]"])
    }

    func testTruncationKeepsSpecialTokensWithin256() throws {
        let tokenizer = try MiniLMFixtures.tokenizer()
        let long = Array(repeating: "insurance deadline", count: 200).joined(separator: " ")
        let full = tokenizer.encode(long)
        let cut = tokenizer.encode(long, maxTokens: 256)
        XCTAssertEqual(full.count, 402)
        XCTAssertEqual(cut.count, 256)
        XCTAssertEqual(cut.first, tokenizer.clsID)
        XCTAssertEqual(cut.last, tokenizer.sepID)
        XCTAssertEqual(Array(cut.dropLast()), Array(full.prefix(255)))
    }

    func testMissingSpecialTokenIsAnError() {
        XCTAssertThrowsError(try WordPieceTokenizer(tokens: ["[PAD]", "[CLS]", "[SEP]", "hello"])) { error in
            XCTAssertEqual(error as? EmbeddingsError, .invalidModel(file: "vocab.txt", reason: "vocabulary lacks [UNK]"))
        }
    }
}
