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
    private let base: UnsafeRawPointer
    /// Bytes of the packed matrix, padded to a multiple of 64 (the padding is zero).
    private let byteCount: Int
    /// The mapped packed-weights file this matrix lies in; nil when it owns its pages.
    private let file: PackedFileMapping?
    var groups: Int { rows / 8 }

    static func byteCount(type: GGMLType, rows: Int, blocks: Int) -> Int {
        intent_qk_packed_bytes(Int32(type.rawValue), rows, blocks)
    }

    /// Whether `w` gets a packed copy on this CPU.
    static func supports(_ w: QuantizedMatrix) -> Bool {
        (w.type == .q4_0 || w.type == .q4_1 || w.type == .q8_0) && w.rows % 8 == 0
            && intent_qk_packed_supported(Int32(w.type.rawValue)) != 0
    }

    var entry: PackedWeightsFile.Entry { PackedWeightsFile.Entry(type: type, rows: rows, blocks: blocks) }
    /// The packed bytes with their padding, as the packed-weights file stores them.
    var paddedBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: byteCount) }

    /// A matrix inside a validated packed-weights file (`entry` at `offset`).
    init(_ entry: PackedWeightsFile.Entry, in file: PackedFileMapping, at offset: Int) {
        type = entry.type
        rows = entry.rows
        blocks = entry.blocks
        base = file.base + offset
        byteCount = entry.paddedBytes
        self.file = file
    }

    /// nil when the CPU has no packed kernel for `w`'s type, or its rows are not groups of 8.
    init?(_ w: QuantizedMatrix, pool: WorkerPool) {
        guard Self.supports(w) else { return nil }
        let bytes = (Self.byteCount(type: w.type, rows: w.rows, blocks: w.blocks) + 63) / 64 * 64
        // Anonymous pages, not offered to transparent huge pages: with the usual `defrag=madvise`
        // the kernel compacts memory to find them (measured 0.13-0.24 s of system time for
        // 94 MB, against 0.05 s for small pages), and the kernels reach the same bandwidth.
        guard let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else { return nil }
        type = w.type
        rows = w.rows
        blocks = w.blocks
        base = UnsafeRawPointer(mapped)
        byteCount = bytes
        file = nil
        let dst = mapped, type = Int32(w.type.rawValue), src = w.base, rowBytes = w.rowBytes, blocks = w.blocks
        pool.run(w.rows / 8) { range in
            _ = intent_qk_pack(type, src, rowBytes, range.lowerBound, range.upperBound, blocks, dst)
        }
    }

    deinit { if file == nil { munmap(UnsafeMutableRawPointer(mutating: base), byteCount) } }

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

    /// The seven matrices of `matrices` (in the order of `sources`).
    init(_ m: ArraySlice<PackedMatrix>) {
        precondition(m.count == 7, "a layer has seven matrices")
        let i = m.startIndex
        wq = m[i]; wk = m[i + 1]; wv = m[i + 2]; wo = m[i + 3]; gate = m[i + 4]; up = m[i + 5]; down = m[i + 6]
    }

    /// The matrices of `layer` that get packed copies, in the order of `init(_:)`.
    static func sources(_ layer: LlamaLayer) -> [QuantizedMatrix] {
        [layer.wq, layer.wk, layer.wv, layer.wo, layer.gate, layer.up, layer.down]
    }
}
