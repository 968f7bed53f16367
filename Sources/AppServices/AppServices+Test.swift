import Foundation
import Generation
import IntentKit
import Secrets
import Synchronization

extension AppServices {
    /// A test value: what the test gives, and for every effect it does not give one that
    /// reports `UnsetEffect` naming it (`AppServices.transport`, `.clock`, `.ids`, `.terminal`,
    /// `.roots.system`, `.roots.modelDirectories`, `.keyStore`) when touched. Under the default
    /// `.trap` the report stops the test with that name, so a test that reaches the network or
    /// the wall clock by accident cannot pass. The environment is the test's own dictionary
    /// (empty by default), never the process's.
    public static func test(environment: [String: String] = [:], transport: (any HTTPTransport)? = nil,
                            clock: (@Sendable () -> Date)? = nil, ids: (any IDGenerator)? = nil,
                            terminal: (any Terminal)? = nil, roots: FileSystemRoots? = nil,
                            keyStore: (@Sendable (_ configDirectory: URL) -> any KeyStore)? = nil,
                            unset: UnsetEffectPolicy = .trap) -> AppServices {
        AppServices(environment: environment,
                    transport: transport ?? UnsetTransport(policy: unset),
                    clock: clock ?? { unset.touched("AppServices.clock"); return Date(timeIntervalSince1970: 0) },
                    ids: ids ?? UnsetIDs(policy: unset),
                    terminal: terminal ?? UnsetTerminal(policy: unset),
                    roots: roots ?? FileSystemRoots(
                        system: { unset.touched("AppServices.roots.system"); return "/nonexistent-unset-system-root" },
                        modelDirectories: { _ in unset.touched("AppServices.roots.modelDirectories"); return [] }),
                    keyStore: keyStore ?? { _ in UnsetKeyStore(policy: unset) },
                    secrets: SecretRegistry())
    }
}

/// An effect a test did not give `AppServices.test` was used.
public struct UnsetEffect: Error, Sendable, Equatable, CustomStringConvertible {
    /// The effect, e.g. `AppServices.transport`.
    public let name: String

    public init(_ name: String) { self.name = name }

    public var description: String {
        "\(name) was used by a test that did not set it (pass it to AppServices.test)"
    }
}

/// What touching an unset effect does.
public struct UnsetEffectPolicy: Sendable {
    let report: @Sendable (UnsetEffect) -> Void

    /// Stops the process with the effect's name (the default: a test cannot pass over it).
    public static let trap = UnsetEffectPolicy { fatalError($0.description) }

    /// Records the effect's name in `log` and carries on: the unset value then answers with a
    /// placeholder (the epoch, an `_unset` id, no input) or throws the `UnsetEffect`. For tests of
    /// this mechanism and of code that must not touch an effect.
    public static func record(into log: UnsetEffectLog) -> UnsetEffectPolicy {
        UnsetEffectPolicy { log.append($0.name) }
    }

    func touched(_ name: String) { report(UnsetEffect(name)) }
}

/// The names of the unset effects touched, in order (`UnsetEffectPolicy.record`).
public final class UnsetEffectLog: Sendable {
    private let names = Mutex<[String]>([])

    public init() {}

    public var touched: [String] { names.withLock { $0 } }

    func append(_ name: String) { names.withLock { $0.append(name) } }
}

/// The network of a test that did not give one: every request reports and fails.
struct UnsetTransport: HTTPTransport {
    let policy: UnsetEffectPolicy

    func open(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPEvent, Error> {
        let effect = UnsetEffect("AppServices.transport")
        policy.report(effect)
        return AsyncThrowingStream { $0.finish(throwing: effect) }
    }
}

struct UnsetIDs: IDGenerator {
    let policy: UnsetEffectPolicy

    func make(_ prefix: String) -> String {
        policy.touched("AppServices.ids")
        return "\(prefix)_unset"
    }
}

struct UnsetTerminal: Terminal {
    let policy: UnsetEffectPolicy

    func ask(_ prompt: String) -> String? {
        policy.touched("AppServices.terminal")
        return nil
    }

    func askSecret(_ prompt: String) -> String? {
        policy.touched("AppServices.terminal")
        return nil
    }

    func show(_ text: String) { policy.touched("AppServices.terminal") }
}

/// The key store of a test that did not give one: built freely (a home's services hold one),
/// every read or write reports and throws.
struct UnsetKeyStore: KeyStore {
    let policy: UnsetEffectPolicy

    private func fail() throws -> Never {
        let effect = UnsetEffect("AppServices.keyStore")
        policy.report(effect)
        throw effect
    }

    func set(name: String, value: String) throws { try fail() }
    func get(name: String) throws -> String? { try fail() }
    func delete(name: String) throws -> Bool { try fail() }
    func list() throws -> [String] { try fail() }
    func source(name: String) throws -> KeySource? { try fail() }
    func storedValues() throws -> [String] { try fail() }
}
