import Embeddings
import Foundation
import IntentKit
import Intents
import Retrieval
import Store

/// `intent library add|status|remove|reindex` — the document library AskLibrary answers from.
enum LibraryCommand {
    static let specs = [
        FlagSpec(name: "json", takesValue: false, help: "print JSON"),
        FlagSpec(name: "home", takesValue: true, help: "use the home DIR"),
        FlagSpec(name: "no-process", takesValue: false, help: "add: only enqueue; index later with 'intent library process'"),
        CatalogCommands.helpFlag,
    ]

    static let command: Command = Command(
        name: "library", summary: "Add, list, remove and reindex the documents AskLibrary answers from",
        usage: "intent library add PATH... | list | status | remove PATH|ID... | reindex | process  [--json]",
        run: { args, globals, env in
            let (parsed, action) = try ArgumentParser.parseAction(args, specs: specs, command: command)
            let paths = env.paths(globals, home: parsed.value("home"))
            let store = IntentStore(paths: paths)
            try await store.ensureConfigured()
            let loaded = EmbedderProvider.live(paths: paths).current
            let library = Library(store: store, embedder: loaded.embedder)
            let json = globals.json || parsed.has("json")
            let operands = Array(parsed.positional.dropFirst())
            do {
                switch action {
                case "add":
                    guard !operands.isEmpty else { throw IntentError.usage("intent library add PATH...") }
                    for path in operands where !FileManager.default.fileExists(atPath: path) {
                        throw IntentError.invalidInput("\(path): no such file or directory")
                    }
                    var skipped: [String] = []
                    let tickets = try library.enqueue(paths: operands.map { URL(fileURLWithPath: $0) }, skipped: &skipped)
                    reportSkipped(skipped, env: env)
                    if parsed.has("no-process") {
                        env.streams.out("Queued \(tickets.count) ticket\(tickets.count == 1 ? "" : "s").\n")
                        return 0
                    }
                    return try process(library, json: json, env: env)
                case "process":
                    return try process(library, json: json, env: env)
                case "reindex":
                    let queued = try library.reindex()
                    env.streams.err("intent: re-indexing \(queued) document\(queued == 1 ? "" : "s") with \(loaded.embedder.identifier)\n")
                    return try process(library, json: json, env: env)
                case "remove":
                    guard !operands.isEmpty else { throw IntentError.usage("intent library remove PATH|ID...") }
                    let documents = try library.status(recent: 0).documents
                    for operand in operands {
                        let doc: LibraryDocument
                        if let id = Int64(operand), let found = documents.first(where: { $0.id == id }) {
                            try library.remove(id: id)
                            doc = found
                        } else {
                            doc = try library.remove(path: operand)
                        }
                        env.streams.out("Removed \(doc.id) \(doc.path) (\(doc.chunkCount) chunks).\n")
                    }
                    return 0
                case "list":
                    let documents = try library.status(recent: 0).documents
                    if json { try env.printJSON(documents); return 0 }
                    if documents.isEmpty { env.streams.out("The library is empty: 'intent library add PATH' adds documents.\n") }
                    for d in documents {
                        env.streams.out("\(String(d.id).padding(toLength: 6, withPad: " ", startingAt: 0)) \(d.path)  \(d.kind), \(d.chunkCount) chunks, indexed \(d.indexedAt)\n")
                    }
                    return 0
                case "status":
                    let status = try library.status()
                    if json { try env.printJSON(status); return 0 }
                    printStatus(status, problem: loaded.problem, env: env)
                    return 0
                default:
                    throw IntentError.usage("unknown action '\(action)' (add, list, status, remove, reindex, process)")
                }
            } catch let error as RetrievalError {
                throw error.intentError
            }
        })


