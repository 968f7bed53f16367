import Foundation
import IntentKit
import Intents
import Routing
import Store

/// The options of `intent run` besides the intent's own parameters and the global options.
struct RunOptions {
    @Option("input", valueName: "FILE|-", help: "read parameter values from a JSON file, or - for stdin (a plain object or a previous run's envelope)") var input: String?
    @Flag("yes", help: "approve writes without asking") var yes: Bool
    @Flag("dry-run", help: "show what would be written; write nothing") var dryRun: Bool

    static var parameters: [ParameterSlot] { ParameterCollector.collect { RunOptions() }.1 }
}

/// `intent run NAME [PRIMARY] [--param value ...] [--input FILE|-] [--yes] [--dry-run]`: the
/// intent's own parameters come from the registry (data, not a typed struct); the run options
/// and the global options are declared.
struct RunCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "run", summary: "Run an intent",
        usage: "intent run NAME [PRIMARY] [--param value ...] [--input FILE|-] [--json] [--yes] [--dry-run] [--no-input] [--policy P] [--now ISO] [--tz ZONE] [--home DIR]",
        needsHome: false)  // checked after the arguments, so an unknown intent or flag is a usage error first

    @Passthrough("NAME [PRIMARY] [--param value ...]", help: "the intent, then its parameters (see 'intent run NAME --help')") var arguments: [String]

    static func customHelp(_ env: CLIEnvironment) -> String? { HelpText.run(env.registry) }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await Self.perform(arguments, context)
    }

    /// What an intent's parameters read from the command line.
    struct Given {
        var positional: [String] = []
        var flags: [String: [String]] = [:]
    }

    /// The intent's parameters as slots: `--due-date VALUE`; Bool parameters are switches.
    static func parameterSlots(_ parameters: [ParameterMetadata], into given: ParameterBox<Given>) -> [ParameterSlot] {
        let positional = ParameterSlot(kind: .arguments, name: "PRIMARY", help: "the primary parameter") {
            given.value.positional.append($0)
        }
        return parameters.map { p in
            let isBool: Bool
            if case .object(let o) = p.schema.jsonValue, o["type"] == .string("boolean") { isBool = true } else { isBool = false }
            let key = p.jsonKey
            if isBool {
                return ParameterSlot(kind: .flag, name: Naming.kebab(p.name), help: p.description) {
                    given.value.flags[key] = $0 == "true" ? ["true"] : nil
                }
            }
            return ParameterSlot(kind: .option, name: Naming.kebab(p.name), help: p.description) {
                given.value.flags[key, default: []].append($0)
            }
        } + [positional]
    }

    static func perform(_ args: [String], _ command: CommandContext) async throws -> Int32 {
        let (env, globals) = (command.env, command.globals)
        guard let name = args.first, !name.hasPrefix("-") else {
            if args.contains("--help") || args.contains("-h") {
                env.streams.out(HelpText.run(env.registry))
                return 0
            }
            throw IntentError.usage("missing intent name: intent run NAME … (intents: \(env.registry.names.joined(separator: ", ")))")
        }
        guard let type = env.registry.intent(named: name) else {
            var message = "unknown intent '\(name)'"
            if let guess = env.registry.suggestion(for: name) { message += "; did you mean '\(guess)'?" }
            throw IntentError.usage(message + " (see 'intent list')")
        }
        let parameters = IntentRegistry.parameters(of: type)
        let (options, optionSlots) = ParameterCollector.collect { RunOptions() }
        let given = ParameterBox(Given())
        let outcome = try ArgumentParser.parse(Array(args.dropFirst()), slots: optionSlots + parameterSlots(parameters, into: given),
                                               otherNames: GlobalOptions.names, command: "run")
        if outcome.help {
            env.streams.out(HelpText.intent(type))
            return 0
        }
        let json = globals.json
        try HomeCheck.verify(globals, env)
        let clock = ContinuousClock.now

        let paths = env.paths(globals)
        let config = try ConfigFile.load(paths)
        let (zone, now) = try command.clock(config)
        let policy = try policy(globals.policy, config: config)
        let presence = env.detectPresence(noInput: globals.noInput)
        let request = try parameterRequest(given.value, parameters: parameters, input: options.input)

        let services = env.home(paths, dateOrder: config.raw["date_order"]?.stringValue)
        let context = services.context(runID: env.ids.make("run"), now: now, timeZone: zone, presence: presence,
                                       policy: policy, assumeYes: options.yes, dryRun: options.dryRun,
                                       terminal: env.terminal, ids: env.ids, log: StreamLog(streams: env.streams))

        let performed = await IntentRunner().run(type, request: request, context: context)
        let elapsed = ContinuousClock.now - clock
        let envelope = services.record(performed, context: context, elapsed: elapsed, entryPoint: .commandLine, warn: command.warn)
        RunOutput.print(envelope, json: json, env: env, zone: zone)
        return envelope.exitCode.rawValue
    }

    static func parameterRequest(_ given: Given, parameters: [ParameterMetadata], input: String?) throws -> ParameterRequest {
        var request = ParameterRequest(positional: given.positional)
        request.flags = given.flags
        let stdinUsedForPrimary = given.positional == ["-"]
        if stdinUsedForPrimary {
            request.positional = [try InputReader.readStdinText()]
        }
        if !given.positional.isEmpty, !parameters.contains(where: \.isPrimary) {
            throw IntentError.usage("this intent takes no positional argument; use --flags (see --help)")
        }
        if let source = input {
            if source == "-" && stdinUsedForPrimary {
                throw IntentError.usage("stdin cannot feed both --input - and the primary argument '-'")
            }
            let piped = try InputReader.readObject(source)
            request.input = piped.values
            request.inputKeysMustMatch = !piped.fromEnvelope
        }
        return request
    }

    /// `--policy`, else config.json's `policy`, else prefer-local.
    static func policy(_ flag: String?, paths: AppPaths) throws -> RoutingPolicy {
        if flag != nil { return try policy(flag, config: ConfigFile()) }
        return try policy(nil, config: ConfigFile.load(paths))
    }

    /// The same over a config.json already read (a run reads it once).
    static func policy(_ flag: String?, config: ConfigFile) throws -> RoutingPolicy {
        if let flag {
            guard let policy = RoutingPolicy(rawValue: flag) else {
                throw IntentError.usage("unknown policy '\(flag)' for --policy (\(RoutingPolicy.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return policy
        }
        return config.policy ?? .preferLocal
    }
}
