import Agenda
import Foundation
import IntentKit
import Store

/// `intent calendars add|remove|list|check`: the calendars ListEvents and DailyBrief read.
struct CalendarsCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "calendars", summary: "Register the .ics files ListEvents and DailyBrief read by default",
        usage: "intent calendars add FILE... | remove FILE... | list | check  [--json]")

    enum Action: String, CommandAction { case add, remove, list, check }

    @Argument("ACTION", help: Action.choices) var action: Action
    @Argument("FILE", help: "add, remove: .ics files or event vdirs") var operands: [String]

    func run(_ context: CommandContext) async throws -> Int32 {
        let (paths, json) = (context.paths(), context.json)
        let files = operands.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        switch action {
        case .add: try add(files, paths: paths, env: context.env)
        case .remove:
            let removed = try ConfigFile.update(paths) { config -> Int in
                let before = config.calendars.count
                config.calendars.removeAll { files.contains($0) }
                return before - config.calendars.count
            }
            guard removed > 0 else { throw IntentError.invalidInput("none of those calendars is registered") }
            context.out("Removed \(removed).\n")
        case .list:
            let list = try ConfigFile.load(paths).calendars
            if json { try context.printJSON(["calendars": list]) } else {
                context.out(list.isEmpty ? "No calendars registered (intent calendars add FILE).\n" : list.map { "\($0)\n" }.joined())
            }
        case .check:
            let reports = try ConfigFile.load(paths).calendars.map(CalendarCheck.check)
            if json { try context.printJSON(CalendarCheck.Document(calendars: reports)) } else {
                context.out(reports.isEmpty ? "No calendars registered (intent calendars add FILE).\n" : reports.map(CalendarCheck.text).joined())
            }
            return reports.contains { $0.status != "ok" && $0.status != "warnings" } ? ExitCode.dataError.rawValue : 0
        }
        return 0
    }

    /// Registers `.ics` files and event vdirs, reporting their problems (they are registered anyway).
    private func add(_ files: [String], paths: AppPaths, env: CLIEnvironment) throws {
        guard !files.isEmpty else { throw IntentError.usage("intent calendars add FILE...") }
        var loaded: [ICalendar] = []
        // A folder is an event vdir (khal's layout), read afresh on every run.
        let single = files.filter { !VdirFiles.isDirectory($0) }
        for file in single {
            do { loaded.append(try CalendarFile.load(URL(fileURLWithPath: file))) } catch {
                throw IntentError.invalidInput("cannot use \(file): \(error)")
            }
        }
        for folder in files where VdirFiles.isDirectory(folder) {
            let report = CalendarCheck.check(folder)
            guard !report.problems.isEmpty else { continue }
            env.streams.err("intent: warning: \(folder): \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s") (those items or lines are skipped):\n")
            for problem in report.problems.prefix(CalendarCheck.shownIssues) { env.streams.err("  \(problem)\n") }
        }
        // Registered anyway: a file with some broken lines still gives its other events.
        for (file, calendar) in zip(single, loaded) where !calendar.issues.isEmpty {
            env.streams.err("intent: warning: \(file): \(calendar.issues.count) problem\(calendar.issues.count == 1 ? "" : "s") (those lines are skipped):\n")
            for issue in calendar.issues.prefix(CalendarCheck.shownIssues) { env.streams.err("  \(issue)\n") }
            if calendar.issues.count > CalendarCheck.shownIssues {
                env.streams.err("  … \(calendar.issues.count - CalendarCheck.shownIssues) more (intent calendars check)\n")
            }
        }
        let all = try ConfigFile.update(paths) { config -> [String] in
            config.calendars = config.calendars + files.filter { !config.calendars.contains($0) }
            return config.calendars
        }
        env.streams.out("\(all.count) calendar\(all.count == 1 ? "" : "s") registered.\n")
    }
}
