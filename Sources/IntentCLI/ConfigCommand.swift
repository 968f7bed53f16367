import Agenda
import DueDate
import Foundation
import IntentKit
import Intents
import Store

/// `intent config show | get KEY | set KEY VALUE | unset KEY`: the user settings that are not
/// managed by another command (`tz`, `date_order`, `policy`).
struct ConfigCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "config", summary: "Show or change settings: tz, date_order, policy",
        usage: "intent config show | get KEY | set KEY VALUE | unset KEY   (keys: tz, date_order, policy)")

    /// Keys this command sets, with how their values are checked.
    static let keys = ["tz", "date_order", "policy"]

    enum Action: String, CommandAction { case show, get, set, unset }

    @Argument("ACTION", help: Action.choices) var action: Action
    @Argument("KEY [VALUE]", help: "tz, date_order or policy, and set's value") var operands: [String]

    func run(_ context: CommandContext) async throws -> Int32 {
        let (env, json, paths) = (context.env, context.json, context.paths())
        switch action {
        case .show:
            let config = try ConfigFile.load(paths)
            let resolved = try ClockOptions.resolve(flag: context.globals.tz, environment: env.environment,
                                                    configured: config.raw["tz"]?.stringValue, system: env.systemZones) {
                env.streams.err("intent: warning: \($0)\n")
            }
            let order = DueDateResolverSettings.dateOrder(config, env.environment)
            if json {
                try env.printJSON(["tz": resolved.zone.identifier, "tz_source": resolved.source.rawValue,
                                   "date_order": order.value, "date_order_source": order.source,
                                   "config_file": paths.configFileURL.path])
            } else {
                env.streams.out("""
                    tz          \(resolved.zone.identifier)  (from \(resolved.source.rawValue))
                    date_order  \(order.value)  (from \(order.source))
                    policy      \(config.policy?.rawValue ?? "prefer-local")\(config.policy == nil ? "  (default)" : "")
                    file        \(paths.configFileURL.path)

                    """)
            }
        case .get:
            guard operands.count == 1, let key = operands.first else { throw IntentError.usage("intent config get KEY") }
            try Self.checkKey(key)
            let value = try ConfigFile.load(paths).raw[key]?.stringValue
            if json { try env.printJSON([key: value]) } else { env.streams.out((value ?? "") + "\n") }
            return value == nil ? 1 : 0
        case .set:
            guard operands.count == 2 else { throw IntentError.usage("intent config set KEY VALUE") }
            let (key, value) = (operands[0], operands[1])
            try Self.checkKey(key)
            let stored = try Self.validated(key, value, env: env)
            try ConfigFile.update(paths) { $0.raw[key] = .string(stored) }
            env.streams.out("\(key) = \(stored)\n")
        case .unset:
            guard operands.count == 1, let key = operands.first else { throw IntentError.usage("intent config unset KEY") }
            try Self.checkKey(key)
            let had = try ConfigFile.update(paths) { config -> Bool in config.raw.removeValue(forKey: key) != nil }
            env.streams.out(had ? "\(key) unset\n" : "\(key) was not set\n")
        }
        return 0
    }

    static func checkKey(_ key: String) throws {
        guard keys.contains(key) else {
            throw IntentError.usage("unknown setting '\(key)' (\(keys.joined(separator: ", "))); calendars, models and keys have their own commands")
        }
    }

    /// The value to store, or a 65 naming what is wrong.
    static func validated(_ key: String, _ value: String, env: CLIEnvironment) throws -> String {
        switch key {
        case "tz":
            guard env.systemZones.zone(named: value) != nil else {
                throw IntentError.invalidInput("tz: '\(value)' is not a time zone in this system's tzdata (e.g. Europe/Paris, Asia/Kolkata, US/Pacific)")
            }
            return value
        case "date_order":
            guard ["day-first", "month-first"].contains(value) else {
                throw IntentError.invalidInput("date_order: use day-first (4/3 is 4 March) or month-first (4/3 is April 3)")
            }
            return value
        default:
            guard RoutingPolicy(rawValue: value) != nil else {
                throw IntentError.invalidInput("policy: use \(RoutingPolicy.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return value
        }
    }
}

/// Where the numeric day/month order comes from, for `intent config show`.
enum DueDateResolverSettings {
    static func dateOrder(_ config: ConfigFile, _ environment: [String: String]) -> (value: String, source: String) {
        if let v = config.raw["date_order"]?.stringValue { return (v, "config.json") }
        let dayFirst = DueDateResolver.localeIsDayFirst(environment)
        let name = ["LC_ALL", "LC_TIME", "LANG"].first { !(environment[$0] ?? "").isEmpty }
        return (dayFirst ? "day-first" : "month-first", name.map { "\($0)=\(environment[$0]!)" } ?? "the C locale")
    }
}
