import Foundation

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

/// QUOTED-PRINTABLE values (vCard 2.1, vCalendar 1.0): `=XX` escapes, then CHARSET.
public enum QuotedPrintable {
    /// The value of a property with QUOTED-PRINTABLE (as ENCODING or bare 2.1 parameter) and
    /// CHARSET (UTF-8, ISO-8859-1, windows-1252, US-ASCII) applied; other values unchanged.
    public static func decodedValue(_ p: ContentLine) -> String {
        let encodings = (p.parameterValues("ENCODING") + p.parameterValues("TYPE")).map { $0.uppercased() }
        guard encodings.contains("QUOTED-PRINTABLE") else { return p.value }
        let bytes = decode(p.value)
        let encoding: String.Encoding = switch p.parameter("CHARSET")?.uppercased() ?? "UTF-8" {
        case "ISO-8859-1", "LATIN1": .isoLatin1
        case "WINDOWS-1252", "CP1252": .windowsCP1252
        case "US-ASCII", "ASCII": .ascii
        default: .utf8
        }
        return String(data: Data(bytes), encoding: encoding) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes `=XX` escapes; malformed escapes are kept literally.
    public static func decode(_ s: String) -> [UInt8] {
        let b = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "="), i + 2 < b.count, let hi = hex(b[i + 1]), let lo = hex(b[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return out
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x37
        case 0x61...0x66: return c - 0x57
        default: return nil
        }
    }
}
