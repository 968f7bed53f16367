import Embeddings
import Foundation
import Grounding
import IntentKit
import Primitives
import Store

/// One question of a QA evaluation file (JSON Lines, SQuAD-derived; see Fixtures/qa/PROVENANCE.md).
public struct QAQuestion: Sendable, Codable, Equatable {
    public var id: String
    public var question: String
    /// Gold answers; empty for unanswerable questions.
    public var answers: [String]
    /// File name of the document that answers it.
    public var answerDoc: String?
    public var answerable: Bool
    /// `in_corpus_no_answer` for a question about a passage in the library that does not answer it.
    public var category: String?

    enum CodingKeys: String, CodingKey { case id, question, answers, answerDoc = "answer_doc", answerable, category }

    /// Reads a JSON Lines file of questions.
    public static func load(_ url: URL) throws -> [QAQuestion] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var result: [QAQuestion] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            do { result.append(try JSONDecoder().decode(QAQuestion.self, from: Data(line.utf8))) } catch {
                throw RetrievalError.badEvalInput(file: url.lastPathComponent, line: n + 1, reason: "not a question object")
            }
        }
        return result
    }
}

/// Scores of a QA evaluation. Rates are 0…1; latencies in milliseconds.
public struct QAReport: Sendable, Codable, Equatable {
    public struct Row: Sendable, Codable, Equatable {
        public var id: String
        public var answerable: Bool
        public var abstained: Bool
        /// 1-based position of the answer document among the cited documents, nil when absent.
        public var hitRank: Int?
        public var contained: Bool
        public var confidence: Double
        public var citations: Int
        public var exactCitations: Int
        public var milliseconds: Double
        public var inLibrary: Bool = false
        public var diagnostics: AnswerDiagnostics? = nil
        /// Sentences (claims) and words of the answer (0 when it abstained).
        public var claims: Int = 0
        public var words: Int = 0
    }
    public var embedder: String
    public var documents: Int
    public var chunks: Int
    public var answerable: Int
    public var unanswerable: Int
    public var hitAt1: Double
    public var hitAt5: Double
    /// Gold answer contained in the answer (SQuAD normalisation), answers over the word limit count as wrong.
    public var answerContainment: Double
    /// Share of unanswerable questions from outside the library that abstained (in-library ones: `abstentionInLibrary`).
    public var abstentionUnanswerable: Double
    /// Share of answerable questions that abstained (false abstention).
    public var abstentionAnswerable: Double
    /// Share of citations whose file bytes `start..<end` equal the quote.
    public var citationExactness: Double
    public var latencyP50: Double
    public var latencyP95: Double
    public var ingestionSeconds: Double
    public var rows: [Row]
    /// In-library no-answer questions (the passage is in the library, the answer is not): count and share abstained.
    public var inLibraryUnanswerable: Int = 0
    public var abstentionInLibrary: Double = 0
    /// Grounding rule id → firings over all questions, and gate letter → questions where the gate fired.
    public var ruleCounts: [String: Int] = [:]
    public var gateCounts: [String: Int] = [:]
    /// Abstentions by the gate that decided them.
    public var abstainedBy: [String: Int] = [:]
}

