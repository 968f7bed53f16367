import Embeddings
import Foundation
import IntentKit
import Primitives
import Retrieval
import Routing

/// Answers a question from the user's own documents, with byte-exact citations, or abstains.
public struct AskLibrary: Intent {
    public static let description = IntentDescription(
        name: "AskLibrary",
        summary: "Answer a question from your documents, with citations, or say the documents don't say.",
        discussion: "Searches the documents added with 'intent library add' (hybrid: words and meaning), then "
            + "answers with the best sentences as quotes whose byte offsets point into the source files. When "
            + "the documents do not support an answer the run abstains (status abstained, exit 0). A configured "
            + "model may write the answer from the same evidence; its citations and numbers are checked "
            + "against the sources, else the quoted answer stands.",
        sideEffect: .none,
        phrases: ["what do my documents say about …", "search my notes for …"],
        examples: ["\"when is the insurance renewal due?\"", "\"what did the Apollo program achieve?\" --mode deep --json"])

    public enum Mode: String, IntentEnum { case standard, deep, maximum }

    @Parameter("question", description: "The question", primary: true)
    var question: String

    @Parameter("mode", description: "standard (5 passages), deep (10, a second pass with an expanded query, stricter checks) or maximum (15, up to three passes, strictest)")
    var mode: Mode = .standard

    @Parameter("topK", description: "How many passages to retrieve (overrides the mode)")
    var topK: Int?

    public init() {}

    public func validate() throws {
        if question.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw IntentError.invalidValue(parameter: "question", reason: "the question is empty")
        }
        if question.utf8.count > 4_096 { throw IntentError.invalidValue(parameter: "question", reason: "longer than 4096 bytes") }
        if let topK, !(1...50).contains(topK) { throw IntentError.invalidValue(parameter: "top-k", reason: "must be 1…50") }
    }

    public func perform(in context: RunContext) async throws -> IntentResult<AskLibraryValue> {
        try await context.store.ensureConfigured()
        let searchMode = SearchMode(rawValue: mode.rawValue) ?? .standard
        let (question, topK) = (self.question, self.topK)
        // Loading the embedder, the search (tens of ms at 100k chunks) and the extractive answer
        // block: they run off the cooperative pool.
        let (pack, extractive, diagnostics, warnings) = try await Blocking.run(label: "intent.ask-library") { _ in
            // Read-only: the run's time and id stand in for a worker's (this run takes no lease).
            let library = Library(store: context.store, embedder: try Self.embedder(context), clock: { context.now }, timeZone: context.timeZone,
                                  workerID: context.runID)
            // Another process indexing, or a reindex stopped half-way: answer from what is indexed, and say so.
            var warnings: [String] = []
            if let message = (try? library.indexingActivity())?.message {
                context.log.warning(message)
                warnings.append(message)
            }
            // Deep and maximum loop: expanded queries, more evidence, verified again (ids and counts in the receipt).
            let (extractive, diagnostics, pack) = try library.deliberate(question: question, mode: searchMode, topK: topK)
            return (pack, extractive, diagnostics, warnings)
        }
        let synthesis = LibrarySynthesis(question: question, pack: pack, extractive: extractive, mode: searchMode,
                                         retrievalConfidence: diagnostics.retrievalConfidence)
        let outcome = try await context.ladder.run(synthesis.request(), in: context)
        let answer = outcome.value
        let dialog: String
        if answer.abstained {
            dialog = "The documents don't say (\(answer.abstainReason ?? "not enough evidence"))."
        } else {
            dialog = answer.answer ?? ""
        }
        var value = AskLibraryValue(answer)
        value.warnings = warnings
        return IntentResult(value: value, dialog: dialog, status: answer.abstained ? .abstained : .completed,
                            route: outcome.route, receiptID: outcome.receiptID, display: Self.display(answer))
    }

    /// The embedder to search with: the active one, or the hashing embedder when the index was
    /// built by it and MiniLM was installed later (the library keeps answering; a warning says
    /// that `intent library reindex` will use the new one).
    static func embedder(_ context: RunContext) throws -> any Embedder {
        let active = context.embedders.current.embedder
        let hashing = HashingEmbedder()
        if let built = try Library.indexEmbedder(store: context.store), built != active.identifier,
           built == hashing.identifier {
            context.log.warning("the library was indexed with the hashing embedder; 'intent library reindex' will use \(active.identifier)")
            return hashing
        }
        return active
    }

    static func display(_ a: LibraryAnswer) -> String {
        guard !a.abstained, let text = a.answer else {
            var lines = ["The documents don't say.\(a.abstainReason.map { " (\($0))" } ?? "")"]
            if !a.citations.isEmpty {
                lines.append("Closest passages:")
                lines += a.citations.prefix(3).map { "  \(URL(fileURLWithPath: $0.path).lastPathComponent) \($0.location)" }
            }
            return lines.joined(separator: "\n")
        }
        var lines = [text, ""]
        let cited = Set(a.claims.flatMap(\.citations))
        for (i, c) in a.citations.enumerated() where cited.contains(i) {
            lines.append(c.offsets == nil ? "  [\(i + 1)] \(c.path):\(c.start)-\(c.end)" : "  [\(i + 1)] \(c.path) (\(c.location))")
            lines.append("      “\(c.quote.count > 160 ? String(c.quote.prefix(157)) + "…" : c.quote)”")
        }
        let further = a.citations.count - cited.count
        lines.append(String(format: "  confidence %.2f", a.confidence) + (further > 0 ? "; \(further) more passage\(further == 1 ? "" : "s") in --json" : ""))
        return lines.joined(separator: "\n")
    }
}