    /// Processes the queue, drawing a progress bar on a terminal, else a plain line every 100
    /// files; then one line per file that was refused or failed, with the reason.
    static func process(_ library: Library, json: Bool, env: CLIEnvironment) throws -> Int32 {
        let bar = env.streams.stderrIsTerminal
        let summary = try library.processQueue { progress in
            if bar {
                let width = 30
                let filled = Int(progress.fraction * Double(width))
                env.streams.err("\r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(progress.completed)/\(progress.total)")
            } else if progress.completed % 100 == 0 || progress.completed == progress.total {
                env.streams.err("intent: indexed \(progress.completed)/\(progress.total) files\n")
            }
        }
        if bar { env.streams.err("\n") }
        let skipped = summary.refused + summary.failed
        if skipped > 0, let status = try? library.status(recent: max(skipped, 1) + summary.processed) {
            for ticket in status.recentTickets.prefix(summary.processed) where ticket.state == .refused || ticket.state == .failed {
                env.streams.err("intent: \(ticket.state.rawValue): \(ticket.outcome ?? ticket.path)\n")
            }
        }
        if json { try env.printJSON(summary); return summary.failed > 0 ? ExitCode.dataError.rawValue : 0 }
        if summary.busy {
            env.streams.err("intent: another process is indexing this library; it will finish the queue\n")
            return 0
        }
        env.streams.out("Indexed \(summary.indexed), unchanged \(summary.unchanged), removed \(summary.removed), refused \(summary.refused), failed \(summary.failed); \(summary.chunks) chunks in \(String(format: "%.2f", summary.seconds)) s.\n")
        // A mostly successful add exits 0 with the skips reported; 65 only when nothing could be indexed.
        let useful = summary.indexed + summary.unchanged + summary.removed
        return skipped > 0 && useful == 0 ? ExitCode.dataError.rawValue : 0
    }

    /// One line per file a folder walk passed over for its type (the first `listed`), then a
    /// count by extension: nothing is skipped silently.
    static func reportSkipped(_ paths: [String], env: CLIEnvironment, listed: Int = 20) {
        guard !paths.isEmpty else { return }
        let supported = "txt, md, csv, json, html and source code are"
        for path in paths.prefix(listed) {
            let ext = URL(fileURLWithPath: path).pathExtension
            env.streams.err("intent: skipped: \(path): file type '\(ext.isEmpty ? "none" : ext)' is not supported (\(supported))\n")
        }
        guard paths.count > listed else { return }
        var byType: [String: Int] = [:]
        for path in paths.dropFirst(listed) { byType[URL(fileURLWithPath: path).pathExtension.lowercased(), default: 0] += 1 }
        let counts = byType.sorted { $0.value > $1.value }.prefix(5).map { "\($0.key.isEmpty ? "no extension" : "." + $0.key) \($0.value)" }
        env.streams.err("intent: skipped \(paths.count - listed) more files of unsupported types (\(counts.joined(separator: ", ")))\n")
    }

    static func printStatus(_ s: LibraryStatus, problem: String?, env: CLIEnvironment) {
        env.streams.out("\(s.documents.count) document\(s.documents.count == 1 ? "" : "s"), \(s.chunkCount) chunks; embedder \(s.activeEmbedder)\(s.indexEmbedder.map { $0 == s.activeEmbedder ? "" : " (index built by \($0))" } ?? "")\n")
        if s.needsReindex { env.streams.out("The index was built by another embedder: run 'intent library reindex'.\n") }
        if let problem, s.activeEmbedder != "minilm-l6-v2" { env.streams.err("intent: using the hashing embedder (\(problem)); 'make models' installs MiniLM\n") }
        if !s.tickets.isEmpty {
            env.streams.out("tickets: " + s.tickets.keys.sorted().map { "\($0) \(s.tickets[$0]!)" }.joined(separator: ", ") + "\n")
        }
        for d in s.documents {
            env.streams.out("  \(String(d.id).padding(toLength: 6, withPad: " ", startingAt: 0)) \(d.path) (\(d.chunkCount) chunks)\n")
        }
    }
}
