@preconcurrency import Glibc
import Dispatch
import Foundation
import IntentKit
import MCP
import Routing
import Store

/// `intent mcp [--home DIR] [--policy P] [--approve A,B] [--tz ZONE]`: every intent as an MCP tool on stdio.
enum MCPCommand {
    static let flags: [FlagSpec] = [
        // --home, --policy and --tz are global options (see `intent help`).
        FlagSpec(name: "approve", takesValue: true, help: "pre-approve writes of these intents (comma-separated); none by default"),
        CatalogCommands.helpFlag,
    ]

    static let command: Command = Command(
        name: "mcp", summary: "Serve every intent as a Model Context Protocol tool on stdio",
        usage: "intent mcp [--home DIR] [--policy P] [--approve A,B] [--tz ZONE]",
        run: { args, globals, env in try await execute(args, globals, env) })

    static func execute(_ args: [String], _ globals: GlobalOptions, _ env: CLIEnvironment) async throws -> Int32 {
        let parsed = try ArgumentParser.parse(args, specs: flags)
        if parsed.has("help") {
            env.streams.out(HelpText.command(command, flags: flags))
            return 0
        }
        guard parsed.positional.isEmpty else {
            throw IntentError.usage("intent mcp takes no arguments (got '\(parsed.positional[0])'); see 'intent mcp --help'")
        }
        try HomeCheck.verify(globals, env)
        let paths = env.paths(globals)
        let config = try ConfigFile.load(paths)
        let policy = try RunCommand.policy(globals.policy, paths: paths)
        let warn: (String) -> Void = { env.streams.err("intent: warning: \($0)\n") }
        let zone = try ClockOptions.timeZone(flag: globals.tz, environment: env.environment,
                                             configured: config.raw["tz"]?.stringValue, system: env.systemZones, warn: warn)
        _ = try ClockOptions.now(flag: globals.now, environment: env.environment, zone: zone, wallClock: env.wallClock, warn: warn)
        let approved = try approvals(parsed.options["approve"] ?? [], registry: env.registry)
        // The sealing key is the home's secret bound to this server process: a state opens once,
        // and the set of opened nonces lives in this process, so a state sealed by an earlier
        // server (before a restart) must not open here at all.
        let key: [UInt8]
        do {
            var rng = SystemRandomNumberGenerator()
            let session = (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) }
            key = HMACSHA256.mac(key: try StateKeyFile(directory: paths.configDirectory).key(),
                                 message: Array("intent-mcp-session:".utf8) + session)
        } catch {
            throw IntentError.configuration(error.description)
        }

        let services = env.home(paths, dateOrder: config.raw["date_order"]?.stringValue)
        try? await services.store.ensureConfigured()
        let tools = IntentTools(registry: env.registry, services: services, policy: policy, zone: zone,
                                approved: approved, environment: env.environment, wallClock: env.wallClock,
                                ids: env.ids, log: StreamLog(streams: env.streams))

        // Stdout carries protocol messages only: the server writes to a private copy of it, and
        // anything else that prints to fd 1 lands on stderr.
        let protocolOut = dup(STDOUT_FILENO)
        guard protocolOut >= 0 else { throw IntentError.unavailable("cannot duplicate stdout for the MCP channel") }
        fflush(stdout)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let configuration = MCPConfiguration.standard
        let server = MCPServer(
            provider: tools, sink: FileDescriptorSink(fd: protocolOut),
            sealer: RequestStateSealer(key: key, lifetime: configuration.requestStateLifetime, clock: env.wallClock),
            identity: .init(name: "intent", title: "intent", version: IntentVersion.current, instructions: instructions),
            configuration: configuration, log: { env.streams.err("intent: \($0)\n") })

        signal(SIGTERM, SIG_IGN)
        let terminate = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        terminate.setEventHandler { server.terminate() }
        terminate.resume()
        defer { terminate.cancel() }

        await withTaskCancellationHandler {
            await server.run(FileDescriptorSource.frames(fd: STDIN_FILENO, maxLineBytes: configuration.maxLineBytes))
        } onCancel: {
            server.terminate()
        }
        close(protocolOut)
        return ExitCode.success.rawValue
    }

    /// `--approve CaptureThought,CreateReminder` (repeatable): every name must be a registered intent.
    static func approvals(_ values: [String], registry: IntentRegistry) throws -> Set<String> {
        var names: Set<String> = []
        for name in values.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard registry.intent(named: name) != nil else {
                var message = "unknown intent '\(name)' for --approve"
                if let guess = registry.suggestion(for: name) { message += "; did you mean '\(guess)'?" }
                throw IntentError.usage(message + " (see 'intent list')")
            }
            names.insert(name)
        }
        return names
    }

    static let instructions = """
        Each tool is one intent of the local `intent` app (notes, reminders, calendar, a document library). \
        Tools that write ask the person to confirm through elicitation and write nothing unless they accept; \
        dates accept ISO-8601 or phrases such as "tomorrow 5pm", resolved in the user's time zone.
        """
}