/// The result of `AskLibrary`: DESIGN §9's answer object.
public struct AskLibraryValue: IntentValue {
    public var answer: LibraryAnswer
    /// Why the answer may be partial (indexing in progress), else empty.
    public var warnings: [String] = []
    public init(_ answer: LibraryAnswer) { self.answer = answer }
    private enum Keys: String, CodingKey { case warnings }
    public init(from decoder: Decoder) throws {
        answer = try LibraryAnswer(from: decoder)
        warnings = try decoder.container(keyedBy: Keys.self).decodeIfPresent([String].self, forKey: .warnings) ?? []
    }
    public func encode(to encoder: Encoder) throws {
        try answer.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(warnings, forKey: .warnings)
    }

    public static var schema: JSONSchema {
        let citation = JSONSchema.object([
            .init("doc_id", .integer()), .init("path", .string().described("absolute path of the source file")),
            .init("chunk_id", .integer()),
            .init("start", .integer().described("byte offset of the quote in the source file")),
            .init("end", .integer().described("exclusive end byte offset")),
            .init("quote", .string().described("exactly the bytes start..<end of the file (decoded from Windows-1252 when the file is not UTF-8)")),
            .init("offsets", .string().described("\"extracted-text\" for a PDF: start and end are offsets into the text pdftotext extracts, not file bytes")),
            .init("page", .integer().described("1-based page of a PDF quote")),
        ], optional: ["offsets", "page"])
        var gates = JSONSchema(types: [.object])
        gates.description = "gate name → result"
        var grounding = JSONSchema(types: [.object])
        grounding.description = "grounding rule id → times it fired (ids and counts only)"
        return .object([
            .init("question", .string()),
            .init("answer", .nullable(.string())),
            .init("abstained", .boolean),
            .init("abstain_reason", .nullable(.string())),
            .init("claims", .array(of: .object([.init("text", .string()), .init("citations", .array(of: .integer()))]))),
            .init("citations", .array(of: citation)),
            .init("confidence", .number(minimum: 0, maximum: 1)),
            .init("gates", gates),
            .init("grounding", grounding),
            .init("warnings", .array(of: .string().described("why the answer may be partial: indexing in progress"))),
        ])
    }
}
