import Foundation

/// Decodes HTML character references (`&amp;`, `&deg;`, `&#176;`, `&#xB0;`). The index keeps
/// source bytes verbatim (quotes must be exact); answer text is decoded for display, and a line is
/// decoded before its answer type is judged (`&copy; 2026` is a notice of copyright, `180&deg;C` a
/// temperature).
public enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "deg": "°", "copy": "©",
        "reg": "®", "trade": "™", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶",
        "middot": "·", "hellip": "…", "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
        "rdquo": "”", "laquo": "«", "raquo": "»", "times": "×", "divide": "÷", "plusmn": "±", "frac12": "½",
        "frac14": "¼", "frac34": "¾", "sup2": "²", "sup3": "³", "micro": "µ", "eacute": "é", "egrave": "è",
        "ecirc": "ê", "aacute": "á", "agrave": "à", "acirc": "â", "auml": "ä", "ouml": "ö", "uuml": "ü",
        "szlig": "ß", "ccedil": "ç", "ntilde": "ñ", "oacute": "ó", "iacute": "í", "uacute": "ú", "bull": "•",
        "rarr": "→", "larr": "←", "minus": "−", "le": "≤", "ge": "≥", "ne": "≠", "asymp": "≈", "shy": "",
    ]

    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            let ch = text[i]
            guard ch == "&", let semi = text[i...].prefix(12).firstIndex(of: ";") else {
                out.append(ch); i = text.index(after: i); continue
            }
            let name = String(text[text.index(after: i)..<semi])
            if let value = reference(name) {
                out += value
                i = text.index(after: semi)
            } else {
                out.append(ch); i = text.index(after: i)
            }
        }
        return out
    }

    private static func reference(_ name: String) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return named[name]
    }
}
