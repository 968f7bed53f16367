import Foundation

/// The character encoding a document's bytes were decoded from.
///
/// A file that is valid UTF-8 (or starts with a UTF-8 byte-order mark) is UTF-8; anything else
/// that does not look binary is read as Windows-1252 — a superset of Latin-1 for text, whose
/// bytes 0x80–0x9F are the cp1252 punctuation (“ ” ‘ ’ – — € …) and whose five undefined bytes
/// (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to the C1 control of the same value, as Latin-1 does. Every
/// Windows-1252 byte is one character, so decoded text maps back to file bytes exactly. A file
/// with a UTF-16 byte-order mark, or whose every other byte is the NUL of an ASCII character, is
/// UTF-16 (`UTF16Text`): its text is transcoded, and its offsets count its two-byte code units.
public enum TextEncoding: String, Sendable, Codable, Equatable {
    case utf8 = "utf-8"
    case windows1252 = "windows-1252"
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"

    /// Code points of Windows-1252 bytes 0x80–0x9F (0xA0–0xFF are Latin-1, the byte's own value).
    static let cp1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// Bytes 0x81, 0x8D, 0x8F, 0x90 and 0x9D: no character in Windows-1252.
    static func isUndefined1252(_ byte: UInt8) -> Bool {
        byte == 0x81 || byte == 0x8D || byte == 0x8F || byte == 0x90 || byte == 0x9D
    }

    /// The UTF-8 bytes of every Windows-1252 byte 0x80–0xFF, indexed by `byte - 0x80`.
    static let cp1252UTF8: [[UInt8]] = (0x80...0xFF).map { byte in
        let value = byte < 0xA0 ? cp1252High[byte - 0x80] : UInt32(byte)
        return Array(String(Character(Unicode.Scalar(value)!)).utf8)
    }

    /// The UTF-8 bytes that `byte` decodes to: 1 for ASCII, 2 or 3 otherwise.
    @inline(__always)
    static func utf8Width1252(_ byte: UInt8) -> Int {
        byte < 0x80 ? 1 : cp1252UTF8[Int(byte) - 0x80].count
    }

    /// Appends the UTF-8 of `bytes` decoded in this encoding (UTF-8 bytes are copied as they are).
    func appendDecoded<C: Collection>(_ bytes: C, to out: inout [UInt8]) where C.Element == UInt8 {
        switch self {
        case .utf8:
            out.append(contentsOf: bytes)
        case .windows1252:
            for b in bytes {
                if b < 0x80 { out.append(b) } else { out.append(contentsOf: TextEncoding.cp1252UTF8[Int(b) - 0x80]) }
            }
        case .utf16LE, .utf16BE:
            out.append(contentsOf: decode(bytes).utf8)
        }
    }

    /// `bytes` decoded in this encoding (invalid UTF-8 becomes U+FFFD).
    public func decode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        switch self {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .windows1252:
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            appendDecoded(bytes, to: &out)
            return String(decoding: out, as: UTF8.self)
        case .utf16LE, .utf16BE:
            return UTF16Text.decode(bytes, bigEndian: self == .utf16BE)
        }
    }
}

/// Tuning of encoding detection (see `TextEncoding`).
public struct TextDecodingConfiguration: Sendable, Equatable {
    /// Bytes at the start of an HTML file searched for `<meta charset>` (the HTML standard's prescan: 1,024).
    public var htmlPrescanBytes = 1_024
    /// A file that is not UTF-8 is binary when more than this share of its bytes are control
    /// characters no text uses (C0 controls other than tab, newlines, form feed, escape and
    /// Ctrl-Z; DEL; the undefined Windows-1252 bytes). Any NUL byte makes it binary.
    public var maxControlShare = 0.01

    public init() {}
}

/// Decides how a document's bytes are decoded.
enum TextDecoding {
    struct Choice: Equatable {
        var encoding: TextEncoding
        /// Index of the first byte of text (3 after a UTF-8 byte-order mark).
        var start: Int
    }

    /// The encoding of `bytes`: a UTF-8 BOM means UTF-8, a UTF-16 BOM or the NULs of ASCII
    /// characters in every other byte UTF-16 (`UTF16Text.detect`); HTML follows its `<meta charset>` when it
    /// names Windows-1252 or Latin-1; valid UTF-8 is UTF-8; otherwise Windows-1252 unless the bytes
    /// look binary. `path` is used in error messages only.
    static func choose(_ bytes: [UInt8], kind: DocumentKind, path: String,
                       configuration: TextDecodingConfiguration = TextDecodingConfiguration()) throws -> Choice {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard String(validating: bytes[3...], as: UTF8.self) != nil else { throw RetrievalError.notUTF8(path: path) }
            return Choice(encoding: .utf8, start: 3)
        }
        if let utf16 = UTF16Text.detect(bytes) {
            return Choice(encoding: utf16.bigEndian ? .utf16BE : .utf16LE, start: utf16.start)
        }
        let validUTF8 = String(validating: bytes, as: UTF8.self) != nil
        if kind == .html, let label = HTMLCharset.declared(in: bytes.prefix(configuration.htmlPrescanBytes)) {
            switch HTMLCharset.encoding(forLabel: label) {
            case .windows1252?:
                if looksBinary(bytes, configuration) { throw RetrievalError.binary(path: path) }
                return Choice(encoding: .windows1252, start: 0)
            case .utf8?, .utf16LE?, .utf16BE?:
                break
            case nil:
                // a declared encoding this library cannot decode: read it only when the bytes are UTF-8 anyway
                guard validUTF8 else { throw RetrievalError.unsupportedEncoding(path: path, encoding: label) }
            }
        }
        if validUTF8 { return Choice(encoding: .utf8, start: 0) }
        if looksBinary(bytes, configuration) { throw RetrievalError.binary(path: path) }
        return Choice(encoding: .windows1252, start: 0)
    }

    /// True when `bytes` hold a NUL, or more than `maxControlShare` of control bytes text never has.
    static func looksBinary(_ bytes: [UInt8], _ configuration: TextDecodingConfiguration) -> Bool {
        if bytes.contains(0) { return true }
        var controls = 0
        for b in bytes where b < 0x20 || b == 0x7F || (b >= 0x80 && b < 0xA0) {
            switch b {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1A, 0x1B: continue
            default:
                if b < 0x80 || TextEncoding.isUndefined1252(b) { controls += 1 }
            }
        }
        return Double(controls) > configuration.maxControlShare * Double(bytes.count)
    }
}
