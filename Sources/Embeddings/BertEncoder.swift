import Foundation

/// The BERT encoder forward pass with mean pooling and L2 normalisation, on weights mapped from
/// a safetensors file.
///
/// Sequences of one batch are packed one after the other (no padding rows): the matrix products
/// run over all tokens of the batch at once, attention per sequence. Matrix products use
/// `cblas_sgemm`. `encode` splits a batch of several sequences into `threads` groups encoded
/// side by side; a single sequence instead has its products (by output columns), attention heads
/// and element-wise steps split over the threads.
struct BertEncoder: Sendable {
    let config: BertConfig
    let weights: BertWeights
    let file: SafetensorsFile
    let threads: Int

    init(file: SafetensorsFile, config: BertConfig, threads: Int) throws {
        self.config = config
        self.file = file
        self.weights = try BertWeights(file: file, config: config)
        self.threads = max(1, threads)
    }

    /// One unit-length vector per id sequence. Each sequence must be non-empty, no longer than
    /// `config.maxPositions`, with ids below `config.vocabularySize`.
    func encode(_ batch: [[Int32]]) -> [[Float]] {
        let groups = min(threads, batch.count)
        guard groups > 1 else { return encode(batch, threads: threads) }
        // Contiguous groups of about equal token counts, each encoded on its own thread: one
        // join per batch instead of one per step, which holds up better on a busy machine.
        let total = batch.reduce(0) { $0 + $1.count }
        var bounds = [0]
        var running = 0
        for (index, ids) in batch.enumerated() {
            running += ids.count
            if bounds.count < groups, running * groups >= total * bounds.count, index + 1 < batch.count {
                bounds.append(index + 1)
            }
        }
        bounds.append(batch.count)
        let slices = (0..<(bounds.count - 1)).map { Array(batch[bounds[$0]..<bounds[$0 + 1]]) }
        let largest = slices.map { $0.reduce(0) { $0 + $1.count } }.max() ?? total
        // Too uneven to share (e.g. one long and one short text): split every step instead.
        guard slices.count > 1, largest * 4 <= total * 3 else { return encode(batch, threads: threads) }
        let results = UnsafeMutableBufferPointer<[[Float]]>.allocate(capacity: slices.count)
        results.initialize(repeating: [])
        defer {
            results.deinitialize()
            results.deallocate()
        }
        Kernels.parallelRanges(slices.count, threads: slices.count) { range in
            for index in range { results[index] = encode(slices[index], threads: 1) }
        }
        return results.flatMap { $0 }
    }

    private func encode(_ batch: [[Int32]], threads: Int) -> [[Float]] {
        guard !batch.isEmpty else { return [] }
        let h = config.hiddenSize, inner = config.intermediateSize
        let lengths = batch.map(\.count)
        var starts: [Int] = []
        var rows = 0
        for length in lengths {
            starts.append(rows)
            rows += length
        }
        let x = UnsafeMutablePointer<Float>.allocate(capacity: rows * h)
        let attended = UnsafeMutablePointer<Float>.allocate(capacity: rows * h)
        let qkv = UnsafeMutablePointer<Float>.allocate(capacity: rows * 3 * h)
        let context = UnsafeMutablePointer<Float>.allocate(capacity: rows * h)
        let middle = UnsafeMutablePointer<Float>.allocate(capacity: rows * inner)
        defer {
            for buffer in [x, attended, qkv, context, middle] { buffer.deallocate() }
        }

        return file.withUnsafeBytes { raw -> [[Float]] in
            let base = raw.baseAddress!
            func tensor(_ offset: Int) -> UnsafePointer<Float> {
                UnsafePointer((base + offset).assumingMemoryBound(to: Float.self))
            }
            let eps = config.layerNormEpsilon

            let word = tensor(weights.wordEmbeddings)
            let position = tensor(weights.positionEmbeddings)
            let tokenType = tensor(weights.tokenTypeEmbeddings)
            for (s, ids) in batch.enumerated() {
                for (p, id) in ids.enumerated() {
                    let out = x + (starts[s] + p) * h
                    let w = word + Int(id) * h, pos = position + p * h
                    for c in 0..<h { out[c] = w[c] + pos[c] + tokenType[c] }
                }
            }
            Kernels.layerNorm(x, rows: rows, width: h, gamma: tensor(weights.embeddingNormWeight),
                              beta: tensor(weights.embeddingNormBias), epsilon: eps, threads: threads)

            for (index, layer) in weights.layers.enumerated() {
                weights.fusedQKV[index].withUnsafeBufferPointer { fused in
                    let matrix = fused.baseAddress!
                    Kernels.dense(x, rows: rows, inFeatures: h, weight: matrix, bias: matrix + 3 * h * h,
                                  outFeatures: 3 * h, output: qkv, residual: nil, threads: threads)
                }
                Attention.run(qkv: qkv, context: context, starts: starts, lengths: lengths,
                              hidden: h, heads: config.headCount, threads: threads)

                Kernels.dense(context, rows: rows, inFeatures: h, weight: tensor(layer.attentionOutput),
                              bias: tensor(layer.attentionOutputBias), outFeatures: h, output: attended,
                              residual: x, threads: threads)
                Kernels.layerNorm(attended, rows: rows, width: h, gamma: tensor(layer.attentionNormWeight),
                                  beta: tensor(layer.attentionNormBias), epsilon: eps, threads: threads)

                Kernels.dense(attended, rows: rows, inFeatures: h, weight: tensor(layer.intermediate),
                              bias: tensor(layer.intermediateBias), outFeatures: inner, output: middle,
                              residual: nil, threads: threads)
                Kernels.gelu(middle, count: rows * inner, threads: threads)

                Kernels.dense(middle, rows: rows, inFeatures: inner, weight: tensor(layer.output),
                              bias: tensor(layer.outputBias), outFeatures: h, output: x,
                              residual: attended, threads: threads)
                Kernels.layerNorm(x, rows: rows, width: h, gamma: tensor(layer.outputNormWeight),
                                  beta: tensor(layer.outputNormBias), epsilon: eps, threads: threads)
            }
            return (0..<batch.count).map { s in meanPooled(x + starts[s] * h, rows: lengths[s], width: h) }
        }
    }

    /// Mean of `rows` rows, scaled to unit length (left as is when its norm is below 1e-12, as
    /// `torch.nn.functional.normalize` does).
    private func meanPooled(_ data: UnsafePointer<Float>, rows: Int, width: Int) -> [Float] {
        var sums = [Double](repeating: 0, count: width)
        for r in 0..<rows {
            let row = data + r * width
            for c in 0..<width { sums[c] += Double(row[c]) }
        }
        let means = sums.map { $0 / Double(rows) }
        let norm = max(means.reduce(0) { $0 + $1 * $1 }.squareRoot(), 1e-12)
        return means.map { Float($0 / norm) }
    }
}
