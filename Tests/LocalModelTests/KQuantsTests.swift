import Foundation
import Primitives
import Testing
@testable import LocalModel

/// Q4_K and Q6_K dequantisation against llama.cpp's own (`dequantize_row_q4_K`/`_q6_K` of the
/// libggml that llama-cpp-python 0.3.36 ships), recorded by Fixtures/gemma3/kquants_reference.py:
/// bit-identical floats, not "close".
@Suite struct KQuantsTests {
    struct Reference: Decodable {
        struct Crafted: Decodable { var type: String; var blocks: String; var floats: [UInt32] }
        struct Real: Decodable {
            var tensor: String, type: String, dims: [Int], offset: Int, bytes: Int
            var bytesSHA256: String, floatsSHA256: String, firstFloats: [UInt32]
            enum CodingKeys: String, CodingKey {
                case tensor, type, dims, offset, bytes
                case bytesSHA256 = "bytes_sha256", floatsSHA256 = "floats_sha256", firstFloats = "first_floats"
            }
        }
        var gguf: String
        var crafted: [Crafted]
        var real: [Real]

        static func load() throws -> Reference {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fixtures/gemma3/kquants_reference.json")
            return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
        }
    }

    static func format(_ name: String) -> KQuantFormat? { KQuantFormat.allCases.first { $0.name == name } }

    static func bytes(hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var it = hex.utf8.makeIterator()
        while let hi = it.next(), let lo = it.next() {
            func nibble(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : (c | 0x20) - 87 }
            out.append(nibble(hi) << 4 | nibble(lo))
        }
        return out
    }

    static var installedGemma: URL? {
        let env = ProcessInfo.processInfo.environment
        return ModelSearchPath.find("gemma3/gemma-3-270m-q4_k_m.gguf", home: env["INTENT_HOME"], environment: env)
    }

    @Test func craftedBlocksMatchLlamaCppBitForBit() throws {
        let reference = try Reference.load()
        #expect(Set(reference.crafted.map(\.type)) == ["Q4_K", "Q6_K"])
        for c in reference.crafted {
            let format = try #require(Self.format(c.type))
            let raw = Self.bytes(hex: c.blocks)
            #expect(raw.count % format.blockBytes == 0 && raw.count > 0)
            let got = try raw.withUnsafeBytes { try KQuants.dequantize(format, bytes: $0) }
            #expect(got.count == c.floats.count)
            let mismatches = zip(got, c.floats).enumerated().filter { $0.element.0.bitPattern != $0.element.1 }
            #expect(mismatches.isEmpty, "\(c.type): \(mismatches.count) of \(got.count) values differ, first at \(mismatches.first?.offset ?? -1)")
        }
    }

    /// A Q4_K block built by hand: sub-blocks 0–3 have scales 1–4 and mins 0–6, sub-blocks 4–7
    /// scales 57–60 and mins 40–46 (their top bits sit in the spare bits of bytes 0–7); the low
    /// nibbles count up, the high ones down; d = 1, dmin = 0.5.
    @Test func q4KScaleAndMinPacking() throws {
        let scales: [UInt8] = (0..<8).map { UInt8($0 + 1) + ($0 >= 4 ? 52 : 0) }
        let mins: [UInt8] = (0..<8).map { UInt8(2 * $0) + ($0 >= 4 ? 32 : 0) }
        var packed = [UInt8](repeating: 0, count: 12)
        for j in 0..<4 {
            packed[j] = scales[j] | ((scales[j + 4] >> 4) << 6)
            packed[j + 4] = mins[j] | ((mins[j + 4] >> 4) << 6)
            packed[j + 8] = (scales[j + 4] & 0x0F) | ((mins[j + 4] & 0x0F) << 4)
        }
        var block = Bytes.half(1) + Bytes.half(0.5) + packed
        for i in 0..<128 { block.append(UInt8(i % 16) | UInt8((15 - i % 16) << 4)) }
        let y = try block.withUnsafeBytes { try KQuants.dequantize(.q4_K, bytes: $0) }
        for pair in 0..<4 {
            for l in 0..<32 {
                let lo = 2 * pair, hi = 2 * pair + 1
                #expect(y[64 * pair + l] == Float(scales[lo]) * Float(l % 16) - 0.5 * Float(mins[lo]))
                #expect(y[64 * pair + 32 + l] == Float(scales[hi]) * Float(15 - l % 16) - 0.5 * Float(mins[hi]))
            }
        }
    }

    /// A Q6_K block built by hand: every 6-bit value is 63 (so q − 32 = 31), scales −8…7, d = 0.25.
    @Test func q6KSignedScalesAndHighBits() throws {
        let scales = (0..<16).map { Int8($0 - 8) }
        let block = [UInt8](repeating: 0xFF, count: 192) + scales.map { UInt8(bitPattern: $0) } + Bytes.half(0.25)
        let y = try block.withUnsafeBytes { try KQuants.dequantize(.q6_K, bytes: $0) }
        #expect(y.count == 256)
        for i in 0..<256 { #expect(y[i] == 0.25 * Float(scales[i / 16]) * 31, "value \(i)") }
    }

    @Test func partialBlocksAndSmallDestinationsAreRefused() throws {
        let raw = [UInt8](repeating: 0, count: 145)
        #expect(throws: KQuantsError.partialBlock(format: "Q4_K", bytes: 145, blockBytes: 144)) {
            try raw.withUnsafeBytes { _ = try KQuants.dequantize(.q4_K, bytes: $0) }
        }
        let two = [UInt8](repeating: 0, count: 420)
        var out = [Float](repeating: 7, count: 300)
        #expect(throws: KQuantsError.destinationTooSmall(needed: 512, capacity: 300)) {
            try two.withUnsafeBytes { src in try out.withUnsafeMutableBufferPointer { try KQuants.dequantize(.q6_K, bytes: src, into: $0) } }
        }
        #expect(out.allSatisfy { $0 == 7 }, "nothing written on refusal")
        #expect(KQuantsError.partialBlock(format: "Q4_K", bytes: 145, blockBytes: 144).description.contains("145 bytes"))
        #expect(KQuantFormat(ggmlType: 12) == .q4_K && KQuantFormat(ggmlType: 14) == .q6_K && KQuantFormat(ggmlType: 2) == nil)
    }

    /// Whole tensors of the installed Gemma 3 270M GGUF (scripts/models-gemma3.sh), hashed.
    @Test(.enabled(if: installedGemma != nil, "needs gemma3/gemma-3-270m-q4_k_m.gguf (scripts/models-gemma3.sh --accept-gemma-terms DIR)"))
    func realGemmaTensorsMatchLlamaCpp() throws {
        let reference = try Reference.load()
        let file = try LocalModel.MappedFile(path: try #require(Self.installedGemma).path)
        #expect(reference.real.count == 2)
        for r in reference.real {
            let format = try #require(Self.format(r.type))
            try #require(r.offset + r.bytes <= file.count, "\(r.tensor) lies past the end of the file")
            let src = UnsafeRawBufferPointer(start: file.base + r.offset, count: r.bytes)
            #expect(SHA256.hex(Data(src)) == r.bytesSHA256, "\(r.tensor): not the recorded bytes")
            let floats = try KQuants.dequantize(format, bytes: src)
            #expect(floats.count == r.dims.reduce(1, *))
            #expect(floats.prefix(r.firstFloats.count).map(\.bitPattern) == r.firstFloats, "\(r.tensor)")
            let bits = floats.withUnsafeBytes { Data($0) }
            #expect(SHA256.hex(bits) == r.floatsSHA256, "\(r.tensor): the floats differ from llama.cpp's")
        }
    }
}
