import Agenda
import AppServices
import Foundation
import IntentKit
import Secrets

/// Everything the command line needs from the outside world: the process's effects
/// (`services`, built once by `main.swift`) plus the output streams and the intent registry.
public struct CLIEnvironment: Sendable {
    /// The effects; `environment`, `terminal`, `ids`, `wallClock` and `secrets` forward to it.
    public var services: AppServices
    public var streams: any OutputStreams
    public var registry: IntentRegistry
    /// Forces presence (tests); nil means detect from `/dev/tty`.
    public var presence: Presence?

    public init(services: AppServices, streams: any OutputStreams, registry: IntentRegistry, presence: Presence? = nil) {
        self.services = services
        self.streams = streams
        self.registry = registry
        self.presence = presence
    }

    /// The environment the effects were built over (set it through `services`).
    public var environment: [String: String] { services.environment }
    public var terminal: any Terminal {
        get { services.terminal }
        set { services.terminal = newValue }
    }
    public var ids: any IDGenerator {
        get { services.ids }
        set { services.ids = newValue }
    }
    /// The real time, used when no `--now`/`INTENT_NOW` freezes the clock.
    public var wallClock: @Sendable () -> Date {
        get { services.clock }
        set { services.clock = newValue }
    }
    /// The live keys, known to the redactor every output goes through.
    public var secrets: SecretRegistry { services.secrets }

    /// The services of the home at `paths` (store, ladder, embedders, dates, keys).
    func home(_ paths: AppPaths, dateOrder: String? = nil) -> HomeServices {
        services.home(paths, dateOrder: dateOrder)
    }

    /// The machine's zone database and configured zone. `INTENT_SYSTEM_ROOT` points it at a fake
    /// root (tests); `TZDIR` moves the database as it does for glibc.
    var systemZones: SystemZones {
        SystemZones(root: services.roots.system, environment: environment)
    }

    func detectPresence(noInput: Bool) -> Presence {
        if noInput { return .headless }
        return presence ?? Presence.detect(noInput: false, environment: environment)
    }
}

/// The `intent` command line: dispatches subcommands, maps errors to messages and exit codes.
public enum IntentCommandLine {
    /// Runs one command line (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], in env: CLIEnvironment) async -> Int32 {
        var env = env
        env.streams = RedactingStreams(base: env.streams, secrets: env.secrets)
        let globals: GlobalOptions
        var args: [String]
        do { (globals, args) = try GlobalOptions.extract(arguments) } catch { return fail(IntentRunner.classify(error), env) }
        switch args.first {
        case "--help", "-h": args = ["help"]
        case "--version", "-V": args = ["version"]
        default: break
        }
        guard let name = args.first else {
            env.streams.err(HelpText.short)
            return ExitCode.usage.rawValue
        }
        if name.hasPrefix("-") {
            return fail(.usage("unknown option '\(name)' before the command; see 'intent --help'"), env)
        }
        let rest = Array(args.dropFirst())
        guard let command = Commands.named(name) else {
            var message = "unknown command '\(name)'"
            if let guess = Suggestion.closest(to: name, in: Commands.names) {
                message += "; did you mean '\(guess)'?"
            } else if env.registry.intent(named: name) != nil {
                message += "; to run an intent: intent run \(name)"
            }
            return fail(.usage(message + " (see 'intent --help')"), env)
        }
        do {
            return try await command.execute(rest, globals: globals, env: env)
        } catch let help as HelpRequest {
            env.streams.out(help.text)
            return help.exitCode
        } catch {
            return fail(IntentRunner.classify(error), env)
        }
    }

    /// Prints `intent: error: …` on stderr and returns the exit code.
    public static func fail(_ error: IntentError, _ env: CLIEnvironment) -> Int32 {
        env.streams.err("intent: error: \(Redaction.clean(error.description))\n")
        return error.exitCode.rawValue
    }
}
