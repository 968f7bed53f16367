import Foundation
import Primitives

/// The token loop of one generation call: prompt evaluation (reusing the cached prefix),
/// choice of each token (free or schema-guided), stop conditions and streaming of text deltas.
struct Generator {
    let runner: LocalModelRunner
    let context: LlamaContext
    let options: GenerationOptions
    let isCancelled: () -> Bool
    let onToken: ((String) -> Void)?

    func run(promptTokens: [Int]) throws -> GenerationResult {
        let tokenizer = runner.tokenizer
        guard !promptTokens.isEmpty else { throw LocalModelError.invalidOption(name: "prompt", reason: "is empty") }
        guard promptTokens.count < context.cache.maxTokens else {
            throw LocalModelError.contextOverflow(promptTokens: promptTokens.count, contextWindow: context.cache.maxTokens)
        }
        if isCancelled() { throw CancellationError() }
        context.interrupt = isCancelled
        defer { context.interrupt = { false } }
        let start = Date()
        var logits: UnsafeBufferPointer<Float>
        var prefixSource: LlamaContext.PrefixSource? = nil
        if context.packedStore == nil, let directory = options.prefixCacheDirectory {
            context.packedStore = PackedWeightsStore(directory: directory, modelHash: runner.modelHash)
        }
        if options.fixedPrefixTokens > 0 && options.fixedPrefixTokens < promptTokens.count {
            let store = options.prefixCacheDirectory.map { DirectoryPrefixStore(directory: $0, keep: runner.configuration.prefixSnapshotsKept) }
            (logits, prefixSource) = try context.evaluate(promptTokens, fixedPrefix: options.fixedPrefixTokens,
                                                          store: store, modelHash: runner.modelHash)
        } else {
            logits = try context.evaluateReusingPrefix(promptTokens)
        }
        let top = Sampler.topK(logits, options.reportTopLogits).map { TokenScore(id: $0, logit: logits[$0]) }
        let promptSeconds = Date().timeIntervalSince(start)

        var guide = try options.schema.map { try JSONGuide(schema: $0, tokenizer: tokenizer, config: runner.configuration) }
        var rng = SeededGenerator(seed: options.seed)
        var generated: [Int] = []
        var emitter = DeltaEmitter()
        var reason = FinishReason.length
        let genStart = Date()
        let budget = min(options.maxTokens, context.cache.maxTokens - promptTokens.count)

        while generated.count < budget {
            if isCancelled() { throw CancellationError() }
            let token: Int
            if guide != nil {
                guard let t = try guide!.choose(logits, temperature: options.temperature, topP: options.topP, rng: &rng) else {
                    reason = .schemaComplete
                    break
                }
                token = t
            } else {
                token = Sampler.sample(logits, temperature: options.temperature, topP: options.topP, using: &rng)
                if tokenizer.stopIDs.contains(token) { reason = .stop; break }
            }
            generated.append(token)
            if let delta = emitter.push(tokenizer.bytes(of: token)), let onToken { onToken(delta) }
            if let g = guide, g.isFinished { reason = .schemaComplete; break }
            if generated.count == budget { break }
            // Nothing left to choose: the forced rest is appended without evaluating the model.
            if var g = guide, let tail = g.forcedTail(), g.commit(tail) {
                generated += tokenizer.encode(String(decoding: tail, as: UTF8.self), special: false)
                if let delta = emitter.push(tail), let onToken { onToken(delta) }
                guide = g
                reason = .schemaComplete
                break
            }
            logits = try context.evaluate([token])
        }
        if var g = guide, !g.isFinished {
            // Out of budget: close the value with the shortest valid completion.
            let tail = try g.forcedCompletion()
            // Continuation bytes of a character already begun map to byte tokens.
            var k = 0
            while k < tail.count && tail[k] & 0xC0 == 0x80 { k += 1 }
            generated += tail[..<k].map { tokenizer.byteToken($0) }
            generated += tokenizer.encode(String(decoding: tail[k...], as: UTF8.self), special: false)
            if let delta = emitter.push(tail), let onToken { onToken(delta) }
            guide = g
            reason = .length
        }
        if let rest = emitter.flush(), let onToken { onToken(rest) }
        return GenerationResult(
            text: tokenizer.decode(generated), promptTokenIDs: promptTokens, generatedTokenIDs: generated,
            finishReason: reason, step0Top: top, promptSeconds: promptSeconds,
            generationSeconds: Date().timeIntervalSince(genStart),
            reusedPrefixTokens: prefixSource == .memory || prefixSource == .snapshot ? options.fixedPrefixTokens : 0,
            prefixSource: prefixSource?.rawValue)
    }
}

/// Buffers bytes until they form whole UTF-8 characters, then releases them as text.
struct DeltaEmitter {
    private var pending: [UInt8] = []

    mutating func push(_ bytes: [UInt8]) -> String? {
        pending += bytes
        let cut = DeltaEmitter.completePrefixLength(pending)
        guard cut > 0 else { return nil }
        let text = String(decoding: pending[..<cut], as: UTF8.self)
        pending.removeFirst(cut)
        return text
    }

    mutating func flush() -> String? {
        guard !pending.isEmpty else { return nil }
        defer { pending = [] }
        return String(decoding: pending, as: UTF8.self)
    }

    /// Length of the longest prefix that does not end inside a multi-byte character.
    static func completePrefixLength(_ b: [UInt8]) -> Int {
        var i = b.count - 1
        var back = 0
        while i >= 0 && back < 4 && b[i] & 0xC0 == 0x80 { i -= 1; back += 1 }
        guard i >= 0 else { return b.count }
        let lead = b[i]
        let need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return b.count - i >= need ? b.count : i
    }
}
