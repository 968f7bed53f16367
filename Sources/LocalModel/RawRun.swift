import Foundation

/// The JSON shape of `intent model run --raw`:
/// `{"prompt_ids":[…],"generated_ids":[…],"text":"…","step0_top":[[id,logit],…]}`.
public struct RawRunReport: Sendable, Equatable, Encodable {
    public var promptIDs: [Int]
    public var generatedIDs: [Int]
    public var text: String
    public var step0Top: [TokenScore]
    public var finishReason: FinishReason

    public init(_ result: GenerationResult) {
        promptIDs = result.promptTokenIDs
        generatedIDs = result.generatedTokenIDs
        text = result.text
        step0Top = result.step0Top
        finishReason = result.finishReason
    }

    enum CodingKeys: String, CodingKey {
        case promptIDs = "prompt_ids", generatedIDs = "generated_ids", text, step0Top = "step0_top", finishReason = "finish_reason"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(promptIDs, forKey: .promptIDs)
        try c.encode(generatedIDs, forKey: .generatedIDs)
        try c.encode(text, forKey: .text)
        var top = c.nestedUnkeyedContainer(forKey: .step0Top)
        for s in step0Top {
            var pair = top.nestedUnkeyedContainer()
            try pair.encode(s.id)
            try pair.encode(Double(s.logit))
        }
        try c.encode(finishReason, forKey: .finishReason)
    }

    /// Sorted-key JSON, one line.
    public func jsonData() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try e.encode(self)
    }
}

extension LocalModelRunner {
    /// Raw completion (no chat template; control-token text in `prompt` is interpreted), as
    /// llama.cpp's `create_completion` does: used by `intent model run --raw`.
    public func runRaw(prompt: String, maxTokens: Int, temperature: Double = 0, seed: UInt64 = 0,
                       topLogits: Int = 10, isCancelled: @escaping () -> Bool = { false }) throws -> RawRunReport {
        let options = GenerationOptions(maxTokens: maxTokens, temperature: temperature, seed: seed, reportTopLogits: topLogits)
        let result = try generateBlocking(promptTokens: tokenize(prompt, special: true), options: options, isCancelled: isCancelled)
        return RawRunReport(result)
    }
}
