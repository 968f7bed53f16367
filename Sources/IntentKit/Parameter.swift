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

/// A typed intent parameter, read by reflection the way swift-argument-parser reads options.
///
/// `@Parameter(description: "What to be reminded of", primary: true) var title: String`
/// Optional types are optional parameters; a default makes a parameter optional too.
@propertyWrapper
public struct Parameter<Value: ParameterValue>: Sendable {
    let box: ParameterBox<Value>
    let details: Details

    struct Details: Sendable {
        var description: String
        var primary: Bool
        var defaultValue: Value?
        var inputAliases: [String]
    }

    public init(description: String, primary: Bool = false, inputAliases: [String] = []) {
        box = ParameterBox()
        details = Details(description: description, primary: primary, defaultValue: nil, inputAliases: inputAliases)
    }

    public init(wrappedValue: Value, description: String, primary: Bool = false, inputAliases: [String] = []) {
        box = ParameterBox()
        details = Details(description: description, primary: primary, defaultValue: wrappedValue, inputAliases: inputAliases)
    }

    public var wrappedValue: Value {
        get {
            if let value = box.value ?? details.defaultValue ?? Value.absentValue { return value }
            preconditionFailure("required parameter read before it was resolved")
        }
        nonmutating set { box.value = newValue }
    }
}

/// Shared storage so a value set through `Mirror` is seen by the intent value itself.
final class ParameterBox<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}

/// Type-erased access to a `Parameter` found by reflection.
protocol AnyParameter {
    func metadata(name: String) -> ParameterMetadata
    var hasValue: Bool { get }
    func assign(_ input: ParameterInput, in context: RunContext) async throws
}

extension Parameter: AnyParameter {
    func metadata(name: String) -> ParameterMetadata {
        ParameterMetadata(name: name, description: details.description, isPrimary: details.primary,
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

/// The parameters of an intent value, in declaration order.
struct ParameterSet {
    let entries: [(metadata: ParameterMetadata, slot: any AnyParameter)]

    init(of intent: Any) {
        entries = Mirror(reflecting: intent).children.compactMap { child in
            guard let slot = child.value as? any AnyParameter, let label = child.label else { return nil }
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            return (slot.metadata(name: name), slot)
        }
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
