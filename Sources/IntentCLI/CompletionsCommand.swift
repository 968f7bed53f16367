import IntentKit

/// `intent completions bash|zsh|fish`: shell completion scripts listing commands, intents and
/// flags, generated from the declarations.
struct CompletionsCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "completions", summary: "Print a shell completion script (bash, zsh or fish)",
        usage: "intent completions bash|zsh|fish", needsHome: false)

    @Argument("SHELL", help: "bash, zsh or fish") var shell: String?

    mutating func validate() throws {
        guard shell != nil else { throw IntentError.usage("usage: intent completions bash|zsh|fish") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let registry = context.env.registry
        switch shell {
        case "bash": context.out(Self.bash(registry))
        case "zsh": context.out("autoload -U +X bashcompinit && bashcompinit\n" + Self.bash(registry))
        case "fish": context.out(Self.fish(registry))
        default: throw IntentError.usage("unknown shell '\(shell ?? "")' (bash, zsh or fish)")
        }
        return 0
    }

    /// The flags `intent run NAME` takes: the intent's parameters, the run options, the global options.
    static func intentFlags(_ registry: IntentRegistry) -> [(String, [String])] {
        let run = (RunOptions.parameters + GlobalOptions.parameters).map(\.display) + ["--help"]
        return registry.intents.map { t in (t.description.name, IntentRegistry.parameters(of: t).map(\.flag) + run) }
    }

    /// Each command's own options and the global ones (not `run`, whose flags are per intent).
    static func commandFlags() -> [(CommandConfiguration, [ParameterSlot])] {
        let globals = GlobalOptions.parameters
        return Commands.all.filter { $0.configuration.name != "run" }.map { type in
            (type.configuration, type.declared().1.filter { $0.kind == .option || $0.kind == .flag } + globals)
        }
    }

    static func bash(_ registry: IntentRegistry) -> String {
        let commands = Commands.names.joined(separator: " ")
        let intents = registry.names.joined(separator: " ")
        var cases = ""
        for (name, flags) in intentFlags(registry) {
            cases += "      \(name)) opts=\"\(flags.joined(separator: " "))\" ;;\n"
        }
        var commandCases = ""
        for (c, flags) in commandFlags() where !["describe", "help", "completions"].contains(c.name) {
            commandCases += "    \(c.name)) opts=\"\((flags.map(\.display) + ["--help"]).joined(separator: " "))\" ;;\n"
        }
        return """
        _intent() {
          local cur="${COMP_WORDS[COMP_CWORD]}" opts=""
          if [ "$COMP_CWORD" -eq 1 ]; then
            COMPREPLY=( $(compgen -W "\(commands)" -- "$cur") ); return
          fi
          case "${COMP_WORDS[1]}" in
            run|describe|help)
              if [ "$COMP_CWORD" -eq 2 ]; then
                COMPREPLY=( $(compgen -W "\(intents)" -- "$cur") ); return
              fi
              case "${COMP_WORDS[2]}" in
        \(cases)      esac ;;
            completions) opts="bash zsh fish" ;;
        \(commandCases)  esac
          COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
        }
        complete -F _intent intent

        """
    }

    static func fish(_ registry: IntentRegistry) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "") + "'" }
        var text = "complete -c intent -f\n"
        for c in Commands.all.map({ $0.configuration }) {
            text += "complete -c intent -n '__fish_use_subcommand' -a \(c.name) -d \(quoted(c.summary))\n"
        }
        for t in registry.intents {
            let d = t.description
            text += "complete -c intent -n '__fish_seen_subcommand_from run describe help' -a \(d.name) -d \(quoted(d.summary))\n"
            for p in IntentRegistry.parameters(of: t) {
                text += "complete -c intent -n '__fish_seen_subcommand_from \(d.name)' -l \(Naming.kebab(p.name)) -d \(quoted(p.description))\n"
            }
        }
        for f in RunOptions.parameters + GlobalOptions.parameters {
            text += "complete -c intent -n '__fish_seen_subcommand_from run' -l \(f.name) -d \(quoted(f.help))\n"
        }
        for (c, flags) in commandFlags() {
            for f in flags {
                text += "complete -c intent -n '__fish_seen_subcommand_from \(c.name)' -l \(f.name) -d \(quoted(f.help))\n"
            }
        }
        return text
    }
}
