import Foundation

/// One inference session: KV cache, scratch buffers and the forward pass.
///
/// Not thread-safe: one caller at a time (the runner serializes access). `evaluate` appends
/// tokens at the current position and returns the logits after the last one.
final class LlamaContext: @unchecked Sendable {
    let weights: LlamaWeights
    var hp: LlamaHyperparameters { weights.hp }
    let config: LocalModelConfiguration
    let cache: KVCache
    let rope: RopeTable
    let pool: WorkerPool
    private let maxBatch: Int
    // Scratch, sized for `maxBatch` tokens.
    private let x, xb, q, k, v, att, gate, up, logits: Buffer<Float>
    private let act: QuantizedBatch
    private let floatProducts: FloatProducts?
    /// Packed copies of every block's matrices and of the output matrix for single-token steps
    /// and short turns (empty without packed kernels), made at the first step that uses them: a
    /// context that only evaluates prompts from position 0 (a prefix snapshot, parity checks)
    /// never pays for them. With `packedStore` they are mapped from its file when it holds them,
    /// else packed now and written there.
    private lazy var packed: (layers: [PackedLayer], output: PackedMatrix?) = makePacked()
    /// Where the packed copies are cached (set before the first single-token step).
    var packedStore: PackedWeightsStore?
    /// Per-stage timers (on with `LocalModelConfiguration.profileStages`).
    let clock: StageClock

    init(weights: LlamaWeights, config: LocalModelConfiguration, contextTokens: Int) {
        self.weights = weights
        let hp = weights.hp
        self.config = config
        let d = hp.embeddingLength, ff = hp.feedForwardLength
        maxBatch = max(1, config.batchSize)
        cache = KVCache(layers: hp.layerCount, kvDim: hp.kvDim, initialTokens: config.initialCacheTokens, maxTokens: contextTokens)
        rope = RopeTable(dims: hp.ropeDimensions, base: hp.ropeFreqBase, maxPositions: contextTokens)
        let pool = WorkerPool(threads: max(1, config.threads), spinMicroseconds: config.spinMicroseconds)
        self.pool = pool
        x = Buffer(maxBatch * d); xb = Buffer(maxBatch * d); att = Buffer(maxBatch * d)
        q = Buffer(maxBatch * d); k = Buffer(maxBatch * hp.kvDim); v = Buffer(maxBatch * hp.kvDim)
        gate = Buffer(maxBatch * ff); up = Buffer(maxBatch * ff)
        logits = Buffer(hp.vocabSize)
        act = QuantizedBatch(maxRows: maxBatch, maxCols: max(d, ff))
        // The largest products sharing one input: q/k/v, gate/up, down.
        let fused = max((d + 2 * hp.kvDim) * d, 2 * ff * d, d * ff)
        floatProducts = config.floatPromptProducts && FloatProducts.available ? FloatProducts(maxElements: fused) : nil
        clock = StageClock(enabled: config.profileStages)
    }

    deinit { pool.shutdown() }

    /// Whether single-token steps use the packed weight copies.
    var usesPackedWeights: Bool { !packed.layers.isEmpty }

    /// Number of positions already in the cache.
    var position: Int { cache.count }

    /// Token ids whose keys and values are in the cache, in order.
    var cachedTokens: [Int] = []
    /// Leading cached positions that were computed by prompt chunks aligned to multiples of
    /// the batch size (generated tokens are not).
    var alignedPrefix = 0
    /// Leading cached positions evaluated as a fixed prefix on their own (see `evaluate(_:fixedPrefix:…)`).
    var fixedPrefix = 0

    /// Polled before each layer of a prompt chunk: a long prompt on a busy machine can take
    /// tens of seconds, and a run past its deadline must stop within a layer, not after the
    /// whole prompt (generation checks its own flag per token).
    var interrupt: () -> Bool = { false }

    /// Forgets the cache from `position` on (0 clears it).
    func truncate(to position: Int) {
        cache.count = min(cache.count, max(0, position))
        cachedTokens.removeLast(cachedTokens.count - cache.count)
        alignedPrefix = min(alignedPrefix, cache.count)
        if fixedPrefix > cache.count { fixedPrefix = 0 }
    }

