import IntentKit

/// `intent list [--markdown]`: the catalog.
struct ListCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "list", summary: "List the intents (the catalog with --json)", usage: "intent list [--json|--markdown]",
        needsHome: false)

    @Flag("markdown", help: "print Docs/INTENTS.md") var markdown: Bool

    func run(_ context: CommandContext) async throws -> Int32 {
        let registry = context.env.registry
        if markdown {
            context.out(IntentsDoc.markdown(registry))
        } else if context.json {
            try context.printJSON(Catalog.document(registry))
        } else {
            for t in registry.intents {
                let d = t.description
                let marker = d.sideEffect == .none ? "" : " [\(d.sideEffect.rawValue)]"
                context.out("\(d.name.padding(toLength: 18, withPad: " ", startingAt: 0))\(d.summary)\(marker)\n")
            }
        }
        return 0
    }
}

/// `intent describe NAME`: one intent's help, or its catalog entry with `--json`.
struct DescribeCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "describe", summary: "Describe one intent (its catalog entry with --json)", usage: "intent describe NAME [--json]",
        needsHome: false)

    @Argument("NAME", help: "the intent") var name: String?

    func run(_ context: CommandContext) async throws -> Int32 {
        let type = try CatalogCommands.intent(name, context.env)
        if context.json {
            try context.printJSON(Catalog.entry(type))
        } else {
            context.out(HelpText.intent(type))
        }
        return 0
    }
}

/// `intent help [COMMAND|INTENT]`.
struct HelpCommand: Subcommand {
    @Argument("COMMAND|INTENT", help: "what to explain (default: everything)") var topic: String?

    static let configuration = CommandConfiguration(
        name: "help", summary: "Show help for a command or an intent", usage: "intent help [COMMAND|INTENT]",
        needsHome: false)

    func run(_ context: CommandContext) async throws -> Int32 {
        let env = context.env
        guard let topic else { context.out(HelpText.main(env.registry)); return 0 }
        if let type = env.registry.intent(named: topic) { context.out(HelpText.intent(type)); return 0 }
        if let command = Commands.named(topic) { context.out(command.help(env)); return 0 }
        throw IntentError.usage("no command or intent named '\(topic)'")
    }
}

/// `intent version`.
struct VersionCommand: Subcommand {
    static let configuration = CommandConfiguration(name: "version", summary: "Print the version", usage: "intent version",
                                                    needsHome: false)

    func run(_ context: CommandContext) async throws -> Int32 {
        context.out("intent \(IntentVersion.current)\n")
        return 0
    }
}

enum CatalogCommands {
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
