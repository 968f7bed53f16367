import Foundation
import Primitives
import Testing
@testable import LocalModel

@Suite struct GenerationTests {
    @Test func deltaEmitterReleasesWholeCharacters() {
        var e = DeltaEmitter()
        let smile = Array("🙂".utf8)
        #expect(e.push([UInt8(ascii: "a")]) == "a")
        #expect(e.push(Array(smile[0..<2])) == nil)
        #expect(e.push(Array(smile[2..<4]) + [UInt8(ascii: "b")]) == "🙂b")
        #expect(e.push([0xC3]) == nil)
        #expect(e.flush() == "\u{FFFD}")
    }

    @Test func chatTemplateWithoutInjection() {
        let t = ChatTemplate(templateSource: "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}{% endfor %}")
        #expect(t.defaultSystemPrompt == nil)
        #expect(t.render([ChatMessage(role: "user", content: "hi")]) == "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n")
    }

    @Test func optionsAreValidated() {
        #expect(throws: LocalModelError.self) { try GenerationOptions(maxTokens: -1).validate() }
        #expect(throws: LocalModelError.self) { try GenerationOptions(temperature: -0.5).validate() }
        #expect(throws: LocalModelError.self) { try GenerationOptions(topP: 0).validate() }
        #expect(throws: Never.self) { try GenerationOptions(temperature: 0.7, topP: 0.9).validate() }
    }

    @Test func samplingIsSeededAndGreedyIsArgmax() {
        var logits = [Float](repeating: 0, count: 1000)
        for i in 0..<1000 { logits[i] = Float((i * 7919) % 1000) / 100 }
        logits.withUnsafeBufferPointer { l in
            #expect(Sampler.argmax(l) == Sampler.topK(l, 5)[0])
            #expect(Sampler.topK(l, 3).map { l[$0] } == Sampler.topK(l, 3).map { l[$0] }.sorted(by: >))
            var a = SeededGenerator(seed: 9), b = SeededGenerator(seed: 9)
            let x = (0..<20).map { _ in Sampler.sample(l, temperature: 0.8, topP: 0.9, using: &a) }
            let y = (0..<20).map { _ in Sampler.sample(l, temperature: 0.8, topP: 0.9, using: &b) }
            #expect(x == y)
            var c = SeededGenerator(seed: 9)
            #expect(Sampler.sample(l, temperature: 0, topP: 1, using: &c) == Sampler.argmax(l))
            // top-p keeps only the nucleus: with p tiny, only the best token survives.
            #expect((0..<10).allSatisfy { _ in Sampler.sample(l, temperature: 1, topP: 1e-6, using: &c) == Sampler.argmax(l) })
        }
    }

    @Test func rawReportHasTheCLIShape() throws {
        let r = GenerationResult(text: "1.", promptTokenIDs: [1, 2], generatedTokenIDs: [33, 30], finishReason: .stop,
                                 step0Top: [TokenScore(id: 33, logit: 32.25)], promptSeconds: 0, generationSeconds: 0)
        let json = String(decoding: try RawRunReport(r).jsonData(), as: UTF8.self)
        #expect(json == #"{"finish_reason":"stop","generated_ids":[33,30],"prompt_ids":[1,2],"step0_top":[[33,32.25]],"text":"1."}"#)
    }

    @Test func benchmarkReadsPeakRSS() {
        let rss = LocalModelBenchmark.peakResidentBytes()
        #expect(rss != nil && rss! > 1_000_000)
    }
}
