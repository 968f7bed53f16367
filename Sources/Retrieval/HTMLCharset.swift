import Foundation

/// The encoding an HTML file declares in its first bytes: `<meta charset="…">` or
/// `<meta http-equiv="Content-Type" content="text/html; charset=…">`, with the labels of the
/// WHATWG Encoding standard (where `latin1`, `iso-8859-1` and `us-ascii` all mean Windows-1252).
enum HTMLCharset {
    static let windows1252Labels: Set<String> = [
        "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100",
        "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252",
        "x-cp1252",
    ]
    static let utf8Labels: Set<String> = ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"]

    /// Labels of UTF-16: a file whose prescan can read its `<meta>` is not UTF-16, so the
    /// standard reads it as UTF-8 (UTF-16 itself is known by its bytes, `UTF16Text`).
    static let utf16Labels: Set<String> = ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le",
                                           "unicodefffe", "utf-16be"]

    /// The encoding a label names, or nil when it is one this library does not decode.
    static func encoding(forLabel label: String) -> TextEncoding? {
        if windows1252Labels.contains(label) { return .windows1252 }
        if utf8Labels.contains(label) || utf16Labels.contains(label) { return .utf8 }
        return nil
    }

    /// The lowercased charset label of the first `<meta>` tag in `prefix` that declares one.
    static func declared(in prefix: ArraySlice<UInt8>) -> String? {
        let b = Array(prefix)
        var i = 0
        while let open = HTMLExtractor.find(b, "<meta", from: i, caseInsensitive: true) {
            let close = HTMLExtractor.find(b, ">", from: open) ?? b.count
            let tag = b[(open + 5)..<close].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            if let label = charsetValue(in: tag) { return label }
            i = close
        }
        return nil
    }

    /// The value after `charset` `=` in a tag's attributes (quoted or not, ended by `;`, a quote or a space).
    private static func charsetValue(in tag: [UInt8]) -> String? {
        var from = 0
        while let at = HTMLExtractor.find(tag, "charset", from: from) {
            var j = at + 7
            while j < tag.count, HTMLExtractor.isSpace(tag[j]) { j += 1 }
            from = at + 7
            guard j < tag.count, tag[j] == UInt8(ascii: "=") else { continue }
            j += 1
            while j < tag.count, HTMLExtractor.isSpace(tag[j]) || tag[j] == UInt8(ascii: "\"") || tag[j] == UInt8(ascii: "'") {
                j += 1
            }
            var label: [UInt8] = []
            while j < tag.count, !HTMLExtractor.isSpace(tag[j]), ![UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ";"),
                                                                   UInt8(ascii: "/")].contains(tag[j]) {
                label.append(tag[j]); j += 1
            }
            // a label is a short token of letters, digits and . _ : - (anything else is not echoed)
            let plain = label.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || [0x2E, 0x5F, 0x3A, 0x2D].contains($0) }
            if !label.isEmpty { return plain && label.count <= 40 ? String(decoding: label, as: UTF8.self) : "an unnamed charset" }
        }
        return nil
    }
}
