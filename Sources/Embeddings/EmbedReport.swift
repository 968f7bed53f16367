import Foundation

/// What `intent embed TEXT --json` prints:
/// `{"dim":384,"embedder":"minilm-l6-v2","token_ids":[101,…,102],"vector":[…]}`.
///
/// `token_ids` is present for MiniLM (the ids the model saw, after truncation) and absent for
/// the hashing embedder, which has no vocabulary; `embedder` always names the embedder used.
public struct EmbedReport: Codable, Sendable, Equatable {
    public var embedder: String
    public var dim: Int
    public var tokenIDs: [Int]?
    public var vector: [Float]

    enum CodingKeys: String, CodingKey {
        case embedder, dim, vector
        case tokenIDs = "token_ids"
    }

    public init(embedder: String, dim: Int, tokenIDs: [Int]?, vector: [Float]) {
        self.embedder = embedder
        self.dim = dim
        self.tokenIDs = tokenIDs
        self.vector = vector
    }

    /// Embeds `text` with `embedder`; throws what the embedder throws.
    public init(text: String, embedder: any Embedder) throws {
        let vector = try embedder.embed([text])[0]
        let ids = (embedder as? MiniLMEmbedder)?.tokenIDs(text).map(Int.init)
        self.init(embedder: embedder.identifier, dim: embedder.dimension, tokenIDs: ids, vector: vector)
    }

    /// Compact JSON with sorted keys (floats in their shortest round-trip form).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
