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
///
/// Each value is kept in a box typed by its key, so reading one is a short linear search (a run
/// has a handful of services) and a static downcast. No dynamic cast and no hashed collection:
/// `as?` to an existential, and the first `Dictionary` keyed by a type, each make the Swift
/// runtime scan every protocol conformance in the binary — a start-up cost every run paid.
public struct ServiceValues: Sendable {
    private var storage: [(key: ObjectIdentifier, slot: ServiceSlot)] = []

    public init() {}

    public subscript<K: ServiceKey>(key: K.Type) -> K.Value {
        get {
            let id = ObjectIdentifier(key)
            guard let entry = storage.first(where: { $0.key == id }) else { return K.defaultValue }
            // Only the setter below stores under K's identifier, and it stores a `ServiceBox<K>`.
            return unsafeDowncast(entry.slot, to: ServiceBox<K>.self).value
        }
        set {
            let id = ObjectIdentifier(key)
            let slot = ServiceBox<K>(newValue)
            if let index = storage.firstIndex(where: { $0.key == id }) {
                storage[index].slot = slot
            } else {
                storage.append((id, slot))
            }
        }
    }
}

/// The untyped face of a stored service.
class ServiceSlot: @unchecked Sendable {}

/// One service value under its key `K`; immutable, so copies of `ServiceValues` share it safely.
final class ServiceBox<K: ServiceKey>: ServiceSlot, @unchecked Sendable {
    let value: K.Value
    init(_ value: K.Value) { self.value = value }
}
