/// The transfer encodings of a mail message (RFC 2045 §6, RFC 2047), decoded with a map back to
/// the bytes they came from.
enum MailDecoding {
    /// A body's decoded bytes and their runs into the message: `textOffset` is an offset into
    /// `bytes`, `sourceOffset` into the message.
    struct Decoded {
        var bytes: [UInt8] = []
        var runs: [ExtractedText.Segment] = []

        /// Appends `decoded`, which came from source bytes `range`, merged with the run before
        /// when that run is contiguous and maps as many decoded bytes per source byte (byte for
        /// byte; a quoted-printable `=E2` 1 for 3; UTF-16's ASCII 1 for 2, `UTF16Text`).
        mutating func append(_ decoded: some Collection<UInt8>, from range: Range<Int>) {
            guard !decoded.isEmpty else { return }
            if var last = runs.last, last.sourceOffset + last.sourceLength == range.lowerBound,
               last.textOffset + last.length == bytes.count, last.length * range.count == decoded.count * last.sourceLength {
                last.length += decoded.count
                last.sourceLength += range.count
                runs[runs.count - 1] = last
            } else {
                runs.append(.init(textOffset: bytes.count, sourceOffset: range.lowerBound, length: decoded.count,
                                  sourceLength: range.count))
            }
            bytes.append(contentsOf: decoded)
        }
    }

    /// The body at `range` decoded by its `Content-Transfer-Encoding` (7bit, 8bit and binary
    /// are the bytes themselves).
    static func body(_ bytes: [UInt8], _ range: Range<Int>, encoding: String) -> Decoded {
        switch encoding.lowercased() {
        case "quoted-printable": return quotedPrintable(bytes, range)
        case "base64": return base64(bytes, range)
        default:
            var out = Decoded()
            out.append(bytes[range], from: range)
            return out
        }
    }

    /// Quoted-printable: `=E2` is one byte from three, `=` at a line's end joins it to the next.
    static func quotedPrintable(_ bytes: [UInt8], _ range: Range<Int>, underscoreIsSpace: Bool = false) -> Decoded {
        var out = Decoded()
        var i = range.lowerBound
        var run = i
        func flush(_ end: Int) { if run < end { out.append(bytes[run..<end], from: run..<end) } }
        while i < range.upperBound {
            let c = bytes[i]
            if c == UInt8(ascii: "=") {
                if i + 2 < range.upperBound, let hi = hex(bytes[i + 1]), let lo = hex(bytes[i + 2]) {
                    flush(i)
                    out.append([hi << 4 | lo], from: i..<(i + 3))
                    i += 3
                    run = i
                    continue
                }
                // a soft line break: `=`, white space, the line's end
                var j = i + 1
                while j < range.upperBound, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                if j < range.upperBound, bytes[j] == 0x0D { j += 1 }
                if j < range.upperBound, bytes[j] == 0x0A {
                    flush(i)
                    i = j + 1
                    run = i
                    continue
                }
                i += 1
            } else if underscoreIsSpace, c == UInt8(ascii: "_") {
                flush(i)
                out.append([0x20], from: i..<(i + 1))
                i += 1
                run = i
            } else {
                i += 1
            }
        }
        flush(range.upperBound)
        return out
    }

    /// Base64, line by line: each line's bytes one run over its characters (four characters
    /// give three bytes, so a byte's first source character holds its first bit).
    static func base64(_ bytes: [UInt8], _ range: Range<Int>) -> Decoded {
        var out = Decoded()
        var bits = 0, count = 0
        var lineStart = range.lowerBound
        var pending: [UInt8] = []
        func endLine(_ end: Int) {
            if !pending.isEmpty { out.append(pending, from: lineStart..<max(end, lineStart + 1)) }
            pending.removeAll(keepingCapacity: true)
        }
        var i = range.lowerBound
        while i < range.upperBound {
            let c = bytes[i]
            if c == 0x0A {
                // the line's characters, without its line break
                endLine(i > lineStart && bytes[i - 1] == 0x0D ? i - 1 : i)
                lineStart = i + 1
            } else if let v = base64Value(c) {
                bits = bits << 6 | Int(v)
                count += 6
                if count >= 8 {
                    count -= 8
                    pending.append(UInt8(truncatingIfNeeded: bits >> count))
                    bits &= (1 << count) - 1
                }
            }
            i += 1
        }
        endLine(range.upperBound)
        return out
    }

    /// The value of a hex digit (either case).
    static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x37
        case 0x61...0x66: c - 0x57
        default: nil
        }
    }

    private static func base64Value(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x41...0x5A: c - 0x41
        case 0x61...0x7A: c - 0x61 + 26
        case 0x30...0x39: c - 0x30 + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// The text encoding a MIME `charset` names: Latin-1 and its kin are read as Windows-1252
    /// (their superset), anything else as UTF-8.
    static func textEncoding(charset: String?) -> TextEncoding {
        let latin: Set = ["iso-8859-1", "iso8859-1", "latin1", "latin-1", "windows-1252", "cp1252", "iso-8859-15"]
        return charset.map { latin.contains($0.lowercased()) } == true ? .windows1252 : .utf8
    }
}
