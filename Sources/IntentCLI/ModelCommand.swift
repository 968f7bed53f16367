import Foundation
import IntentKit
import LocalModel
import Routing

/// `intent model tokenize|run|bench`: inspect the in-process model (SmolLM2, GGUF).
enum ModelCommand {
    static let specs = [
        FlagSpec(name: "json", takesValue: false, help: "print JSON"),
        FlagSpec(name: "special", takesValue: false, help: "tokenize: interpret control-token text such as <|im_start|>"),
        FlagSpec(name: "raw", takesValue: true, help: "run: the raw prompt (no chat template)"),
        FlagSpec(name: "max-tokens", takesValue: true, help: "run: tokens to generate (default 32)"),
        FlagSpec(name: "temperature", takesValue: true, help: "run: 0 = greedy (default)"),
        FlagSpec(name: "seed", takesValue: true, help: "run: sampler seed"),
        FlagSpec(name: "model", takesValue: true, help: "a GGUF file instead of the installed SmolLM2"),
        FlagSpec(name: "home", takesValue: true, help: "look for weights under DIR/models too"),
        FlagSpec(name: "portable-kernels", takesValue: false, help: "bench: the portable Swift kernels instead of AVX2/AVX-VNNI"),
        FlagSpec(name: "unpacked", takesValue: false, help: "bench: single-token steps on the file's weight layout (no packed copies)"),
        FlagSpec(name: "profile", takesValue: false, help: "bench: time each stage of a generated token"),
        FlagSpec(name: "prompt-tokens", takesValue: true, help: "bench: prompt length (default 400)"),
        FlagSpec(name: "tokens", takesValue: true, help: "bench: greedy tokens per run (default 128)"),
        FlagSpec(name: "repeats", takesValue: true, help: "bench: runs (default 3)"),
        CatalogCommands.helpFlag,
    ]

    static let command: Command = Command(
        name: "model", summary: "Inspect the in-process model: tokenize, run a raw prompt, benchmark",
        usage: "intent model tokenize TEXT [--special] | run --raw PROMPT [--max-tokens N] [--temperature T] | bench  [--json]",
        run: { args, globals, env in
            let (parsed, action) = try ArgumentParser.parseAction(args, specs: specs, command: command)
            let runner = try load(parsed, globals, env)
            let json = globals.json || parsed.has("json")
            switch action {
            case "tokenize":
                let text = parsed.positional.dropFirst().joined(separator: " ")
                let ids = runner.tokenize(text, special: parsed.has("special"))
                if json { try env.printJSON(["ids": ids]) } else { env.streams.out(ids.map(String.init).joined(separator: " ") + "\n") }
            case "run":
                guard let prompt = parsed.value("raw") else { throw IntentError.usage("intent model run --raw PROMPT") }
                let maxTokens = try number(parsed, "max-tokens", 32, Int.init)
                let temperature = try number(parsed, "temperature", 0, Double.init)
                let seed = try number(parsed, "seed", 0, UInt64.init)
                let report = try runner.runRaw(prompt: prompt, maxTokens: maxTokens, temperature: temperature, seed: seed,
                                               isCancelled: { Task.isCancelled })
                if json { env.streams.out(String(decoding: try report.jsonData(), as: UTF8.self) + "\n") } else { env.streams.out(report.text + "\n") }
            case "bench":
                let figures = try LocalModelBenchmark.run(
                    runner, promptTokens: try number(parsed, "prompt-tokens", 400, Int.init),
                    generatedTokens: try number(parsed, "tokens", 128, Int.init), repeats: try number(parsed, "repeats", 3, Int.init))
                if json { try env.printJSON(figures) } else { try BenchCommand.printFields(figures, env) }
            default:
                throw IntentError.usage("unknown action '\(action)' (tokenize, run, bench)")
            }
            return 0
        })

    static func load(_ parsed: ParsedArguments, _ globals: GlobalOptions, _ env: CLIEnvironment) throws -> LocalModelRunner {
        let url: URL
        if let explicit = parsed.value("model") {
            url = URL(fileURLWithPath: explicit)
        } else {
            let paths = env.paths(globals, home: parsed.value("home"))
            guard let found = EmbeddedLanguageModel.installed(in: paths.modelDirectories) else {
                throw IntentError.unavailable("SmolLM2 weights are not installed (run 'make models', or pass --model FILE.gguf)")
            }
            url = found
        }
        var configuration = LocalModelConfiguration.default
        configuration.vectorKernels = !parsed.has("portable-kernels")
        configuration.packedWeights = !parsed.has("unpacked")
        configuration.profileStages = parsed.has("profile")
        do { return try LocalModelRunner.load(url, configuration: configuration) } catch {
            throw IntentError.invalidInput(String(describing: error))
        }
    }

    static func number<T>(_ parsed: ParsedArguments, _ name: String, _ fallback: T, _ make: (String) -> T?) throws -> T {
        guard let text = parsed.value(name) else { return fallback }
        guard let value = make(text) else { throw IntentError.usage("--\(name) takes a number") }
        return value
    }
}
