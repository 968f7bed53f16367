import Foundation
import IntentKit
import LocalModel
import Routing

/// `intent model tokenize|run|bench`: inspect the in-process model (SmolLM2, GGUF).
struct ModelCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "model", summary: "Inspect the in-process model: tokenize, run a raw prompt, benchmark",
        usage: "intent model tokenize TEXT [--special] | run --raw PROMPT [--max-tokens N] [--temperature T] | bench  [--json]",
        discussion: "--home DIR looks for weights under DIR/models too.", needsHome: false)

    enum Action: String, CommandAction { case tokenize, run, bench }

    @Argument("ACTION", help: Action.choices) var action: Action
    @Argument("TEXT", help: "tokenize: the text") var words: [String]
    @Flag("special", help: "tokenize: interpret control-token text such as <|im_start|>") var special: Bool
    @Option("raw", valueName: "PROMPT", help: "run: the raw prompt (no chat template)") var raw: String?
    @Option("max-tokens", valueName: "N", help: "run: tokens to generate (default 32)") var maxTokens = 32
    @Option("temperature", valueName: "T", help: "run: 0 = greedy (default)") var temperature = 0.0
    @Option("seed", valueName: "N", help: "run: sampler seed") var seed: UInt64 = 0
    @Option("model", valueName: "FILE", help: "a GGUF file instead of the installed SmolLM2") var model: String?
    @Flag("portable-kernels", help: "bench: the portable Swift kernels instead of AVX2/AVX-VNNI") var portableKernels: Bool
    @Flag("unpacked", help: "bench: single-token steps on the file's weight layout (no packed copies)") var unpacked: Bool
    @Flag("profile", help: "bench: time each stage of a generated token") var profile: Bool
    @Option("prompt-tokens", valueName: "N", help: "bench: prompt length (default 400)") var promptTokens = 400
    @Option("tokens", valueName: "N", help: "bench: greedy tokens per run (default 128)") var tokens = 128
    @Option("repeats", valueName: "N", help: "bench: runs (default 3)") var repeats = 3

    func run(_ context: CommandContext) async throws -> Int32 {
        let runner = try load(context)
        let json = context.json
        switch action {
        case .tokenize:
            let ids = runner.tokenize(words.joined(separator: " "), special: special)
            if json { try context.printJSON(["ids": ids]) } else { context.out(ids.map(String.init).joined(separator: " ") + "\n") }
        case .run:
            guard let raw else { throw IntentError.usage("intent model run --raw PROMPT") }
            let report = try runner.runRaw(prompt: raw, maxTokens: maxTokens, temperature: temperature, seed: seed,
                                           isCancelled: { Task.isCancelled })
            if json { context.out(String(decoding: try report.jsonData(), as: UTF8.self) + "\n") } else { context.out(report.text + "\n") }
        case .bench:
            let figures = try LocalModelBenchmark.run(runner, promptTokens: promptTokens, generatedTokens: tokens, repeats: repeats)
            if json { try context.printJSON(figures) } else { try BenchCommand.printFields(figures, context.env) }
        }
        return 0
    }

    private func load(_ context: CommandContext) throws -> LocalModelRunner {
        let url: URL
        if let model {
            url = URL(fileURLWithPath: model)
        } else {
            guard let found = EmbeddedLanguageModel.installed(in: context.paths().modelDirectories) else {
                throw IntentError.unavailable("SmolLM2 weights are not installed (run 'make models', or pass --model FILE.gguf)")
            }
            url = found
        }
        var configuration = LocalModelConfiguration.default
        configuration.vectorKernels = !portableKernels
        configuration.packedWeights = !unpacked
        configuration.profileStages = profile
        do { return try LocalModelRunner.load(url, configuration: configuration) } catch {
            throw IntentError.invalidInput(String(describing: error))
        }
    }
}
