/// A text embedder: turns texts into fixed-length, L2-normalised float vectors.
///
/// Every index records the `identifier` of the embedder that built it; vectors of two
/// embedders are never mixed.
public protocol Embedder: Sendable {
    /// Stable name recorded in indexes, e.g. `hashing-v1` or `minilm-l6-v2`.
    var identifier: String { get }
    /// Length of every vector this embedder returns.
    var dimension: Int { get }
    /// Whether its cosines measure meaning (a sentence embedder such as MiniLM), so they may weigh
    /// into answer choice and confidence; a hashing embedder's only count shared words.
    var measuresMeaning: Bool { get }
    /// Most tokens one input may hold before it is truncated.
    var maxTokens: Int { get }
    /// Number of tokens `text` costs this embedder (special tokens included).
    func tokenCount(_ text: String) -> Int
    /// One unit-length vector per text, in order.
    func embed(_ texts: [String]) throws -> [[Float]]
}

extension Embedder {
    public var measuresMeaning: Bool { true }
}
