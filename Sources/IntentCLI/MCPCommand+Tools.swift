import AppServices
import Foundation
import IntentKit
import MCP
import Routing

/// The registry as MCP tools: each call runs exactly what `intent run` runs (same parameter
/// resolution and validation, the shared store and ladder, a `runs` row marked `mcp`), headless.
struct IntentTools: ToolProvider {
    let registry: IntentRegistry
    let services: HomeServices
    let policy: RoutingPolicy
    let zone: TimeZone
    let approved: Set<String>
    let environment: [String: String]
    let wallClock: @Sendable () -> Date
    let ids: any IDGenerator
    let log: any DiagnosticLog
    let definitions: [JSONValue]

    init(registry: IntentRegistry, services: HomeServices, policy: RoutingPolicy, zone: TimeZone, approved: Set<String>,
         environment: [String: String], wallClock: @escaping @Sendable () -> Date, ids: any IDGenerator,
         log: any DiagnosticLog) {
        self.registry = registry
        self.services = services
        self.policy = policy
        self.zone = zone
        self.approved = approved
        self.environment = environment
        self.wallClock = wallClock
        self.ids = ids
        self.log = log
        let openWorld = ToolDefinition.cloudReachable(policy: policy, paths: services.paths)
        definitions = registry.intents.map { ToolDefinition.make($0, openWorld: openWorld) }
    }

    func tools() -> [JSONValue] { definitions }
    func hasTool(_ name: String) -> Bool { registry.intent(named: name) != nil }

    func needsConfirmation(_ name: String) -> Bool {
        guard let type = registry.intent(named: name) else { return false }
        return type.description.sideEffect != .none && !approved.contains(name)
    }

    func prepare(_ name: String, arguments: [String: JSONValue]) async -> Preparation {
        guard let type = registry.intent(named: name) else { return .finished(unknown(name)) }
        let parameters = IntentRegistry.parameters(of: type)
        let known = Set(parameters.flatMap { [$0.jsonKey] + $0.inputAliases })
        if let stray = arguments.keys.sorted().first(where: { !known.contains($0) }) {
            let list = parameters.map(\.jsonKey).joined(separator: ", ")
            return .finished(failure(.usage("unknown argument '\(stray)' for \(name) (arguments: \(list.isEmpty ? "none" : list))")))
        }
        if let absent = parameters.first(where: { p in
            p.isRequired && ([p.jsonKey] + p.inputAliases).allSatisfy { arguments[$0] == nil || arguments[$0] == .null }
        }) {
            return .needsValue(MissingValue(parameter: absent.jsonKey, schema: ToolDefinition.elicitationSchema(absent)))
        }
        guard needsConfirmation(name) else {
            return .finished(outcome(await run(type, arguments, dryRun: false, assumeYes: true)))
        }
        let (preview, context, elapsed) = await execute(type, arguments, dryRun: true, assumeYes: false)
        guard preview.status == .dryRun else {
            return .finished(outcome(services.record(preview, context: context, elapsed: elapsed, entryPoint: .mcp) { log.warning($0) }))
        }
        let lines = preview.dialog.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        return .needsConfirmation(preview: "\(name) will save:\n" + lines.joined(separator: "\n"))
    }

    func commit(_ name: String, arguments: [String: JSONValue]) async -> ToolOutcome {
        guard let type = registry.intent(named: name) else { return unknown(name) }
        return outcome(await run(type, arguments, dryRun: false, assumeYes: true))
    }

    func refuse(_ name: String, arguments: [String: JSONValue], reason: NotConfirmedReason) async -> ToolOutcome {
        let error: IntentError = reason == .noCapability ? .confirmationRequired : .declined
        let context = makeContext(dryRun: false, assumeYes: false)
        let envelope = IntentRunner.failure(error, intent: name, runID: context.runID)
        services.record(envelope, context: context, elapsed: .zero, entryPoint: .mcp) { log.warning($0) }
        var text = "not confirmed (\(reason.rawValue)): nothing was written (exit 77, \(error.code))"
        if reason == .noCapability {
            text += "; this client cannot ask the person (no elicitation); start the server with --approve \(name) to pre-approve it"
        }
        return ToolOutcome(isError: true, text: text,
                           meta: meta(envelope))
    }

