import Foundation
import IntentKit
import Intents
import Routing
import Store

/// `intent run NAME [PRIMARY] [--param value ...] [--input FILE|-] [--json] [--yes] [--dry-run] ...`
enum RunCommand {
    static let command: Command = Command(
        name: "run", summary: "Run an intent",
        usage: "intent run NAME [PRIMARY] [--param value ...] [--input FILE|-] [--json] [--yes] [--dry-run] [--no-input] [--policy P] [--now ISO] [--tz ZONE] [--home DIR]",
        run: { args, globals, env in try await execute(args, globals, env) })

    static let runFlags: [FlagSpec] = [
        FlagSpec(name: "json", takesValue: false, help: "print the intent.run/1 envelope as one JSON line"),
        FlagSpec(name: "input", takesValue: true, help: "read parameter values from a JSON file, or - for stdin (a plain object or a previous run's envelope)"),
        FlagSpec(name: "yes", takesValue: false, help: "approve writes without asking"),
        FlagSpec(name: "dry-run", takesValue: false, help: "show what would be written; write nothing"),
        FlagSpec(name: "no-input", takesValue: false, help: "never prompt (headless), even at a terminal"),
        FlagSpec(name: "policy", takesValue: true, help: "local-only | prefer-local | cloud-allowed | cloud-required"),
        FlagSpec(name: "now", takesValue: true, help: "freeze the clock (ISO-8601; without offset = wall-clock in --tz)"),
        FlagSpec(name: "tz", takesValue: true, help: "time zone (tzdata name); default TZ, else config tz, else the system zone"),
        FlagSpec(name: "home", takesValue: true, help: "keep data and config under DIR (like INTENT_HOME)"),
        FlagSpec(name: "help", takesValue: false, help: "show this intent's parameters"),
    ]

    static func execute(_ args: [String], _ globals: GlobalOptions, _ env: CLIEnvironment) async throws -> Int32 {
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
        let parsed = try ArgumentParser.parse(Array(args.dropFirst()), specs: runFlags + parameterFlags(parameters))
        if parsed.has("help") {
            env.streams.out(HelpText.intent(type))
            return 0
        }
        let json = globals.json
        try HomeCheck.verify(globals, env)
        let clock = ContinuousClock.now

        let paths = env.paths(globals)
        let config = try ConfigFile.load(paths)
        let warn: (String) -> Void = { env.streams.err("intent: warning: \($0)\n") }
        let zone = try ClockOptions.timeZone(flag: globals.tz, environment: env.environment,
                                             configured: config.raw["tz"]?.stringValue, system: env.systemZones, warn: warn)
        let now = try ClockOptions.now(flag: globals.now, environment: env.environment, zone: zone,
                                       wallClock: env.wallClock, warn: warn)
        let policy = try policy(globals.policy, paths: paths)
        let presence = env.detectPresence(noInput: globals.noInput)
        let request = try parameterRequest(parsed, parameters: parameters, env: env)

        let services = env.home(paths, dateOrder: config.raw["date_order"]?.stringValue)
        let context = services.context(runID: env.ids.make("run"), now: now, timeZone: zone, presence: presence,
                                       policy: policy, assumeYes: parsed.has("yes"), dryRun: parsed.has("dry-run"),
                                       terminal: env.terminal, ids: env.ids, log: StreamLog(streams: env.streams))

        let performed = await IntentRunner().run(type, request: request, context: context)
        let elapsed = ContinuousClock.now - clock
        let envelope = services.record(performed, context: context, elapsed: elapsed, entryPoint: .commandLine) {
            env.streams.err("intent: warning: \($0)\n")
        }
        RunOutput.print(envelope, json: json, env: env, zone: zone)
        return envelope.exitCode.rawValue
    }

    /// One flag per parameter: `--due-date VALUE`; Bool parameters are switches.
    static func parameterFlags(_ parameters: [ParameterMetadata]) -> [FlagSpec] {
        parameters.map { p in
            let isBool: Bool
            if case .object(let o) = p.schema.jsonValue, o["type"] == .string("boolean") { isBool = true } else { isBool = false }
            return FlagSpec(name: Naming.kebab(p.name), takesValue: !isBool, help: p.description)
        }
    }

    static func parameterRequest(_ parsed: ParsedArguments, parameters: [ParameterMetadata], env: CLIEnvironment) throws -> ParameterRequest {
        var request = ParameterRequest(positional: parsed.positional)
        for p in parameters {
            let flag = Naming.kebab(p.name)
            if let values = parsed.options[flag] { request.flags[p.jsonKey] = values }
            if parsed.has(flag) { request.flags[p.jsonKey] = ["true"] }
        }
        let stdinUsedForPrimary = parsed.positional == ["-"]
        if stdinUsedForPrimary {
            request.positional = [try InputReader.readStdinText()]
        }
        if !parsed.positional.isEmpty, !parameters.contains(where: \.isPrimary) {
            throw IntentError.usage("this intent takes no positional argument; use --flags (see --help)")
        }
        if let source = parsed.value("input") {
            if source == "-" && stdinUsedForPrimary {
                throw IntentError.usage("stdin cannot feed both --input - and the primary argument '-'")
            }
            let piped = try InputReader.readObject(source)
            request.input = piped.values
            request.inputKeysMustMatch = !piped.fromEnvelope
        }
        return request
    }

    static func policy(_ flag: String?, paths: AppPaths) throws -> RoutingPolicy {
        if let flag {
            guard let policy = RoutingPolicy(rawValue: flag) else {
                throw IntentError.usage("unknown policy '\(flag)' for --policy (\(RoutingPolicy.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return policy
        }
        return try ConfigFile.load(paths).policy ?? .preferLocal
    }
}
