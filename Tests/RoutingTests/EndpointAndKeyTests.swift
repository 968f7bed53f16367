import Foundation
import Generation
import IntentKit
import IntentTestSupport
import ModelTestSupport
@testable import Routing
import Secrets
import Store
import Testing

/// `intent models set|check` behaviour and the real OpenAI-compatible client on loopback.
@Suite struct EndpointAndKeyTests {
    let cloudURL = "https://api.cloud.test/v1"

    func admin(_ home: TemporaryHome, transport: any HTTPTransport = TestEffects.loopback,
               environment: [String: String] = [:]) -> ModelAdmin {
        ModelAdmin(paths: home.paths, store: home.store(),
                   keys: FileKeyStore(directory: home.paths.configDirectory, environment: environment),
                   transport: transport, clock: { TestClock.reference })
    }

    @Test func plainHTTPCloudIsRefusedWith78AndNothingIsSaved() async throws {
        let home = TemporaryHome()
        for url in ["http://api.openai.com/v1", "http://127.0.0.1:8080/v1"] {
            do {
                _ = try await admin(home).setCloud(baseURL: url, model: "gpt")
                Issue.record("\(url) must be refused for the cloud")
            } catch let error as IntentError {
                #expect(error.exitCode.rawValue == 78)
                #expect(error.description.contains(EndpointRefusal.Rule.cloudRequiresHTTPS.rawValue))
            }
        }
        #expect(try ModelSettings.load(home.paths).cloud == nil)
    }

    @Test func privateNetworkIsNeverLocal() async throws {
        let home = TemporaryHome()
        let refused: [(String, EndpointRefusal.Rule)] = [
            ("http://192.168.1.20:8080/v1", .privateNetworkIsNotLocal),
            ("http://10.0.0.5/v1", .privateNetworkIsNotLocal),
            ("http://172.16.3.4:11434/v1", .privateNetworkIsNotLocal),
            ("http://nas.local:8080/v1", .lanNameIsNotLocal),
            ("https://api.openai.com/v1", .localRequiresLoopback),
        ]
        for (url, rule) in refused {
            do {
                _ = try await admin(home).setLocal(baseURL: url, model: "m")
                Issue.record("\(url) must be refused for the local target")
            } catch let error as IntentError {
                #expect(error.exitCode.rawValue == 78)
                #expect(error.description.contains(rule.rawValue))
            }
        }
        #expect(try ModelSettings.load(home.paths).local == nil)
    }

