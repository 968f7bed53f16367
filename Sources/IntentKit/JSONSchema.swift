import Foundation

/// The JSON Schema subset the project uses — for the catalog (parameters and results) and for
/// structured model replies:
/// `type` (one or several, so `["string","null"]` is nullable), `properties` / `required` /
/// `additionalProperties: false`, string `enum` / `minLength` / `maxLength` / `pattern`,
/// number and integer `minimum` / `maximum`, array `items` / `minItems` / `maxItems`.
/// Build it with the static helpers or parse a schema document with `init(json:)`.
public struct JSONSchema: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case object, array, string, integer, number, boolean, null
    }

    public struct Property: Sendable, Equatable {
        public var name: String
        public var schema: JSONSchema
        public init(_ name: String, _ schema: JSONSchema) {
            self.name = name
            self.schema = schema
        }
    }

    public var types: [Kind]
    public var properties: [Property] = []
    public var required: [String] = []
    /// `false` rejects properties not listed; `true`/`nil` accept them.
    public var additionalProperties: Bool?
    /// Schema of array elements; empty = any. (An array so the type can be recursive.)
    public var items: [JSONSchema] = []
    public var enumValues: [String]?
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: String?
    public var minimum: Double?
    public var maximum: Double?
    public var minItems: Int?
    public var maxItems: Int?
    public var description: String?
    /// An annotation such as `date`, `date-time` or `date-phrase` (not validated).
    public var format: String?

    public init(types: [Kind]) {
        self.types = types
    }

    /// The schema without its string enumerations, at every depth: the shape a prompt shows a
    /// model whose decoder enforces the enumerations itself (the in-process model's grammar), so
    /// a schema whose choices change per request still reads the same in every prompt.
    public var withoutEnums: JSONSchema {
        var copy = self
        copy.enumValues = nil
        copy.properties = properties.map { Property($0.name, $0.schema.withoutEnums) }
        copy.items = items.map(\.withoutEnums)
        return copy
    }

    // MARK: - Builders

    /// An object; every listed property is required unless `optional` names it. Extra properties
    /// are rejected.
    public static func object(_ properties: [Property], optional: Set<String> = []) -> JSONSchema {
        var schema = JSONSchema(types: [.object])
        schema.properties = properties
        schema.required = properties.map(\.name).filter { !optional.contains($0) }
        schema.additionalProperties = false
        return schema
    }

    public static func string(enum values: [String]? = nil, minLength: Int? = nil, maxLength: Int? = nil,
                              pattern: String? = nil, format: String? = nil) -> JSONSchema {
        var schema = JSONSchema(types: [.string])
        schema.format = format
        schema.enumValues = values
        schema.minLength = minLength
        schema.maxLength = maxLength
        schema.pattern = pattern
        return schema
    }

    public static func integer(minimum: Double? = nil, maximum: Double? = nil) -> JSONSchema {
        var schema = JSONSchema(types: [.integer])
        schema.minimum = minimum
        schema.maximum = maximum
        return schema
    }

    public static func number(minimum: Double? = nil, maximum: Double? = nil) -> JSONSchema {
        var schema = JSONSchema(types: [.number])
        schema.minimum = minimum
        schema.maximum = maximum
        return schema
    }

    public static var boolean: JSONSchema { JSONSchema(types: [.boolean]) }
    public static var null: JSONSchema { JSONSchema(types: [.null]) }

    public static func array(of items: JSONSchema, minItems: Int? = nil, maxItems: Int? = nil) -> JSONSchema {
        var schema = JSONSchema(types: [.array])
        schema.items = [items]
        schema.minItems = minItems
        schema.maxItems = maxItems
        return schema
    }

    /// `schema` that also accepts `null`.
    public static func nullable(_ schema: JSONSchema) -> JSONSchema { schema.nullable() }

    /// The same schema that also accepts `null`.
    public func nullable() -> JSONSchema {
        var copy = self
        if !copy.types.contains(.null) { copy.types.append(.null) }
        return copy
    }

    /// The same schema with a description (sent to the model).
    public func described(_ text: String) -> JSONSchema {
        var copy = self
        copy.description = text
        return copy
    }
}
