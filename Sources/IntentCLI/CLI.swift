import Foundation
import IntentKit
import Secrets

/// Everything the command line needs from the outside world; `main.swift` builds the live one,
/// tests build their own.
public struct CLIEnvironment: Sendable {
    public var environment: [String: String]
    public var streams: any OutputStreams
    public var terminal: any Terminal
    public var registry: IntentRegistry
    public var ids: any IDGenerator
    /// The real time, used when no `--now`/`INTENT_NOW` freezes the clock.
    public var wallClock: @Sendable () -> Date
    /// Forces presence (tests); nil means detect from `/dev/tty`.
    public var presence: Presence?
    /// The live keys, known to the redactor every output goes through.
    public var secrets: SecretRegistry

    public init(environment: [String: String], streams: any OutputStreams, terminal: any Terminal,
                registry: IntentRegistry, ids: any IDGenerator = RandomIDGenerator(),
                wallClock: @escaping @Sendable () -> Date = { Date() }, presence: Presence? = nil) {
        self.environment = environment
        self.streams = streams
        self.terminal = terminal
        self.registry = registry
        self.ids = ids
        self.wallClock = wallClock
        self.presence = presence
        self.secrets = SecretRegistry(environment: environment)
    }

    func detectPresence(noInput: Bool) -> Presence {
        if noInput { return .headless }
        return presence ?? Presence.detect(noInput: false, environment: environment)
    }
}

/// Options that may stand before the subcommand: `intent --home DIR --json list`.
struct GlobalOptions {
    var home: String?
    var json = false
    var noInput = false
}

/// The `intent` command line: dispatches subcommands, maps errors to messages and exit codes.
public enum IntentCommandLine {
    /// Runs one command line (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], in env: CLIEnvironment) async -> Int32 {
        var env = env
        env.streams = RedactingStreams(base: env.streams, secrets: env.secrets)
        var args = arguments
        var globals = GlobalOptions()
        while let first = args.first, first.hasPrefix("--") {
            switch first {
            case "--json": globals.json = true; args.removeFirst()
            case "--no-input": globals.noInput = true; args.removeFirst()
            case "--home" where args.count > 1: globals.home = args[1]; args.removeFirst(2)
            case "--help", "-h": args = ["help"]
            case "--version": args = ["version"]
            default:
                if first.hasPrefix("--home=") { globals.home = String(first.dropFirst(7)); args.removeFirst(); continue }
                return fail(.usage("unknown option '\(first)' before the command; see 'intent --help'"), env)
            }
        }
        guard let name = args.first else {
            env.streams.out(HelpText.main(env.registry))
            return ExitCode.usage.rawValue
        }
        let rest = Array(args.dropFirst())
        guard let command = Commands.named(name) else {
            var message = "unknown command '\(name)'"
            if let guess = Suggestion.closest(to: name, in: Commands.all.map(\.name)) {
                message += "; did you mean '\(guess)'?"
            } else if env.registry.intent(named: name) != nil {
                message += "; to run an intent: intent run \(name)"
            }
            return fail(.usage(message + " (see 'intent --help')"), env)
        }
        do {
            return try await command.run(rest, globals, env)
        } catch let help as HelpRequest {
            env.streams.out(help.text)
            return help.exitCode
        } catch {
            return fail(IntentRunner.classify(error), env)
        }
    }

    /// Prints `intent: error: …` on stderr and returns the exit code.
    static func fail(_ error: IntentError, _ env: CLIEnvironment) -> Int32 {
        env.streams.err("intent: error: \(Redaction.clean(error.description))\n")
        return error.exitCode.rawValue
    }
}
