import IntentKit

/// A command line split into positionals and `--flag value` / `--flag=value` options.
///
/// Which flags take a value is decided by the caller's specs; unknown flags are reported with a
/// "did you mean" suggestion.
struct ParsedArguments {
    var positional: [String] = []
    var options: [String: [String]] = [:]
    var switches: Set<String> = []

    func value(_ name: String) -> String? { options[name]?.last }
    func has(_ name: String) -> Bool { switches.contains(name) }
}

/// A flag a command accepts.
struct FlagSpec {
    var name: String
    var takesValue: Bool
    var help: String
}

enum ArgumentParser {
    /// True for `--name`, `--name=value` and short options such as `-t` or `-xvf`: never a
    /// value or a positional. A lone `-` (stdin), `--`, negative numbers and text with spaces
    /// (`-t work` as one argument) are not options.
    static func looksLikeOption(_ arg: String) -> Bool {
        if arg.hasPrefix("--") { return arg.count > 2 }
        guard arg.hasPrefix("-"), arg.count >= 2, let second = arg.dropFirst().first, second.isLetter else { return false }
        return !arg.contains(" ")
    }

    /// Parses `args` against `specs`. `--` ends option parsing. A lone `-` is a positional (stdin).
    /// `-h` is `--help`; any other short option is a usage error naming it (never folded into
    /// a positional such as a title).
    static func parse(_ args: [String], specs: [FlagSpec]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        let byName = Dictionary(specs.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        while index < args.count {
            let arg = args[index]
            index += 1
            if !optionsEnded, !arg.hasPrefix("--"), looksLikeOption(arg) {
                if arg == "-h", byName["help"] != nil { parsed.switches.insert("help"); continue }
                var message = "unknown option '\(arg)'"
                if let long = specs.reversed().first(where: { !GlobalOptions.valued.contains($0.name) && $0.name.hasPrefix(String(arg.dropFirst().prefix(1))) }) {
                    message += "; did you mean '--\(long.name)'?"
                }
                message += " (intent takes long options; put text that starts with '-' after '--')"
                throw IntentError.usage(message)
            }
            if optionsEnded || !arg.hasPrefix("--") || arg == "--" {
                if arg == "--", !optionsEnded { optionsEnded = true; continue }
                parsed.positional.append(arg)
                continue
            }
            var name = String(arg.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let spec = byName[name] else {
                var message = "unknown option '--\(name)'"
                if let guess = Suggestion.closest(to: name, in: specs.map(\.name)) { message += "; did you mean '--\(guess)'?" }
                throw IntentError.usage(message)
            }
            if spec.takesValue {
                if let inline { parsed.options[name, default: []].append(inline); continue }
                guard index < args.count, !looksLikeOption(args[index]) || args[index] == "-" else {
                    throw IntentError.usage("--\(name) needs a value")
                }
                parsed.options[name, default: []].append(args[index])
                index += 1
            } else {
                if let inline {
                    guard let flag = Bool(inline.lowercased()) else {
                        throw IntentError.usage("option '--\(name)' takes no value")
                    }
                    if flag { parsed.switches.insert(name) } else { parsed.switches.remove(name) }
                } else {
                    parsed.switches.insert(name)
                }
            }
        }
        return parsed
    }
}

/// Thrown when a command should only print its help: `--help` (exit 0) or no action word (64).
/// The command line prints `text` on stdout and exits with `exitCode`.
struct HelpRequest: Error {
    var text: String
    var exitCode: Int32
}

extension ArgumentParser {
    /// Parses a command whose first positional is its action (`intent keys set NAME`); throws
    /// `HelpRequest` on `--help` or when the action is missing.
    static func parseAction(_ args: [String], specs: [FlagSpec], command: Command) throws -> (parsed: ParsedArguments, action: String) {
        let parsed = try parse(args, specs: specs)
        guard let action = parsed.positional.first, !parsed.has("help") else {
            throw HelpRequest(text: HelpText.command(command, flags: specs),
                              exitCode: parsed.has("help") ? 0 : ExitCode.usage.rawValue)
        }
        return (parsed, action)
    }
}
