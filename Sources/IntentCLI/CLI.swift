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

    /// The live effects over `environment` with `terminal`, `ids` and `wallClock` given (tests).
    public init(environment: [String: String], streams: any OutputStreams, terminal: any Terminal,
                registry: IntentRegistry, ids: any IDGenerator = RandomIDGenerator(),
                wallClock: @escaping @Sendable () -> Date = { Date() }, presence: Presence? = nil) {
        var services = AppServices.live(environment: environment, terminal: terminal)
        services.ids = ids
        services.clock = wallClock
        self.init(services: services, streams: streams, registry: registry, presence: presence)
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

/// Options every command accepts, before or after the command name:
/// `intent --home DIR list`, `intent list --home DIR`, `intent run X --tz Asia/Kolkata`.
struct GlobalOptions {
    var home: String?
    var json = false
    var noInput = false
    var tz: String?
    var now: String?
    var policy: String?

    static let valued: Set<String> = ["home", "tz", "now", "policy"]
    static let switches: Set<String> = ["json", "no-input"]

    /// Removes the global options from `args` (up to a `--`), returning them and the rest.
    static func extract(_ args: [String]) throws -> (GlobalOptions, [String]) {
        var globals = GlobalOptions()
        var rest: [String] = []
        var index = 0
        while index < args.count {
            let arg = args[index]
            index += 1
            if arg == "--" { rest += args[(index - 1)...]; break }
            guard arg.hasPrefix("--") else { rest.append(arg); continue }
            var name = String(arg.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if switches.contains(name), inline == nil {
                if name == "json" { globals.json = true } else { globals.noInput = true }
                continue
            }
            guard valued.contains(name) else { rest.append(arg); continue }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < args.count, !ArgumentParser.looksLikeOption(args[index]) else {
                    throw IntentError.usage("--\(name) needs a value")
                }
                value = args[index]
                index += 1
            }
            guard !value.isEmpty else { throw IntentError.usage("--\(name) needs a value") }
            switch name {
            case "home": globals.home = value
            case "tz": globals.tz = value
            case "now": globals.now = value
            default: globals.policy = value
            }
        }
        return (globals, rest)
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
            if let guess = Suggestion.closest(to: name, in: Commands.all.map(\.name)) {
                message += "; did you mean '\(guess)'?"
            } else if env.registry.intent(named: name) != nil {
                message += "; to run an intent: intent run \(name)"
            }
            return fail(.usage(message + " (see 'intent --help')"), env)
        }
        do {
            // `run` checks after its arguments, so an unknown intent or flag is still a usage error.
            if !Commands.homeless.contains(command.name), command.name != "run", !(rest.contains("--help") || rest.contains("-h")) {
                try HomeCheck.verify(globals, env)
            }
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
