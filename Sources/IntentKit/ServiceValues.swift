/// A key for a service in `ServiceValues` (the store, the model ladder, the date resolver, …).
///
/// Modules that own a service declare a key and a typed accessor in an extension, the way
/// SwiftUI's environment works; IntentKit itself knows none of them.
public protocol ServiceKey {
    associatedtype Value: Sendable
    /// What a context that was never given this service returns. For effects this should fail
    /// loudly (a test that touches an effect it did not provide is a bug).
    static var defaultValue: Value { get }
}

/// The services a run uses, keyed by type.
public struct ServiceValues: Sendable {
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public subscript<K: ServiceKey>(key: K.Type) -> K.Value {
        get { (storage[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}
