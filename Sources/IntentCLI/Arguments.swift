import IntentKit

/// Reads a command line into the declared parameters of a command (`ParameterSlot`s).
///
/// `--name VALUE` / `--name=VALUE` for options, `--name` / `--name=false` for flags, positionals
/// in declaration order; `--` ends options; a lone `-` (stdin) and negative numbers are words.
/// `-h`/`--help` ask for help; any other short option is a usage error naming it (never folded
/// into a positional such as a title).
enum ArgumentParser {
    struct Outcome {
        /// `--help` or `-h` was given: print the help instead of running.
        var help = false
    }

    /// True for `--name`, `--name=value` and short options such as `-t` or `-xvf`: never a
    /// value or a positional. A lone `-` (stdin), `--`, negative numbers and text with spaces
    /// (`-t work` as one argument) are not options.
    static func looksLikeOption(_ arg: String) -> Bool {
        if arg.hasPrefix("--") { return arg.count > 2 }
        guard arg.hasPrefix("-"), arg.count >= 2, let second = arg.dropFirst().first, second.isLetter else { return false }
        return !arg.contains(" ")
    }

    /// Fills `slots` from `args`. `otherNames` (the global options) join the "did you mean"
    /// candidates. A required positional that is missing throws `MissingArgument`.
    static func parse(_ args: [String], slots: [ParameterSlot], otherNames: [String] = [],
                      command: String = "") throws -> Outcome {
        var outcome = Outcome()
        let named = Dictionary(slots.filter { $0.kind == .option || $0.kind == .flag }.map { ($0.name, $0) },
                               uniquingKeysWith: { first, _ in first })
        let singles = slots.filter { $0.kind == .argument }
        let remaining = slots.first { $0.kind == .arguments }
        let passthrough = slots.first { $0.kind == .passthrough }
        var filled = 0
        var optionsEnded = false

        func positional(_ word: String) throws {
            if filled < singles.count {
                try singles[filled].accept(word)
                filled += 1
            } else if let remaining {
                try remaining.accept(word)
            } else if singles.isEmpty {
                throw IntentError.usage("intent \(command) takes no arguments (got '\(word)'); see 'intent \(command) --help'")
            } else {
                throw IntentError.usage("unexpected argument '\(word)' (see 'intent \(command) --help')")
            }
        }

        var index = 0
        while index < args.count {
            if let passthrough, filled == singles.count {
                for word in args[index...] { try passthrough.accept(word) }
                break
            }
            let arg = args[index]
            index += 1
            if optionsEnded { try positional(arg); continue }
            if arg == "--" { optionsEnded = true; continue }
            if !arg.hasPrefix("--") {
                guard looksLikeOption(arg) else { try positional(arg); continue }
                if arg == "-h" { outcome.help = true; continue }
                throw shortOption(arg, named: slots)
            }
            let (name, inline) = split(arg)
            if name == "help" { outcome.help = true; continue }
            guard let slot = named[name] else {
                var message = "unknown option '--\(name)'"
                let candidates = named.keys.sorted() + otherNames + ["help"]
                if let guess = Suggestion.closest(to: name, in: candidates) { message += "; did you mean '--\(guess)'?" }
                throw IntentError.usage(message)
            }
            try apply(slot, inline: inline, args: args, index: &index)
        }
        if !outcome.help, filled < singles.count, let missing = singles[filled...].first(where: \.isRequired) {
            throw MissingArgument(placeholder: missing.name)
        }
        return outcome
    }

    /// Takes the options of `slots` out of `args` wherever they stand (up to a `--`) and returns
    /// the other words in order: the global options before or after the command name.
    static func extract(_ args: [String], slots: [ParameterSlot]) throws -> [String] {
        let named = Dictionary(slots.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var rest: [String] = []
        var index = 0
        while index < args.count {
            let arg = args[index]
            index += 1
            if arg == "--" { rest += args[(index - 1)...]; break }
            guard arg.hasPrefix("--") else { rest.append(arg); continue }
            let (name, inline) = split(arg)
            guard let slot = named[name] else { rest.append(arg); continue }
            try apply(slot, inline: inline, args: args, index: &index)
        }
        return rest
    }

    /// `--name=value` → ("name", "value"); `--name` → ("name", nil).
    private static func split(_ arg: String) -> (String, String?) {
        let body = arg.dropFirst(2)
        guard let eq = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<eq]), String(body[body.index(after: eq)...]))
    }

    private static func apply(_ slot: ParameterSlot, inline: String?, args: [String], index: inout Int) throws {
        if slot.kind == .flag {
            guard let inline else { return try slot.accept("true") }
            guard let value = Bool(inline.lowercased()) else {
                throw IntentError.usage("option '--\(slot.name)' takes no value")
            }
            return try slot.accept(value ? "true" : "false")
        }
        let value: String
        if let inline {
            value = inline
        } else {
            guard index < args.count, !looksLikeOption(args[index]) || args[index] == "-" else {
                throw IntentError.usage("--\(slot.name) needs a value")
            }
            value = args[index]
            index += 1
        }
        if slot.refusesEmpty, value.isEmpty { throw IntentError.usage("--\(slot.name) needs a value") }
        try slot.accept(value)
    }

    /// `-t`: intent takes long options; the message suggests the long one that starts with that
    /// letter (the last declared, so an intent's own parameter before a run option).
    private static func shortOption(_ arg: String, named slots: [ParameterSlot]) -> IntentError {
        var message = "unknown option '\(arg)'"
        let letter = String(arg.dropFirst().prefix(1))
        if let long = slots.reversed().first(where: { ($0.kind == .option || $0.kind == .flag) && $0.name.hasPrefix(letter) }) {
            message += "; did you mean '--\(long.name)'?"
        }
        return .usage(message + " (intent takes long options; put text that starts with '-' after '--')")
    }
}

/// A required positional (a command's action) is missing: the command prints its help, exit 64.
struct MissingArgument: Error {
    var placeholder: String
}

/// Thrown when a command should only print its help: `--help` (exit 0) or no action word (64).
/// The command line prints `text` on stdout and exits with `exitCode`.
struct HelpRequest: Error {
    var text: String
    var exitCode: Int32
}
