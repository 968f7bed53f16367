/// Keys and values of every layer for positions `0..<count`, stored as F16-rounded floats (the
/// precision llama.cpp keeps). Capacity doubles on demand up to the context window.
final class KVCache: @unchecked Sendable {
    let layers: Int
    let kvDim: Int
    let maxTokens: Int
    private(set) var capacity: Int
    private var keys: [Buffer<Float>]
    private var values: [Buffer<Float>]
    /// Number of positions that hold valid entries.
    var count = 0

    init(layers: Int, kvDim: Int, initialTokens: Int, maxTokens: Int) {
        self.layers = layers
        self.kvDim = kvDim
        self.maxTokens = maxTokens
        let c = min(max(initialTokens, 1), maxTokens)
        capacity = c
        keys = (0..<layers).map { _ in Buffer<Float>(c * kvDim) }
        values = (0..<layers).map { _ in Buffer<Float>(c * kvDim) }
    }

    /// Makes room for positions up to `tokens` (≤ `maxTokens`).
    func reserve(_ tokens: Int) {
        guard tokens > capacity else { return }
        var c = capacity
        while c < tokens { c *= 2 }
        c = min(c, maxTokens)
        for l in 0..<layers {
            keys[l].grow(to: c * kvDim, keep: count * kvDim)
            values[l].grow(to: c * kvDim, keep: count * kvDim)
        }
        capacity = c
    }

    @inline(__always) func k(_ layer: Int) -> UnsafeMutablePointer<Float> { keys[layer].pointer }
    @inline(__always) func v(_ layer: Int) -> UnsafeMutablePointer<Float> { values[layer].pointer }

    /// Resident bytes of the cache.
    var byteCount: Int { 2 * layers * capacity * kvDim * MemoryLayout<Float>.stride }
}
