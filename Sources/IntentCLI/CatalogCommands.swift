import IntentKit

/// `intent list`, `intent describe NAME`, `intent help [NAME]`, `intent version`.
enum CatalogCommands {
    static let version: Command = Command(name: "version", summary: "Print the version", usage: "intent version",
                                 run: { _, _, env in env.streams.out("intent \(IntentVersion.current)\n"); return 0 })

    static let list: Command = Command(
        name: "list", summary: "List the intents (the catalog with --json)", usage: "intent list [--json|--markdown]",
        run: { args, globals, env in
            let specs = [FlagSpec(name: "json", takesValue: false, help: "print the intent.catalog/1 document"),
                         FlagSpec(name: "markdown", takesValue: false, help: "print Docs/INTENTS.md"), helpFlag]
            let parsed = try ArgumentParser.parse(args, specs: specs)
            if parsed.has("help") { env.streams.out(HelpText.command(list, flags: specs)); return 0 }
            if parsed.has("markdown") {
                env.streams.out(IntentsDoc.markdown(env.registry))
            } else if globals.json || parsed.has("json") {
                try env.printJSON(Catalog.document(env.registry))
            } else {
                for t in env.registry.intents {
                    let d = t.description
                    let marker = d.sideEffect == .none ? "" : " [\(d.sideEffect.rawValue)]"
                    env.streams.out("\(d.name.padding(toLength: 18, withPad: " ", startingAt: 0))\(d.summary)\(marker)\n")
                }
            }
            return 0
        })

    static let describe: Command = Command(
        name: "describe", summary: "Describe one intent (its catalog entry with --json)", usage: "intent describe NAME [--json]",
        run: { args, globals, env in
            let parsed = try ArgumentParser.parse(args, specs: [FlagSpec(name: "json", takesValue: false, help: "print the catalog entry"), helpFlag])
            if parsed.has("help") { env.streams.out(HelpText.command(describe)); return 0 }
            let type = try intent(parsed.positional.first, env)
            if globals.json || parsed.has("json") {
                try env.printJSON(Catalog.entry(type))
            } else {
                env.streams.out(HelpText.intent(type))
            }
            return 0
        })

    static let help: Command = Command(
        name: "help", summary: "Show help for a command or an intent", usage: "intent help [COMMAND|INTENT]",
        run: { args, _, env in
            guard let name = args.first else { env.streams.out(HelpText.main(env.registry)); return 0 }
            if let type = env.registry.intent(named: name) { env.streams.out(HelpText.intent(type)); return 0 }
            if let command = Commands.named(name) { return try await command.run(["--help"], GlobalOptions(), env) }
            throw IntentError.usage("no command or intent named '\(name)'")
        })

    static let helpFlag = FlagSpec(name: "help", takesValue: false, help: "show this help")

    static func intent(_ name: String?, _ env: CLIEnvironment) throws -> any Intent.Type {
        guard let name else { throw IntentError.usage("missing intent name (see 'intent list')") }
        guard let type = env.registry.intent(named: name) else {
            var message = "unknown intent '\(name)'"
            if let guess = env.registry.suggestion(for: name) { message += "; did you mean '\(guess)'?" }
            throw IntentError.usage(message)
        }
        return type
    }
}

/// The version printed by `intent version`.
public enum IntentVersion {
    public static let current = "0.1.0"
}