    /// Both targets share one entry type; the cloud one still needs its server and model.
    @Test func aCloudEntryWithoutBaseURLOrModelIsAConfigurationError() throws {
        let home = TemporaryHome()
        try StoreFiles.makePrivateDirectory(home.paths.configDirectory)
        for models in [#"{"cloud": {"model": "gpt"}}"#, #"{"cloud": {"base_url": "https://api.cloud.test/v1"}}"#] {
            try StoreFiles.writePrivateAtomically(Data(#"{"models": \#(models)}"#.utf8), to: home.paths.configFileURL)
            #expect(throws: RoutingError.self, "\(models)") { try ModelSettings.load(home.paths) }
        }
        try StoreFiles.writePrivateAtomically(Data(#"{"models": {"local": {"embedded": "smollm2"}}}"#.utf8), to: home.paths.configFileURL)
        let settings = try ModelSettings.load(home.paths)
        #expect(settings.local == ModelTargetSettings(embedded: "smollm2"))
        #expect(settings.localConfiguration == nil && settings.cloudConfiguration == nil)
    }

    @Test func setLocalProbesTheLoopbackServer() async throws {
        let home = TemporaryHome()
        let server = try FakeOpenAIServer()
        server.enqueue(modelList("smol"))
        let status = try await admin(home).setLocal(baseURL: server.baseURL, model: "smol", contextWindow: 8_192)
        #expect(status.available)
        #expect(status.verified == "list_models")
        #expect(server.requests.map(\.path) == ["/v1/models"])
        let saved = try ModelSettings.load(home.paths)
        #expect(saved.local == ModelTargetSettings(baseURL: server.baseURL, model: "smol", contextWindow: 8_192))
        // Nothing listening: saved, but reported unreachable.
        server.stop()
        let down = try await admin(home).check(.local)
        #expect(!down.available)
        #expect(down.availability == "unreachable")
    }

    @Test func setCloudVerifiesWithOneRequestAndRecordsTheQuotaState() async throws {
        let home = TemporaryHome()
        let server = try FakeOpenAIServer()
        let transport = FakeServerTransport(server: server)
        let keys = FileKeyStore(directory: home.paths.configDirectory, environment: [:])
        // No key yet: saved, nothing sent.
        var status = try await admin(home, transport: transport).setCloud(baseURL: cloudURL, model: "gpt-test")
        #expect(status.availability == "missing_credentials")
        #expect(transport.openedURLs.isEmpty)

        try keys.set(name: KeyName.cloud, value: "sk-test-0123456789abcdefghijklmnop")
        server.enqueue(modelList("gpt-test"))
        status = try await admin(home, transport: transport).setCloud(baseURL: cloudURL, model: "gpt-test", provider: "testai")
        #expect(status.available)
        #expect(status.quota == "available")
        #expect(transport.openedHosts == ["api.cloud.test"])
        #expect(server.requests.count == 1)
        #expect(server.requests[0].headers["authorization"] == "Bearer sk-test-0123456789abcdefghijklmnop")

        server.enqueue(try OpenAIFixture.response("12_error_429_rate_limit.json", headers: ["retry-after": "30"]))
        status = try await admin(home, transport: transport).check(.cloud)
        #expect(status.quota == "limit_reached")
        #expect(!status.available)
        #expect(server.requests.count == 2, "a check is one request; a 429 is not retried")

        server.enqueue(try OpenAIFixture.response("10_error_401_invalid_api_key.json"))
        status = try await admin(home, transport: transport).check(.cloud)
        #expect(status.quota == "credentials_rejected")
        #expect(status.availability == "credentials_rejected")
    }

    /// A keyed cloud client over `transport` whose quota `store` remembers as available.
    func availableCloud(over transport: FakeServerTransport, store: IntentStore) throws -> OpenAICompatibleClient {
        let cloud = OpenAICompatibleClient(configuration: .cloud(baseURL: cloudURL, model: "gpt-test"),
                                           apiKey: "sk-test-0123456789abcdefghijklmnop", transport: transport,
                                           clock: TestEffects.clock)
        try QuotaMemory(store: store).remember(.available, of: cloud, at: TestClock.reference)
        return cloud
    }

    @Test func localOnlyNeverOpensAConnectionToTheCloudHost() async throws {
        let home = TemporaryHome()
        let localServer = try FakeOpenAIServer()
        let cloudServer = try FakeOpenAIServer()
        let cloudTransport = FakeServerTransport(server: cloudServer)
        let store = home.store()
        let cloud = try availableCloud(over: cloudTransport, store: store)
        let local = OpenAICompatibleClient(configuration: .local(baseURL: localServer.baseURL, model: "smol"), apiKey: nil,
                                           transport: TestEffects.loopback, clock: TestEffects.clock)
        try ConsentBook(store: store).remember(.allow, for: cloud.descriptor, at: TestClock.reference)
        localServer.enqueue(modelList("smol"), .completion("from the local server"))
        var context = home.context()
        context.policy = .localOnly
        let ladder = ModelLadder(cloud: cloud, local: local, store: store, configuration: .generousProbe, clock: TestEffects.clock)
        let outcome = try await ladder.run(phrasingRequest(), in: context)
        #expect(outcome.value == "from the local server", "\(outcome.route) \(outcome.receipt.attempts)")
        #expect(outcome.route.completed == .local)
        #expect(cloudTransport.openedURLs.isEmpty)
        #expect(cloudServer.connectionCount == 0)
        #expect(localServer.requests.map(\.path) == ["/v1/models", "/v1/chat/completions"])

        // A failing local server: deterministic, with the reason, and still no cloud connection.
        localServer.enqueue(modelList("smol"), try OpenAIFixture.response("13_error_500_server_error.json"))
        let failed = try await ladder.run(phrasingRequest(), in: context)
        #expect(failed.route.completed == .deterministic)
        #expect(failed.route.fallbackReason == "localFailed:server_error")
        #expect(cloudServer.connectionCount == 0)
    }

    @Test func headlessCloudAllowedWithoutConsentOpensNoCloudConnection() async throws {
        let home = TemporaryHome()
        let cloudServer = try FakeOpenAIServer()
        let cloudTransport = FakeServerTransport(server: cloudServer)
        let store = home.store()
        let cloud = try availableCloud(over: cloudTransport, store: store)
        var context = home.context(terminal: ScriptedTerminal(answers: ["a"]))
        context.policy = .cloudAllowed
        let outcome = try await ModelLadder(cloud: cloud, local: nil, store: store, clock: TestEffects.clock).run(phrasingRequest(), in: context)
        #expect(outcome.route.completed == .deterministic)
        #expect(outcome.route.fallbackReason == "consentUnavailable")
        #expect(cloudTransport.openedURLs.isEmpty)
        #expect(cloudServer.connectionCount == 0)
    }

    @Test func theKeyNeverLeavesTheSecretsFile() async throws {
        let home = TemporaryHome()
        let key = "sk-proj-KEYSCAN0123456789abcdefghijklmnopqrstuv"
        let server = try FakeOpenAIServer()
        let transport = FakeServerTransport(server: server)
        let keys = FileKeyStore(directory: home.paths.configDirectory, environment: [:])
        try keys.set(name: KeyName.cloud, value: key)
        server.enqueue(modelList("gpt-test"))
        _ = try await admin(home, transport: transport).setCloud(baseURL: cloudURL, model: "gpt-test")
        _ = try await admin(home).setLocal(baseURL: "http://127.0.0.1:9/v1", model: "smol")
        let store = home.store()
        let ladder = ModelLadder.live(paths: home.paths, store: store, keys: keys, transport: transport,
                                      clock: TestEffects.clock, configuration: .generousProbe)
        try ConsentBook(store: store).remember(.allow, for: try #require(ladder.cloud).descriptor, at: TestClock.reference)
        // The live ladder sends both targets through the fake: a local probe, then the call.
        server.enqueue(modelList("smol"), .completion("from cloud"))
        var context = home.context()
        context.policy = .cloudAllowed
        context.ladder = ladder
        let first = try await ladder.run(phrasingRequest(), in: context)
        #expect(first.route.completed == .cloud, "\(first.route) \(first.receipt.attempts)")
        server.enqueue(modelList("smol"), try OpenAIFixture.response("10_error_401_invalid_api_key.json"))
        #expect(try await ladder.run(phrasingRequest(), in: context).route.completed == .deterministic)
        _ = try await Doctor.report(admin: admin(home, transport: transport), policy: .cloudAllowed)

        let secrets = home.paths.secretsFileURL.standardizedFileURL.path
        var scanned = 0
        let walker = FileManager.default.enumerator(at: home.url, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = walker?.nextObject() as? URL {
            guard (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let data = try Data(contentsOf: file)
            scanned += 1
            if file.standardizedFileURL.path == secrets {
                #expect(data.range(of: Data(key.utf8)) != nil)
                var info = stat()
                #expect(stat(secrets, &info) == 0)
                #expect(info.st_mode & 0o777 == 0o600)
            } else {
                #expect(data.range(of: Data(key.utf8)) == nil, "the key leaked into \(file.lastPathComponent)")
            }
        }
        #expect(scanned >= 3, "config.json, secrets.json and the database were scanned")
    }
}
