import Foundation
import IntentKit
import Store

/// What a command says about itself, for dispatch, help and completions.
struct CommandConfiguration: Sendable {
    var name: String
    var summary: String
    /// The grammar line after `USAGE:` (actions and operands; options are listed from the declarations).
    var usage: String
    var discussion: String?
    /// Reads or writes a home: the runner refuses an unusable one before `run`.
    var needsHome = true
}

/// One `intent` subcommand: a struct whose stored properties are `@Option`, `@Flag`,
/// `@Argument` and `@Passthrough` declarations. The runner builds it, fills the declarations from
/// the command line, calls `validate()`, checks the home, then `run`.
protocol Subcommand: Sendable {
    static var configuration: CommandConfiguration { get }
    /// Builds the declarations with their defaults (synthesized for a struct whose properties all
    /// have one).
    init()
    /// Checks values against each other; a `ValidationError` names the parameter.
    mutating func validate() throws
    func run(_ context: CommandContext) async throws -> Int32
    /// A help text that depends on the environment (`run` lists the intents); nil: generated.
    static func customHelp(_ env: CLIEnvironment) -> String?
}

extension Subcommand {
    mutating func validate() throws {}
    static func customHelp(_ env: CLIEnvironment) -> String? { nil }

    /// The command built with its declared parameters (in declaration order).
    static func declared() -> (Self, [ParameterSlot]) {
        ParameterCollector.collect { Self() }
    }

    /// `intent NAME --help`.
    static func help(_ env: CLIEnvironment) -> String {
        customHelp(env) ?? HelpText.command(configuration, parameters: declared().1)
    }

    /// Parses `args` into the command, validates it and runs it.
    static func execute(_ args: [String], globals: GlobalOptions, env: CLIEnvironment) async throws -> Int32 {
        var (command, slots) = declared()
        let outcome: ArgumentParser.Outcome
        do {
            outcome = try ArgumentParser.parse(args, slots: slots, otherNames: GlobalOptions.names, command: configuration.name)
        } catch is MissingArgument {
            throw HelpRequest(text: help(env), exitCode: ExitCode.usage.rawValue)
        }
        if outcome.help { throw HelpRequest(text: help(env), exitCode: 0) }
        do { try command.validate() } catch let error as ValidationError { throw error.intentError }
        if configuration.needsHome { try HomeCheck.verify(globals, env) }
        return try await command.run(CommandContext(env: env, globals: globals))
    }
}

/// What a running command works with: the environment and the global options.
struct CommandContext {
    var env: CLIEnvironment
    var globals: GlobalOptions

    var streams: any OutputStreams { env.streams }
    /// `--json` (a global option).
    var json: Bool { globals.json }

    /// The home of this invocation: `--home`, else `INTENT_HOME`, else XDG.
    func paths() -> AppPaths { env.paths(globals) }

    func out(_ text: String) { env.streams.out(text) }
    func err(_ text: String) { env.streams.err(text) }
    func warn(_ text: String) { env.streams.err("intent: warning: \(text)\n") }

    func printJSON<T: Encodable>(_ value: T) throws { try env.printJSON(value) }

    /// The zone for showing times: `--tz`, else `TZ`, else config, else the system zone.
    func zone() throws -> TimeZone { try ClockOptions.zone(globals, env) }

    /// The run's zone and clock (`--now`/`INTENT_NOW` freeze it), with `config`'s `tz`.
    func clock(_ config: ConfigFile) throws -> (zone: TimeZone, now: Date) {
        let zone = try ClockOptions.timeZone(flag: globals.tz, environment: env.environment,
                                             configured: config.raw["tz"]?.stringValue, system: env.systemZones, warn: warn)
        let now = try ClockOptions.now(flag: globals.now, environment: env.environment, zone: zone,
                                       wallClock: env.wallClock, warn: warn)
        return (zone, now)
    }
}
