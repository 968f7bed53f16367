/// A JSON Schema (draft 2020-12 subset) for parameters and result values in the catalog.
///
/// Built with the static helpers and rendered with `json`; the same value describes what a model's
/// structured output must look like.
public indirect enum JSONSchema: Sendable, Equatable {
    case string(description: String? = nil, format: String? = nil, enumValues: [String]? = nil, maxLength: Int? = nil)
    case integer(description: String? = nil, minimum: Int? = nil, maximum: Int? = nil)
    case number(description: String? = nil)
    case boolean(description: String? = nil)
    case array(of: JSONSchema, description: String? = nil, minItems: Int? = nil, maxItems: Int? = nil)
    case object(properties: [(String, JSONSchema)], required: [String], description: String? = nil)
    case nullable(JSONSchema)

    public static func == (lhs: JSONSchema, rhs: JSONSchema) -> Bool { lhs.json == rhs.json }

    /// Adds or replaces the description.
    public func described(_ text: String) -> JSONSchema {
        switch self {
        case .string(_, let f, let e, let m): return .string(description: text, format: f, enumValues: e, maxLength: m)
        case .integer(_, let lo, let hi): return .integer(description: text, minimum: lo, maximum: hi)
        case .number: return .number(description: text)
        case .boolean: return .boolean(description: text)
        case .array(let item, _, let lo, let hi): return .array(of: item, description: text, minItems: lo, maxItems: hi)
        case .object(let p, let r, _): return .object(properties: p, required: r, description: text)
        case .nullable(let inner): return .nullable(inner.described(text))
        }
    }

    public var json: JSONValue {
        var out: [String: JSONValue] = [:]
        func put(_ key: String, _ value: JSONValue?) { if let value { out[key] = value } }
        switch self {
        case .string(let d, let f, let e, let m):
            out["type"] = .string("string")
            put("description", d.map(JSONValue.string))
            put("format", f.map(JSONValue.string))
            put("enum", e.map { .array($0.map(JSONValue.string)) })
            put("maxLength", m.map { .number(Double($0)) })
        case .integer(let d, let lo, let hi):
            out["type"] = .string("integer")
            put("description", d.map(JSONValue.string))
            put("minimum", lo.map { .number(Double($0)) })
            put("maximum", hi.map { .number(Double($0)) })
        case .number(let d):
            out["type"] = .string("number")
            put("description", d.map(JSONValue.string))
        case .boolean(let d):
            out["type"] = .string("boolean")
            put("description", d.map(JSONValue.string))
        case .array(let item, let d, let lo, let hi):
            out["type"] = .string("array")
            out["items"] = item.json
            put("description", d.map(JSONValue.string))
            put("minItems", lo.map { .number(Double($0)) })
            put("maxItems", hi.map { .number(Double($0)) })
        case .object(let props, let required, let d):
            out["type"] = .string("object")
            out["properties"] = .object(Dictionary(uniqueKeysWithValues: props.map { ($0.0, $0.1.json) }))
            out["required"] = .array(required.map(JSONValue.string))
            out["additionalProperties"] = .bool(false)
            put("description", d.map(JSONValue.string))
        case .nullable(let inner):
            guard case .object(var o) = inner.json else { return inner.json }
            if case .string(let t)? = o["type"] { o["type"] = .array([.string(t), .string("null")]) }
            if case .array(let cases)? = o["enum"] { o["enum"] = .array(cases + [.null]) }
            return .object(o)
        }
        return .object(out)
    }
}
