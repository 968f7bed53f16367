import Agenda
import DueDate
import Foundation
import IntentKit

/// `intent eval dates FILE... | ics DIR | qa … | commands FILE...` — scores the parsers (and, for
/// commands, each model rung) against eval sets and exits 1 when a score is below `--threshold`.
struct EvalCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "eval", summary: "Score the parsers against an eval set (dates, ics, qa, commands)",
        usage: "intent eval dates FILE... | ics DIR | qa --docs DIR --questions FILE... | commands FILE... [--rungs R,...]  [--threshold X] [--json]",
        needsHome: false)

    @Argument("SUITE", help: "dates, ics, qa or commands") var suite: String
    @Argument("FILE", help: "the eval set: files (dates, commands) or a directory (ics)") var inputs: [String]
    @Option("threshold", valueName: "X", help: "fail (exit 1) below this score, 0…1") var threshold: Double?
    @Option("misses", valueName: "N", help: "how many misses to list (default 20)") var misses = 20
    @Option("docs", valueName: "DIR", help: "qa: the document directory") var docs: String?
    @Option("questions", valueName: "FILE", help: "qa: a questions .jsonl file (repeatable)") var questions: [String]
    @Option("floors", valueName: "k=v,...", help: "qa: minimums, e.g. hit5=0.95,contain=0.85,abstain=0.90,false_abstain=0.05,in_library=0.5,offsets=1") var floors: String?
    @Option("mode", valueName: "M", help: "qa: standard, deep or maximum") var mode: String?
    @Option("tune", valueName: "k=v,...", help: "qa: override answer-selection weights, e.g. sentence_strength=0.2") var tune: String?
    @Option("index", valueName: "DIR", help: "qa: keep the index in this directory (reused by the next run)") var index: String?
    @Option("candidates", valueName: "FILE", help: "qa: write each question's candidate sentences' features here (for scripts/fit-sentences.py)") var candidates: String?
    @Flag("measure-only", help: "qa: the grounding gates measure but never abstain (calibration)") var measureOnly: Bool
    @Option("rungs", valueName: "R,...", help: "commands: which rungs to score, e.g. deterministic,embedded,server (default: all available)") var rungs: String?

    mutating func validate() throws {
        if let threshold, !(0...1).contains(threshold) {
            throw ValidationError(parameter: "--threshold", "takes a number from 0 to 1")
        }
        guard !inputs.isEmpty || suite == "qa" else { throw IntentError.usage("intent eval \(suite) needs a file or directory") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let env = context.env
        let json = context.json
        let score: Double
        switch suite {
        case "dates": score = try Self.dates(inputs, json: json, misses: misses, env: env)
        case "ics": score = try Self.ics(inputs[0], json: json, env: env)
        case "qa": return try QAEvalCommand.run(self, context)
        case "commands": return try await CommandEval.run(self, context)
        default: throw IntentError.usage("unknown eval suite '\(suite)' (dates, ics, qa, commands)")
        }
        if let threshold, score < threshold {
            context.err("intent: eval \(suite): score \(String(format: "%.4f", score)) is below the threshold \(threshold)\n")
            return 1
        }
        return 0
    }

    static func dates(_ files: [String], json: Bool, misses: Int, env: CLIEnvironment) throws -> Double {
        let report: DateEvalReport
        do { report = try DateEval.run(files: files.map { URL(fileURLWithPath: $0) }) } catch {
            throw IntentError.invalidInput(String(describing: error))
        }
        if json { try env.printJSON(report); return report.accuracy }
        env.streams.out("dates: \(report.correct)/\(report.total) correct — accuracy \(percent(report.accuracy))\n")
        for s in report.sources {
            env.streams.out("  \(s.source.padding(toLength: 16, withPad: " ", startingAt: 0)) \(s.correct)/\(s.total)  \(percent(s.accuracy))\n")
        }
        if !report.misses.isEmpty {
            env.streams.out("misses (\(report.misses.count)):\n")
            for m in report.misses.prefix(misses) {
                env.streams.out("  [\(m.source)] \"\(m.phrase)\" expected \(m.expected) (\(m.granularity)), got \(m.got)\n")
            }
        }
        return report.accuracy
    }

    static func ics(_ directory: String, json: Bool, env: CLIEnvironment) throws -> Double {
        let report: ICSEvalReport
        do { report = try ICSEval.run(directory: URL(fileURLWithPath: directory)) } catch {
            throw IntentError.invalidInput(String(describing: error))
        }
        if json { try env.printJSON(report); return report.passRate }
        env.streams.out("ics: \(report.passed)/\(report.total) expectations pass — \(percent(report.passRate))\n")
        for f in report.failures {
            env.streams.out("  FAIL \(f.file) line \(f.line) (\(f.op)): \(f.detail)\n")
        }
        return report.passRate
    }

    static func percent(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }
}