/// Runs a QA evaluation over a library built from scratch in a temporary home.
public enum QAEval {
    /// Indexes every supported file under `docs`, asks every question of `questions` and scores
    /// the answers. `home` (a directory that may not exist) holds the throw-away store; by
    /// default a fresh temporary directory that is removed afterwards. `schema` is the store's
    /// migrations: the library's by default; the CLI passes the whole home's, so a `home` that
    /// `intent run` has also used opens.
    public static func run(docs: URL, questions: [URL], embedder: any Embedder,
                           configuration: RetrievalConfiguration = .standard, mode: SearchMode = .standard,
                           topK: Int? = nil, home: URL? = nil, candidates: URL? = nil, schema: [MigrationSet] = Library.schema,
                           clock: @escaping @Sendable () -> Date) throws -> QAReport {
        let items = try questions.flatMap { try QAQuestion.load($0) }
        // The candidates file is created before the (long) run, so a path that cannot be written
        // fails at once, naming it.
        if let candidates, !FileManager.default.createFile(atPath: candidates.path, contents: nil) {
            throw RetrievalError.invalidParameter(name: "--candidates", reason: "cannot write \(candidates.path)")
        }
        let root = home ?? FileManager.default.temporaryDirectory.appendingPathComponent("intent-qa-\(UUID().uuidString)")
        defer { if home == nil { try? FileManager.default.removeItem(at: root) } }
        let paths = AppPaths(dataDirectory: root.appendingPathComponent("data"),
                             configDirectory: root.appendingPathComponent("config"), modelDirectories: [])
        let store = IntentStore(paths: paths, schema: schema, housekeeping: nil)
        // The scratch home is this run's alone, so its one worker needs no unique name.
        let library = Library(store: store, embedder: embedder, configuration: configuration, clock: clock, workerID: "qa-eval")
        try library.enqueue(paths: [docs])
        let summary = try library.processQueue()
        let status = try library.status(recent: 0)

        var rows: [QAReport.Row] = []
        var candidateLines: [String] = []
        for item in items {
            let start = ContinuousClock.now
            let (answer, diagnostics, pack) = try library.deliberate(question: item.question, mode: mode, topK: topK)
            let elapsed = ContinuousClock.now - start
            if candidates != nil { candidateLines.append(candidateLine(item, pack: pack, library: library)) }
            let ms = elapsed.inMilliseconds
            var docOrder: [String] = []
            for c in answer.citations {
                let name = URL(fileURLWithPath: c.path).lastPathComponent
                if !docOrder.contains(name) { docOrder.append(name) }
            }
            let hitRank = item.answerDoc.flatMap { doc in docOrder.firstIndex(of: doc).map { $0 + 1 } }
            let text = answer.answer ?? ""
            let words = SentenceSplitter.wordCount(Array(text.utf8))
            let withinLimit = words <= configuration.answerMaxWords
            let contained = !answer.abstained && withinLimit
                && item.answers.contains { SQuADNormalization.contains(text, $0) }
            rows.append(.init(id: item.id, answerable: item.answerable, abstained: answer.abstained, hitRank: hitRank,
                              contained: contained, confidence: answer.confidence, citations: answer.citations.count,
                              exactCitations: answer.citations.filter { CitationCheck.verify($0, pdfTexts: library.pdfTexts) }.count, milliseconds: ms,
                              inLibrary: item.category == "in_corpus_no_answer", diagnostics: diagnostics,
                              claims: answer.claims.count, words: answer.abstained ? 0 : words))
        }
        if let candidates {
            do { try Data((candidateLines.joined(separator: "\n") + "\n").utf8).write(to: candidates) } catch {
                throw RetrievalError.invalidParameter(name: "--candidates", reason: "cannot write \(candidates.path)")
            }
        }
        let answerable = rows.filter(\.answerable)
        let unanswerable = rows.filter { !$0.answerable }
        let inLibrary = rows.filter(\.inLibrary)
        var ruleCounts: [String: Int] = [:], gateCounts: [String: Int] = [:], abstainedBy: [String: Int] = [:]
        for row in rows {
            let rules = row.diagnostics?.rules ?? [:]
            ruleCounts.merge(rules, uniquingKeysWith: +)
            for gate in Set(rules.keys.compactMap { $0.first.map(String.init) }) { gateCounts[gate, default: 0] += 1 }
            if row.abstained, let rule = row.diagnostics?.abstainRule { abstainedBy[rule, default: 0] += 1 }
        }
        func rate(_ rows: [QAReport.Row], _ test: (QAReport.Row) -> Bool) -> Double {
            rows.isEmpty ? 0 : Double(rows.filter(test).count) / Double(rows.count)
        }
        let citations = rows.reduce(0) { $0 + $1.citations }
        let latencies = rows.map(\.milliseconds).sorted()
        return QAReport(
            embedder: embedder.identifier, documents: status.documents.count, chunks: status.chunkCount,
            answerable: answerable.count, unanswerable: unanswerable.count,
            hitAt1: rate(answerable) { $0.hitRank == 1 }, hitAt5: rate(answerable) { ($0.hitRank ?? 99) <= 5 },
            answerContainment: rate(answerable, \.contained),
            abstentionUnanswerable: rate(unanswerable.filter { !$0.inLibrary }, \.abstained), abstentionAnswerable: rate(answerable, \.abstained),
            citationExactness: citations == 0 ? 1 : Double(rows.reduce(0) { $0 + $1.exactCitations }) / Double(citations),
            latencyP50: Percentile.of(latencies, 0.5), latencyP95: Percentile.of(latencies, 0.95),
            ingestionSeconds: summary.seconds, rows: rows, inLibraryUnanswerable: inLibrary.count,
            abstentionInLibrary: rate(inLibrary, \.abstained), ruleCounts: ruleCounts, gateCounts: gateCounts,
            abstainedBy: abstainedBy)
    }
}

extension QAEval {
    /// One JSON line of the candidate sentences of the evidence `item` was answered from (for
    /// fitting `SentenceModel`): each candidate's `SentenceFeatures` values, then 1/0 for "holds a
    /// gold answer" and for "is in the answer document". Numbers only.
    static func candidateLine(_ item: QAQuestion, pack: EvidencePack, library: Library) -> String {
        let answerType = QuestionAnalysis.answerType(of: item.question)
        let ranked = ExtractiveAnswerer(configuration: library.configuration)
            .rank(pack, terms: pack.terms, question: item.question, answerType: answerType,
                  semantic: library.embedder.measuresMeaning, withFeatures: true)
        let rows = ranked.prefix(80).map { s -> [Double] in
            let gold = item.answers.contains { SQuADNormalization.contains(s.answerText, $0) }
            let inDoc = item.answerDoc == URL(fileURLWithPath: s.chunk.path).lastPathComponent
            return s.features + [gold ? 1 : 0, inDoc ? 1 : 0]
        }
        let object: [String: Any] = ["id": item.id, "answerable": item.answerable,
                                     "in_library": item.category == "in_corpus_no_answer", "c": rows]
        // Strings, booleans and finite numbers only: serialisation cannot fail.
        return String(decoding: (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8), as: UTF8.self)
    }
}

/// SQuAD answer normalisation: lowercase, drop punctuation and the articles a/an/the, collapse spaces.
public enum SQuADNormalization {
    public static func normalize(_ text: String) -> String {
        let lowered = text.lowercased()
        var stripped = ""
        for scalar in lowered.unicodeScalars {
            if scalar.isASCII, CharacterSet.punctuationCharacters.contains(scalar) || CharacterSet.symbols.contains(scalar) {
                continue
            }
            stripped.unicodeScalars.append(scalar)
        }
        return stripped.split(whereSeparator: { $0.isWhitespace })
            .filter { $0 != "a" && $0 != "an" && $0 != "the" }.joined(separator: " ")
    }

    /// True when the normalised `gold` occurs in the normalised `answer`.
    public static func contains(_ answer: String, _ gold: String) -> Bool {
        let g = normalize(gold)
        guard !g.isEmpty else { return false }
        return normalize(answer).contains(g)
    }
}

/// Nearest-rank percentiles of sorted values.
public enum Percentile {
    public static func of(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
