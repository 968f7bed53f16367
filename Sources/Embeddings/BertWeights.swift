import Foundation

/// Byte offsets of every tensor of a BERT encoder inside its mapped safetensors file, checked
/// against the expected dtype (F32) and shape when built.
///
/// Tensor names may carry a `bert.` prefix (checkpoints saved from `BertForX` models) or not.
struct BertWeights: Sendable {
    struct Layer: Sendable {
        var query: Int, queryBias: Int
        var key: Int, keyBias: Int
        var value: Int, valueBias: Int
        var attentionOutput: Int, attentionOutputBias: Int
        var attentionNormWeight: Int, attentionNormBias: Int
        var intermediate: Int, intermediateBias: Int
        var output: Int, outputBias: Int
        var outputNormWeight: Int, outputNormBias: Int
    }

    var wordEmbeddings: Int
    var positionEmbeddings: Int
    var tokenTypeEmbeddings: Int
    var embeddingNormWeight: Int
    var embeddingNormBias: Int
    var layers: [Layer]
    /// Per layer, query, key and value weights stacked into one `[3·hidden, hidden]` matrix
    /// followed by their three biases (`3·hidden`), copied once so one product computes all three.
    let fusedQKV: [[Float]]

    init(file: SafetensorsFile, config: BertConfig) throws {
        let h = config.hiddenSize, i = config.intermediateSize
        let prefix = file.tensors["bert.embeddings.word_embeddings.weight"] != nil ? "bert." : ""
        func offset(_ name: String, _ shape: [Int]) throws -> Int {
            let info = try file.tensor(prefix + name, shape: shape)
            guard info.byteRange.lowerBound % MemoryLayout<Float>.alignment == 0 else {
                throw EmbeddingsError.invalidHeader(file: file.name, reason: "tensor '\(prefix + name)' is not 4-byte aligned")
            }
            return info.byteRange.lowerBound
        }
        wordEmbeddings = try offset("embeddings.word_embeddings.weight", [config.vocabularySize, h])
        positionEmbeddings = try offset("embeddings.position_embeddings.weight", [config.maxPositions, h])
        tokenTypeEmbeddings = try offset("embeddings.token_type_embeddings.weight", [config.typeVocabularySize, h])
        embeddingNormWeight = try offset("embeddings.LayerNorm.weight", [h])
        embeddingNormBias = try offset("embeddings.LayerNorm.bias", [h])
        let layers = try (0..<config.layerCount).map { n in
            let p = "encoder.layer.\(n)."
            return Layer(
                query: try offset(p + "attention.self.query.weight", [h, h]),
                queryBias: try offset(p + "attention.self.query.bias", [h]),
                key: try offset(p + "attention.self.key.weight", [h, h]),
                keyBias: try offset(p + "attention.self.key.bias", [h]),
                value: try offset(p + "attention.self.value.weight", [h, h]),
                valueBias: try offset(p + "attention.self.value.bias", [h]),
                attentionOutput: try offset(p + "attention.output.dense.weight", [h, h]),
                attentionOutputBias: try offset(p + "attention.output.dense.bias", [h]),
                attentionNormWeight: try offset(p + "attention.output.LayerNorm.weight", [h]),
                attentionNormBias: try offset(p + "attention.output.LayerNorm.bias", [h]),
                intermediate: try offset(p + "intermediate.dense.weight", [i, h]),
                intermediateBias: try offset(p + "intermediate.dense.bias", [i]),
                output: try offset(p + "output.dense.weight", [h, i]),
                outputBias: try offset(p + "output.dense.bias", [h]),
                outputNormWeight: try offset(p + "output.LayerNorm.weight", [h]),
                outputNormBias: try offset(p + "output.LayerNorm.bias", [h]))
        }
        self.layers = layers
        fusedQKV = file.withUnsafeBytes { raw in
            layers.map { layer in
                var fused = [Float]()
                fused.reserveCapacity(3 * h * h + 3 * h)
                for (offset, count) in [(layer.query, h * h), (layer.key, h * h), (layer.value, h * h),
                                        (layer.queryBias, h), (layer.keyBias, h), (layer.valueBias, h)] {
                    let floats = UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count * 4)])
                    fused.append(contentsOf: floats.bindMemory(to: Float.self))
                }
                return fused
            }
        }
    }
}
