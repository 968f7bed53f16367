import CQuantKernels

/// A heap buffer of `T` freed with its owner; contents start zeroed.
final class Buffer<T: BitwiseCopyable>: @unchecked Sendable {
    private(set) var pointer: UnsafeMutablePointer<T>
    private(set) var count: Int

    init(_ count: Int) {
        self.count = count
        pointer = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
        UnsafeMutableRawPointer(pointer).initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1) * MemoryLayout<T>.stride)
    }

    /// Grows to `newCount`, keeping the first `keep` elements.
    func grow(to newCount: Int, keep: Int) {
        guard newCount > count else { return }
        let fresh = UnsafeMutablePointer<T>.allocate(capacity: newCount)
        UnsafeMutableRawPointer(fresh).initializeMemory(as: UInt8.self, repeating: 0, count: newCount * MemoryLayout<T>.stride)
        fresh.update(from: pointer, count: min(keep, count))
        pointer.deallocate()
        pointer = fresh
        count = newCount
    }

    deinit { pointer.deallocate() }
}

/// Quantized copies of a batch of activation rows (`rows` × `cols`).
final class QuantizedBatch: @unchecked Sendable {
    let q: Buffer<SIMD8<Int16>>
    let d: Buffer<Float>
    let s: Buffer<Float>
    let bytes: Buffer<Int8>
    let sums: Buffer<Int32>
    let maxRows: Int
    let maxCols: Int

    init(maxRows: Int, maxCols: Int) {
        self.maxRows = maxRows
        self.maxCols = maxCols
        q = Buffer(maxRows * maxCols / 8)
        d = Buffer(maxRows * maxCols / 32)
        s = Buffer(maxRows * maxCols / 32)
        bytes = Buffer(maxRows * maxCols)
        sums = Buffer(maxRows * maxCols / 32)
    }

    /// Quantizes `rows` rows of `cols` floats from `x` (row stride `cols`). Without `split` only
    /// the plain bytes, scales and sums are filled (all the vector kernels read), by the AVX2
    /// quantizer when the CPU has it; the split 16-bit lanes of the Swift kernels are then stale.
    func quantize(_ x: UnsafePointer<Float>, rows: Int, cols: Int, pool: WorkerPool, split: Bool = true) {
        let q = q.pointer, d = d.pointer, s = s.pointer, b = bytes.pointer, sums = sums.pointer
        let work = { (range: Range<Int>) in
            for r in range {
                if !split && intent_qk_quantize(x + r * cols, cols, b + r * cols, d + r * cols / 32, s + r * cols / 32,
                                                sums + r * cols / 32) != 0 { continue }
                quantizeRow(x + r * cols, n: cols, q: q + r * cols / 8, d: d + r * cols / 32, s: s + r * cols / 32,
                            bytes: b + r * cols, sums: sums + r * cols / 32)
            }
        }
        if rows >= 4 { pool.run(rows, work) } else { work(0..<rows) }
    }

    /// The activations of row `r` for a matrix of `cols` columns.
    @inline(__always)
    func row(_ r: Int, cols: Int) -> QuantizedActivations {
        QuantizedActivations(q: q.pointer + r * cols / 8, d: d.pointer + r * cols / 32, s: s.pointer + r * cols / 32,
                             bytes: bytes.pointer + r * cols, sums: sums.pointer + r * cols / 32)
    }
}
