import Foundation
import Testing
@testable import LocalModel

@Suite struct GGUFReaderTests {
    /// A file with one tensor of each supported type, 32 elements each, with known values.
    static func sampleBuilder() -> GGUFBuilder {
        var b = GGUFBuilder()
        b.metadata = GGUFBuilder.llamaMetadata() + [("general.alignment", .u32(32)), ("test.flag", .bool(true))]
        let f32 = (0..<32).map { Float($0) - 16 }
        b.tensors.append(("f32", [32], 0, Bytes.floats(f32)))
        b.tensors.append(("f16", [32], 1, f32.flatMap(Bytes.half)))
        // Q8_0: d = 0.5, q = -16…15 → values -8…7.5
        b.tensors.append(("q8", [32], 8, Bytes.half(0.5) + (0..<32).map { UInt8(bitPattern: Int8($0 - 16)) }))
        // Q4_0: d = 2, nibbles j (low) and 15 - j (high) → (j-8)*2 and (7-j)*2
        b.tensors.append(("q40", [32], 2, Bytes.half(2) + (0..<16).map { UInt8($0) | UInt8(15 - $0) << 4 }))
        // Q4_1: d = 0.25, m = -1, nibbles j (low) and j (high) → j/4 - 1
        b.tensors.append(("q41", [32], 3, Bytes.half(0.25) + Bytes.half(-1) + (0..<16).map { UInt8($0) | UInt8($0) << 4 }))
        return b
    }

    @Test func readsHeaderMetadataAndTensors() throws {
        let url = try Self.sampleBuilder().write()
        let g = try GGUFFile(path: url.path)
        #expect(g.version == 3)
        #expect(g.alignment == 32)
        #expect(g.dataOffset % 32 == 0)
        #expect(g.metadata["general.architecture"]?.stringValue == "llama")
        #expect(g.metadata["test.flag"]?.boolValue == true)
        #expect(g.metadata["llama.rope.freq_base"]?.doubleValue == 10000)
        #expect(g.tensors.count == 5)
        #expect(g.tensors["q41"]?.type == .q4_1)
        #expect(g.tensors["q41"]?.byteCount == 20)
        #expect(g.tensors["q8"]?.dims == [32])
    }

    @Test func dequantizesEveryBlockType() throws {
        let g = try GGUFFile(path: try Self.sampleBuilder().write().path)
        let expected: [Float] = (0..<32).map { Float($0) - 16 }
        #expect(g.floats(g.tensors["f32"]!) == expected)
        #expect(g.floats(g.tensors["f16"]!) == expected)
        let q8Expected: [Float] = (0..<32).map { Float($0 - 16) * 0.5 }
        #expect(g.floats(g.tensors["q8"]!) == q8Expected)
        let q40 = g.floats(g.tensors["q40"]!)
        let q40Low: [Float] = (0..<16).map { Float($0 - 8) * 2 }
        let q40High: [Float] = (0..<16).map { Float(7 - $0) * 2 }
        #expect(Array(q40[0..<16]) == q40Low)
        #expect(Array(q40[16..<32]) == q40High)
        let q41 = g.floats(g.tensors["q41"]!)
        let q41Low: [Float] = (0..<16).map { Float($0) * 0.25 - 1 }
        #expect(Array(q41[0..<16]) == q41Low)
        #expect(Array(q41[16..<32]) == Array(q41[0..<16]))
    }

    @Test func truncatedFilesNameTheProblem() throws {
        let full = Self.sampleBuilder().bytes()
        // Cut inside the header, the metadata, the tensor directory and the tensor data.
        for cut in [3, 20, 60, 400, full.count - 25] {
            let dir = try GGUFBuilder().write().deletingLastPathComponent()
            let url = dir.appendingPathComponent("cut\(cut).gguf")
            try Data(full[0..<cut]).write(to: url)
            do {
                _ = try GGUFFile(path: url.path)
                Issue.record("file cut at \(cut) was accepted")
            } catch let e as LocalModelError {
                guard case .truncated = e else { Issue.record("cut \(cut): unexpected \(e)"); continue }
                #expect(e.description.contains("truncated"))
                #expect(e.description.contains(url.lastPathComponent))
            }
        }
    }

    @Test func rejectsBadMagicAndVersion() throws {
        var bytes = Self.sampleBuilder().bytes()
        bytes[0] = 0x58
        let url = try GGUFBuilder().write()
        try Data(bytes).write(to: url)
        #expect(throws: LocalModelError.notGGUF(path: url.path)) { try GGUFFile(path: url.path) }
        bytes = Self.sampleBuilder().bytes()
        bytes[4] = 9
        try Data(bytes).write(to: url)
        #expect(throws: LocalModelError.unsupportedVersion(path: url.path, version: 9)) { try GGUFFile(path: url.path) }
    }

    @Test func rejectsUnknownTensorType() throws {
        var b = GGUFBuilder()
        b.metadata = GGUFBuilder.llamaMetadata()
        b.tensors.append(("blk.0.ffn_down.weight", [256], 12, [UInt8](repeating: 0, count: 144)))  // Q4_K
        let url = try b.write()
        #expect(throws: LocalModelError.unsupportedTensorType(path: url.path, tensor: "blk.0.ffn_down.weight", code: 12)) {
            try GGUFFile(path: url.path)
        }
    }

    @Test func rejectsOtherArchitectures() throws {
        var b = GGUFBuilder()
        b.metadata = GGUFBuilder.llamaMetadata(architecture: "gpt2")
        let url = try b.write()
        let g = try GGUFFile(path: url.path)
        #expect(throws: LocalModelError.unsupportedArchitecture(path: url.path, architecture: "gpt2")) {
            try LlamaHyperparameters(g)
        }
        #expect(throws: LocalModelError.self) { try LocalModelRunner.load(url) }
    }

    @Test func missingFileIsACleanError() {
        #expect(throws: LocalModelError.self) { try GGUFFile(path: "/nonexistent/model.gguf") }
    }

    @Test func readsHyperparameters() throws {
        var b = GGUFBuilder()
        b.metadata = GGUFBuilder.llamaMetadata()
        let hp = try LlamaHyperparameters(GGUFFile(path: try b.write().path))
        #expect(hp.headDim == 16)
        #expect(hp.kvDim == 16)
        #expect(hp.contextLength == 64)
        #expect(abs(hp.rmsEpsilon - 1e-5) < 1e-9)
    }
}
