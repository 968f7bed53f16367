import AppServices
import Foundation
import Generation
import IntentKit
import Secrets

extension AppServices {
    /// The services of a command-line test: the test's own environment dictionary (never the
    /// process's), the files it names — key stores in the test's configuration directory, zone
    /// and model roots read from that dictionary —, the test's terminal and ids, and a frozen
    /// clock. The network is the test's too: without `transport`, a request stops the test with
    /// `AppServices.transport` (see `AppServices.test`).
    public static func commandLine(environment: [String: String], terminal: any Terminal,
                                   ids: any IDGenerator = SequentialIDGenerator(),
                                   clock: @escaping @Sendable () -> Date = { TestClock.reference },
                                   transport: (any HTTPTransport)? = nil) -> AppServices {
        let secrets = SecretRegistry(environment: environment)
        let network = transport ?? AppServices.test().transport
        return AppServices(environment: environment, transport: network, clock: clock, ids: ids, terminal: terminal,
                           roots: .live(environment: environment),
                           keyStore: { FileKeyStore(directory: $0, environment: environment, registry: secrets) },
                           secrets: secrets)
    }
}
