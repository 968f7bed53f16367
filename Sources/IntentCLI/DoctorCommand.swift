import Foundation
import IntentKit
import Routing
import Store

/// `intent doctor`: which rungs are available and why not. Probes the local server on loopback;
/// never contacts the cloud (its state comes from configuration, the key and the remembered quota).
enum DoctorCommand {
    static let specs = [
        FlagSpec(name: "json", takesValue: false, help: "print the intent.doctor/1 document"),
        FlagSpec(name: "policy", takesValue: true, help: "judge the rungs for this policy (default: config, else prefer-local)"),
        FlagSpec(name: "home", takesValue: true, help: "use the home DIR"),
        CatalogCommands.helpFlag,
    ]

    static let command: Command = Command(
        name: "doctor", summary: "Show which rungs of the ladder (cloud, local, deterministic) are available, and why",
        usage: "intent doctor [--policy P] [--json]",
        run: { args, globals, env in
            let parsed = try ArgumentParser.parse(args, specs: specs)
            if parsed.has("help") { env.streams.out(HelpText.command(command, flags: specs)); return 0 }
            let paths = env.paths(globals, home: parsed.value("home"))
            let policy = try RunCommand.policy(parsed.value("policy") ?? globals.policy, paths: paths)
            let admin = try RoutingCLI.admin(paths, env)
            try await admin.store.ensureConfigured()
            let presence = env.detectPresence(noInput: globals.noInput)
            let report = try await Doctor.report(admin: admin, policy: policy, presence: presence)
            if globals.json || parsed.has("json") {
                try env.printJSON(report)
            } else {
                env.streams.out(render(report))
            }
            return 0
        })

    static func render(_ report: DoctorReport) -> String {
        var text = "policy: \(report.policy.rawValue)\n"
        for rung in report.rungs {
            let state = rung.available ? "available" : "unavailable"
            var line = "  \(rung.rung.padding(toLength: 14, withPad: " ", startingAt: 0))\(state.padding(toLength: 12, withPad: " ", startingAt: 0))"
            if let model = rung.model { line += "\(model)\(rung.host.map { " @ \($0)" } ?? "")\(rung.path ?? "") — " }
            line += rung.available && rung.model != nil ? "ok" : rung.why
            if let quota = rung.quota { line += "; quota \(quota)" }
            if let consent = rung.consent { line += "; consent \(consent)" }
            if !rung.allowedByPolicy { line += " (not used under \(report.policy.rawValue))" }
            text += Redaction.clean(line) + "\n"
        }
        text += "intents (a run now would answer from):\n"
        for route in report.intents {
            var line = "  \(route.intent.padding(toLength: 16, withPad: " ", startingAt: 0))\(route.rung)"
            if let consent = route.consent { line += " (consent \(consent))" }
            if let reason = route.fallbackReason { line += "  — \(reason)" }
            text += line + "\n"
        }
        return text
    }
}
