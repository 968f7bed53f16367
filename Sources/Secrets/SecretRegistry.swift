import Foundation
import Synchronization

/// The live keys of this process, known to one redactor that every output channel goes through
/// (stdout, stderr, logs). Key stores register each value they read or store; the CLI also
/// registers every value of the home's secrets file and the key variables of the environment
/// when it resolves the home, so a value echoed back by a server is caught whatever its shape.
public final class SecretRegistry: Sendable {
    private let state = Mutex(Redactor())

    public init(environment: [String: String] = [:]) {
        register(environment: environment)
    }

    /// Adds one value (values shorter than `Redactor.minimumRegisteredLength` are ignored).
    public func register(_ value: String) {
        state.withLock { $0.register(value) }
    }

    /// Adds the values of the key variables (`INTENT_CLOUD_API_KEY`, `INTENT_LOCAL_API_KEY`).
    public func register(environment: [String: String]) {
        for name in [KeyName.cloud, KeyName.local] {
            if let variable = KeyName.environmentVariable(for: name), let value = environment[variable] { register(value) }
        }
    }

    /// Adds every value stored in `store` (an unreadable file is skipped: the command that needs
    /// the key reports it).
    public func register(contentsOf store: any KeyStore) {
        for value in (try? store.storedValues()) ?? [] { register(value) }
    }

    /// The redactor as it stands now.
    public var redactor: Redactor { state.withLock { $0 } }

    /// Diagnostics: every rule (`Redactor.redact`).
    public func redact(_ text: String) -> String { redactor.redact(text) }

    /// Results: registered values and unambiguous key shapes only (`Redactor.redactKeys`).
    public func redactKeys(_ text: String) -> String { redactor.redactKeys(text) }
}
