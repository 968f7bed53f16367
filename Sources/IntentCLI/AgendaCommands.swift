import Agenda
import Foundation
import IntentKit
import Store

/// `intent calendars add|list|remove FILE|DIR` (a DIR is an event vdir, khal's layout).
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
                    do { if !VdirFiles.isDirectory(file) { _ = try CalendarFile.load(URL(fileURLWithPath: file)) } } catch {
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
}
