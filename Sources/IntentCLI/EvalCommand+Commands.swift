import Agenda
import DueDate
import Foundation
import IntentKit
import Intents
import Routing
import Store

/// `intent eval commands FILE... [--rungs deterministic,embedded,server]`: scores the title and
/// due date `CreateReminder --text` makes of free-text commands, per rung, with latency.
///
/// Each jsonl row: `id`, `command`, `title` (expected), `due` (expected: `YYYY-MM-DD` for a day,
/// ISO-8601 with offset for an instant, or null), and optionally `now` and `tz` (else `--now`
/// and `--tz`). A title matches after normalisation (case, punctuation, the articles a/an/the);
/// a day due date matches the same day, a timed one the same instant.
enum CommandEval {
    struct Row: Decodable {
        var id: String
        var command: String
        var title: String
        var due: String?
        var now: String?
        var tz: String?
    }

    struct Case {
        var row: Row
        var now: Date
        var zone: TimeZone
    }

    static let allRungs = ["deterministic", "embedded", "server"]

    static func run(_ parsed: ParsedArguments, files: [String], threshold: Double?, json: Bool, misses: Int,
                    globals: GlobalOptions, env: CLIEnvironment) async throws -> Int32 {
        let cases = try files.flatMap { try load($0, globals: globals, env: env) }
        guard !cases.isEmpty else { throw IntentError.invalidInput("eval commands: no rows in \(files.joined(separator: ", "))") }
        let userPaths = env.paths(globals)
        let requested = try parsed.value("rungs").map { text -> [String] in
            let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for n in names where !allRungs.contains(n) {
                throw IntentError.usage("--rungs takes \(allRungs.joined(separator: ", ")), not '\(n)'")
            }
            return names
        }
        var report = CommandEvalReport(rows: cases.count, rungs: [], skipped: [:])
        for rung in requested ?? allRungs {
            guard let ladder = try RungLadders.make(rung, userPaths: userPaths, services: env.services) else {
                report.skipped[rung] = RungLadders.whyMissing(rung)
                if requested != nil { env.streams.err("intent: eval commands: rung \(rung) skipped — \(RungLadders.whyMissing(rung))\n") }
                continue
            }
            report.rungs.append(try await score(cases, rung: rung, ladder: ladder) { done in
                // A model rung takes seconds per row: progress on stderr, one plain line per ten rows.
                if done % 10 == 0 || done == cases.count { env.streams.err("eval commands: \(rung) \(done)/\(cases.count)\n") }
            })
        }
        if json { try env.printJSON(report) } else { print(report, misses: misses, env: env) }
        if let threshold, let low = report.rungs.first(where: { $0.accuracy < threshold }) {
            env.streams.err("intent: eval commands: rung \(low.rung) scored \(String(format: "%.4f", low.accuracy)), below the threshold \(threshold)\n")
            return 1
        }
        return 0
    }

    static func load(_ file: String, globals: GlobalOptions, env: CLIEnvironment) throws -> [Case] {
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
            throw IntentError.invalidInput("eval commands: cannot read \(file) as UTF-8 text")
        }
        var out: [Case] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let where_ = "\(file) line \(n + 1)"
            guard let row = try? JSONDecoder().decode(Row.self, from: Data(trimmed.utf8)) else {
                throw IntentError.invalidInput("eval commands: \(where_) is not a row with id, command and title strings")
            }
            guard let zoneName = row.tz ?? globals.tz, let zone = env.systemZones.zone(named: zoneName) else {
                throw IntentError.invalidInput("eval commands: \(where_) needs a known time zone (\"tz\" in the row or --tz)")
            }
            guard let nowText = row.now ?? globals.now ?? env.environment["INTENT_NOW"] else {
                throw IntentError.invalidInput("eval commands: \(where_) needs a clock (\"now\" in the row or --now)")
            }
            let now: Date
            do { now = try ClockOptions.now(flag: nowText, environment: [:], zone: zone, wallClock: env.wallClock) } catch {
                throw IntentError.invalidInput("eval commands: \(where_): \"now\" is not an ISO-8601 time")
            }
            if let due = row.due, CommandMatch.expectedDue(due) == nil {
                throw IntentError.invalidInput("eval commands: \(where_): \"due\" is neither YYYY-MM-DD nor ISO-8601 with an offset")
            }
            out.append(Case(row: row, now: now, zone: zone))
        }
        return out
    }

    static func score(_ cases: [Case], rung: String, ladder: RungLadders.Built,
                      progress: (Int) -> Void) async throws -> CommandEvalReport.Rung {
        var result = CommandEvalReport.Rung(rung: rung, model: ladder.model)
        var latencies: [Double] = []
        for c in cases {
            var context = RunContext(runID: "run_eval", now: c.now, timeZone: c.zone, presence: .headless, policy: .localOnly,
                                     terminal: NoTerminal(), ids: SequentialIDGenerator())
            context.store = ladder.store
            context.dates = DueDateResolver()
            if let l = ladder.ladder { context.ladder = l }
            let start = ContinuousClock.now
            let answer = ladder.ladder == nil ? ReminderTextParsing.deterministic(c.row.command, in: context)
                : try await ReminderTextParsing.ladder(c.row.command, in: context)
            let elapsed = ContinuousClock.now - start
            latencies.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            let titleOK = CommandMatch.normalized(answer.title) == CommandMatch.normalized(c.row.title)
            let dueOK = CommandMatch.dueMatches(expected: c.row.due, got: answer.due)
            result.add(titleOK: titleOK, dueOK: dueOK, answer: answer)
            if ladder.ladder != nil { progress(result.total) }
            if !(titleOK && dueOK) {
                result.misses.append(.init(id: c.row.id, command: c.row.command, expectedTitle: c.row.title, title: answer.title,
                                           expectedDue: c.row.due, due: answer.due?.iso, answeredBy: answer.rung))
            }
        }
        result.finish(latencies)
        ladder.cleanUp()
        return result
    }

    static func print(_ report: CommandEvalReport, misses: Int, env: CLIEnvironment) {
        env.streams.out("commands: \(report.rows) rows\n")
        for r in report.rungs {
            let model = r.model.map { " (\($0))" } ?? ""
            env.streams.out("  \(r.rung)\(model): \(r.correct)/\(r.total) correct — accuracy \(EvalCommand.percent(r.accuracy)); "
                + "title \(r.titleCorrect), due \(r.dueCorrect); latency p50 \(String(format: "%.1f", r.latencyP50Ms)) ms, p95 \(String(format: "%.1f", r.latencyP95Ms)) ms\n")
            if r.rung != "deterministic" {
                let rejections = r.rejections.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                env.streams.out("    answered by the model \(r.answeredByModel), fell back \(r.total - r.answeredByModel)\(rejections.isEmpty ? "" : "; rejections: \(rejections)")\n")
            }
            for m in r.misses.prefix(misses) {
                env.streams.out("    [\(m.id)] \"\(m.command)\": expected \"\(m.expectedTitle)\" \(m.expectedDue ?? "—"), got \"\(m.title)\" \(m.due ?? "—") (\(m.answeredBy))\n")
            }
        }
        for (rung, why) in report.skipped.sorted(by: { $0.key < $1.key }) { env.streams.out("  \(rung): skipped — \(why)\n") }
    }
}
