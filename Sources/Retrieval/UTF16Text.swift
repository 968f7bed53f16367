/// UTF-16 text (what Windows calls "Unicode": Notepad's and PowerShell's files, Excel's "Unicode
/// Text" export) transcoded to UTF-8 with a map back to the file's bytes, so the kind's own
/// extractor reads UTF-8 and every citation still names the file's byte offsets.
enum UTF16Text {
    /// Share of code units that must be ASCII (a NUL high byte) for a file without a byte-order
    /// mark to be read as UTF-16: such text has a NUL in every other byte, which no UTF-8 or
    /// Windows-1252 text has.
    static let minimumASCIIShare = 0.5
    /// Bytes read for that share (a file's start says how it is written; every file read
    /// through `TextDecoding` passes here, so not its whole length).
    static let sniffBytes = 64 * 1024

    /// The byte order of `bytes` read as UTF-16 and the offset of its first code unit: by its
    /// byte-order mark (`FF FE` little-endian, `FE FF` big-endian), else by where the NULs of the
    /// ASCII characters of its first `sniffBytes` fall; nil when it is not UTF-16 by either.
    static func detect(_ bytes: [UInt8]) -> (bigEndian: Bool, start: Int)? {
        if bytes.starts(with: [0xFF, 0xFE]) { return (false, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (true, 2) }
        guard bytes.count >= 2, bytes.count % 2 == 0 else { return nil }
        let sniffed = min(bytes.count, sniffBytes)
        var evenNUL = 0, oddNUL = 0
        for i in stride(from: 0, to: sniffed - 1, by: 2) {
            if bytes[i] == 0 { evenNUL += 1 }
            if bytes[i + 1] == 0 { oddNUL += 1 }
        }
        let units = Double(sniffed / 2)
        // ASCII in little-endian is `41 00`: NULs at odd offsets only (a NUL character at both)
        if evenNUL == 0 || oddNUL == 0, Double(max(evenNUL, oddNUL)) >= minimumASCIIShare * units {
            return (evenNUL > 0, 0)
        }
        return nil
    }

    /// The code units of `bytes` from `start` in the given byte order, or nil when they are not
    /// valid UTF-16 (an odd byte at the end, a surrogate without its pair).
    static func transcode(_ bytes: [UInt8], from start: Int, bigEndian: Bool) -> MailDecoding.Decoded? {
        guard (bytes.count - start) % 2 == 0 else { return nil }
        func unit(_ i: Int) -> UInt32 {
            bigEndian ? UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1]) : UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i])
        }
        var out = MailDecoding.Decoded()
        out.bytes.reserveCapacity(bytes.count - start)
        var utf8: [UInt8] = []
        var i = start
        while i < bytes.count {
            var scalar = unit(i)
            var width = 2
            if (0xD800...0xDBFF).contains(scalar) {
                guard i + 3 < bytes.count, (0xDC00...0xDFFF).contains(unit(i + 2)) else { return nil }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (unit(i + 2) - 0xDC00)
                width = 4
            } else if (0xDC00...0xDFFF).contains(scalar) {
                return nil
            }
            utf8.removeAll(keepingCapacity: true)
            utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            out.append(utf8, from: i..<(i + width))
            i += width
        }
        return out
    }

    /// `bytes` (UTF-16 code units in the given byte order) as a string; bytes past the last whole
    /// code unit and unpaired surrogates become U+FFFD.
    static func decode<C: Collection>(_ bytes: C, bigEndian: Bool) -> String where C.Element == UInt8 {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var iterator = bytes.makeIterator()
        while let a = iterator.next(), let b = iterator.next() {
            units.append(bigEndian ? UInt16(a) << 8 | UInt16(b) : UInt16(b) << 8 | UInt16(a))
        }
        return String(decoding: units, as: UTF16.self)
    }
}
