import Foundation

/// Errors reading a schema document. They name the schema path and the keyword.
public struct JSONSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "invalid JSON schema at \(path): \(reason)" }
}

extension JSONSchema {
    /// Parses a schema document in the supported subset.
    /// - Throws: `JSONSchemaError` for unsupported or malformed keywords.
    public init(json: JSONValue, path: String = "$") throws {
        guard case .object(let object) = json else { throw JSONSchemaError(path: path, reason: "a schema is an object") }
        let supported: Set<String> = ["type", "properties", "required", "additionalProperties", "items", "enum",
                                      "minLength", "maxLength", "pattern", "minimum", "maximum", "minItems",
                                      "maxItems", "description", "title", "$schema", "format", "default", "x-flag", "x-input-aliases"]
        if let unknown = object.keys.sorted().first(where: { !supported.contains($0) }) {
            throw JSONSchemaError(path: path, reason: "keyword \(unknown) is not supported")
        }
        switch object["type"] {
        case .string(let name)?:
            guard let kind = Kind(rawValue: name) else { throw JSONSchemaError(path: path, reason: "unknown type") }
            self.init(types: [kind])
        case .array(let names)?:
            let kinds = names.compactMap { $0.stringValue.flatMap(Kind.init(rawValue:)) }
            guard kinds.count == names.count, !kinds.isEmpty else { throw JSONSchemaError(path: path, reason: "unknown type") }
            self.init(types: kinds)
        default:
            throw JSONSchemaError(path: path, reason: "type is required")
        }
        if case .object(let properties)? = object["properties"] {
            self.properties = try properties.keys.sorted().map { name in
                Property(name, try JSONSchema(json: properties[name]!, path: "\(path).properties.\(name)"))
            }
        }
        if case .array(let names)? = object["required"] { required = names.compactMap(\.stringValue) }
        if case .bool(let flag)? = object["additionalProperties"] { additionalProperties = flag }
        if let itemSchema = object["items"] { items = [try JSONSchema(json: itemSchema, path: "\(path).items")] }
        if case .array(let values)? = object["enum"] {
            let nonNull = values.filter { $0 != .null }
            let strings = nonNull.compactMap(\.stringValue)
            guard strings.count == nonNull.count else { throw JSONSchemaError(path: path, reason: "only string enums are supported") }
            enumValues = strings
        }
        minLength = object["minLength"].flatMap(Self.integer)
        maxLength = object["maxLength"].flatMap(Self.integer)
        minItems = object["minItems"].flatMap(Self.integer)
        maxItems = object["maxItems"].flatMap(Self.integer)
        if case .number(let value)? = object["minimum"] { minimum = value }
        if case .number(let value)? = object["maximum"] { maximum = value }
        pattern = object["pattern"]?.stringValue
        description = object["description"]?.stringValue
        format = object["format"]?.stringValue
        if let pattern, (try? NSRegularExpression(pattern: pattern)) == nil {
            throw JSONSchemaError(path: path, reason: "pattern is not a valid regular expression")
        }
    }

    private static func integer(_ value: JSONValue) -> Int? {
        if case .number(let number) = value, number.rounded() == number, number >= 0, number < 1e15 { return Int(number) }
        return nil
    }

    /// The schema as a JSON Schema document (for `response_format` and the prompt).
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [:]
        object["type"] = types.count == 1 ? .string(types[0].rawValue) : .array(types.map { .string($0.rawValue) })
        if !properties.isEmpty || types.contains(.object) {
            object["properties"] = .object(Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.schema.jsonValue) }))
        }
        if !required.isEmpty { object["required"] = .array(required.map { .string($0) }) }
        if let additionalProperties { object["additionalProperties"] = .bool(additionalProperties) }
        if let item = items.first { object["items"] = item.jsonValue }
        if let enumValues {
            var values = enumValues.map { JSONValue.string($0) }
            if types.contains(.null) { values.append(.null) }
            object["enum"] = .array(values)
        }
        let numbers: [(String, Double?)] = [
            ("minLength", minLength.map(Double.init)), ("maxLength", maxLength.map(Double.init)),
            ("minimum", minimum), ("maximum", maximum),
            ("minItems", minItems.map(Double.init)), ("maxItems", maxItems.map(Double.init)),
        ]
        for (key, value) in numbers { if let value { object[key] = .number(value) } }
        if let pattern { object["pattern"] = .string(pattern) }
        if let description { object["description"] = .string(description) }
        if let format { object["format"] = .string(format) }
        return .object(object)
    }
}

extension JSONSchema {
    /// `value` with every nullable property this schema lists but the value omits set to `null`,
    /// recursively — so result values can use synthesized `Codable` (which omits nil optionals)
    /// and still print every documented key.
    public func completingNulls(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(var object):
            for property in properties {
                if let present = object[property.name] {
                    object[property.name] = property.schema.completingNulls(present)
                } else if property.schema.types.contains(.null) {
                    object[property.name] = .null
                }
            }
            return .object(object)
        case .array(let items):
            guard let itemSchema = self.items.first else { return value }
            return .array(items.map(itemSchema.completingNulls))
        default:
            return value
        }
    }
}
