/// TEXT value escaping (RFC 5545 §3.3.11): `\n`, `\,`, `\;`, `\\`.
public enum ICSText {
    /// Decodes escapes; an unknown escape keeps the escaped character (`\:` → `:`).
    public static func unescape(_ s: String) -> String {
        guard s.utf8.contains(0x5C) else { return s }  // backslash
        var out = ""
        out.reserveCapacity(s.count)
        var it = s.makeIterator()
        while let c = it.next() {
            guard c == "\\" else { out.append(c); continue }
            switch it.next() {
            case "n"?, "N"?: out.append("\n")
            case let other?: out.append(other)
            case nil: out.append("\\")
            }
        }
        return out
    }

    /// Encodes a value for output: backslash, semicolon, comma and newlines are escaped.
    public static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n": out += "\\n"
            case "\r": continue
            default: out.append(c)
            }
        }
        return out
    }

    /// Splits on unescaped `sep` (structured values such as `N` or list values), keeping escapes.
    public static func splitUnescaped(_ s: String, on sep: Character) -> [String] {
        var parts: [String] = []
        var cur = ""
        var escaped = false
        for c in s {
            if escaped { cur.append("\\"); cur.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == sep { parts.append(cur); cur = ""; continue }
            cur.append(c)
        }
        if escaped { cur.append("\\") }
        parts.append(cur)
        return parts
    }
}
