/// Something an intent can refer to by id or by name (a reminder, a document, a list).
public protocol IntentEntity: ParameterValue {
    associatedtype Query: EntityQuery where Query.Entity == Self
    /// Human name of the kind, e.g. `reminder`.
    static var kindName: String { get }
    var id: String { get }
    /// How the entity is shown to a person.
    var displayTitle: String { get }
}

/// Looks entities up for parameter resolution.
public protocol EntityQuery: Sendable {
    associatedtype Entity
    init()
    func entities(for ids: [String], in context: RunContext) async throws -> [Entity]
    func entities(matching text: String, in context: RunContext) async throws -> [Entity]
}

extension IntentEntity {
    public static var parameterSchema: JSONSchema {
        .string().described("id or name of a \(kindName)")
    }

    /// An exact id wins; otherwise exactly one name match is required.
    public static func resolve(_ input: ParameterInput, in context: RunContext) async throws -> Self {
        let text = try scalarText(input)
        let query = Query()
        if let byID = try await query.entities(for: [text], in: context).first { return byID }
        let matches = try await query.entities(matching: text, in: context)
        switch matches.count {
        case 1: return matches[0]
        case 0: throw ParameterProblem("no \(kindName) matches")
        default: throw ParameterProblem("\(matches.count) \(kindName)s match; give an id")
        }
    }

    public var jsonValue: JSONValue { .string(id) }
}
