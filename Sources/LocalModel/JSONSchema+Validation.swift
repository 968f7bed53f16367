import Foundation

extension JSONSchema {
    /// Checks a decoded JSON value (from `JSONSerialization`, fragments allowed) against the
    /// schema; returns nil when it validates, else the JSON Pointer of the first violation and
    /// the rule (never the value itself).
    public func violation(in value: Any, at path: String = "") -> String? {
        switch self {
        case let .nullable(inner):
            if value is NSNull { return nil }
            return inner.violation(in: value, at: path)
        case .null:
            return value is NSNull ? nil : "\(path): expected null"
        case .boolean:
            guard let n = value as? NSNumber, Self.isBoolean(n) else { return "\(path): expected boolean" }
            return nil
        case .integer, .number:
            guard let n = value as? NSNumber, !Self.isBoolean(n) else { return "\(path): expected number" }
            if self == .integer, n.doubleValue.rounded() != n.doubleValue { return "\(path): expected integer" }
            return nil
        case let .string(c):
            guard let s = value as? String else { return "\(path): expected string" }
            let count = s.unicodeScalars.count
            if count < c.minLength { return "\(path): shorter than minLength" }
            if let mx = c.maxLength, count > mx { return "\(path): longer than maxLength" }
            if let values = c.enumValues, !values.contains(s) { return "\(path): not in enum" }
            if let p = c.pattern, let regex = try? SimpleRegex(p) {
                var st = regex.initial
                for u in s.unicodeScalars { st = regex.step(st, u); if st.isDead { break } }
                if st.isDead || !regex.isAccepting(st) { return "\(path): does not match pattern" }
            }
            return nil
        case let .array(items, mn, mx):
            guard let a = value as? [Any] else { return "\(path): expected array" }
            if a.count < mn { return "\(path): fewer than minItems" }
            if let mx, a.count > mx { return "\(path): more than maxItems" }
            for (i, v) in a.enumerated() { if let e = items.violation(in: v, at: "\(path)/\(i)") { return e } }
            return nil
        case let .object(props, required):
            guard let o = value as? [String: Any] else { return "\(path): expected object" }
            for r in required where o[r] == nil { return "\(path): missing required property \(r)" }
            for (k, v) in o {
                guard let p = props.first(where: { $0.name == k }) else { return "\(path): unexpected property \(k)" }
                if let e = p.schema.violation(in: v, at: "\(path)/\(k)") { return e }
            }
            return nil
        }
    }

    /// JSON booleans decode as NSNumber with ObjC type "c" (numbers never use it).
    static func isBoolean(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

    /// Parses `text` as JSON and validates it; nil when valid.
    public func violation(inJSON text: String) -> String? {
        guard let v = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            return "not valid JSON"
        }
        return violation(in: v)
    }
}
