import Agenda
import Foundation
import IntentKit
import Store

/// `intent calendars add|list|remove FILE` and `intent reminders export [--output FILE]`.
enum AgendaCommands {
    static let calendars: Command = Command(
        name: "calendars", summary: "Register the .ics files ListEvents and DailyBrief read by default",
        usage: "intent calendars add FILE... | remove FILE... | list [--json]",
        run: { args, globals, env in
            let specs = [FlagSpec(name: "json", takesValue: false, help: "print JSON"),
                         FlagSpec(name: "home", takesValue: true, help: "use the home DIR"), CatalogCommands.helpFlag]
            let (parsed, action) = try ArgumentParser.parseAction(args, specs: specs, command: calendars)
            let paths = env.paths(globals, home: parsed.value("home"))
            let files = parsed.positional.dropFirst().map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            switch action {
            case "add":
                guard !files.isEmpty else { throw IntentError.usage("intent calendars add FILE...") }
                for file in files {
                    do { _ = try CalendarFile.load(URL(fileURLWithPath: file)) } catch {
                        throw IntentError.invalidInput("cannot use \(file): \(error)")
                    }
                }
                let all = try ConfigFile.update(paths) { config -> [String] in
                    config.calendars = config.calendars + files.filter { !config.calendars.contains($0) }
                    return config.calendars
                }
                env.streams.out("\(all.count) calendar\(all.count == 1 ? "" : "s") registered.\n")
            case "remove":
                let removed = try ConfigFile.update(paths) { config -> Int in
                    let before = config.calendars.count
                    config.calendars.removeAll { files.contains($0) }
                    return before - config.calendars.count
                }
                guard removed > 0 else { throw IntentError.invalidInput("none of those calendars is registered") }
                env.streams.out("Removed \(removed).\n")
            case "list":
                let list = try ConfigFile.load(paths).calendars
                if globals.json || parsed.has("json") { try env.printJSON(["calendars": list]) } else {
                    env.streams.out(list.isEmpty ? "No calendars registered (intent calendars add FILE).\n" : list.map { "\($0)\n" }.joined())
                }
            default:
                throw IntentError.usage("unknown action '\(action)' (add, remove, list)")
            }
            return 0
        })

    static let reminders: Command = Command(
        name: "reminders", summary: "Export reminders as iCalendar VTODOs",
        usage: "intent reminders export [--output FILE] [--include-completed]",
        run: { args, globals, env in
            let specs = [FlagSpec(name: "output", takesValue: true, help: "write to FILE (0600) instead of stdout"),
                         FlagSpec(name: "include-completed", takesValue: false, help: "export completed reminders too"),
                         FlagSpec(name: "home", takesValue: true, help: "use the home DIR"), CatalogCommands.helpFlag]
            let parsed = try ArgumentParser.parse(args, specs: specs)
            guard parsed.positional == ["export"], !parsed.has("help") else {
                env.streams.out(HelpText.command(reminders, flags: specs))
                return parsed.has("help") ? 0 : ExitCode.usage.rawValue
            }
            let store = IntentStore(paths: env.paths(globals, home: parsed.value("home")))
            try await store.ensureConfigured()
            let items = try store.reminders(includeCompleted: parsed.has("include-completed")).map { r in
                // A day-only due date is written as that calendar date (read at UTC midnight).
                let dateOnly = r.due.map { !$0.contains("T") } ?? false
                let due = dateOnly ? r.due.flatMap { ClockOptions.parseInstant($0, zone: TimeZone(identifier: "UTC")!) } : r.dueAt
                return TodoItem(uid: r.id, title: r.title, notes: r.notes, due: due, dueIsDateOnly: dateOnly,
                                list: r.list, completed: r.completedAt != nil, created: StoreTime.date(r.createdAt) ?? Date())
            }
            let text = ICSWriter.todos(items, prodID: "-//intent//reminders \(IntentVersion.current)//EN")
            if let output = parsed.value("output") {
                try StoreFiles.writePrivateAtomically(Data(text.utf8), to: URL(fileURLWithPath: output))
                env.streams.err("intent: exported \(items.count) reminder\(items.count == 1 ? "" : "s") to \(output)\n")
            } else {
                env.streams.out(text)
            }
            return 0
        })
}
