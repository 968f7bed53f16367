import AppServices
import Foundation
@testable import Generation
import IntentKit
import IntentTestSupport
import Routing
import Secrets
import Store
import Synchronization
import Testing

@Suite struct AppServicesTests {
    /// A test value that gives nothing, recording instead of trapping.
    func unsetServices() -> (AppServices, UnsetEffectLog) {
        let log = UnsetEffectLog()
        return (AppServices.test(unset: .record(into: log)), log)
    }

    @Test func anUnsetTransportReportsItsNameAndThrows() async throws {
        let (services, log) = unsetServices()
        let request = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/v1/models")!)
        await #expect(throws: UnsetEffect("AppServices.transport")) {
            for try await _ in services.transport.open(request) {}
        }
        #expect(log.touched == ["AppServices.transport"])
        #expect(UnsetEffect("AppServices.transport").description
                == "AppServices.transport was used by a test that did not set it (pass it to AppServices.test)")
    }

    @Test func everyUnsetEffectReportsItsOwnName() throws {
        let (services, log) = unsetServices()
        _ = services.clock()
        _ = services.ids.make("run")
        _ = services.terminal.ask("?")
        _ = services.roots.system
        _ = services.roots.modelDirectories(nil)
        let keys = services.keys(AppPaths.resolve(home: "/nonexistent-home", environment: ["HOME": "/nonexistent-home"]))
        #expect(throws: UnsetEffect("AppServices.keyStore")) { try keys.get(name: KeyName.cloud) }
        #expect(log.touched == ["AppServices.clock", "AppServices.ids", "AppServices.terminal", "AppServices.roots.system",
                                "AppServices.roots.modelDirectories", "AppServices.keyStore"])
    }

    @Test func givenEffectsAreUsedAndReportNothing() throws {
        let log = UnsetEffectLog()
        let instant = Date(timeIntervalSince1970: 1_000)
        let ids = SequentialIDGenerator()
        let services = AppServices.test(clock: { instant }, ids: ids, unset: .record(into: log))
        #expect(services.clock() == instant)
        #expect(services.ids.make("run") == "run_0001")
        #expect(log.touched.isEmpty)
    }

    /// Building a home's services touches no effect: the store, the ladder and the embedder open
    /// on first use, so a run that never needs the network or the keys never reports them.
    @Test func buildingAHomeTouchesNothing() throws {
        let home = TemporaryHome()
        let (services, log) = unsetServices()
        let built = services.home(home.paths)
        #expect(built.ladder.cloud == nil && built.ladder.local == nil && built.ladder.setupError == nil)
        #expect(built.store.paths == home.paths)
        #expect(log.touched.isEmpty)
    }

    /// The home's services are built from the given effects only: the ladder's receipts carry the
    /// test's clock, the key store is the test's.
    @Test func aHomeUsesTheGivenEffects() async throws {
        let home = TemporaryHome()
        let keys = InMemoryKeyStore(["cloud": "sk-test-0123456789abcdefghijklmnop"])
        let services = AppServices.test(clock: { TestClock.reference }, ids: home.ids, keyStore: { _ in keys })
        let built = services.home(home.paths)
        #expect(try built.keys.get(name: KeyName.cloud) == "sk-test-0123456789abcdefghijklmnop")
        let context = built.context(runID: "run_x", now: TestClock.reference, timeZone: TimeZone(identifier: "UTC")!,
                                    presence: .headless, policy: .preferLocal, assumeYes: false, dryRun: false,
                                    terminal: ScriptedTerminal(), ids: home.ids, log: SilentLog())
        try await built.store.ensureConfigured()
        let request = LadderRequest(need: .improvable, messages: [.user("q")], deterministic: "fallback", intent: "Test") { $0.text }
        let outcome = try await built.ladder.run(request, in: context)
        #expect(outcome.value == "fallback")
        #expect(outcome.receipt.createdAt == StoreTime.string(TestClock.reference))
    }

    @Test func liveRootsFollowTheEnvironment() {
        let live = FileSystemRoots.live(environment: ["INTENT_SYSTEM_ROOT": "/tmp/fake-root", "INTENT_MODELS": "/opt/m", "HOME": "/h"])
        #expect(live.system == "/tmp/fake-root")
        #expect(live.modelDirectories(nil).map(\.path) == ["/opt/m", "/h/.local/share/intent/models"])
        #expect(FileSystemRoots.live(environment: ["INTENT_SYSTEM_ROOT": "relative"]).system == "/")
    }

    @Test func theProcessEnvironmentIsReadAsFoundationReadsIt() {
        #expect(ProcessEnvironment.read() == ProcessInfo.processInfo.environment)
    }

    @Test func pathsAreResolvedOnceAndAgainWhenTheEnvironmentChanges() {
        let calls = Counter()
        var services = AppServices.test(environment: ["HOME": "/h1"], roots: FileSystemRoots(
            system: { "/" }, modelDirectories: { _ in calls.increment(); return [] }))
        let first = services.paths(home: nil)
        #expect(services.paths(home: nil) == first && calls.value == 1, "the same home is resolved once")
        #expect(services.paths(home: "/elsewhere").dataDirectory.path == "/elsewhere/data" && calls.value == 2)
        services.environment = ["HOME": "/h2"]
        #expect(services.paths(home: nil).dataDirectory.path == "/h2/.local/share/intent" && calls.value == 3)
    }
}

/// Counts calls from a `@Sendable` closure.
private final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
