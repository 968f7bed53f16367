import Agenda
import DueDate
import Foundation
import IntentKit

/// `intent eval dates FILE... | ics DIR | qa … | commands FILE...` — scores the parsers (and, for
/// commands, each model rung) against eval sets and exits 1 when a score is below `--threshold`.
enum EvalCommand {
    static let specs = [
        FlagSpec(name: "threshold", takesValue: true, help: "fail (exit 1) below this score, 0…1"),
        FlagSpec(name: "json", takesValue: false, help: "print the full report as JSON"),
        FlagSpec(name: "misses", takesValue: true, help: "how many misses to list (default 20)"),
        FlagSpec(name: "docs", takesValue: true, help: "qa: the document directory"),
        FlagSpec(name: "questions", takesValue: true, help: "qa: a questions .jsonl file (repeatable)"),
        FlagSpec(name: "floors", takesValue: true, help: "qa: minimums, e.g. hit5=0.95,contain=0.85,abstain=0.90,false_abstain=0.05,in_library=0.5,offsets=1"),
        FlagSpec(name: "mode", takesValue: true, help: "qa: standard, deep or maximum"),
        FlagSpec(name: "tune", takesValue: true, help: "qa: override answer-selection weights, e.g. sentence_strength=0.2"),
        FlagSpec(name: "index", takesValue: true, help: "qa: keep the index in this directory (reused by the next run)"),
        FlagSpec(name: "measure-only", takesValue: false, help: "qa: the grounding gates measure but never abstain (calibration)"),
        FlagSpec(name: "rungs", takesValue: true, help: "commands: which rungs to score, e.g. deterministic,embedded,server (default: all available)"),
        CatalogCommands.helpFlag,
    ]

    static let command: Command = Command(
        name: "eval", summary: "Score the parsers against an eval set (dates, ics, qa, commands)",
        usage: "intent eval dates FILE... | ics DIR | qa --docs DIR --questions FILE... | commands FILE... [--rungs R,...]  [--threshold X] [--json]",
        run: { args, globals, env in
            let parsed = try ArgumentParser.parse(args, specs: specs)
            if parsed.has("help") || parsed.positional.isEmpty {
                env.streams.out(HelpText.command(command, flags: specs))
                return parsed.has("help") ? 0 : ExitCode.usage.rawValue
            }
            let threshold = try parsed.value("threshold").map { text -> Double in
                guard let v = Double(text), (0...1).contains(v) else { throw IntentError.usage("--threshold takes a number from 0 to 1") }
                return v
            }
            let suite = parsed.positional[0]
            let inputs = Array(parsed.positional.dropFirst())
            guard !inputs.isEmpty || suite == "qa" else { throw IntentError.usage("intent eval \(suite) needs a file or directory") }
            let json = globals.json || parsed.has("json")
            let misses = Int(parsed.value("misses") ?? "20") ?? 20
            let score: Double
            switch suite {
            case "dates": score = try dates(inputs, json: json, misses: misses, env: env)
            case "ics": score = try ics(inputs[0], json: json, env: env)
            case "qa": return try QAEvalCommand.run(parsed, globals: globals, json: json, env: env)
            case "commands":
                return try await CommandEval.run(parsed, files: inputs, threshold: threshold, json: json, misses: misses,
                                                 globals: globals, env: env)
            default: throw IntentError.usage("unknown eval suite '\(suite)' (dates, ics, qa, commands)")
            }
            if let threshold, score < threshold {
                env.streams.err("intent: eval \(suite): score \(String(format: "%.4f", score)) is below the threshold \(threshold)\n")
                return 1
            }
            return 0
        })

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

