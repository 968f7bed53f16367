/// One typed GGUF metadata value.
public enum GGUFValue: Sendable, Equatable {
    case uint(UInt64)
    case int(Int64)
    case float(Double)
    case bool(Bool)
    case string(String)
    case array([GGUFValue])

    public var intValue: Int? {
        switch self {
        case let .uint(v): return v <= UInt64(Int.max) ? Int(v) : nil
        case let .int(v): return Int(v)
        default: return nil
        }
    }
    public var doubleValue: Double? {
        switch self {
        case let .float(v): return v
        case let .uint(v): return Double(v)
        case let .int(v): return Double(v)
        default: return nil
        }
    }
    public var stringValue: String? { if case let .string(s) = self { return s }; return nil }
    public var boolValue: Bool? { if case let .bool(b) = self { return b }; return nil }
    public var arrayValue: [GGUFValue]? { if case let .array(a) = self { return a }; return nil }
}

extension GGUFCursor {
    /// Reads one value of GGUF type `code` (0…12).
    mutating func readValue(code: UInt32, key: String) throws -> GGUFValue {
        switch code {
        case 0: return .uint(UInt64(try read(UInt8.self, key)))
        case 1: return .int(Int64(try read(Int8.self, key)))
        case 2: return .uint(UInt64(try read(UInt16.self, key)))
        case 3: return .int(Int64(try read(Int16.self, key)))
        case 4: return .uint(UInt64(try read(UInt32.self, key)))
        case 5: return .int(Int64(try read(Int32.self, key)))
        case 6: return .float(Double(try readF32(key)))
        case 7: return .bool(try read(UInt8.self, key) != 0)
        case 8: return .string(try readString(key))
        case 9:
            let elementCode = try read(UInt32.self, key)
            let n = try read(UInt64.self, key)
            guard elementCode <= 12, elementCode != 9 else {
                throw LocalModelError.invalidMetadataType(path: file.path, key: key, code: elementCode)
            }
            // Each element takes at least one byte: a count beyond the file is truncation.
            guard n <= UInt64(file.count - offset) else {
                throw LocalModelError.truncated(path: file.path, what: "array \(key)", offset: offset)
            }
            var items: [GGUFValue] = []
            items.reserveCapacity(Int(n))
            for _ in 0..<Int(n) { items.append(try readValue(code: elementCode, key: key)) }
            return .array(items)
        case 10: return .uint(try read(UInt64.self, key))
        case 11: return .int(try read(Int64.self, key))
        case 12: return .float(try readF64(key))
        default: throw LocalModelError.invalidMetadataType(path: file.path, key: key, code: code)
        }
    }
}
