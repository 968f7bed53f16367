import Foundation
import Primitives

/// all-MiniLM-L6-v2 sentence embeddings (384-d), computed in Swift with BLAS: WordPiece
/// tokenisation, 6-layer BERT encoder, mean pooling over the tokens, L2 normalisation — the
/// sentence-transformers pipeline.
///
/// Loading maps `model.safetensors` (about 91 MB, touched pages count as file-backed memory)
/// and reads `vocab.txt` and `config.json`. `embed` is thread-safe; texts beyond `maxTokens`
/// tokens are truncated.
///
/// With `configuration.threads > 1`, loading sets OpenBLAS to one thread per call for the whole
/// process (`openblas_set_num_threads(1)`): the encoder splits every product over its own
/// threads, and OpenBLAS threads started inside them would compete for the same cores.
public struct MiniLMEmbedder: Embedder {
    public let configuration: MiniLMConfiguration
    public let tokenizer: WordPieceTokenizer
    let encoder: BertEncoder

    /// The files a model directory must hold.
    public static let requiredFiles = ["model.safetensors", "vocab.txt", "config.json"]

    /// Loads the model from `directory`. Throws `EmbeddingsError` when a file is missing,
    /// malformed, or disagrees with the BERT shape in `config.json`.
    public init(directory: URL, configuration: MiniLMConfiguration = .standard) throws {
        let config = try BertConfig(contentsOf: directory.appendingPathComponent("config.json"))
        let tokenizer = try WordPieceTokenizer(vocabularyURL: directory.appendingPathComponent("vocab.txt"))
        guard tokenizer.vocabulary.count <= config.vocabularySize,
              tokenizer.vocabulary.values.allSatisfy({ Int($0) < config.vocabularySize }) else {
            throw EmbeddingsError.invalidModel(file: "vocab.txt", reason: "holds more tokens than config.json's vocab_size")
        }
        guard configuration.maxTokens <= config.maxPositions else {
            throw EmbeddingsError.invalidModel(file: "config.json", reason: "max_position_embeddings is below maxTokens")
        }
        let file = try SafetensorsFile(contentsOf: directory.appendingPathComponent("model.safetensors"))
        if configuration.threads > 1 {
            // The encoder splits its matrix products itself; OpenBLAS's own threads would compete.
            BLASRuntime.setThreads(1)
        }
        self.configuration = configuration
        self.tokenizer = tokenizer
        self.encoder = try BertEncoder(file: file, config: config, threads: configuration.threads)
    }

    public var identifier: String { configuration.identifier }
    public var dimension: Int { encoder.config.hiddenSize }
    public var maxTokens: Int { configuration.maxTokens }

    /// Token count before truncation, `[CLS]` and `[SEP]` included.
    public func tokenCount(_ text: String) -> Int {
        tokenizer.encode(text).count
    }

    /// Token ids as the model sees them (truncated to `maxTokens`).
    public func tokenIDs(_ text: String) -> [Int32] {
        tokenizer.encode(text, maxTokens: configuration.maxTokens)
    }

    public func embed(_ texts: [String]) throws -> [[Float]] {
        try embed(tokenIDs: texts.map(tokenIDs))
    }

    /// Embeds already tokenised inputs (each from `tokenIDs(_:)`), in batches of at most
    /// `batchSize` texts and `maxBatchTokens` tokens (a longer single text goes alone).
    /// Throws `EmbeddingsError.invalidTokenIDs` for an empty sequence, one longer than
    /// `maxTokens`, or an id outside the vocabulary.
    public func embed(tokenIDs: [[Int32]]) throws -> [[Float]] {
        let vocabularySize = encoder.config.vocabularySize
        for (index, ids) in tokenIDs.enumerated() {
            if ids.isEmpty || ids.count > configuration.maxTokens {
                throw EmbeddingsError.invalidTokenIDs(
                    index: index, reason: "\(ids.count) ids, expected 1...\(configuration.maxTokens)")
            }
            if let bad = ids.first(where: { $0 < 0 || Int($0) >= vocabularySize }) {
                throw EmbeddingsError.invalidTokenIDs(
                    index: index, reason: "id \(bad) is outside the vocabulary of \(vocabularySize)")
            }
        }
        var result: [[Float]] = []
        result.reserveCapacity(tokenIDs.count)
        var batch: [[Int32]] = []
        var tokens = 0
        for ids in tokenIDs {
            if !batch.isEmpty, batch.count >= configuration.batchSize || tokens + ids.count > configuration.maxBatchTokens {
                result.append(contentsOf: encoder.encode(batch))
                batch.removeAll(keepingCapacity: true)
                tokens = 0
            }
            batch.append(ids)
            tokens += ids.count
        }
        if !batch.isEmpty { result.append(contentsOf: encoder.encode(batch)) }
        return result
    }
}

extension MiniLMEmbedder {
    /// The installed model directory, searched in `ModelSearchPath` order.
    public static func installedDirectory(home: URL?, environment: [String: String],
                                          configuration: MiniLMConfiguration = .standard) -> URL? {
        installedDirectory(in: ModelSearchPath.directories(home: home?.path, environment: environment), configuration: configuration)
    }

    /// The first complete model directory below one of `roots`, in order.
    public static func installedDirectory(in roots: [URL], configuration: MiniLMConfiguration = .standard) -> URL? {
        for root in roots {
            let directory = root.appendingPathComponent(configuration.directoryName, isDirectory: true)
            let complete = requiredFiles.allSatisfy {
                FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
            }
            if complete { return directory }
        }
        return nil
    }

    /// MiniLM when its weights are installed and load, else the hashing embedder. `problem` is
    /// nil when MiniLM loaded, else why not (for a hint such as "run `make models`").
    public static func loadDefault(
        home: URL?, environment: [String: String]
    ) -> (embedder: any Embedder, problem: String?) {
        loadDefault(searching: ModelSearchPath.directories(home: home?.path, environment: environment))
    }

    /// `loadDefault` over an explicit list of model directories (the app's resolved search order).
    public static func loadDefault(searching roots: [URL]) -> (embedder: any Embedder, problem: String?) {
        guard let directory = installedDirectory(in: roots) else {
            return (HashingEmbedder(), "MiniLM weights are not installed")
        }
        do {
            return (try MiniLMEmbedder(directory: directory), nil)
        } catch {
            return (HashingEmbedder(), String(describing: error))
        }
    }
}