    /// Evaluates `tokens` as a fresh sequence, reusing cached whole prompt chunks.
    ///
    /// Prompt chunks always start at multiples of the batch size, and only whole chunks of an
    /// earlier prompt are reused, so every position is computed in the same batch as in a
    /// fresh evaluation: results are bit-identical with or without the cache (seeded sampling
    /// stays reproducible).
    func evaluateReusingPrefix(_ tokens: [Int]) throws -> UnsafeBufferPointer<Float> {
        var common = 0
        let limit = min(tokens.count - 1, cachedTokens.count, alignedPrefix)
        while common < limit && tokens[common] == cachedTokens[common] { common += 1 }
        truncate(to: common / maxBatch * maxBatch)
        fixedPrefix = 0
        let logits = try evaluate(Array(tokens[cache.count...]))
        alignedPrefix = cache.count
        return logits
    }

    /// Runs `tokens` through the model at the current position and returns the logits of the
    /// last token (`vocabSize` floats, valid until the next call; not computed when `logits` is
    /// false).
    @discardableResult
    func evaluate(_ tokens: [Int], logits wanted: Bool = true) throws -> UnsafeBufferPointer<Float> {
        guard !tokens.isEmpty else { throw LocalModelError.invalidOption(name: "tokens", reason: "empty input") }
        guard cache.count + tokens.count <= cache.maxTokens else {
            throw LocalModelError.contextOverflow(promptTokens: cache.count + tokens.count, contextWindow: cache.maxTokens)
        }
        for t in tokens where t < 0 || t >= hp.vocabSize {
            throw LocalModelError.invalidOption(name: "tokens", reason: "token id \(t) is outside the vocabulary")
        }
        cache.reserve(cache.count + tokens.count)
        var start = 0
        while start < tokens.count {
            let chunk = Array(tokens[start..<min(tokens.count, start + maxBatch)])
            // Interrupted: the chunk's positions are not counted, so the cache stays whole chunks.
            guard forward(chunk, last: wanted && start + chunk.count == tokens.count) else { throw CancellationError() }
            cachedTokens += chunk
            start += chunk.count
        }
        return UnsafeBufferPointer(start: logits.pointer, count: hp.vocabSize)
    }

    /// `out[t, r] = W[r] · in[t]` for `n` quantized inputs, rows split across the pool.
    private func matmul(_ w: QuantizedMatrix, n: Int, input: UnsafePointer<Float>, out: UnsafeMutablePointer<Float>) {
        matmul([(w, out)], n: n, input: input)
    }

    /// Several products sharing one input (q/k/v, gate/up) in a single parallel region: the
    /// rows of all matrices form one range that the pool splits.
    private func matmul(_ jobs: [(QuantizedMatrix, UnsafeMutablePointer<Float>)], n: Int, input: UnsafePointer<Float>) {
        let act = self.act
        var jobs = jobs
        if n >= 2, let floatProducts {
            let quantized = jobs.filter { $0.0.type != .f32 && $0.0.type != .f16 }
            if !quantized.isEmpty { floatProducts.multiply(quantized, n: n, input: input, pool: pool) }
            jobs = jobs.filter { $0.0.type == .f32 || $0.0.type == .f16 }
            if jobs.isEmpty { return }
        }
        var starts: [Int] = [0]
        for (w, _) in jobs { starts.append(starts.last! + w.rows) }
        let total = starts.last!
        let starts_ = starts, vector = config.vectorKernels
        pool.run(total) { range in
            var row: UnpackedRow? = nil
            defer { row?.deallocate() }
            for (j, (w, out)) in jobs.enumerated() {
                let lo = max(range.lowerBound, starts_[j]) - starts_[j]
                let hi = min(range.upperBound, starts_[j + 1]) - starts_[j]
                guard lo < hi else { continue }
                let cols = w.cols, rows = w.rows
                if n == 1 && vector && VectorKernels.matvec(w, rows: lo..<hi, act.row(0, cols: cols), out: out + lo) {
                    continue
                }
                if n == 1 || w.type == .f32 || w.type == .f16 {
                    for r in lo..<hi {
                        for t in 0..<n { out[t * rows + r] = w.dot(row: r, act.row(t, cols: cols), input + t * cols) }
                    }
                    continue
                }
                if row == nil || row!.capacityBlocks < w.blocks {
                    row?.deallocate()
                    row = UnpackedRow(maxBlocks: max(w.blocks, hp.feedForwardLength / 32))
                }
                Self.batchRows(w, lo..<hi, n: n, act: act, row: row!, out: out)
            }
        }
    }

