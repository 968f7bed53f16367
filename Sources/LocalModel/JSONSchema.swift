import Foundation

/// The JSON Schema subset that guided generation enforces.
///
/// Supported: `type` object (`properties`, `required`; no additional properties), string
/// (`enum`, `pattern` in the `SimpleRegex` dialect, `minLength`, `maxLength`), integer, number,
/// boolean, null, array (`items`, `minItems`, `maxItems`), a top-level or nested string `enum`,
/// and `"type": [T, "null"]` for nullable values. Annotation keywords (`title`, `description`,
/// `$schema`, `default`, `examples`) are ignored; any other keyword is rejected so that output
/// that passes the automaton always validates.
public indirect enum JSONSchema: Sendable, Equatable {
    case object(properties: [Property], required: [String])
    case string(StringConstraints)
    case integer
    case number
    case boolean
    case null
    case array(items: JSONSchema, minItems: Int, maxItems: Int?)
    /// The value or `null`.
    case nullable(JSONSchema)

    public struct Property: Sendable, Equatable {
        public var name: String
        public var schema: JSONSchema
        public init(name: String, schema: JSONSchema) { self.name = name; self.schema = schema }
    }

    public struct StringConstraints: Sendable, Equatable {
        public var enumValues: [String]?
        public var pattern: String?
        public var minLength: Int
        public var maxLength: Int?
        public init(enumValues: [String]? = nil, pattern: String? = nil, minLength: Int = 0, maxLength: Int? = nil) {
            self.enumValues = enumValues
            self.pattern = pattern
            self.minLength = minLength
            self.maxLength = maxLength
        }
    }

    private static let annotations: Set<String> = ["title", "description", "$schema", "$id", "default", "examples", "$comment"]

    /// Parses a schema document (JSON text).
    public static func parse(_ json: String) throws -> JSONSchema {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) else {
            throw LocalModelError.unsupportedSchema(path: "#", reason: "not valid JSON")
        }
        return try parse(object: object, path: "#")
    }

    /// Parses an already-decoded schema (`[String: Any]` from `JSONSerialization`).
    public static func parse(object: Any, path: String) throws -> JSONSchema {
        guard let dict = object as? [String: Any] else { throw LocalModelError.unsupportedSchema(path: path, reason: "a schema must be an object") }
        func int(_ key: String) throws -> Int? {
            guard let v = dict[key] else { return nil }
            guard let n = v as? Int, n >= 0 else { throw LocalModelError.unsupportedSchema(path: path, reason: "\(key) must be a non-negative integer") }
            return n
        }
        var type = dict["type"]
        if type == nil, dict["enum"] != nil { type = "string" }
        if type == nil, dict["properties"] != nil { type = "object" }
        if let types = type as? [String] {
            let other = types.filter { $0 != "null" }
            guard types.count == 2, other.count == 1 else {
                throw LocalModelError.unsupportedSchema(path: path, reason: "a type list must be [T, \"null\"]")
            }
            var copy = dict
            copy["type"] = other[0]
            // A nullable enum lists null among its values: the `.nullable` wrapper covers it.
            if let values = dict["enum"] as? [Any] { copy["enum"] = values.filter { !($0 is NSNull) } }
            return .nullable(try parse(object: copy, path: path))
        }
        guard let name = type as? String else { throw LocalModelError.unsupportedSchema(path: path, reason: "missing or unsupported type") }
        let allowed: Set<String>
        let result: JSONSchema
        switch name {
        case "object":
            allowed = ["type", "properties", "required", "additionalProperties", "propertyOrdering"]
            if let extra = dict["additionalProperties"] as? Bool, extra {
                throw LocalModelError.unsupportedSchema(path: path, reason: "additionalProperties: true is not supported")
            }
            var props: [Property] = []
            if let raw = dict["properties"] {
                guard let p = raw as? [String: Any] else { throw LocalModelError.unsupportedSchema(path: path, reason: "properties must be an object") }
                // JSONSerialization loses key order: keep the order of `required`, then the rest sorted.
                let required = dict["required"] as? [String] ?? []
                let order = required.filter { p[$0] != nil } + p.keys.filter { !required.contains($0) }.sorted()
                for key in order { props.append(Property(name: key, schema: try parse(object: p[key]!, path: path + "/properties/" + key))) }
            }
            let required = dict["required"] as? [String] ?? []
            for r in required where !props.contains(where: { $0.name == r }) {
                throw LocalModelError.unsupportedSchema(path: path, reason: "required property \(r) is not declared")
            }
            result = .object(properties: props, required: required)
        case "string":
            allowed = ["type", "enum", "pattern", "minLength", "maxLength"]
            var c = StringConstraints()
            if let e = dict["enum"] {
                guard let values = e as? [String], !values.isEmpty else { throw LocalModelError.unsupportedSchema(path: path, reason: "enum must be a non-empty list of strings") }
                c.enumValues = values
            }
            if let p = dict["pattern"] {
                guard let s = p as? String else { throw LocalModelError.unsupportedSchema(path: path, reason: "pattern must be a string") }
                _ = try SimpleRegex(s, path: path + "/pattern")
                c.pattern = s
            }
            c.minLength = try int("minLength") ?? 0
            c.maxLength = try int("maxLength")
            if let mx = c.maxLength, mx < c.minLength { throw LocalModelError.unsupportedSchema(path: path, reason: "maxLength < minLength") }
            result = .string(c)
        case "integer": allowed = ["type"]; result = .integer
        case "number": allowed = ["type"]; result = .number
        case "boolean": allowed = ["type"]; result = .boolean
        case "null": allowed = ["type"]; result = .null
        case "array":
            allowed = ["type", "items", "minItems", "maxItems"]
            guard let items = dict["items"] else { throw LocalModelError.unsupportedSchema(path: path, reason: "array needs items") }
            let mn = try int("minItems") ?? 0, mx = try int("maxItems")
            if let mx, mx < mn { throw LocalModelError.unsupportedSchema(path: path, reason: "maxItems < minItems") }
            result = .array(items: try parse(object: items, path: path + "/items"), minItems: mn, maxItems: mx)
        default:
            throw LocalModelError.unsupportedSchema(path: path, reason: "type \(name) is not supported")
        }
        for key in dict.keys where !allowed.contains(key) && !annotations.contains(key) {
            throw LocalModelError.unsupportedSchema(path: path, reason: "keyword \(key) is not supported")
        }
        return result
    }
}
