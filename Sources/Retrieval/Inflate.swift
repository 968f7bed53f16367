/// DEFLATE decompression (RFC 1951), for the entries of a zip archive (`ZipArchive`): stored,
/// fixed-Huffman and dynamic-Huffman blocks, decoded code by code with canonical code counts.
/// Output past `limit` bytes stops it (an archive that inflates without end is refused).
enum Inflate {
    enum Failure: Error, Equatable {
        case truncated, malformed(String), tooLarge
    }

    static func decompress(_ input: ArraySlice<UInt8>, limit: Int) throws(Failure) -> [UInt8] {
        var state = State(input: input, limit: limit)
        var last = false
        while !last {
            last = try state.bits(1) == 1
            switch try state.bits(2) {
            case 0: try state.stored()
            case 1: try state.codes(Tables.fixedLengths, Tables.fixedDistances)
            case 2:
                let (lengths, distances) = try state.dynamicTables()
                try state.codes(lengths, distances)
            default: throw .malformed("reserved block type")
            }
        }
        return state.output
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws(Failure) {
            for l in lengths { counts[l] += 1 }
            counts[0] = 0
            var left = 1
            for len in 1...15 {
                left = left * 2 - counts[len]
                guard left >= 0 else { throw .malformed("over-subscribed code") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for len in 1..<15 { offsets[len + 1] = offsets[len] + counts[len] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, l) in lengths.enumerated() where l != 0 {
                symbols[offsets[l]] = symbol
                offsets[l] += 1
            }
        }
    }

    struct State {
        let input: ArraySlice<UInt8>
        let limit: Int
        var position: Int
        var bitBuffer = 0
        var bitCount = 0
        var output: [UInt8] = []

        init(input: ArraySlice<UInt8>, limit: Int) {
            self.input = input
            self.limit = limit
            position = input.startIndex
        }

        mutating func bits(_ n: Int) throws(Failure) -> Int {
            while bitCount < n {
                guard position < input.endIndex else { throw .truncated }
                bitBuffer |= Int(input[position]) << bitCount
                position += 1
                bitCount += 8
            }
            let value = bitBuffer & ((1 << n) - 1)
            bitBuffer >>= n
            bitCount -= n
            return value
        }

        mutating func stored() throws(Failure) {
            bitBuffer = 0
            bitCount = 0
            guard position + 4 <= input.endIndex else { throw .truncated }
            let length = Int(input[position]) | Int(input[position + 1]) << 8
            let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
            guard length == ~complement & 0xFFFF else { throw .malformed("stored block length") }
            position += 4
            guard position + length <= input.endIndex else { throw .truncated }
            guard output.count + length <= limit else { throw .tooLarge }
            output.append(contentsOf: input[position..<(position + length)])
            position += length
        }

        mutating func decode(_ h: Huffman) throws(Failure) -> Int {
            var code = 0, first = 0, index = 0
            for len in 1...15 {
                code |= try bits(1)
                let count = h.counts[len]
                if code - count < first { return h.symbols[index + (code - first)] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw .malformed("bad code")
        }

        mutating func codes(_ lengths: Huffman, _ distances: Huffman) throws(Failure) {
            while true {
                let symbol = try decode(lengths)
                if symbol < 256 {
                    guard output.count < limit else { throw .tooLarge }
                    output.append(UInt8(symbol))
                } else if symbol == 256 {
                    return
                } else {
                    let s = symbol - 257
                    guard s < 29 else { throw .malformed("bad length symbol") }
                    let length = Tables.lengthBase[s] + (try bits(Tables.lengthExtra[s]))
                    let d = try decode(distances)
                    guard d < 30 else { throw .malformed("bad distance symbol") }
                    let distance = Tables.distanceBase[d] + (try bits(Tables.distanceExtra[d]))
                    guard distance <= output.count else { throw .malformed("distance too far back") }
                    guard output.count + length <= limit else { throw .tooLarge }
                    let start = output.count - distance
                    for k in 0..<length { output.append(output[start + k]) }
                }
            }
        }

        mutating func dynamicTables() throws(Failure) -> (Huffman, Huffman) {
            let nlen = try bits(5) + 257, ndist = try bits(5) + 1, ncode = try bits(4) + 4
            guard nlen <= 286, ndist <= 30 else { throw .malformed("too many codes") }
            var codeLengths = [Int](repeating: 0, count: 19)
            for i in 0..<ncode { codeLengths[Tables.codeLengthOrder[i]] = try bits(3) }
            let lencode = try Huffman(lengths: codeLengths)
            var lengths: [Int] = []
            while lengths.count < nlen + ndist {
                let symbol = try decode(lencode)
                switch symbol {
                case 0..<16: lengths.append(symbol)
                case 16:
                    guard let previous = lengths.last else { throw .malformed("repeat with no length") }
                    lengths.append(contentsOf: repeatElement(previous, count: 3 + (try bits(2))))
                case 17: lengths.append(contentsOf: repeatElement(0, count: 3 + (try bits(3))))
                default: lengths.append(contentsOf: repeatElement(0, count: 11 + (try bits(7))))
                }
            }
            guard lengths.count == nlen + ndist, lengths[256] != 0 else { throw .malformed("bad code lengths") }
            return (try Huffman(lengths: Array(lengths[..<nlen])), try Huffman(lengths: Array(lengths[nlen...])))
        }
    }

    enum Tables {
        static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                                 131, 163, 195, 227, 258]
        static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
                                   1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
        static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12,
                                    12, 13, 13]
        static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        static let fixedLengths: Huffman = {
            var l = [Int](repeating: 8, count: 288)
            for i in 144..<256 { l[i] = 9 }
            for i in 256..<280 { l[i] = 7 }
            return try! Huffman(lengths: l)
        }()
        static let fixedDistances: Huffman = try! Huffman(lengths: [Int](repeating: 5, count: 30))
    }
}
