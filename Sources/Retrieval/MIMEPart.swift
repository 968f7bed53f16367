import Foundation

/// One part of a MIME message (RFC 2045–2046), or the message itself: its header lines and its
/// body's byte range.
struct MIMEPart {
    struct Header {
        /// The name, lower-cased.
        let name: String
        /// The whole header, from its name to its last line's end.
        let line: Range<Int>
        /// The value's pieces, one per physical line, without the line breaks and the leading
        /// white space of a continuation line.
        let value: [Range<Int>]
    }

    let headers: [Header]
    let body: Range<Int>
    private let headerValues: [String: String]

    /// Reads the headers at the start of `range` (up to the first empty line) and the body after.
    init(_ bytes: [UInt8], _ range: Range<Int>) {
        var headers: [Header] = []
        var i = range.lowerBound
        var bodyStart = range.upperBound
        while i < range.upperBound {
            let (end, next) = Self.line(bytes, i, range.upperBound)
            if end == i { bodyStart = next; break }  // the empty line
            guard let colon = bytes[i..<end].firstIndex(of: UInt8(ascii: ":")),
                  colon > i, bytes[i] != 0x20, bytes[i] != 0x09 else {
                // not a header: the message has no header block (a body alone)
                if headers.isEmpty { bodyStart = i; break }
                i = next
                continue
            }
            var value: [Range<Int>] = []
            var lo = colon + 1
            while lo < end, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
            if lo < end { value.append(lo..<end) }
            var lineEnd = end
            var j = next
            // continuation lines start with white space
            while j < range.upperBound, bytes[j] == 0x20 || bytes[j] == 0x09 {
                let (e, n) = Self.line(bytes, j, range.upperBound)
                var s = j
                while s < e, bytes[s] == 0x20 || bytes[s] == 0x09 { s += 1 }
                if s < e { value.append(s..<e) }
                lineEnd = e
                j = n
            }
            let name = String(decoding: bytes[i..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
            headers.append(Header(name: name, line: i..<lineEnd, value: value))
            i = j
            if i >= range.upperBound { bodyStart = range.upperBound }
        }
        self.headers = headers
        self.body = min(bodyStart, range.upperBound)..<range.upperBound
        var values: [String: String] = [:]
        for h in headers where values[h.name] == nil {
            values[h.name] = h.value.map { String(decoding: bytes[$0], as: UTF8.self) }.joined(separator: " ")
        }
        headerValues = values
    }

    /// The end of the line at `i` (before its CR LF or LF) and the start of the next.
    private static func line(_ bytes: [UInt8], _ i: Int, _ limit: Int) -> (end: Int, next: Int) {
        var e = i
        while e < limit, bytes[e] != 0x0A { e += 1 }
        let next = min(e + 1, limit)
        return (e > i && bytes[e - 1] == 0x0D ? e - 1 : e, e < limit ? next : limit)
    }

    /// `type/subtype`, lower-cased; `text/plain` when the part does not say.
    var contentType: String {
        let value = headerValues["content-type"].map { Self.fields($0).first ?? "" } ?? ""
        return value.isEmpty ? "text/plain" : value.lowercased()
    }

    var transferEncoding: String {
        headerValues["content-transfer-encoding"]?.trimmingCharacters(in: .whitespaces).lowercased() ?? "7bit"
    }

    /// A parameter of `Content-Type` (`charset`, `boundary`, `name`).
    func parameter(_ name: String, of header: String = "content-type") -> String? {
        guard let value = headerValues[header] else { return nil }
        for field in Self.fields(value).dropFirst() {
            guard let eq = field.firstIndex(of: "=") else { continue }
            let key = field[..<eq].trimmingCharacters(in: .whitespaces).lowercased()
            var v = field[field.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            if v.count >= 2, v.hasPrefix("\""), v.hasSuffix("\"") { v = String(v.dropFirst().dropLast()) }
            if key == name { return v }
            // RFC 2231: filename*=UTF-8''Quote%20v2.pdf
            if key == name + "*", let quote = v.range(of: "''") { return Self.percentDecoded(String(v[quote.upperBound...])) }
        }
        return nil
    }

    /// The attachment's file name, when the part is an attachment or names a file.
    var fileName: String? {
        let disposition = headerValues["content-disposition"].map { Self.fields($0).first?.lowercased() ?? "" }
        let name = parameter("filename", of: "content-disposition") ?? parameter("name")
        guard disposition == "attachment" || name != nil else { return nil }
        return name.map { $0.filter { !$0.isNewline } }
    }

    /// The parts of a multipart body, split at its boundary lines (`--boundary`); the preamble
    /// and the epilogue are not parts.
    func children(_ bytes: [UInt8]) -> [MIMEPart] {
        guard let boundary = parameter("boundary"), !boundary.isEmpty else { return [] }
        let marker = Array("--\(boundary)".utf8)
        var parts: [MIMEPart] = []
        var partStart: Int?
        var i = body.lowerBound
        while i < body.upperBound {
            let (end, next) = Self.line(bytes, i, body.upperBound)
            if end - i >= marker.count, bytes[i..<(i + marker.count)].elementsEqual(marker) {
                // the line break before a boundary belongs to it
                if let s = partStart {
                    var e = i
                    if e > s, bytes[e - 1] == 0x0A { e -= 1 }
                    if e > s, bytes[e - 1] == 0x0D { e -= 1 }
                    parts.append(MIMEPart(bytes, s..<max(s, e)))
                }
                let closing = end - i >= marker.count + 2 && bytes[i + marker.count] == UInt8(ascii: "-")
                    && bytes[i + marker.count + 1] == UInt8(ascii: "-")
                if closing { return parts }
                partStart = next
            }
            i = next
        }
        if let s = partStart, s < body.upperBound { parts.append(MIMEPart(bytes, s..<body.upperBound)) }
        return parts
    }

    /// A header value's `;`-separated fields, outside quotes.
    private static func fields(_ value: String) -> [String] {
        var out: [String] = [""]
        var quoted = false
        for c in value {
            if c == "\"" { quoted.toggle() }
            if c == ";", !quoted { out.append("") } else { out[out.count - 1].append(c) }
        }
        return out.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func percentDecoded(_ s: String) -> String {
        var out: [UInt8] = []
        let b = Array(s.utf8)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "%"), i + 2 < b.count, let hi = MailDecoding.hex(b[i + 1]), let lo = MailDecoding.hex(b[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
