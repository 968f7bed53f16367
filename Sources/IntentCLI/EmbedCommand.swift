import Embeddings
import Foundation
import IntentKit
import Intents
import Retrieval

/// `intent embed TEXT [--json]`: the library's embedder on one text.
struct EmbedCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "embed", summary: "Embed a text with the library's embedder (MiniLM when installed)",
        usage: "intent embed TEXT [--json]", discussion: "--home DIR looks for weights under DIR/models too.",
        needsHome: false)

    @Argument("TEXT", help: "the text, or - to read stdin") var words: [String]

    mutating func validate() throws {
        guard !words.isEmpty else { throw IntentError.usage("intent embed TEXT (use '-' to read stdin)") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let text = words == ["-"] ? try InputReader.readStdinText() : words.joined(separator: " ")
        let loaded = context.env.home(context.paths()).embedders.current
        if let problem = loaded.problem {
            context.err("intent: \(problem); using the \(loaded.embedder.identifier) embedder — run 'make models' to install MiniLM\n")
        }
        let report = try EmbedReport(text: text, embedder: loaded.embedder)
        if context.json {
            context.out(String(decoding: try report.jsonData(), as: UTF8.self) + "\n")
        } else {
            let head = report.vector.prefix(6).map { String(format: "%.4f", $0) }.joined(separator: ", ")
            context.out("\(report.embedder) (\(report.dim)-d)\(report.tokenIDs.map { ", \($0.count) tokens" } ?? ""): [\(head), …]\n")
        }
        return 0
    }
}

/// `intent bench embed|library`: in-process benchmarks, medians printed (use a release build).
struct BenchCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "bench", summary: "Run an in-process benchmark (embed, library)",
        usage: "intent bench embed [--sentences N] | library [--chunks N] [--dir DIR]  [--json]", needsHome: false)

    @Argument("SUITE", help: "embed or library") var suite: String
    @Option("chunks", valueName: "N", help: "library: chunks in the synthetic library (default 100000)") var chunks = 100_000
    @Option("sentences", valueName: "N", help: "embed: sentences (default 1000)") var sentences = 1000
    @Option("dir", valueName: "DIR", help: "library: work directory (default: a temporary one)") var dir: String?

    func run(_ context: CommandContext) async throws -> Int32 {
        let embedder = context.env.home(context.paths()).embedders.current.embedder
        switch suite {
        case "embed":
            let figures = try EmbeddingBenchmark.run(embedder: embedder, sentenceCount: sentences)
            if context.json { try context.printJSON(figures) } else { try Self.printFields(figures, context.env) }
        case "library":
            let work = dir.map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("intent-bench-\(UUID().uuidString.prefix(8))")
            defer { if dir == nil { try? FileManager.default.removeItem(at: work) } }
            let report = try LibraryBenchmark.run(home: work, embedder: embedder, chunks: chunks, clock: context.env.wallClock)
            if context.json { try context.printJSON(report) } else { try Self.printFields(report, context.env) }
        default:
            throw IntentError.usage("unknown benchmark '\(suite)' (embed, library)")
        }
        return 0
    }

    /// `key: value` lines of an Encodable's top-level scalar fields.
    static func printFields<T: Encodable>(_ value: T, _ env: CLIEnvironment) throws {
        guard case .object(let fields) = try JSONValue.encoding(value) else { return }
        for key in fields.keys.sorted() {
            guard let v = fields[key], v.arrayValue == nil, v.objectValue == nil else { continue }
            env.streams.out("  \(key.padding(toLength: 34, withPad: " ", startingAt: 0)) \(ValueRenderer.scalar(v))\n")
        }
    }
}
