import Foundation
import Generation
import IntentTestSupport
import ModelTestSupport
@testable import Routing
import Secrets
import Store
import Testing

/// The fault scenarios through the built binary, headless, with a witness server on every port
/// that must stay untouched.
@Suite(.serialized) struct BinaryFaultTests {
    func json(_ result: ProcessResult) -> [String: Any] { result.json ?? [:] }

    @Test func aKeyInArgvIsRefusedWith64AndNotStored() async throws {
        let home = TemporaryHome()
        let key = "sk-proj-ARGVKEY0123456789abcdefghijklmnop"
        let result = try await IntentBinary.run(["keys", "set", "cloud", key], home: home.path)
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("ps") && result.stderr.contains("history"))
        #expect(!result.stdout.contains(key) && !result.stderr.contains(key))
        #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("config/secrets.json").path))

        let unused = try await IntentBinary.run(["keys", "set", "clod"], home: home.path, stdin: "abcdef123456\n")
        #expect(unused.exitCode == 64)
        #expect(unused.stderr.contains("cloud, local"))
        #expect(!unused.stderr.contains("abcdef123456"))
    }

    /// A local server that echoes a short, non-vendor key in every error field: the key must
    /// appear in no output and no file but the secrets file.
    @Test func aServerEchoingTheKeyNeverGetsItPrinted() async throws {
        let home = TemporaryHome()
        let key = "k3yZ9short"
        let server = try FakeOpenAIServer()
        let echo = FakeResponse.json(status: 401, object: ["error": ["code": key, "type": key, "message": "invalid \(key)", "param": key]])
        for _ in 0..<12 { server.enqueue(echo) }
        #expect(try await IntentBinary.run(["keys", "set", "local"], home: home.path, stdin: key).exitCode == 0)
        var outputs: [ProcessResult] = []
        outputs.append(try await IntentBinary.run(["models", "set", "local", "--base-url", server.baseURL, "--model", "smol"], home: home.path))
        for args in [["models", "check", "local", "--json"], ["models", "check", "local"], ["doctor", "--json"], ["doctor"],
                     ["run", "DailyBrief", "--json"], ["run", "DailyBrief"], ["receipts", "--json"], ["history", "--json"]] {
            outputs.append(try await IntentBinary.run(args, home: home.path))
        }
        for result in outputs {
            #expect(!result.stdout.contains(key) && !result.stderr.contains(key), "\(result.stdout)\n\(result.stderr)")
        }
        #expect(try home.filesContaining(key) == ["secrets.json"])
        server.stop()
    }

    @Test func proxyVariablesNeverCarryLoopback() async throws {
        let witness = try FakeOpenAIServer()
        let proxy = "http://127.0.0.1:\(witness.port)"
        let variants: [[String: String]] = [
            ["http_proxy": proxy, "NO_PROXY": ".0.0.1"], ["http_proxy": proxy, "NO_PROXY": "0.0.1"],
            ["http_proxy": proxy, "no_proxy": "[127.0.0.1]"], ["http_proxy": proxy, "no_proxy": ""],
            ["all_proxy": proxy, "ALL_PROXY": proxy, "HTTPS_PROXY": proxy, "https_proxy": proxy, "HTTP_PROXY": proxy],
        ]
        for environment in variants {
            let home = TemporaryHome()
            let target = try FakeOpenAIServer()
            target.enqueue(modelList("smol"), modelList("smol"))
            let set = try await IntentBinary.run(["models", "set", "local", "--base-url", target.baseURL, "--model", "smol"],
                                           home: home.path, environment: environment)
            #expect(set.exitCode == 0, "\(environment): \(set.stderr)")
            let check = try await IntentBinary.run(["models", "check", "local", "--json"], home: home.path, environment: environment)
            #expect(check.exitCode == 0, "\(environment): \(check.stderr)")
            #expect(target.requests.count == 2, "\(environment): the request went directly to the server")
            target.stop()
        }
        #expect(witness.connectionCount == 0, "no proxy connection")
        witness.stop()
    }

    @Test func documentedLoopbackFormsWorkInTheirCanonicalForm() async throws {
        let home = TemporaryHome()
        let server = try FakeOpenAIServer()
        server.enqueue(modelList("smol"))
        let dotted = try await IntentBinary.run(["models", "set", "local", "--base-url", "HTTP://localhost.:\(server.port)/v1/", "--model", "smol", "--json"],
                                          home: home.path)
        #expect(dotted.exitCode == 0, "\(dotted.stderr)")
        #expect(json(dotted)["base_url"] as? String == "http://localhost:\(server.port)/v1")
        #expect(server.requests.first?.headers["host"] == "localhost:\(server.port)")
        let v6 = try FakeOpenAIServer(ipv6: true)
        v6.enqueue(modelList("smol"))
        let bracketed = try await IntentBinary.run(["models", "set", "local", "--base-url", "http://[::1]:\(v6.port)/v1", "--model", "smol", "--json"],
                                             home: home.path)
        #expect(bracketed.exitCode == 0, "\(bracketed.stderr)")
        #expect(json(bracketed)["available"] as? Bool == true, "\(bracketed.stdout)")
        server.stop()
        v6.stop()
    }

    /// A verified, consented cloud whose host is a witness, and a local server whose probe fails:
    /// the brief answers deterministically, the witness sees nothing, and doctor says the same.
    @Test func aFailingLocalProbeNeverSendsTheBriefToTheCloud() async throws {
        let home = TemporaryHome()
        let witness = try FakeOpenAIServer()
        let local = try FakeOpenAIServer()
        let cloudURL = "https://127.0.0.1:\(witness.port)/v1"
        let key = "sk-proj-NOFALLUP0123456789abcdefghijklmnop"
        #expect(try await IntentBinary.run(["keys", "set", "cloud"], home: home.path, stdin: key).exitCode == 0)
        try await configure(home: home, local: local.baseURL, cloud: cloudURL, key: key)
        for (probe, reason) in [(FakeResponse.json(status: 500, object: ["error": ["message": "x"]]), "localFailed:server_error"),
                                (.json(status: 503, object: ["error": ["code": 503, "message": "Loading model", "type": "unavailable_error"]]),
                                 "localFailed:server_error")] {
            local.enqueue(probe, probe)
            let run = try await IntentBinary.run(["run", "DailyBrief", "--json"], home: home.path)
            #expect(run.exitCode == 0, "\(run.stderr)")
            let route = json(run)["route"] as? [String: Any]
            #expect(route?["completed"] as? String == "deterministic")
            #expect(route?["fallback_reason"] as? String == reason)
            #expect(run.stderr.contains(reason), "the fallback is declared on stderr")
            let doctor = try await IntentBinary.run(["doctor", "--json"], home: home.path)
            let intents = json(doctor)["intents"] as? [[String: Any]] ?? []
            let brief = intents.first { $0["intent"] as? String == "DailyBrief" }
            #expect(brief?["rung"] as? String == "deterministic", "\(doctor.stdout)")
            #expect(brief?["fallback_reason"] as? String == reason)
        }
        local.stop()
        let down = try await IntentBinary.run(["run", "DailyBrief", "--json"], home: home.path)
        #expect((json(down)["route"] as? [String: Any])?["fallback_reason"] as? String == "localFailed:connection_refused")
        #expect(witness.connectionCount == 0, "no cloud connection may open")
        witness.stop()
    }

    /// A local server that answers the probe and then never answers: a cron brief stays under 30 s.
    @Test func aModelThatNeverAnswersCostsUnderThirtySeconds() async throws {
        let home = TemporaryHome()
        let local = try FakeOpenAIServer()
        local.enqueue(modelList("smol"), modelList("smol"), .hang)
        #expect(try await IntentBinary.run(["models", "set", "local", "--base-url", local.baseURL, "--model", "smol"], home: home.path).exitCode == 0)
        let started = Date()
        let run = try await IntentBinary.run(["run", "DailyBrief", "--json"], home: home.path)
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 30, "took \(elapsed) s")
        #expect(run.exitCode == 0)
        #expect((json(run)["route"] as? [String: Any])?["fallback_reason"] as? String == "localFailed:timeout_first_byte")
        #expect(run.stderr.contains("timeout_first_byte"))
        local.stop()
    }

    /// Cloud settings, a remembered allow and a verified quota state for this exact endpoint and
    /// key, written the way `models set cloud` and `consent allow` would (no TLS in tests).
    func configure(home: TemporaryHome, local: String, cloud: String, key: String) async throws {
        let set = try await IntentBinary.run(["models", "set", "local", "--base-url", local, "--model", "smol"], home: home.path)
        #expect(set.exitCode == 0)
        try ModelSettings.update(home.paths) { $0.cloud = ModelTargetSettings(baseURL: cloud, model: "gpt-test") }
        let store = home.store()
        let client = OpenAICompatibleClient(configuration: try #require(ModelSettings.load(home.paths).cloudConfiguration), apiKey: key,
                                            transport: ScriptedTransport([]), clock: TestEffects.clock)
        try QuotaMemory(store: store).remember(.available, of: client, at: Date())
        #expect(try await IntentBinary.run(["consent", "allow"], home: home.path).exitCode == 0)
        let doctor = try await IntentBinary.run(["doctor", "--json"], home: home.path)
        let cloudRung = (json(doctor)["rungs"] as? [[String: Any]])?.first
        #expect(cloudRung?["quota"] as? String == "available", "\(doctor.stdout)")
        #expect(cloudRung?["consent"] as? String == "allow", "\(doctor.stdout)")
    }
}
