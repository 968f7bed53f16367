import Foundation

/// Shape of a BERT encoder, read from the model's `config.json`.
public struct BertConfig: Sendable, Equatable {
    public var vocabularySize: Int
    public var hiddenSize: Int
    public var layerCount: Int
    public var headCount: Int
    public var intermediateSize: Int
    public var maxPositions: Int
    public var typeVocabularySize: Int
    public var layerNormEpsilon: Float

    /// The all-MiniLM-L6-v2 shape.
    public static let miniLML6 = BertConfig(
        vocabularySize: 30522, hiddenSize: 384, layerCount: 6, headCount: 12,
        intermediateSize: 1536, maxPositions: 512, typeVocabularySize: 2, layerNormEpsilon: 1e-12)

    public var headSize: Int { hiddenSize / headCount }
}

extension BertConfig {
    /// Parses `config.json`; only BERT models with `gelu` (erf) activation and absolute positions
    /// are accepted.
    public init(contentsOf url: URL) throws {
        let file = url.lastPathComponent
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        } catch {
            throw EmbeddingsError.unreadable(url, otherwise: "not a readable JSON file")
        }
        guard let json = object as? [String: Any] else {
            throw EmbeddingsError.invalidModel(file: file, reason: "top level is not an object")
        }
        func int(_ key: String) throws -> Int {
            guard let value = (json[key] as? NSNumber)?.intValue, value > 0 else {
                throw EmbeddingsError.invalidModel(file: file, reason: "'\(key)' is missing or not a positive integer")
            }
            return value
        }
        if let act = json["hidden_act"] as? String, act != "gelu" {
            throw EmbeddingsError.invalidModel(file: file, reason: "hidden_act '\(act)' is not supported (gelu only)")
        }
        if let pos = json["position_embedding_type"] as? String, pos != "absolute" {
            throw EmbeddingsError.invalidModel(file: file, reason: "position_embedding_type '\(pos)' is not supported")
        }
        self.init(
            vocabularySize: try int("vocab_size"), hiddenSize: try int("hidden_size"),
            layerCount: try int("num_hidden_layers"), headCount: try int("num_attention_heads"),
            intermediateSize: try int("intermediate_size"), maxPositions: try int("max_position_embeddings"),
            typeVocabularySize: try int("type_vocab_size"),
            layerNormEpsilon: (json["layer_norm_eps"] as? NSNumber)?.floatValue ?? 1e-12)
        guard hiddenSize % headCount == 0 else {
            throw EmbeddingsError.invalidModel(file: file, reason: "hidden_size is not a multiple of num_attention_heads")
        }
    }
}

/// Tunable numbers of the MiniLM embedder.
public struct MiniLMConfiguration: Sendable, Equatable {
    /// Name recorded in indexes.
    public var identifier: String
    /// Folder under a models directory that holds `model.safetensors`, `vocab.txt`, `config.json`.
    public var directoryName: String
    /// Longest input in tokens, `[CLS]` and `[SEP]` included (sentence-transformers' `max_seq_length`).
    public var maxTokens: Int
    /// Most texts encoded together in one forward pass.
    public var batchSize: Int
    /// Most tokens in one forward pass (a batch closes early when the next text would exceed
    /// it); bounds activation memory to about 9 KB per token (35 MB at 4,096).
    public var maxBatchTokens: Int
    /// Worker threads: a batch is split into this many groups encoded side by side, a single
    /// text has its products and attention split. 1 leaves threading to the BLAS.
    public var threads: Int

    /// The configuration behind `minilm-l6-v2`.
    public static let standard = MiniLMConfiguration(
        identifier: "minilm-l6-v2", directoryName: "minilm-l6-v2",
        maxTokens: 256, batchSize: 32, maxBatchTokens: 4096,
        threads: max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8)))
}
