import Foundation
import Testing
@testable import LocalModel

@Suite struct TokenizerTests {
    @Test func preTokenizerSplitsDigitsOneByOne() {
        #expect(SmolLMPreTokenizer.split("12345 678") == ["1", "2", "3", "4", "5", " ", "6", "7", "8"])
        #expect(SmolLMPreTokenizer.split("€3.50") == ["€", "3", ".", "5", "0"])
    }

    @Test func preTokenizerFollowsGPT2Rules() {
        #expect(SmolLMPreTokenizer.split("  two  spaces\n\nnewlines") == [" ", " two", " ", " spaces", "\n", "\n", "newlines"])
        #expect(SmolLMPreTokenizer.split("Hello world!") == ["Hello", " world", "!"])
        #expect(SmolLMPreTokenizer.split("I'll don't") == ["I", "'ll", " don", "'t"])
        #expect(SmolLMPreTokenizer.split("a  ") == ["a", "  "])
        #expect(SmolLMPreTokenizer.split("naïve 日本語 🙂") == ["naïve", " 日本語", " 🙂"])
        #expect(SmolLMPreTokenizer.split("") == [])
    }

    @Test func byteLevelMappingRoundTrips() {
        for b in 0..<256 {
            #expect(ByteLevel.decode(String(Character(ByteLevel.byteToScalar[b]))) == [UInt8(b)])
        }
        #expect(ByteLevel.byteToScalar[0x20] == "Ġ")
        #expect(ByteLevel.byteToScalar[0x0A] == "Ċ")
    }

    /// A crafted vocabulary: merges apply by rank, control tokens only with `special: true`.
    @Test func bpeMergesByRankAndParsesSpecials() throws {
        var b = GGUFBuilder()
        let bytes = (0..<256).map { String(Character(ByteLevel.byteToScalar[$0])) }
        let tokens = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"] + bytes + ["ab", "abc", "bc", "Ġab"]
        b.metadata = [("tokenizer.ggml.model", .string("gpt2")), ("tokenizer.ggml.pre", .string("smollm")),
                      ("tokenizer.ggml.tokens", .strings(tokens)),
                      ("tokenizer.ggml.token_type", .i32s([3, 3, 3] + Array(repeating: 1, count: tokens.count - 3))),
                      // "b c" outranks "a b", so "abc" → "a" + "bc"; "ab c" can then never apply.
                      ("tokenizer.ggml.merges", .strings(["b c", "a b", "ab c", "Ġ ab"])),
                      ("tokenizer.ggml.eos_token_id", .u32(2)), ("tokenizer.ggml.bos_token_id", .u32(1))]
        let t = try Tokenizer(GGUFFile(path: try b.write().path))
        let id = { (s: String) in t.id(of: s)! }
        #expect(t.encode("abc", special: false) == [id("a"), id("bc")])
        #expect(t.encode("ab", special: false) == [id("ab")])
        #expect(t.encode(" ab", special: false) == [id("Ġab")])
        #expect(t.encode("<|im_start|>ab", special: true) == [1, id("ab")])
        #expect(t.encode("<|im_start|>", special: false).count == 12)
        #expect(t.decode([1, id("ab"), id("Ġab"), 2]) == "ab ab")
        #expect(t.stopIDs.contains(2))
    }

    @Test func rejectsUnsupportedTokenizerModels() throws {
        var b = GGUFBuilder()
        b.metadata = [("tokenizer.ggml.model", .string("llama")), ("tokenizer.ggml.tokens", .strings(["a"]))]
        #expect(throws: LocalModelError.self) { try Tokenizer(GGUFFile(path: try b.write().path)) }
    }

    /// Every tokenizer check recorded with llama.cpp on the same file.
    @Test(.enabled(if: InstalledModel.url != nil, "SmolLM2 weights not installed"))
    func idsEqualLlamaCpp() throws {
        let ref = try LlamaCppReference()
        let t = try Tokenizer(GGUFFile(path: InstalledModel.url!.path))
        for (text, ids) in ref.tokenizerChecks {
            #expect(t.encode(text, special: false) == ids, "check \(ids.count) ids")
            #expect(t.decode(ids) == text)
        }
        #expect(t.encode(ref.prompt, special: true) == ref.promptIDs)
        #expect(t.decode(ref.generatedIDs) == ref.text)
    }

    @Test(.enabled(if: InstalledModel.url != nil, "SmolLM2 weights not installed"))
    func chatTemplateFromMetadata() throws {
        let g = try GGUFFile(path: InstalledModel.url!.path)
        let template = ChatTemplate(templateSource: g.metadata["tokenizer.chat_template"]?.stringValue)
        #expect(template.isChatML)
        #expect(template.defaultSystemPrompt == "You are a helpful AI assistant named SmolLM, trained by Hugging Face")
        let ref = try LlamaCppReference()
        // With a system message the template adds nothing; the reference prompt is exactly the
        // user turn after it.
        let rendered = template.render([ChatMessage(role: "system", content: "S"), ChatMessage(role: "user", content: "List three fruits.")])
        #expect(rendered == "<|im_start|>system\nS<|im_end|>\n" + ref.prompt)
        #expect(template.render([ChatMessage(role: "user", content: "x")]).hasPrefix("<|im_start|>system\nYou are a helpful"))
    }
}
