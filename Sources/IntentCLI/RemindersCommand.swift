import Foundation
import IntentKit
import Intents
import Store

/// `intent reminders use DIR|--store`, `where`, `export [--output FILE]`, `import FILE|DIR`.
struct RemindersCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "reminders", summary: "Choose where reminders live (built-in store or a vdir); export and import VTODOs",
        usage: "intent reminders use DIR | use --store | where [--json] | export [--output FILE] [--include-completed] | import FILE|DIR [--list L]")

    enum Action: String, CommandAction { case use, `where`, export, `import` }

    @Argument("ACTION", help: Action.choices) var action: Action
    @Argument("DIR|FILE", help: "use: the vdir; import: a .ics file or a vdir") var operands: [String]
    @Flag("store", help: "use: the built-in store (the default)") var builtIn: Bool
    @Option("output", valueName: "FILE", help: "export: write to FILE (0600) instead of stdout") var output: String?
    @Flag("include-completed", help: "export: completed reminders too") var includeCompleted: Bool
    @Option("list", valueName: "L", help: "import: into this list (default: Reminders, or a vdir's only list)") var list: String?

    func run(_ context: CommandContext) async throws -> Int32 {
        let paths = context.paths()
        let store = context.env.home(paths).store
        try await store.ensureConfigured()
        let (zone, now) = try context.clock(try ConfigFile.load(paths))
        let log = StreamLog(streams: context.streams)
        switch action {
        case .use: try use(paths, context)
        case .where:
            let where_ = try RemindersAdmin.location(store: store, timeZone: zone, now: now, log: log)
            if context.json { try context.printJSON(where_) } else {
                let lists = where_.lists.isEmpty ? "no lists yet" : "lists: " + where_.lists.joined(separator: ", ")
                context.out(where_.backend == "vdir" ? "vdir \(where_.path) (\(lists))\n"
                            : "the built-in store \(where_.path) (\(lists))\n")
            }
        case .export:
            let (data, count) = try RemindersAdmin.export(store: store, timeZone: zone, now: now,
                                                          includeCompleted: includeCompleted, log: log)
            if let output {
                try StoreFiles.writePrivateAtomically(data, to: URL(fileURLWithPath: output))
                context.err("intent: exported \(count) reminder\(count == 1 ? "" : "s") to \(output)\n")
            } else {
                context.out(String(decoding: data, as: UTF8.self))
            }
        case .import:
            guard operands.count == 1 else { throw IntentError.usage("intent reminders import FILE|DIR [--list L]") }
            let path = URL(fileURLWithPath: operands[0]).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: path) else { throw IntentError.invalidInput("\(operands[0]): no such file or directory") }
            let (added, skipped) = try RemindersAdmin.importFiles(path, list: list, store: store, timeZone: zone, now: now, log: log)
            if context.json { try context.printJSON(["added": added, "skipped": skipped]) } else {
                context.out("Imported \(added) reminder\(added == 1 ? "" : "s"); \(skipped) already present.\n")
            }
        }
        return 0
    }

    /// `use DIR` (a vdir) or `use --store`.
    private func use(_ paths: AppPaths, _ context: CommandContext) throws {
        if builtIn {
            guard operands.isEmpty else { throw IntentError.usage("intent reminders use DIR | use --store") }
            _ = try RemindersAdmin.use(nil, paths: paths)
            context.out("Reminders now live in the built-in store.\n")
            return
        }
        guard operands.count == 1 else { throw IntentError.usage("intent reminders use DIR | use --store") }
        let root = URL(fileURLWithPath: operands[0]).standardizedFileURL.path
        let lists = try RemindersAdmin.use(root, paths: paths)
        context.out("Reminders now live in the vdir \(root) (\(lists.isEmpty ? "no lists yet: CreateReminder --create-list makes one" : "lists: " + lists.joined(separator: ", "))).\n")
    }
}
