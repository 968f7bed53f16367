import Embeddings
import Foundation
import IntentKit
import Intents
import Retrieval
import Store

/// `intent library add|status|remove|reindex` — the document library AskLibrary answers from.
struct LibraryCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "library", summary: "Add, list, remove and reindex the documents AskLibrary answers from",
        usage: "intent library add PATH... [--retry] | list | status | remove PATH|ID... | reindex | process  [--json]")

    enum Action: String, CommandAction { case add, list, status, remove, reindex, process }

    @Argument("ACTION", help: Action.choices) var action: Action
    @Argument("PATH", help: "add: files or folders; remove: paths or ids") var operands: [String]
    @Flag("no-process", help: "add: only enqueue; index later with 'intent library process'") var noProcess: Bool
    @Flag("retry", help: "add: try files that failed before even if they have not changed") var retry: Bool

    func run(_ context: CommandContext) async throws -> Int32 {
        let home = context.env.home(context.paths()), store = home.store
        try await store.ensureConfigured()
        let loaded = home.embedders.current
        let library = home.library(embedder: loaded.embedder)
        do {
            switch action {
            case .add: return try await add(library, context)
            case .process:
                return try await Self.process(library, json: context.json, env: context.env, verb: "indexed")
            case .reindex:
                let plan = try library.startReindex()
                let what = "\(plan.queued) of \(plan.total) document\(plan.total == 1 ? "" : "s") with \(loaded.embedder.identifier)"
                context.err(plan.resumed ? "intent: continuing the interrupted reindex: \(what) left\n"
                                         : "intent: re-indexing \(what)\n")
                return try await Self.process(library, json: context.json, env: context.env, verb: "re-indexed", resume: "intent library reindex")
            case .remove: return try remove(library, context)
            case .list: return try list(library, context)
            case .status:
                let status = try library.status()
                if context.json { try context.printJSON(status); return 0 }
                Self.printStatus(status, problem: loaded.problem, env: context.env)
                return 0
            }
        } catch let error as RetrievalError {
            throw error.intentError
        }
    }

    private func add(_ library: Library, _ context: CommandContext) async throws -> Int32 {
        guard !operands.isEmpty else { throw IntentError.usage("intent library add PATH...") }
        for path in operands where !FileManager.default.fileExists(atPath: path) {
            throw IntentError.invalidInput("\(path): no such file or directory")
        }
        let urls = operands.map { URL(fileURLWithPath: $0) }
        if retry { try library.forgetFailures(under: urls) }
        var skipped: [String] = []
        let tickets = try library.enqueue(paths: urls, skipped: &skipped)
        Self.reportSkipped(skipped, env: context.env)
        if noProcess {
            context.out("Queued \(tickets.count) ticket\(tickets.count == 1 ? "" : "s").\n")
            return 0
        }
        return try await Self.process(library, json: context.json, env: context.env, verb: "indexed")
    }

    private func remove(_ library: Library, _ context: CommandContext) throws -> Int32 {
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
            context.out("Removed \(doc.id) \(doc.path) (\(doc.chunkCount) chunks).\n")
        }
        return 0
    }

    private func list(_ library: Library, _ context: CommandContext) throws -> Int32 {
        let documents = try library.status(recent: 0).documents
        if context.json { try context.printJSON(documents); return 0 }
        if documents.isEmpty { context.out("The library is empty: 'intent library add PATH' adds documents.\n") }
        for d in documents {
            context.out("\(String(d.id).padding(toLength: 6, withPad: " ", startingAt: 0)) \(d.path)  \(d.kind), \(d.chunkCount) chunks, indexed \(d.indexedAt)\n")
        }
        return 0
    }

    /// Processes the queue with progress on stderr (a bar at a terminal, else plain lines), then
    /// one line per file that was refused, failed or skipped as previously failed, with the reason.
    /// SIGINT/SIGTERM stop it at the next transaction boundary: exit 130/143 with a sentence, and
    /// `resume` continues where it stopped.
    static func process(_ library: Library, json: Bool, env: CLIEnvironment, verb: String,
                        resume: String = "intent library process") async throws -> Int32 {
        let printer = LibraryProgressPrinter(streams: env.streams, interval: library.configuration.progressIntervalSeconds,
                                             verb: verb)
        let interrupt = LibraryInterrupt()
        defer { interrupt.end() }
        let summary = try await library.ingest(progress: { printer.report($0) },
                                               shouldStop: { interrupt.stopRequested })
        printer.finish()
        let problems = summary.refused + summary.failed + summary.skipped
        if problems > 0, let status = try? library.status(recent: summary.processed) {
            let reported: Set<IngestionTicket.State> = [.refused, .failed, .skipped]
            for ticket in status.recentTickets.reversed() where reported.contains(ticket.state) {
                env.streams.err("intent: \(ticket.state.rawValue): \(ticket.outcome ?? ticket.path)\n")
            }
        }
        if summary.interrupted {
            let left = (try? library.pendingTickets()) ?? 0
            env.streams.err("intent: interrupted after \(summary.processed) file\(summary.processed == 1 ? "" : "s") "
                + "(\(summary.chunks) chunks); what was indexed is kept and \(left) file\(left == 1 ? "" : "s") "
                + "stay queued: '\(resume)' continues from there\n")
            if json { try env.printJSON(summary) }
            return interrupt.stopRequested ? interrupt.exitCode : ExitCode.cancelled.rawValue
        }
        if json { try env.printJSON(summary); return summary.failed > 0 ? ExitCode.dataError.rawValue : 0 }
        if summary.busy {
            env.streams.err("intent: another process is indexing this library; it will finish the queue\n")
            return 0
        }
        let skipped = summary.skipped > 0 ? ", skipped \(summary.skipped) (failed before, unchanged)" : ""
        env.streams.out("Indexed \(summary.indexed), unchanged \(summary.unchanged), removed \(summary.removed), refused \(summary.refused), failed \(summary.failed)\(skipped); \(summary.chunks) chunks in \(String(format: "%.2f", summary.seconds)) s.\n")
        // A mostly successful add exits 0 with the skips reported; 65 only when nothing could be indexed.
        let useful = summary.indexed + summary.unchanged + summary.removed
        return problems > 0 && useful == 0 ? ExitCode.dataError.rawValue : 0
    }

    /// One line per file a folder walk passed over for its type (the first `listed`), then a
    /// count by extension: nothing is skipped silently.
    static func reportSkipped(_ paths: [String], env: CLIEnvironment, listed: Int = 20) {
        guard !paths.isEmpty else { return }
        for path in paths.prefix(listed) {
            let ext = URL(fileURLWithPath: path).pathExtension
            env.streams.err("intent: skipped: \(path): file type '\(ext.isEmpty ? "none" : ext)' is not supported (\(DocumentKind.supportedTypes) are)\n")
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
        if s.incompleteDocuments > 0 {
            env.streams.out("\(s.incompleteDocuments) document\(s.incompleteDocuments == 1 ? " is" : "s are") half-written by a run that stopped (not searchable yet): 'intent library process' finishes \(s.incompleteDocuments == 1 ? "it" : "them").\n")
        }
        if let problem, s.activeEmbedder != "minilm-l6-v2" { env.streams.err("intent: using the hashing embedder (\(problem)); 'make models' installs MiniLM\n") }
        if !s.tickets.isEmpty {
            env.streams.out("tickets: " + s.tickets.keys.sorted().map { "\($0) \(s.tickets[$0]!)" }.joined(separator: ", ") + "\n")
        }
        for d in s.documents {
            env.streams.out("  \(String(d.id).padding(toLength: 6, withPad: " ", startingAt: 0)) \(d.path) (\(d.chunkCount) chunks)\n")
        }
    }
}