    /// Products of packed matrices sharing the quantized input (`n` rows of `act`, `cols` columns;
    /// `out[t * rows + r]`) in one parallel region: the row groups of all matrices form one range.
    /// With several tokens, each slice of `packedGroupsPerSlice` groups is multiplied with every
    /// token in turn while its weights are still in cache, so the weights are read from memory
    /// once per batch and each token's result is bit for bit its single-token product.
    private func packedProducts(_ jobs: [(PackedMatrix, UnsafeMutablePointer<Float>)], cols: Int, n: Int = 1) {
        let act = self.act, slice = max(1, config.packedGroupsPerSlice)
        var total = 0
        for (w, _) in jobs { total += w.groups }
        pool.run(total) { range in
            var start = 0
            for (w, out) in jobs {
                let lo = max(range.lowerBound, start) - start, hi = min(range.upperBound, start + w.groups) - start
                start += w.groups
                guard lo < hi else { continue }
                if n == 1 { w.multiply(groups: lo..<hi, act.row(0, cols: cols), out: out + lo * 8); continue }
                var g = lo
                while g < hi {
                    let end = min(hi, g + slice)
                    for t in 0..<n { w.multiply(groups: g..<end, act.row(t, cols: cols), out: out + t * w.rows + g * 8) }
                    g = end
                }
            }
        }
    }

    /// Rows `range` of `w` times `n` ≥ 2 activation vectors, four vectors per pass.
    private static func batchRows(_ w: QuantizedMatrix, _ range: Range<Int>, n: Int, act: QuantizedBatch,
                                  row: UnpackedRow, out: UnsafeMutablePointer<Float>) {
        let wide = w.type == .q8_0, blocks = w.blocks, cols = w.cols, rows = w.rows
        for r in range {
            row.load(w, row: r)
            var t = 0
            while t + 4 <= n {
                let a0 = act.row(t, cols: cols), a1 = act.row(t + 1, cols: cols)
                let a2 = act.row(t + 2, cols: cols), a3 = act.row(t + 3, cols: cols)
                let v = wide ? row.dot4(a0, a1, a2, a3, blocks: blocks, wide: true)
                             : row.dot4(a0, a1, a2, a3, blocks: blocks, wide: false)
                out[t * rows + r] = v[0]; out[(t + 1) * rows + r] = v[1]
                out[(t + 2) * rows + r] = v[2]; out[(t + 3) * rows + r] = v[3]
                t += 4
            }
            while t < n { out[t * rows + r] = row.dot(act.row(t, cols: cols), blocks: blocks, wide: wide); t += 1 }
        }
    }

