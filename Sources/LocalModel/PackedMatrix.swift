import CQuantKernels
#if canImport(Glibc)
import Glibc
#endif

/// A copy of a weight matrix in the packed kernels' layout (rows in groups of 8 interleaved per
/// block, see CQuantKernels.h) for single-token products: one vector instruction then computes
/// 4 quants of 8 rows, so a token's products run at memory speed instead of being bound by
/// per-row horizontal sums and scale conversions.
final class PackedMatrix: @unchecked Sendable {
    let type: GGMLType
    let rows: Int
    let blocks: Int
    private let base: UnsafeMutableRawPointer
    private let byteCount: Int
    var groups: Int { rows / 8 }

    /// nil when the CPU has no packed kernel for `w`'s type, or its rows are not groups of 8.
    init?(_ w: QuantizedMatrix, pool: WorkerPool) {
        guard w.type == .q4_0 || w.type == .q4_1 || w.type == .q8_0, w.rows % 8 == 0,
              intent_qk_packed_supported(Int32(w.type.rawValue)) != 0 else { return nil }
        let bytes = intent_qk_packed_bytes(Int32(w.type.rawValue), w.rows, w.blocks)
        // Anonymous pages, not offered to transparent huge pages: with the usual `defrag=madvise`
        // the kernel compacts memory to find them (measured 0.13-0.24 s of system time for
        // 94 MB, against 0.05 s for small pages), and the kernels reach the same bandwidth.
        guard let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else { return nil }
        type = w.type
        rows = w.rows
        blocks = w.blocks
        base = mapped
        byteCount = bytes
        let dst = mapped, type = Int32(w.type.rawValue), src = w.base, rowBytes = w.rowBytes, blocks = w.blocks
        pool.run(w.rows / 8) { range in
            _ = intent_qk_pack(type, src, rowBytes, range.lowerBound, range.upperBound, blocks, dst)
        }
    }

    deinit { munmap(base, byteCount) }

    /// `out[8 (g - groups.lowerBound) + j] = row 8g + j · a`; `a` must carry bytes and sums.
    @inline(__always)
    func multiply(groups: Range<Int>, _ a: QuantizedActivations, out: UnsafeMutablePointer<Float>) {
        _ = intent_qk_packed_matvec(Int32(type.rawValue), base, groups.lowerBound, groups.upperBound, blocks,
                                    a.bytes!, a.d, a.s, a.sums!, out)
    }
}

/// The packed copies of one block's matrices, in the order the forward pass uses them.
struct PackedLayer: @unchecked Sendable {
    let wq, wk, wv, wo, gate, up, down: PackedMatrix

    init?(_ layer: LlamaLayer, pool: WorkerPool) {
        guard let q = PackedMatrix(layer.wq, pool: pool), let k = PackedMatrix(layer.wk, pool: pool),
              let v = PackedMatrix(layer.wv, pool: pool), let o = PackedMatrix(layer.wo, pool: pool),
              let g = PackedMatrix(layer.gate, pool: pool), let u = PackedMatrix(layer.up, pool: pool),
              let d = PackedMatrix(layer.down, pool: pool) else { return nil }
        wq = q; wk = k; wv = v; wo = o; gate = g; up = u; down = d
    }
}
