import Foundation
@testable import LocalModel
import Primitives

/// Writes small GGUF v3 files for reader tests.
struct GGUFBuilder {
    enum Value {
        case u32(UInt32), f32(Float), bool(Bool), string(String), strings([String]), i32s([Int32])
    }
    var metadata: [(String, Value)] = []
    var tensors: [(name: String, dims: [UInt64], type: UInt32, data: [UInt8])] = []
    var alignment = 32

    static func llamaMetadata(architecture: String = "llama") -> [(String, Value)] {
        [("general.architecture", .string(architecture)),
         ("llama.block_count", .u32(1)), ("llama.context_length", .u32(64)),
         ("llama.embedding_length", .u32(32)), ("llama.feed_forward_length", .u32(64)),
         ("llama.attention.head_count", .u32(2)), ("llama.attention.head_count_kv", .u32(1)),
         ("llama.rope.freq_base", .f32(10000)), ("llama.attention.layer_norm_rms_epsilon", .f32(1e-5)),
         ("llama.vocab_size", .u32(8))]
    }

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        func str(_ s: String) { u64(UInt64(s.utf8.count)); out += Array(s.utf8) }
        u32(0x4655_4747); u32(3); u64(UInt64(tensors.count)); u64(UInt64(metadata.count))
        for (key, value) in metadata {
            str(key)
            switch value {
            case let .u32(v): u32(4); u32(v)
            case let .f32(v): u32(6); u32(v.bitPattern)
            case let .bool(v): u32(7); out.append(v ? 1 : 0)
            case let .string(s): u32(8); str(s)
            case let .strings(a): u32(9); u32(8); u64(UInt64(a.count)); a.forEach(str)
            case let .i32s(a): u32(9); u32(5); u64(UInt64(a.count)); a.forEach { u32(UInt32(bitPattern: $0)) }
            }
        }
        var offset: UInt64 = 0
        var offsets: [UInt64] = []
        for t in tensors {
            offsets.append(offset)
            offset += UInt64((t.data.count + alignment - 1) / alignment * alignment)
        }
        for (t, off) in zip(tensors, offsets) {
            str(t.name); u32(UInt32(t.dims.count)); t.dims.forEach(u64); u32(t.type); u64(off)
        }
        while out.count % alignment != 0 { out.append(0) }
        for t in tensors {
            out += t.data
            while out.count % alignment != 0 { out.append(0) }
        }
        return out
    }

    func write(_ name: String = "model.gguf") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("localmodel-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(bytes()).write(to: url)
        return url
    }
}

/// Little-endian bytes of halves and floats for crafted blocks.
enum Bytes {
    static func half(_ v: Float) -> [UInt8] { let b = Float16(v).bitPattern; return [UInt8(b & 0xFF), UInt8(b >> 8)] }
    static func floats(_ v: [Float]) -> [UInt8] { v.flatMap { f in withUnsafeBytes(of: f.bitPattern.littleEndian) { Array($0) } } }
}

/// Finds the installed SmolLM2 weights in the CLI's search order (`ModelSearchPath`). Model-running
/// tests need a release build: in debug builds they run only with INTENT_LOCALMODEL_RELEASE_TESTS=1.
enum InstalledModel {
    static let fileName = "smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"

    static var url: URL? {
        let env = ProcessInfo.processInfo.environment
        return ModelSearchPath.find(fileName, home: env["INTENT_HOME"], environment: env)
    }

    static var canRunModel: Bool {
        #if DEBUG
        return url != nil && ProcessInfo.processInfo.environment["INTENT_LOCALMODEL_RELEASE_TESTS"] == "1"
        #else
        return url != nil
        #endif
    }

    nonisolated(unsafe) private static var cached: LocalModelRunner?
    private static let lock = NSLock()

    /// One shared runner per test process.
    static func runner() throws -> LocalModelRunner {
        lock.lock(); defer { lock.unlock() }
        if let r = cached { return r }
        let r = try LocalModelRunner.load(url!)
        cached = r
        return r
    }
}

/// The llama.cpp reference recorded on the same file (Fixtures/smollm2).
struct LlamaCppReference {
    let raw: [String: Any]

    init() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/smollm2/llama_cpp_reference.json")
        raw = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    var tokenizerChecks: [String: [Int]] { raw["tokenizer_checks"] as! [String: [Int]] }
    var prompt: String { raw["ref_prompt"] as! String }
    var promptIDs: [Int] { raw["ref_prompt_token_ids"] as! [Int] }
    var generatedIDs: [Int] { raw["ref_generated_token_ids"] as! [Int] }
    var text: String { raw["ref_text"] as! String }
    var step0Top: [(id: Int, logit: Float)] {
        (raw["ref_step0_top10"] as! [[Any]]).map { ($0[0] as! Int, ($0[1] as! NSNumber).floatValue) }
    }
}
