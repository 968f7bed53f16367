/// The packed weight copies of a context: mapped from the cache file when it holds them,
/// otherwise packed now (and written there).
extension LlamaContext {
    func makePacked() -> (layers: [PackedLayer], output: PackedMatrix?) {
        guard config.vectorKernels && config.packedWeights else { return ([], nil) }
        let layerSources = weights.layers.flatMap(PackedLayer.sources)
        var sources = layerSources.allSatisfy(PackedMatrix.supports) ? layerSources : []
        let withOutput = PackedMatrix.supports(weights.output)
        if withOutput { sources.append(weights.output) }
        guard !sources.isEmpty else { return ([], nil) }
        let entries = sources.map { PackedWeightsFile.Entry(type: $0.type, rows: $0.rows, blocks: $0.blocks) }
        var matrices: [PackedMatrix]
        if let store = packedStore, let file = store.load(entries) {
            matrices = zip(entries, PackedWeightsFile.offsets(entries)).map { PackedMatrix($0, in: file, at: $1) }
        } else {
            matrices = sources.compactMap { PackedMatrix($0, pool: pool) }
            guard matrices.count == sources.count else { return ([], nil) }
            packedStore?.save(matrices)
        }
        let output = withOutput ? matrices.removeLast() : nil
        let layers = stride(from: 0, to: matrices.count, by: 7).map { PackedLayer(matrices[$0..<($0 + 7)]) }
        return (layers, output)
    }
}
