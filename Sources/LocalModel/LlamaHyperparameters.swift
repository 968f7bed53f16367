/// Shape and numeric constants of a llama-architecture model, read from GGUF metadata.
public struct LlamaHyperparameters: Sendable, Equatable {
    public let layerCount: Int
    public let contextLength: Int
    public let embeddingLength: Int
    public let feedForwardLength: Int
    public let headCount: Int
    public let headCountKV: Int
    public let ropeFreqBase: Float
    public let rmsEpsilon: Float
    public let vocabSize: Int
    public let ropeDimensions: Int
    public var headDim: Int { embeddingLength / headCount }
    public var kvDim: Int { headDim * headCountKV }

    /// Reads `llama.*` keys; throws `unsupportedArchitecture` for any other `general.architecture`.
    public init(_ gguf: GGUFFile) throws {
        let path = gguf.file.path
        guard let arch = gguf.metadata["general.architecture"]?.stringValue else {
            throw LocalModelError.missingMetadata(path: path, key: "general.architecture")
        }
        guard arch == "llama" else { throw LocalModelError.unsupportedArchitecture(path: path, architecture: arch) }
        layerCount = try gguf.requireInt("llama.block_count")
        contextLength = try gguf.requireInt("llama.context_length")
        embeddingLength = try gguf.requireInt("llama.embedding_length")
        feedForwardLength = try gguf.requireInt("llama.feed_forward_length")
        headCount = try gguf.requireInt("llama.attention.head_count")
        headCountKV = gguf.metadata["llama.attention.head_count_kv"]?.intValue ?? headCount
        ropeFreqBase = Float(gguf.metadata["llama.rope.freq_base"]?.doubleValue ?? 10_000)
        guard let eps = gguf.metadata["llama.attention.layer_norm_rms_epsilon"]?.doubleValue else {
            throw LocalModelError.missingMetadata(path: path, key: "llama.attention.layer_norm_rms_epsilon")
        }
        rmsEpsilon = Float(eps)
        let tokens = gguf.metadata["tokenizer.ggml.tokens"]?.arrayValue?.count
        guard let vocab = gguf.metadata["llama.vocab_size"]?.intValue ?? tokens else {
            throw LocalModelError.missingMetadata(path: path, key: "llama.vocab_size")
        }
        vocabSize = vocab
        guard headCount > 0, headCountKV > 0, headCount % headCountKV == 0,
              embeddingLength % headCount == 0, (embeddingLength / headCount) % 16 == 0,
              embeddingLength % 32 == 0, feedForwardLength % 32 == 0 else {
            throw LocalModelError.missingMetadata(path: path, key: "llama.attention.head_count")
        }
        ropeDimensions = gguf.metadata["llama.rope.dimension_count"]?.intValue ?? embeddingLength / headCount
    }
}
