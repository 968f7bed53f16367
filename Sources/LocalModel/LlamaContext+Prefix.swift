/// Prompt evaluation with a fixed prefix whose keys and values may come from a snapshot.
extension LlamaContext {
    /// Where the fixed prefix's keys and values came from.
    enum PrefixSource: String, Sendable {
        /// Already in this context's cache (an earlier call in the same process).
        case memory
        /// Loaded from a snapshot file.
        case snapshot
        /// Evaluated now (and saved when a store was given).
        case evaluated
    }

    /// Evaluates `tokens`, whose first `prefix` tokens are a fixed prefix (0 < prefix <
    /// tokens.count): the prefix is always evaluated on its own from position 0, then the rest,
    /// so the logits are the same whichever `PrefixSource` supplied the prefix.
    func evaluate(_ tokens: [Int], fixedPrefix prefix: Int, store: PrefixCacheStore?, modelHash: UInt64) throws
        -> (logits: UnsafeBufferPointer<Float>, source: PrefixSource) {
        guard prefix > 0, prefix < tokens.count else { return (try evaluateReusingPrefix(tokens), .evaluated) }
        let head = Array(tokens[..<prefix])
        var source = PrefixSource.evaluated
        if fixedPrefix == prefix && cachedTokens.count >= prefix && Array(cachedTokens[..<prefix]) == head {
            truncate(to: prefix)
            source = .memory
        } else {
            truncate(to: 0)
            let name = PrefixSnapshot.fileName(modelHash: modelHash, prefixHash: PrefixSnapshot.hash(tokens: head))
            if let store, store.withSnapshot(named: name, { load($0, tokens: head, modelHash: modelHash) }) {
                source = .snapshot
            } else {
                _ = try evaluate(head, logits: false)
                if let store { _ = store.save(named: name, bytes: snapshot(modelHash: modelHash).encoded()) }
            }
            fixedPrefix = prefix
        }
        alignedPrefix = 0
        let logits = try evaluate(Array(tokens[prefix...]))
        return (logits, source)
    }

    /// The cache's current contents as a snapshot.
    func snapshot(modelHash: UInt64) -> PrefixSnapshot {
        let n = cache.count, kvDim = hp.kvDim
        var planes: [[Float]] = []
        for l in 0..<hp.layerCount {
            planes.append(Array(UnsafeBufferPointer(start: cache.k(l), count: n * kvDim)))
            planes.append(Array(UnsafeBufferPointer(start: cache.v(l), count: n * kvDim)))
        }
        return PrefixSnapshot(layers: hp.layerCount, kvDim: kvDim, modelHash: modelHash, tokens: cachedTokens, planes: planes)
    }

    /// Fills an empty cache from snapshot bytes; false (cache left empty) when they do not match.
    private func load(_ bytes: UnsafeRawBufferPointer, tokens: [Int], modelHash: UInt64) -> Bool {
        let n = tokens.count, kvDim = hp.kvDim, layers = hp.layerCount
        guard n <= cache.maxTokens,
              PrefixSnapshot.validate(bytes, layers: layers, kvDim: kvDim, modelHash: modelHash, tokens: tokens) else { return false }
        cache.reserve(n)
        for l in 0..<layers {
            let byteCount = n * kvDim * 4
            UnsafeMutableRawPointer(cache.k(l)).copyMemory(from: PrefixSnapshot.plane(bytes, 2 * l, kvDim: kvDim, tokens: n), byteCount: byteCount)
            UnsafeMutableRawPointer(cache.v(l)).copyMemory(from: PrefixSnapshot.plane(bytes, 2 * l + 1, kvDim: kvDim, tokens: n), byteCount: byteCount)
        }
        cache.count = n
        cachedTokens = tokens
        return true
    }
}