    /// False when `interrupt` stopped it (the cache count is then unchanged).
    private func forward(_ tokens: [Int], last: Bool) -> Bool {
        let n = tokens.count, d = hp.embeddingLength, kvDim = hp.kvDim, ff = hp.feedForwardLength
        let x = x.pointer, xb = xb.pointer, q = q.pointer, k = k.pointer, v = v.pointer
        let att = att.pointer, gate = gate.pointer, up = up.pointer
        let pos0 = cache.count
        clock.start()
        for (t, id) in tokens.enumerated() { weights.embedding.row(id, into: x + t * d) }

        // Packed kernels: single tokens, and short chunks that continue cached positions (a
        // command's turn after the cached prefix: a few tokens do not pay for dequantizing every
        // matrix for `sgemm`, ~0.2 s). A prompt from position 0 keeps the float products.
        let batched = n >= 2 && pos0 > 0 && n <= config.packedBatchTokens
        let packedLayers = n == 1 || batched ? packed.layers : []
        let packed = !packedLayers.isEmpty
        // Float prompt products read the float activations: nothing to quantize.
        let quantize = packed || n == 1 || floatProducts == nil
        // Single-token products read the plain bytes only when the vector kernels run.
        let split = !packed && (n >= 2 || !config.vectorKernels)
        clock.mark(.embedding)
        for (l, layer) in weights.layers.enumerated() {
            if interrupt() { return false }
            for t in 0..<n { Ops.rmsNorm(x + t * d, layer.attnNorm, eps: hp.rmsEpsilon, n: d, out: xb + t * d) }
            if quantize { act.quantize(xb, rows: n, cols: d, pool: pool, split: split) }
            clock.mark(.attentionNorm)
            if packed {
                let p = packedLayers[l]
                packedProducts([(p.wq, q), (p.wk, k), (p.wv, v)], cols: d, n: n)
            } else {
                matmul([(layer.wq, q), (layer.wk, k), (layer.wv, v)], n: n, input: xb)
            }
            clock.mark(.qkv)
            let kc = cache.k(l), vc = cache.v(l)
            for t in 0..<n {
                Ops.rope(q + t * d, heads: hp.headCount, headDim: hp.headDim, ropeDims: hp.ropeDimensions, pos: pos0 + t, table: rope)
                Ops.rope(k + t * kvDim, heads: hp.headCountKV, headDim: hp.headDim, ropeDims: hp.ropeDimensions, pos: pos0 + t, table: rope)
                let kd = kc + (pos0 + t) * kvDim, vd = vc + (pos0 + t) * kvDim
                for i in 0..<kvDim {
                    kd[i] = HalfTable.round(k[t * kvDim + i])
                    vd[i] = HalfTable.round(v[t * kvDim + i])
                }
            }
            clock.mark(.ropeAndCache)
            Attention.run(q: q, keys: kc, values: vc, out: att, tokens: n, firstPosition: pos0, hp: hp, pool: pool,
                          vector: config.vectorKernels)
            clock.mark(.attention)
            if quantize { act.quantize(att, rows: n, cols: d, pool: pool, split: split) }
            if packed { packedProducts([(packedLayers[l].wo, xb)], cols: d, n: n) } else { matmul(layer.wo, n: n, input: att, out: xb) }
            for i in 0..<(n * d) { x[i] += xb[i] }
            clock.mark(.attentionOutput)

            for t in 0..<n { Ops.rmsNorm(x + t * d, layer.ffnNorm, eps: hp.rmsEpsilon, n: d, out: xb + t * d) }
            if quantize { act.quantize(xb, rows: n, cols: d, pool: pool, split: split) }
            clock.mark(.ffnNorm)
            if packed {
                let p = packedLayers[l]
                packedProducts([(p.gate, gate), (p.up, up)], cols: d, n: n)
            } else {
                matmul([(layer.gate, gate), (layer.up, up)], n: n, input: xb)
            }
            Ops.swiGLU(gate, up, count: n * ff)
            if quantize { act.quantize(gate, rows: n, cols: ff, pool: pool, split: split) }
            clock.mark(.gateUp)
            if packed { packedProducts([(packedLayers[l].down, xb)], cols: ff, n: n) } else { matmul(layer.down, n: n, input: gate, out: xb) }
            for i in 0..<(n * d) { x[i] += xb[i] }
            clock.mark(.down)
        }
        cache.count = pos0 + n
        guard last else { return true }
        let lastRow = x + (n - 1) * d
        Ops.rmsNorm(lastRow, weights.outputNorm, eps: hp.rmsEpsilon, n: d, out: xb)
        if n >= 2, floatProducts != nil, !packed {
            // The logits that end a prompt use float activations too.
            FloatProducts.rowDots(weights.output, x: xb, out: logits.pointer, pool: pool)
            return true
        }
        act.quantize(xb, rows: 1, cols: d, pool: pool, split: !config.vectorKernels)
        clock.mark(.outputNorm)
        if n == 1 || packed, let packedOutput = self.packed.output {
            packedProducts([(packedOutput, logits.pointer)], cols: d)
        } else {
            matmul(weights.output, n: 1, input: xb, out: logits.pointer)
        }
        clock.mark(.output)
        clock.countToken(n)
        return true
    }
}
