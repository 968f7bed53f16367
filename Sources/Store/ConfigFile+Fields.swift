import IntentKit

/// The type every known config.json field must have. A field added to the product is added to
/// `ConfigFile.fields` with its type, so a wrong-typed value is caught when the file is read.
public enum ConfigFieldType: Sendable {
    case string
    /// A string from a fixed set.
    case oneOf([String])
    case bool
    case stringArray
    /// An object; its own reader checks the members (e.g. `models`).
    case object
    /// An object whose members are whole numbers ≥ 0, with these names only.
    case counts([String])

    var expectation: String {
        switch self {
        case .string: return "a string"
        case .oneOf(let values): return "one of \(values.joined(separator: ", "))"
        case .bool: return "true or false"
        case .stringArray: return "an array of strings"
        case .object: return "an object"
        case .counts(let keys): return "an object of whole numbers ≥ 0 (\(keys.joined(separator: ", ")))"
        }
    }

    func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string): return true
        case (.oneOf(let values), .string(let s)): return values.contains(s)
        case (.bool, .bool): return true
        case (.stringArray, .array(let items)): return items.allSatisfy { $0.stringValue != nil }
        case (.object, .object): return true
        case (.counts(let keys), .object(let members)):
            return members.allSatisfy { key, value in
                guard keys.contains(key), case .number(let n) = value else { return false }
                return n >= 0 && n.rounded() == n && n <= 1_000_000
            }
        default: return false
        }
    }
}

extension ConfigFile {
    /// Every field the product reads, with its type. Unknown keys are kept and ignored.
    public static let fields: [String: ConfigFieldType] = [
        "policy": .oneOf(RoutingPolicy.allCases.map(\.rawValue)),
        "calendars": .stringArray,
        "models": .object,
        "tz": .string,
        "retention": .counts(RetentionPolicy.keys.map(\.key)),
    ]

    /// Throws 78 naming the file and the first field whose value has the wrong type.
    func check(path: String) throws {
        for key in raw.keys.sorted() {
            guard let type = Self.fields[key], let value = raw[key], !value.isNull else { continue }
            guard type.accepts(value) else {
                throw IntentError.configuration("\(path): \"\(key)\" must be \(type.expectation) (found \(Self.kind(of: value))); fix the file, or set it with intent's own commands")
            }
        }
    }

    /// The retention policy: defaults, overridden by `"retention"`.
    public func retention() throws -> RetentionPolicy {
        var policy = RetentionPolicy()
        guard case .object(let members)? = raw["retention"] else { return policy }
        for (key, path) in RetentionPolicy.keys {
            if case .number(let n)? = members[key], n >= 0, n <= 1_000_000 { policy[keyPath: path] = Int(n) }
        }
        return policy
    }

    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string(let s): return s.count <= 40 && s.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 } ? "\"\(s)\"" : "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
