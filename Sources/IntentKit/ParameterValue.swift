import Foundation

/// A raw parameter value before it is typed: a command-line string, a JSON field, or several.
public enum ParameterInput: Sendable, Equatable {
    case text(String)
    case json(JSONValue)
    case list([ParameterInput])
}

/// Why a raw value could not become the parameter's type. The runner adds the parameter name.
public struct ParameterProblem: Error, Sendable, Equatable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// A type an intent parameter can have: String, Int, Double, Bool, Date, `IntentDate`, enums,
/// entities, arrays and optionals of these.
public protocol ParameterValue: Sendable {
    /// The JSON Schema of one value of this type.
    static var parameterSchema: JSONSchema { get }
    /// Turns raw input into a typed value, or throws `ParameterProblem` with the reason.
    static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> Self
    /// The value as JSON, for defaults in the catalog.
    var jsonValue: JSONValue { get }
    /// What the parameter holds when no value was given (nil for non-optional types).
    static var absentValue: Self? { get }
    static var isArray: Bool { get }
}

extension ParameterValue {
    public static var absentValue: Self? { nil }
    public static var isArray: Bool { false }

    /// Extracts the single text or scalar JSON value of `input` as a string.
    static func scalarText(_ input: ParameterInput) throws -> String {
        switch input {
        case .text(let s): return s
        case .json(.string(let s)): return s
        case .json(.number(let n)): return try numberText(n)
        case .json(.bool(let b)): return String(b)
        case .list(let items) where items.count == 1: return try scalarText(items[0])
        case .list: throw ParameterProblem("expected one value, got several")
        case .json: throw ParameterProblem("expected a single value")
        }
    }

    /// A JSON number as text, exactly: whole numbers without a fraction, others in their shortest
    /// form. A number whose digits a `Double` cannot hold (beyond 2^53, or not finite) is refused
    /// rather than altered — `--input` keeps such literals as text before they get here, so this
    /// is reached only by values decoded elsewhere (MCP arguments, tests).
    static func numberText(_ n: Double) throws -> String {
        guard n.isFinite, abs(n) < exactDoubleIntegerLimit else {
            throw ParameterProblem("the number is too large to keep exactly (over 2^53); send it as a JSON string")
        }
        return n.rounded() == n ? String(Int64(n)) : String(n)
    }
}

extension String: ParameterValue {
    public static var parameterSchema: JSONSchema { .string() }
    public static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> String {
        try scalarText(input)
    }
    public var jsonValue: JSONValue { .string(self) }
}

extension Int: ParameterValue {
    public static var parameterSchema: JSONSchema { .integer() }
    public static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> Int {
        let text = try scalarText(input).trimmingCharacters(in: .whitespaces)
        guard let value = Int(text) else { throw ParameterProblem("expected a whole number") }
        return value
    }
    public var jsonValue: JSONValue { .number(Double(self)) }
}

extension Double: ParameterValue {
    public static var parameterSchema: JSONSchema { .number() }
    public static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> Double {
        let text = try scalarText(input).trimmingCharacters(in: .whitespaces)
        guard let value = Double(text), value.isFinite else { throw ParameterProblem("expected a number") }
        return value
    }
    public var jsonValue: JSONValue { .number(self) }
}

extension Bool: ParameterValue {
    public static var parameterSchema: JSONSchema { .boolean }
    public static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> Bool {
        switch try scalarText(input).lowercased() {
        case "true", "yes", "1", "on": return true
        case "false", "no", "0", "off": return false
        default: throw ParameterProblem("expected true or false")
        }
    }
    public var jsonValue: JSONValue { .bool(self) }
}

extension Optional: ParameterValue where Wrapped: ParameterValue {
    public static var parameterSchema: JSONSchema { .nullable(Wrapped.parameterSchema) }
    public static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> Wrapped? {
        if case .json(.null) = input { return nil }
        return try await Wrapped.resolve(input, in: context)
    }
    public var jsonValue: JSONValue { self?.jsonValue ?? .null }
    public static var absentValue: Wrapped?? { .some(.none) }
    public static var isArray: Bool { Wrapped.isArray }
}

extension Array: ParameterValue where Element: ParameterValue {
    public static var parameterSchema: JSONSchema { .array(of: Element.parameterSchema) }
    public static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> [Element] {
        let items: [ParameterInput]
        switch input {
        case .list(let list): items = list
        case .json(.array(let values)): items = values.map { .json($0) }
        default: items = [input]
        }
        var out: [Element] = []
        for item in items { out.append(try await Element.resolve(item, in: context)) }
        return out
    }
    public var jsonValue: JSONValue { .array(map(\.jsonValue)) }
    public static var absentValue: [Element]? { [] }
    public static var isArray: Bool { true }
}

/// An enum parameter: `enum Mode: String, IntentEnum { case standard, deep }`.
public protocol IntentEnum: ParameterValue, CaseIterable, RawRepresentable where RawValue == String {}

extension IntentEnum {
    public static var parameterSchema: JSONSchema { .string(enum: allCases.map(\.rawValue)) }
    public static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> Self {
        let text = try scalarText(input)
        if let value = Self(rawValue: text) ?? allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) {
            return value
        }
        throw ParameterProblem("expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
    }
    public var jsonValue: JSONValue { .string(rawValue) }
}
