import Foundation
import IntentKit
import Intents
import Store

/// `intent reminders use DIR|--store`, `where`, `export [--output FILE]`, `import FILE|DIR`.
enum RemindersCommand {
    static let specs = [
        FlagSpec(name: "store", takesValue: false, help: "use: the built-in store (the default)"),
        FlagSpec(name: "output", takesValue: true, help: "export: write to FILE (0600) instead of stdout"),
        FlagSpec(name: "include-completed", takesValue: false, help: "export: completed reminders too"),
        FlagSpec(name: "list", takesValue: true, help: "import: into this list (default: Reminders, or a vdir's only list)"),
        FlagSpec(name: "json", takesValue: false, help: "print JSON"),
        FlagSpec(name: "tz", takesValue: true, help: "time zone dates are read in"),
        FlagSpec(name: "now", takesValue: true, help: "freeze the clock (ISO-8601)"),
        FlagSpec(name: "home", takesValue: true, help: "use the home DIR"), CatalogCommands.helpFlag,
    ]

    static let command: Command = Command(
        name: "reminders", summary: "Choose where reminders live (built-in store or a vdir); export and import VTODOs",
        usage: "intent reminders use DIR | use --store | where [--json] | export [--output FILE] [--include-completed] | import FILE|DIR [--list L]",
        run: { args, globals, env in
            let (parsed, action) = try ArgumentParser.parseAction(args, specs: specs, command: command)
            let paths = env.paths(globals, home: parsed.value("home"))
            let store = env.home(paths).store
            try await store.ensureConfigured()
            let warn: (String) -> Void = { env.streams.err("intent: warning: \($0)\n") }
            let zone = try ClockOptions.timeZone(flag: globals.tz ?? parsed.value("tz"), environment: env.environment,
                                                 configured: try ConfigFile.load(paths).raw["tz"]?.stringValue,
                                                 system: env.systemZones, warn: warn)
            let now = try ClockOptions.now(flag: globals.now ?? parsed.value("now"), environment: env.environment, zone: zone,
                                           wallClock: env.wallClock, warn: warn)
            let log = StreamLog(streams: env.streams)
            let rest = Array(parsed.positional.dropFirst())
            let json = globals.json || parsed.has("json")
            switch action {
            case "use":
                if parsed.has("store") {
                    guard rest.isEmpty else { throw IntentError.usage("intent reminders use DIR | use --store") }
                    _ = try RemindersAdmin.use(nil, paths: paths)
                    env.streams.out("Reminders now live in the built-in store.\n")
                    return 0
                }
                guard rest.count == 1 else { throw IntentError.usage("intent reminders use DIR | use --store") }
                let root = URL(fileURLWithPath: rest[0]).standardizedFileURL.path
                let lists = try RemindersAdmin.use(root, paths: paths)
                env.streams.out("Reminders now live in the vdir \(root) (\(lists.isEmpty ? "no lists yet: CreateReminder --create-list makes one" : "lists: " + lists.joined(separator: ", "))).\n")
            case "where":
                let where_ = try RemindersAdmin.location(store: store, timeZone: zone, now: now, log: log)
                if json { try env.printJSON(where_) } else {
                    let lists = where_.lists.isEmpty ? "no lists yet" : "lists: " + where_.lists.joined(separator: ", ")
                    env.streams.out(where_.backend == "vdir" ? "vdir \(where_.path) (\(lists))\n"
                                    : "the built-in store \(where_.path) (\(lists))\n")
                }
            case "export":
                let (data, count) = try RemindersAdmin.export(store: store, timeZone: zone, now: now,
                                                              includeCompleted: parsed.has("include-completed"), log: log)
                if let output = parsed.value("output") {
                    try StoreFiles.writePrivateAtomically(data, to: URL(fileURLWithPath: output))
                    env.streams.err("intent: exported \(count) reminder\(count == 1 ? "" : "s") to \(output)\n")
                } else {
                    env.streams.out(String(decoding: data, as: UTF8.self))
                }
            case "import":
                guard rest.count == 1 else { throw IntentError.usage("intent reminders import FILE|DIR [--list L]") }
                let path = URL(fileURLWithPath: rest[0]).standardizedFileURL.path
                guard FileManager.default.fileExists(atPath: path) else { throw IntentError.invalidInput("\(rest[0]): no such file or directory") }
                let (added, skipped) = try RemindersAdmin.importFiles(path, list: parsed.value("list"), store: store,
                                                                       timeZone: zone, now: now, log: log)
                if json { try env.printJSON(["added": added, "skipped": skipped]) } else {
                    env.streams.out("Imported \(added) reminder\(added == 1 ? "" : "s"); \(skipped) already present.\n")
                }
            default:
                throw IntentError.usage("unknown action '\(action)' (use, where, export, import)")
            }
            return 0
        })
}
