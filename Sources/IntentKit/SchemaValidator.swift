import Foundation

/// One way a value fails a schema. `description` names the JSON path and the rule; it never
/// repeats the offending value (which is model output and may echo user content).
public struct SchemaViolation: Sendable, Equatable, CustomStringConvertible {
    public enum Rule: String, Sendable, Equatable {
        case type, required, additionalProperties, enumeration = "enum", minLength, maxLength, pattern
        case minimum, maximum, minItems, maxItems
    }

    /// JSON path, e.g. `$.tasks[2].due`.
    public let path: String
    public let rule: Rule
    /// The constraint that failed, e.g. `expected string or null`, `at most 5`.
    public let expectation: String

    public var description: String { "\(path): \(rule.rawValue) (\(expectation))" }
}

extension JSONSchema {
    /// Every violation of `value` against this schema, in document order; empty when valid.
    public func validate(_ value: JSONValue) -> [SchemaViolation] {
        var violations: [SchemaViolation] = []
        check(value, path: "$", into: &violations)
        return violations
    }

    private func check(_ value: JSONValue, path: String, into violations: inout [SchemaViolation]) {
        guard let kind = types.first(where: { Self.matches(value, $0) }) else {
            let expected = types.map(\.rawValue).joined(separator: " or ")
            violations.append(SchemaViolation(path: path, rule: .type, expectation: "expected \(expected)"))
            return
        }
        switch (kind, value) {
        case (.object, .object(let object)):
            checkObject(object, path: path, into: &violations)
        case (.array, .array(let elements)):
            if let minItems, elements.count < minItems {
                violations.append(SchemaViolation(path: path, rule: .minItems, expectation: "at least \(minItems) items"))
            }
            if let maxItems, elements.count > maxItems {
                violations.append(SchemaViolation(path: path, rule: .maxItems, expectation: "at most \(maxItems) items"))
            }
            if let itemSchema = items.first {
                for (index, element) in elements.enumerated() {
                    itemSchema.check(element, path: "\(path)[\(index)]", into: &violations)
                }
            }
        case (.string, .string(let text)):
            checkString(text, path: path, into: &violations)
        case (.integer, .number(let number)), (.number, .number(let number)):
            if let minimum, number < minimum {
                violations.append(SchemaViolation(path: path, rule: .minimum, expectation: "at least \(Self.format(minimum))"))
            }
            if let maximum, number > maximum {
                violations.append(SchemaViolation(path: path, rule: .maximum, expectation: "at most \(Self.format(maximum))"))
            }
        default:
            break
        }
    }

    private func checkObject(_ object: [String: JSONValue], path: String, into violations: inout [SchemaViolation]) {
        for name in required where object[name] == nil {
            violations.append(SchemaViolation(path: Self.join(path, name), rule: .required, expectation: "property is required"))
        }
        for property in properties {
            if let child = object[property.name] {
                property.schema.check(child, path: Self.join(path, property.name), into: &violations)
            }
        }
        if additionalProperties == false {
            let known = Set(properties.map(\.name))
            for name in object.keys.sorted() where !known.contains(name) {
                violations.append(SchemaViolation(path: Self.join(path, name), rule: .additionalProperties,
                                                  expectation: "property is not allowed"))
            }
        }
    }

    private func checkString(_ text: String, path: String, into violations: inout [SchemaViolation]) {
        if let enumValues, !enumValues.contains(text) {
            violations.append(SchemaViolation(path: path, rule: .enumeration,
                                              expectation: "one of \(enumValues.joined(separator: ", "))"))
        }
        let length = text.unicodeScalars.count
        if let minLength, length < minLength {
            violations.append(SchemaViolation(path: path, rule: .minLength, expectation: "at least \(minLength) characters"))
        }
        if let maxLength, length > maxLength {
            violations.append(SchemaViolation(path: path, rule: .maxLength, expectation: "at most \(maxLength) characters"))
        }
        if let pattern {
            let matched = (try? NSRegularExpression(pattern: pattern))
                .map { $0.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil } ?? false
            if !matched {
                violations.append(SchemaViolation(path: path, rule: .pattern, expectation: "must match \(pattern)"))
            }
        }
    }

    private static func matches(_ value: JSONValue, _ kind: Kind) -> Bool {
        switch (kind, value) {
        case (.object, .object), (.array, .array), (.string, .string), (.boolean, .bool), (.null, .null),
             (.number, .number):
            return true
        case (.integer, .number(let number)):
            return number.isFinite && number.rounded() == number
        default:
            return false
        }
    }

    /// Appends a key to a path; keys that are not short identifiers are not echoed.
    private static func join(_ path: String, _ key: String) -> String {
        let isIdentifier = key.count <= 40 && !key.isEmpty
            && key.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
        return isIdentifier ? "\(path).\(key)" : "\(path).<unexpected key>"
    }

    private static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
