/// One weight row expanded to 16-bit lanes with float block scales, so that a batch of
/// activation vectors can be multiplied with it without unpacking the row again per vector.
struct UnpackedRow {
    let values: UnsafeMutablePointer<SIMD8<Int16>>
    let scale: UnsafeMutablePointer<Float>
    let offset: UnsafeMutablePointer<Float>
    let capacityBlocks: Int

    init(maxBlocks: Int) {
        capacityBlocks = maxBlocks
        values = .allocate(capacity: maxBlocks * 4)
        scale = .allocate(capacity: maxBlocks)
        offset = .allocate(capacity: maxBlocks)
    }

    func deallocate() { values.deallocate(); scale.deallocate(); offset.deallocate() }

    /// Expands row `r` of `m` (quantized types only).
    func load(_ m: QuantizedMatrix, row r: Int) {
        let base = m.base + r * m.rowBytes
        for b in 0..<m.blocks {
            switch m.type {
            case .q4_1:
                let p = base + b * 20
                Lanes.unpackNibbles(p.loadUnaligned(fromByteOffset: 4, as: SIMD16<UInt8>.self), bias: 0, into: values + b * 4)
                scale[b] = HalfTable.load(p, 0); offset[b] = HalfTable.load(p, 2)
            case .q4_0:
                let p = base + b * 18
                Lanes.unpackNibbles(p.loadUnaligned(fromByteOffset: 2, as: SIMD16<UInt8>.self), bias: 8, into: values + b * 4)
                scale[b] = HalfTable.load(p, 0); offset[b] = 0
            case .q8_0:
                let p = base + b * 34
                Lanes.unpackBytes(p.loadUnaligned(fromByteOffset: 2, as: SIMD16<Int8>.self),
                                  p.loadUnaligned(fromByteOffset: 18, as: SIMD16<Int8>.self), into: values + b * 4)
                scale[b] = HalfTable.load(p, 0); offset[b] = 0
            case .f32, .f16:
                break
            }
        }
    }

    /// Dots of the loaded row (`blocks` blocks) with four activation vectors at once (the
    /// weight vectors are loaded once for all four).
    @inline(__always)
    func dot4(_ a0: QuantizedActivations, _ a1: QuantizedActivations, _ a2: QuantizedActivations,
              _ a3: QuantizedActivations, blocks: Int, wide: Bool) -> SIMD4<Float> {
        var c0 = SIMD4<Float>(), c1 = SIMD4<Float>(), c2 = SIMD4<Float>(), c3 = SIMD4<Float>()
        var off = SIMD4<Float>()
        for b in 0..<blocks {
            let w = UnsafePointer(values + b &* 4), sc = scale[b]
            c0 += Lanes.float(Lanes.unpackedDot(w, a0.q + b &* 4, wide: wide)) * (sc * a0.d[b])
            c1 += Lanes.float(Lanes.unpackedDot(w, a1.q + b &* 4, wide: wide)) * (sc * a1.d[b])
            c2 += Lanes.float(Lanes.unpackedDot(w, a2.q + b &* 4, wide: wide)) * (sc * a2.d[b])
            c3 += Lanes.float(Lanes.unpackedDot(w, a3.q + b &* 4, wide: wide)) * (sc * a3.d[b])
            off += offset[b] * SIMD4(a0.s[b], a1.s[b], a2.s[b], a3.s[b])
        }
        return SIMD4(c0.sum(), c1.sum(), c2.sum(), c3.sum()) + off
    }

    /// Dot of the loaded row with one activation vector.
    @inline(__always)
    func dot(_ a: QuantizedActivations, blocks: Int, wide: Bool) -> Float {
        var acc = SIMD4<Float>(), off: Float = 0
        for b in 0..<blocks {
            acc += Lanes.float(Lanes.unpackedDot(values + b &* 4, a.q + b &* 4, wide: wide)) * (scale[b] * a.d[b])
            off += offset[b] * a.s[b]
        }
        return acc.sum() + off
    }
}
