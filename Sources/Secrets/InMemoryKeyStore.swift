import Foundation
import Synchronization

/// A key store held in memory, for tests and for composing overrides. Same name rules and the
/// same environment override as `FileKeyStore`; nothing touches the disk.
public final class InMemoryKeyStore: KeyStore {
    private let entries: Mutex<[String: String]>
    private let environment: [String: String]

    public init(_ entries: [String: String] = [:], environment: [String: String] = [:]) {
        self.entries = Mutex(entries)
        self.environment = environment
    }

    public func set(name: String, value: String) throws {
        try KeyName.validate(name)
        let value = try KeyName.normalizedValue(value)
        entries.withLock { $0[name] = value }
    }

    public func get(name: String) throws -> String? {
        try KeyName.validate(name)
        if let override = environmentValue(for: name) { return override }
        return entries.withLock { $0[name] }
    }

    @discardableResult
    public func delete(name: String) throws -> Bool {
        try KeyName.validate(name)
        return entries.withLock { $0.removeValue(forKey: name) != nil }
    }

    public func storedValues() throws -> [String] {
        entries.withLock { Array($0.values) } + [KeyName.cloud, KeyName.local].compactMap(environmentValue(for:))
    }

    public func list() throws -> [String] {
        var names = Set(entries.withLock { Array($0.keys) })
        for name in [KeyName.cloud, KeyName.local] where environmentValue(for: name) != nil {
            names.insert(name)
        }
        return names.sorted()
    }

    public func source(name: String) throws -> KeySource? {
        try KeyName.validate(name)
        if environmentValue(for: name) != nil { return .environment }
        return entries.withLock { $0[name] } == nil ? nil : .memory
    }

    private func environmentValue(for name: String) -> String? {
        guard let variable = KeyName.environmentVariable(for: name),
              let value = environment[variable], !value.isEmpty else { return nil }
        return value
    }
}
