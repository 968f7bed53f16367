@testable import LocalModel
import Testing

/// The byte-keyed token index the tokenizer is built with: exact texts only, the first of
/// duplicate texts, and a joined text found from its two halves without building it.
@Suite struct TokenIndexTests {
    @Test func looksUpExactTextsAndJoinedHalves() {
        let index = TokenIndex(["a", "Ġt", "Ġthe", "he", "a", "Ġ", "é", "<|im_end|>"])
        #expect(index.id("a") == 0)              // the first of two equal texts
        #expect(index.id("Ġthe") == 2)
        #expect(index.id("é") == 6)
        #expect(index.id("<|im_end|>") == 7)
        #expect(index.id("Ġth") == nil)
        #expect(index.id("") == nil)
        var left = "Ġt", right = "he", wrong = "h"
        left.withUTF8 { l in
            right.withUTF8 { r in #expect(index.id(l, r) == 2) }
            wrong.withUTF8 { r in #expect(index.id(l, r) == nil) }
        }
    }
}
