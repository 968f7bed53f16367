import IntentKit

/// `intent completions bash|zsh|fish`: shell completion scripts listing commands, intents and flags.
enum CompletionsCommand {
    static let command: Command = Command(
        name: "completions", summary: "Print a shell completion script (bash, zsh or fish)",
        usage: "intent completions bash|zsh|fish",
        run: { args, _, env in
            guard let shell = args.first, args.count == 1 else {
                throw IntentError.usage("usage: intent completions bash|zsh|fish")
            }
            switch shell {
            case "bash": env.streams.out(bash(env.registry))
            case "zsh": env.streams.out("autoload -U +X bashcompinit && bashcompinit\n" + bash(env.registry))
            case "fish": env.streams.out(fish(env.registry))
            case "--help": env.streams.out(HelpText.command(command))
            default: throw IntentError.usage("unknown shell '\(shell)' (bash, zsh or fish)")
            }
            return 0
        })

    static func intentFlags(_ registry: IntentRegistry) -> [(String, [String])] {
        registry.intents.map { t in
            (t.description.name, IntentRegistry.parameters(of: t).map(\.flag) + RunCommand.runFlags.map { "--\($0.name)" })
        }
    }

    static func bash(_ registry: IntentRegistry) -> String {
        let commands = Commands.all.map(\.name).joined(separator: " ")
        let intents = registry.names.joined(separator: " ")
        var cases = ""
        for (name, flags) in intentFlags(registry) {
            cases += "      \(name)) opts=\"\(flags.joined(separator: " "))\" ;;\n"
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
          esac
          COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
        }
        complete -F _intent intent

        """
    }

    static func fish(_ registry: IntentRegistry) -> String {
        var text = "complete -c intent -f\n"
        for c in Commands.all {
            text += "complete -c intent -n '__fish_use_subcommand' -a \(c.name) -d '\(c.summary.replacingOccurrences(of: "'", with: ""))'\n"
        }
        for t in registry.intents {
            let d = t.description
            text += "complete -c intent -n '__fish_seen_subcommand_from run describe help' -a \(d.name) -d '\(d.summary.replacingOccurrences(of: "'", with: ""))'\n"
            for p in IntentRegistry.parameters(of: t) {
                text += "complete -c intent -n '__fish_seen_subcommand_from \(d.name)' -l \(Naming.kebab(p.name)) -d '\(p.description.replacingOccurrences(of: "'", with: ""))'\n"
            }
        }
        for f in RunCommand.runFlags {
            text += "complete -c intent -n '__fish_seen_subcommand_from run' -l \(f.name) -d '\(f.help.replacingOccurrences(of: "'", with: ""))'\n"
        }
        return text
    }
}
