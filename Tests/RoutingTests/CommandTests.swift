import AppServices
import Foundation
import Generation
import IntentCLI
import IntentKit
import IntentTestSupport
import Intents
@testable import Routing
import Secrets
import Store
import Testing

/// The routing commands through the command-line library (no network: only refusals, local
/// state and a closed loopback port are exercised here).
@Suite struct CommandTests {
    func run(_ args: [String], home: TemporaryHome, environment: [String: String] = [:]) async -> (Int32, CapturedStreams) {
        let streams = CapturedStreams()
        let services = AppServices.commandLine(environment: environment, terminal: ScriptedTerminal(), ids: home.ids,
                                               transport: URLSessionTransport())
        let env = CLIEnvironment(services: services, streams: streams, registry: intentRegistry, presence: .headless)
        let code = await IntentCommandLine.run(["--home", home.path] + args, in: env)
        return (code, streams)
    }

    @Test func refusedEndpointsExit78NamingTheRule() async throws {
        let home = TemporaryHome()
        var (code, out) = await run(["models", "set", "cloud", "--base-url", "http://api.example.com/v1", "--model", "m"], home: home)
        #expect(code == 78)
        #expect(out.stderr.contains("endpoint.cloud-requires-https"))
        (code, out) = await run(["models", "set", "local", "--base-url", "http://10.1.2.3:8080/v1", "--model", "m"], home: home)
        #expect(code == 78)
        #expect(out.stderr.contains("endpoint.private-network-is-not-local"))
        (code, _) = await run(["models", "set", "local", "--base-url", "http://127.0.0.1:1/v1", "--model", "m",
                               "--context-window", "12"], home: home)
        #expect(code == 65)
        #expect(!FileManager.default.fileExists(atPath: home.paths.configFileURL.path))
    }

    @Test func showCheckUnsetAndConsent() async throws {
        let home = TemporaryHome()
        var (code, out) = await run(["consent", "allow"], home: home)
        #expect(code == 78, "allow needs a configured cloud to bind to")
        (code, out) = await run(["models", "set", "local", "--base-url", "http://127.0.0.1:1/v1", "--model", "smol"], home: home)
        #expect(code == 0)
        #expect(out.stderr.contains("connection_refused"))
        (code, out) = await run(["models", "check", "local"], home: home)
        #expect(code == 69)
        (code, out) = await run(["models", "show", "--json"], home: home)
        #expect(code == 0)
        let shown = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        #expect((shown?["local"] as? [String: Any])?["model"] as? String == "smol")
        #expect((shown?["cloud"] as? [String: Any])?["configured"] as? Bool == false)

        (code, out) = await run(["doctor", "--json"], home: home)
        #expect(code == 0)
        let doctor = try JSONDecoder().decode(DoctorReport.self, from: Data(out.stdout.utf8))
        #expect(doctor.rungs.map(\.rung) == ["cloud", "local", "deterministic"])
        #expect(doctor.rungs[0].state == "not_configured")
        #expect(doctor.rungs[1].state == "unreachable")
        #expect(doctor.rungs[2].available)

        (code, out) = await run(["consent", "deny"], home: home)
        #expect(code == 0)
        #expect(try ConsentBook(store: home.store()).load().decision == .deny)
        (code, out) = await run(["consent", "show", "--json"], home: home)
        #expect(out.stdout.contains("\"decision\":\"deny\""))

        (code, out) = await run(["models", "unset", "local"], home: home)
        #expect(code == 0)
        #expect(try ModelSettings.load(home.paths).local == nil)
    }

    @Test func keysListShowsNamesAndSourcesNeverValues() async throws {
        let home = TemporaryHome()
        let value = "sk-test-LISTED0123456789abcdefghijkl"
        try FileKeyStore(directory: home.paths.configDirectory, environment: [:]).set(name: "cloud", value: value)
        let (code, out) = await run(["keys", "list", "--json"], home: home, environment: ["INTENT_LOCAL_API_KEY": "local-secret-xyz"])
        #expect(code == 0)
        #expect(out.stdout.contains("{\"name\":\"cloud\",\"source\":\"file\"}"))
        #expect(out.stdout.contains("{\"name\":\"local\",\"source\":\"environment\"}"))
        #expect(!out.stdout.contains(value) && !out.stdout.contains("local-secret-xyz"))
        let (deleted, _) = await run(["keys", "delete", "cloud"], home: home)
        #expect(deleted == 0)
        #expect(try FileKeyStore(directory: home.paths.configDirectory, environment: [:]).get(name: "cloud") == nil)
    }

    @Test func receiptsCommandShowsTheContentFreeReceipt() async throws {
        let h = try LadderHarness()
        h.local.enqueue(error: .server(status: 500, code: nil))
        let outcome = try await h.ladder().run(phrasingRequest(), in: h.context(.preferLocal))
        let id = try #require(outcome.receiptID)
        var (code, out) = await run(["receipts", id, "--json"], home: h.home)
        #expect(code == 0)
        let receipt = try JSONDecoder().decode(Receipt.self, from: Data(out.stdout.utf8))
        #expect(receipt == outcome.receipt)
        #expect(receipt.fallbackReason == "localFailed:server_error")
        (code, out) = await run(["receipts"], home: h.home)
        #expect(out.stdout.contains(id))
        #expect(out.stdout.contains("local → deterministic"))
        (code, out) = await run(["receipts", "rcpt_missing"], home: h.home)
        #expect(code == 65)
    }

    @Test func brokenConfigSurfacesOnlyWhenTheLadderIsUsed() async throws {
        let home = TemporaryHome()
        try StoreFiles.makePrivateDirectory(home.paths.configDirectory)
        try StoreFiles.writePrivateAtomically(Data("{\"models\": {\"cloud\": 3}}".utf8), to: home.paths.configFileURL)
        let store = home.store()
        let ladder = home.home().ladder
        #expect(ladder.setupError != nil)
        var context = home.context()
        context.ladder = ladder
        do {
            _ = try await ladder.run(phrasingRequest(), in: context)
            Issue.record("a malformed models object must fail the ladder")
        } catch {
            #expect(IntentRunner.classify(error).exitCode.rawValue == 78)
        }
    }
}
