import Foundation

/// What the catalog and the CLI know about one parameter.
public struct ParameterMetadata: Sendable {
    /// The Swift property name, e.g. `dueDate`.
    public var name: String
    public var description: String
    public var isPrimary: Bool
    /// Required: not optional and no default.
    public var isRequired: Bool
    public var isArray: Bool
    public var schema: JSONSchema
    public var defaultValue: JSONValue?
    /// Other JSON field names accepted from `--input` (e.g. `text` for a reminder's title).
    public var inputAliases: [String]

    /// `--due-date`
    public var flag: String { "--" + Naming.kebab(name) }
    /// `due_date`
    public var jsonKey: String { Naming.snake(name) }
}

/// A typed intent parameter.
///
/// `@Parameter("title", description: "What to be reminded of", primary: true) var title: String`
/// The first argument is the property's own name (flags and JSON keys derive from it; a test
/// checks it matches the property). Optional types are optional parameters; a default makes a
/// parameter optional too.
///
/// Parameters are discovered without reflection: while `ParameterSet.make` constructs the intent
/// value, each wrapper registers itself with the collector of that construction, in declaration
/// order. (`Mirror` and an `as? any AnyParameter` cast per property cost the Swift runtime a scan of
/// every protocol conformance in the binary for each new type — about a sixth of a capture.)
@propertyWrapper
public struct Parameter<Value: ParameterValue>: Sendable {
    let box: ParameterBox<Value>
    let details: Details

    struct Details: Sendable {
        var name: String
        var description: String
        var primary: Bool
        var defaultValue: Value?
        var inputAliases: [String]
    }

    public init(_ name: String, description: String, primary: Bool = false, inputAliases: [String] = []) {
        box = ParameterBox()
        details = Details(name: name, description: description, primary: primary, defaultValue: nil, inputAliases: inputAliases)
        ParameterCollector.current?.add(self)
    }

    public init(wrappedValue: Value, _ name: String, description: String, primary: Bool = false, inputAliases: [String] = []) {
        box = ParameterBox()
        details = Details(name: name, description: description, primary: primary, defaultValue: wrappedValue,
                          inputAliases: inputAliases)
        ParameterCollector.current?.add(self)
    }

    public var wrappedValue: Value {
        get {
            if let value = box.value ?? details.defaultValue ?? Value.absentValue { return value }
            preconditionFailure("required parameter read before it was resolved")
        }
        nonmutating set { box.value = newValue }
    }
}

/// Shared storage, so a value assigned through the collected slot is seen by the intent value itself.
final class ParameterBox<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}

/// Type-erased access to a collected `Parameter`.
protocol AnyParameter {
    var metadata: ParameterMetadata { get }
    var hasValue: Bool { get }
    func assign(_ input: ParameterInput, in context: RunContext) async throws
}

extension Parameter: AnyParameter {
    var metadata: ParameterMetadata {
        ParameterMetadata(name: details.name, description: details.description, isPrimary: details.primary,
                          isRequired: details.defaultValue == nil && Value.absentValue == nil,
                          isArray: Value.isArray,
                          schema: Value.parameterSchema.described(details.description),
                          defaultValue: details.defaultValue?.jsonValue,
                          inputAliases: details.inputAliases)
    }

    var hasValue: Bool { box.value != nil }

    func assign(_ input: ParameterInput, in context: RunContext) async throws {
        box.value = try await Value.resolve(input, in: context)
    }
}

/// Receives the parameters of the intent value being constructed on this task.
final class ParameterCollector: @unchecked Sendable {
    @TaskLocal static var current: ParameterCollector?
    private(set) var slots: [any AnyParameter] = []

    func add(_ slot: any AnyParameter) { slots.append(slot) }
}

/// The parameters of an intent value, in declaration order.
struct ParameterSet {
    let entries: [(metadata: ParameterMetadata, slot: any AnyParameter)]

    /// A new value of `type` and the parameters it declared.
    static func make<I: Intent>(_ type: I.Type) -> (intent: I, parameters: ParameterSet) {
        let collector = ParameterCollector()
        let intent = ParameterCollector.$current.withValue(collector) { I() }
        return (intent, ParameterSet(entries: collector.slots.map { ($0.metadata, $0) }))
    }
}

/// Name conversions between Swift properties, flags and JSON keys.
public enum Naming {
    /// `dueDate` → `due-date`
    public static func kebab(_ name: String) -> String { separated(name, by: "-") }
    /// `dueDate` → `due_date`
    public static func snake(_ name: String) -> String { separated(name, by: "_") }

    private static func separated(_ name: String, by separator: Character) -> String {
        var out = ""
        for ch in name {
            if ch.isUppercase, !out.isEmpty { out.append(separator) }
            out.append(contentsOf: ch.lowercased())
        }
        return out
    }
}
