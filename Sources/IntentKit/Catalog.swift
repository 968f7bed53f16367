/// The versioned, machine-readable description of intents (`intent.catalog/1`).
public enum Catalog {
    public static let schemaVersion = "intent.catalog/1"

    /// `{"schema":"intent.catalog/1","intents":[…]}`
    public static func document(_ registry: IntentRegistry) -> JSONValue {
        .object(["schema": .string(schemaVersion), "intents": .array(registry.intents.map(entry))])
    }

    /// One intent's entry: description, parameters and result as JSON Schema, side effect, phrases.
    public static func entry(_ type: any Intent.Type) -> JSONValue {
        let d = type.description
        let params = IntentRegistry.parameters(of: type)
        var properties: [String: JSONValue] = [:]
        for p in params {
            guard case .object(var schema) = p.schema.jsonValue else { continue }
            schema["x-flag"] = .string(p.flag)
            if let value = p.defaultValue { schema["default"] = value }
            if !p.inputAliases.isEmpty { schema["x-input-aliases"] = .array(p.inputAliases.map(JSONValue.string)) }
            properties[p.jsonKey] = .object(schema)
        }
        let parameters: JSONValue = .object([
            "type": .string("object"),
            "properties": .object(properties),
            "required": .array(params.filter(\.isRequired).map { .string($0.jsonKey) }),
            "additionalProperties": .bool(false),
        ])
        var entry: [String: JSONValue] = [
            "schema": .string(schemaVersion),
            "name": .string(d.name),
            "summary": .string(d.summary),
            "side_effect": .string(d.sideEffect.rawValue),
            "requires_confirmation": .bool(d.requiresConfirmation),
            "phrases": .array(d.phrases.map(JSONValue.string)),
            "examples": .array(d.examples.map { .string("intent run \(d.name) \($0)") }),
            "parameters": parameters,
            "result": resultSchema(type),
        ]
        if let primary = params.first(where: \.isPrimary) { entry["primary"] = .string(primary.jsonKey) }
        if let discussion = d.discussion { entry["discussion"] = .string(discussion) }
        return .object(entry)
    }

    private static func resultSchema<I: Intent>(_ type: I.Type) -> JSONValue { I.Value.schema.jsonValue }
}
