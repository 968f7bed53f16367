/// GPT-2's reversible byte ↔ printable-character mapping used by byte-level BPE vocabularies.
enum ByteLevel {
    /// `byteToScalar[b]` is the character that stands for byte `b` in vocabulary strings.
    static let byteToScalar: [Unicode.Scalar] = {
        var table = [Unicode.Scalar](repeating: " ", count: 256)
        var next: UInt32 = 256
        for b in 0..<256 {
            let printable = (0x21...0x7E).contains(b) || (0xA1...0xAC).contains(b) || (0xAE...0xFF).contains(b)
            if printable {
                table[b] = Unicode.Scalar(UInt32(b))!
            } else {
                table[b] = Unicode.Scalar(next)!
                next += 1
            }
        }
        return table
    }()

    /// Inverse of `byteToScalar`, indexed by scalar value (0..<324); -1 where undefined.
    static let scalarToByte: [Int16] = {
        var table = [Int16](repeating: -1, count: 324)
        for (b, s) in byteToScalar.enumerated() { table[Int(s.value)] = Int16(b) }
        return table
    }()

    /// Decodes a vocabulary string back to raw bytes; characters outside the map are kept as UTF-8.
    static func decode(_ token: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(token.utf8.count)
        for s in token.unicodeScalars {
            let v = Int(s.value)
            if v < scalarToByte.count, scalarToByte[v] >= 0 {
                out.append(UInt8(scalarToByte[v]))
            } else {
                out.append(contentsOf: Array(String(s).utf8))
            }
        }
        return out
    }
}
