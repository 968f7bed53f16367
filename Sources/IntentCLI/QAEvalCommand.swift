import Embeddings
import Foundation
import IntentKit
import Intents
import Retrieval

/// `intent eval qa --docs DIR --questions FILE... [--floors k=v,...]`: indexes the documents in a
/// throw-away home and scores AskLibrary's deterministic answers. `--index DIR` keeps the index in
/// DIR instead (a second run re-indexes only what changed), `--measure-only` turns every abstaining
/// threshold off (for fitting), `--json` prints the report with each question's features.
enum QAEvalCommand {
    /// Default floors (the issue's held-out floors).
    static let defaultFloors: [String: Double] = ["hit5": 0.95, "contain": 0.85, "abstain": 0.90, "false_abstain": 0.05, "in_library": 0.50,
                                                   "offsets": 1.0]

    static func run(_ eval: EvalCommand, _ context: CommandContext) throws -> Int32 {
        let env = context.env
        let json = context.json
        let questions = eval.questions
        guard let docs = eval.docs, !questions.isEmpty else {
            throw IntentError.usage("intent eval qa --docs DIR --questions FILE [--questions FILE...]")
        }
        let floors = try parseFloors(eval.floors)
        let loaded = env.home(context.paths()).embedders.current
        if let problem = loaded.problem { env.streams.err("intent: eval qa uses the hashing embedder (\(problem))\n") }
        let report: QAReport
        var configuration = RetrievalConfiguration.standard
        configuration.groundingMeasuresOnly = eval.measureOnly
        try applyTuning(eval.tune, to: &configuration)
        let mode = try eval.mode.map { value -> SearchMode in
            guard let mode = SearchMode(rawValue: value) else { throw IntentError.usage("--mode takes standard, deep or maximum") }
            return mode
        } ?? .standard
        do {
            report = try QAEval.run(docs: URL(fileURLWithPath: docs), questions: questions.map { URL(fileURLWithPath: $0) },
                                    embedder: loaded.embedder, configuration: configuration, mode: mode,
                                    home: eval.index.map { URL(fileURLWithPath: $0) },
                                    candidates: eval.candidates.map { URL(fileURLWithPath: $0) }, schema: HomeSchema.sets,
                                    clock: env.wallClock)
        } catch let error as RetrievalError { throw error.intentError }
        if json { try env.printJSON(report) } else {
            let f = { (x: Double) in String(format: "%.3f", x) }
            env.streams.out("""
                qa (\(report.embedder)): \(report.documents) documents, \(report.chunks) chunks, \(report.answerable) answerable + \(report.unanswerable) unanswerable questions
                  hit@1 \(f(report.hitAt1))  hit@5 \(f(report.hitAt5))  answer containment \(f(report.answerContainment))
                  abstention: unanswerable \(f(report.abstentionUnanswerable)), answerable \(f(report.abstentionAnswerable))
                  in-library no-answer abstained \(f(report.abstentionInLibrary)) of \(report.inLibraryUnanswerable)
                  citation offsets exact \(f(report.citationExactness))
                  gates fired (questions): \(report.gateCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
                  abstained by: \(report.abstainedBy.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))\(loopLine(report))
                  latency p50 \(String(format: "%.1f", report.latencyP50)) ms, p95 \(String(format: "%.1f", report.latencyP95)) ms; ingestion \(String(format: "%.1f", report.ingestionSeconds)) s

                """)
        }
        let checks: [(String, Bool)] = [
            ("hit5", report.hitAt5 >= floors["hit5"]!),
            ("contain", report.answerContainment >= floors["contain"]!),
            ("abstain", report.unanswerable == report.inLibraryUnanswerable || report.abstentionUnanswerable >= floors["abstain"]!),
            ("false_abstain", report.abstentionAnswerable <= floors["false_abstain"]!),
            ("offsets", report.citationExactness >= floors["offsets"]!),
            ("in_library", report.inLibraryUnanswerable == 0 || report.abstentionInLibrary >= floors["in_library"]!),
        ]
        let failed = checks.filter { !$0.1 }.map(\.0)
        guard failed.isEmpty else {
            env.streams.err("intent: eval qa below its floors: \(failed.joined(separator: ", "))\n")
            return 1
        }
        return 0
    }

    /// Deep and maximum modes: the loop's counts over all questions (empty in standard mode).
    static func loopLine(_ report: QAReport) -> String {
        let c = report.ruleCounts
        guard let passes = c["L1.pass"] else { return "" }
        return "\n  loop: \(passes) passes for \(report.rows.count) questions, \(c["L2.expansion-terms"] ?? 0) terms added, "
            + "\(c["L3.evidence-added"] ?? 0) chunks added; a later pass's answer kept \(c["L4.improved"] ?? 0), "
            + "still abstained \(c["L5.still-abstained"] ?? 0), no new term \(c["L6.no-expansion"] ?? 0)"
    }

    /// Answer-selection weights an evaluation may override (`--tune k=v,...`), for choosing them on dev.
    static var tunable: [String: WritableKeyPath<RetrievalConfiguration, Double>] {
        ["sentence_context": \.sentenceContextWeight, "sentence_strength": \.sentenceStrengthWeight,
         "answer_type_bonus": \.answerTypeBonus, "second_sentence": \.secondSentenceRatio, "second_log_odds": \.secondSentenceLogOdds, "apart_coverage": \.apartSentenceCoverageRatio, "local_terms": \.localTermWeight, "typed_answer": \.typedAnswerLogOdds, "rescue_cosine": \.sentenceRescueCosine,
         "second_coverage": \.secondSentenceCoverageRatio, "sentence_cosine": \.sentenceCosineWeight,
         "semantic_sentence": \.semanticSentenceWeight, "confidence_cosine": \.confidenceCosineWeight,
         "confidence_cosine_mid": \.confidenceCosineMidpoint, "confidence_mid": \.confidenceMidpoint,
         "context_coverage": \.sentenceCoverageWeight]
    }

    /// Counts an evaluation may override (whole numbers, at least 0 / at least 1).
    static var countTunable: [String: (path: WritableKeyPath<RetrievalConfiguration, Int>, minimum: Int)] {
        ["semantic_sentences": (\.semanticSentenceCount, 0), "standard_target": (\.standardTarget, 1)]
    }

    static func applyTuning(_ text: String?, to configuration: inout RetrievalConfiguration) throws {
        for pair in (text ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=").map(String.init)
            guard parts.count == 2 else { throw tuningUsage }
            if let (path, minimum) = countTunable[parts[0]] {
                guard let count = Int(parts[1]), count >= minimum else { throw tuningUsage }
                configuration[keyPath: path] = count
            } else if parts[0] == "sentence_model", parts[1] == "off" {
                configuration.sentenceModel = nil
            } else if let path = tunable[parts[0]], let value = Double(parts[1]) {
                configuration[keyPath: path] = value
            } else {
                throw tuningUsage
            }
        }
    }

    static var tuningUsage: IntentError {
        let keys = (Array(tunable.keys) + Array(countTunable.keys) + ["sentence_model (=off)"]).sorted()
        return IntentError.usage("--tune takes k=v pairs with k in \(keys.joined(separator: ", "))")
    }

    static func parseFloors(_ text: String?) throws -> [String: Double] {
        var floors = defaultFloors
        for pair in (text ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, floors[String(parts[0])] != nil, let value = Double(parts[1]) else {
                throw IntentError.usage("--floors takes k=v pairs with k in \(defaultFloors.keys.sorted().joined(separator: ", "))")
            }
            floors[String(parts[0])] = value
        }
        return floors
    }
}
