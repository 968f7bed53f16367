import Embeddings
import Foundation
import IntentKit
import Intents
import Retrieval

/// `intent embed TEXT [--json]`: the library's embedder on one text.
enum EmbedCommand {
    static let specs = [FlagSpec(name: "json", takesValue: false, help: "print the report as JSON"),
                        FlagSpec(name: "home", takesValue: true, help: "look for weights under DIR/models too"),
                        CatalogCommands.helpFlag]

    static let command: Command = Command(
        name: "embed", summary: "Embed a text with the library's embedder (MiniLM when installed)",
        usage: "intent embed TEXT [--json]",
        run: { args, globals, env in
            let parsed = try ArgumentParser.parse(args, specs: specs)
            if parsed.has("help") { env.streams.out(HelpText.command(command, flags: specs)); return 0 }
            guard !parsed.positional.isEmpty else { throw IntentError.usage("intent embed TEXT (use '-' to read stdin)") }
            let text = parsed.positional == ["-"] ? try InputReader.readStdinText() : parsed.positional.joined(separator: " ")
            let loaded = env.home(env.paths(globals, home: parsed.value("home"))).embedders.current
            if let problem = loaded.problem {
                env.streams.err("intent: \(problem); using the \(loaded.embedder.identifier) embedder — run 'make models' to install MiniLM\n")
            }
            let report = try EmbedReport(text: text, embedder: loaded.embedder)
            if globals.json || parsed.has("json") {
                env.streams.out(String(decoding: try report.jsonData(), as: UTF8.self) + "\n")
            } else {
                let head = report.vector.prefix(6).map { String(format: "%.4f", $0) }.joined(separator: ", ")
                env.streams.out("\(report.embedder) (\(report.dim)-d)\(report.tokenIDs.map { ", \($0.count) tokens" } ?? ""): [\(head), …]\n")
            }
            return 0
        })
}

/// `intent bench embed|library`: in-process benchmarks, medians printed (use a release build).
enum BenchCommand {
    static let specs = [FlagSpec(name: "json", takesValue: false, help: "print the figures as JSON"),
                        FlagSpec(name: "chunks", takesValue: true, help: "library: chunks in the synthetic library (default 100000)"),
                        FlagSpec(name: "sentences", takesValue: true, help: "embed: sentences (default 1000)"),
                        FlagSpec(name: "dir", takesValue: true, help: "library: work directory (default: a temporary one)"),
                        CatalogCommands.helpFlag]

    static let command: Command = Command(
        name: "bench", summary: "Run an in-process benchmark (embed, library)",
        usage: "intent bench embed [--sentences N] | library [--chunks N] [--dir DIR]  [--json]",
        run: { args, globals, env in
            let (parsed, suite) = try ArgumentParser.parseAction(args, specs: specs, command: command)
            let embedder = env.home(env.paths(globals)).embedders.current.embedder
            let json = globals.json || parsed.has("json")
            switch suite {
            case "embed":
                let figures = try EmbeddingBenchmark.run(embedder: embedder, sentenceCount: Int(parsed.value("sentences") ?? "1000") ?? 1000)
                if json { try env.printJSON(figures) } else { try printFields(figures, env) }
            case "library":
                let dir = parsed.value("dir").map { URL(fileURLWithPath: $0) }
                    ?? FileManager.default.temporaryDirectory.appendingPathComponent("intent-bench-\(UUID().uuidString.prefix(8))")
                defer { if parsed.value("dir") == nil { try? FileManager.default.removeItem(at: dir) } }
                let report = try LibraryBenchmark.run(home: dir, embedder: embedder, chunks: Int(parsed.value("chunks") ?? "100000") ?? 100_000,
                                                      clock: env.wallClock)
                if json { try env.printJSON(report) } else { try printFields(report, env) }
            default:
                throw IntentError.usage("unknown benchmark '\(suite)' (embed, library)")
            }
            return 0
        })

    /// `key: value` lines of an Encodable's top-level scalar fields.
    static func printFields<T: Encodable>(_ value: T, _ env: CLIEnvironment) throws {
        guard case .object(let fields) = try JSONValue.encoding(value) else { return }
        for key in fields.keys.sorted() {
            guard let v = fields[key], v.arrayValue == nil, v.objectValue == nil else { continue }
            env.streams.out("  \(key.padding(toLength: 34, withPad: " ", startingAt: 0)) \(ValueRenderer.scalar(v))\n")
        }
    }
}
