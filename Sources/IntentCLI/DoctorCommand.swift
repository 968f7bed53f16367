import Foundation
import IntentKit
import Routing
import Store

/// `intent doctor`: which rungs are available and why not. Probes the local server on loopback;
/// never contacts the cloud (its state comes from configuration, the key and the remembered quota).
struct DoctorCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "doctor", summary: "Show which rungs of the ladder (cloud, local, deterministic) are available, and why",
        usage: "intent doctor [--policy P] [--json]",
        discussion: "--policy P (a global option) judges the rungs for that policy; the default is config.json's, else prefer-local.")

    func run(_ context: CommandContext) async throws -> Int32 {
        let paths = context.paths()
        let policy = try RunCommand.policy(context.globals.policy, paths: paths)
        let admin = try RoutingCLI.admin(paths, context.env)
        try await admin.store.ensureConfigured()
        let presence = context.env.detectPresence(noInput: context.globals.noInput)
        let report = try await Doctor.report(admin: admin, policy: policy, presence: presence)
        if context.json {
            try context.printJSON(report)
        } else {
            context.out(Self.render(report))
        }
        return 0
    }

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