    func missing(_ name: String, value: MissingValue) async -> ToolOutcome {
        let context = makeContext(dryRun: false, assumeYes: false)
        let envelope = IntentRunner.failure(.missingValue(parameter: value.parameter), intent: name, runID: context.runID)
        services.record(envelope, context: context, elapsed: .zero, entryPoint: .mcp) { log.warning($0) }
        return ToolOutcome(isError: true, text: "missing value for '\(value.parameter)': pass it in arguments (exit 64, missing_value)",
                           meta: meta(envelope))
    }

    // MARK: running

    private func run(_ type: any Intent.Type, _ arguments: [String: JSONValue], dryRun: Bool, assumeYes: Bool) async -> RunEnvelope {
        let (envelope, context, elapsed) = await execute(type, arguments, dryRun: dryRun, assumeYes: assumeYes)
        return services.record(envelope, context: context, elapsed: elapsed, entryPoint: .mcp) { log.warning($0) }
    }

    private func execute(_ type: any Intent.Type, _ arguments: [String: JSONValue], dryRun: Bool,
                         assumeYes: Bool) async -> (RunEnvelope, RunContext, Duration) {
        let started = ContinuousClock.now
        let context = makeContext(dryRun: dryRun, assumeYes: assumeYes)
        let envelope = await IntentRunner().run(type, request: ParameterRequest(input: arguments), context: context)
        return (envelope, context, ContinuousClock.now - started)
    }

    private func makeContext(dryRun: Bool, assumeYes: Bool) -> RunContext {
        let now = (try? ClockOptions.now(flag: nil, environment: environment, zone: zone, wallClock: wallClock)) ?? wallClock()
        return services.context(runID: ids.make("run"), now: now, timeZone: zone, presence: .headless, policy: policy,
                                assumeYes: assumeYes, dryRun: dryRun, terminal: NoTerminal(), ids: ids, log: log)
    }

    // MARK: outcomes

    private func outcome(_ envelope: RunEnvelope) -> ToolOutcome {
        guard let error = envelope.error else {
            return ToolOutcome(isError: false, text: envelope.dialog, structured: envelope.value, meta: meta(envelope))
        }
        return ToolOutcome(isError: true, text: "\(Redaction.clean(error.message)) (exit \(error.exitCode), \(error.code))",
                           meta: meta(envelope))
    }

    private func failure(_ error: IntentError) -> ToolOutcome {
        ToolOutcome(isError: true, text: "\(error.description) (exit \(error.exitCode.rawValue), \(error.code))",
                    meta: ["intent/error": .object(["code": .string(error.code), "exit_code": .number(Double(error.exitCode.rawValue))])])
    }

    private func unknown(_ name: String) -> ToolOutcome { failure(.usage("unknown intent '\(name)'")) }

    private func meta(_ envelope: RunEnvelope) -> [String: JSONValue] {
        var meta: [String: JSONValue] = ["intent/run_id": .string(envelope.runID), "intent/status": .string(envelope.status.rawValue)]
        if let route = envelope.route, let json = try? JSONValue.encoding(route) { meta["intent/route"] = json }
        if let receipt = envelope.receiptID { meta["intent/receipt_id"] = .string(receipt) }
        if let error = envelope.error {
            meta["intent/error"] = .object(["code": .string(error.code), "exit_code": .number(Double(error.exitCode))])
        }
        return meta
    }
}

/// The server never has a terminal: it never opens `/dev/tty`, and asks nothing there.
struct NoTerminal: Terminal {
    func ask(_ prompt: String) -> String? { nil }
    func askSecret(_ prompt: String) -> String? { nil }
    func show(_ text: String) {}
}
