/// The weights of one llama transformer block, bound to the mapped file.
struct LlamaLayer: @unchecked Sendable {
    let attnNorm: [Float]
    let ffnNorm: [Float]
    let wq: QuantizedMatrix
    let wk: QuantizedMatrix
    let wv: QuantizedMatrix
    let wo: QuantizedMatrix
    let gate: QuantizedMatrix
    let up: QuantizedMatrix
    let down: QuantizedMatrix
}

/// All weights of a llama model. Matrices stay in the mapped file; norms are copied as floats.
/// The LM head is `output.weight` when present, otherwise the token embedding (tied).
struct LlamaWeights: @unchecked Sendable {
    let hp: LlamaHyperparameters
    let embedding: QuantizedMatrix
    let outputNorm: [Float]
    let output: QuantizedMatrix
    let layers: [LlamaLayer]

    init(_ gguf: GGUFFile, _ hp: LlamaHyperparameters) throws {
        self.hp = hp
        let d = hp.embeddingLength, ff = hp.feedForwardLength, kv = hp.kvDim
        func vector(_ name: String) throws -> [Float] {
            guard let t = gguf.tensors[name] else {
                throw LocalModelError.missingTensor(path: gguf.file.path, tensor: name, reason: "not found")
            }
            guard t.elementCount == d, t.type == .f32 || t.type == .f16 else {
                throw LocalModelError.missingTensor(path: gguf.file.path, tensor: name, reason: "expected \(d) F32/F16 values")
            }
            return gguf.floats(t)
        }
        embedding = try QuantizedMatrix(gguf, "token_embd.weight", cols: d, rows: hp.vocabSize)
        outputNorm = try vector("output_norm.weight")
        if gguf.tensors["output.weight"] != nil {
            output = try QuantizedMatrix(gguf, "output.weight", cols: d, rows: hp.vocabSize)
        } else {
            output = embedding
        }
        var layers: [LlamaLayer] = []
        for i in 0..<hp.layerCount {
            let p = "blk.\(i)."
            layers.append(LlamaLayer(
                attnNorm: try vector(p + "attn_norm.weight"),
                ffnNorm: try vector(p + "ffn_norm.weight"),
                wq: try QuantizedMatrix(gguf, p + "attn_q.weight", cols: d, rows: d),
                wk: try QuantizedMatrix(gguf, p + "attn_k.weight", cols: d, rows: kv),
                wv: try QuantizedMatrix(gguf, p + "attn_v.weight", cols: d, rows: kv),
                wo: try QuantizedMatrix(gguf, p + "attn_output.weight", cols: d, rows: d),
                gate: try QuantizedMatrix(gguf, p + "ffn_gate.weight", cols: d, rows: ff),
                up: try QuantizedMatrix(gguf, p + "ffn_up.weight", cols: d, rows: ff),
                down: try QuantizedMatrix(gguf, p + "ffn_down.weight", cols: ff, rows: d)))
        }
        self.layers = layers
    }
}
