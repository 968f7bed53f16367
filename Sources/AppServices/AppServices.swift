import Foundation
import Generation
import IntentKit
import Primitives
import Secrets
import Synchronization

/// The process's effects, built once: live in `main.swift` (`AppServices.live(environment:)`),
/// a test value in each test (`AppServices.test(...)`). Everything that reaches outside the
/// process — the environment, the network, the wall clock, ids, the terminal, the file-system
/// roots, the key store — comes from here; the per-home services (`home(_:)`) are built from
/// these and nothing else.
public struct AppServices: Sendable {
    /// The process environment (a test's own dictionary in tests, never the process's).
    public var environment: [String: String] { didSet { resolved = ResolvedPaths() } }
    /// The network behind the model clients.
    public var transport: any HTTPTransport
    /// The wall clock: attempts, receipts, quota resets, leases, housekeeping.
    public var clock: @Sendable () -> Date
    /// Run, receipt and record ids.
    public var ids: any IDGenerator
    /// The person at `/dev/tty` (prompts, previews).
    public var terminal: any Terminal
    /// Where the machine's zone database and the model weights are looked up.
    public var roots: FileSystemRoots { didSet { resolved = ResolvedPaths() } }
    /// The key store of a configuration directory (`secrets.json` plus environment overrides).
    public var keyStore: @Sendable (_ configDirectory: URL) -> any KeyStore
    /// The live keys of this process, known to the redactor every output goes through.
    public let secrets: SecretRegistry
    /// The last `paths(home:)` answer: a command resolves its home more than once (the home
    /// check, the command, the key registration), and each resolution builds half a dozen
    /// Foundation URLs. Replaced when `environment` or `roots` change.
    private var resolved = ResolvedPaths()

    public init(environment: [String: String], transport: any HTTPTransport, clock: @escaping @Sendable () -> Date,
                ids: any IDGenerator, terminal: any Terminal, roots: FileSystemRoots,
                keyStore: @escaping @Sendable (_ configDirectory: URL) -> any KeyStore, secrets: SecretRegistry) {
        self.environment = environment
        self.transport = transport
        self.clock = clock
        self.ids = ids
        self.terminal = terminal
        self.roots = roots
        self.keyStore = keyStore
        self.secrets = secrets
    }

    /// The live effects over `environment` (the process environment in `main.swift`): the
    /// URLSession transport, the system clock, time-sortable random ids, `/dev/tty`, the roots
    /// the environment names, and `secrets.json` key stores registered with one redactor.
    public static func live(environment: [String: String], terminal: any Terminal = TTYTerminal()) -> AppServices {
        let secrets = SecretRegistry(environment: environment)
        return AppServices(environment: environment, transport: URLSessionTransport(),
                           clock: { Date() }, ids: RandomIDGenerator(), terminal: terminal,
                           roots: .live(environment: environment),
                           keyStore: { FileKeyStore(directory: $0, environment: environment, registry: secrets) },
                           secrets: secrets)
    }

    /// Paths for a home: `home` (`--home`), else `INTENT_HOME`, else XDG; model weights are
    /// searched along `roots.modelDirectories`.
    public func paths(home: String?) -> AppPaths {
        resolved.paths(home: home) {
            let resolved = AppPaths.resolve(home: home, environment: environment)
            let effectiveHome = home ?? environment["INTENT_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            return AppPaths(dataDirectory: resolved.dataDirectory, configDirectory: resolved.configDirectory,
                            modelDirectories: roots.modelDirectories(effectiveHome))
        }
    }

    /// The key store of `paths`' configuration directory.
    public func keys(_ paths: AppPaths) -> any KeyStore { keyStore(paths.configDirectory) }
}

/// The file-system roots the process reads outside a home.
public struct FileSystemRoots: Sendable {
    let systemRoot: @Sendable () -> String
    let models: @Sendable (_ home: String?) -> [URL]

    /// - Parameters:
    ///   - system: the root under which `/etc/localtime` and the zone database are read (`/` live).
    ///   - modelDirectories: the model-weights search order for a home (nil: none given).
    public init(system: @escaping @Sendable () -> String, modelDirectories: @escaping @Sendable (_ home: String?) -> [URL]) {
        systemRoot = system
        models = modelDirectories
    }

    /// `/` (or `INTENT_SYSTEM_ROOT` when it is absolute: a fake root for end-to-end tests) and
    /// the one model search order (`ModelSearchPath`) over `environment`.
    public static func live(environment: [String: String]) -> FileSystemRoots {
        let root = environment["INTENT_SYSTEM_ROOT"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/"
        return FileSystemRoots(system: { root },
                               modelDirectories: { ModelSearchPath.directories(home: $0, environment: environment) })
    }

    /// The root of the machine's zone files.
    public var system: String { systemRoot() }

    /// Where model weights are searched for `home`, in order.
    public func modelDirectories(_ home: String?) -> [URL] { models(home) }
}

/// One remembered `AppServices.paths(home:)` answer (the paths depend only on the home given,
/// the environment and the roots; a new value replaces this box when either of those changes).
final class ResolvedPaths: Sendable {
    private let last = Mutex<(home: String?, paths: AppPaths)?>(nil)

    func paths(home: String?, resolve: () -> AppPaths) -> AppPaths {
        if let last = last.withLock({ $0 }), last.home == home { return last.paths }
        let paths = resolve()
        last.withLock { $0 = (home, paths) }
        return paths
    }
}
