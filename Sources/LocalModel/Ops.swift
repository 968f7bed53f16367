import Foundation

/// Elementwise operations of the llama block.
enum Ops {
    /// `out = x / sqrt(mean(x²) + eps) * w`.
    static func rmsNorm(_ x: UnsafePointer<Float>, _ w: [Float], eps: Float, n: Int, out: UnsafeMutablePointer<Float>) {
        var ss: Float = 0
        for i in 0..<n { ss += x[i] * x[i] }
        let scale = 1 / (ss / Float(n) + eps).squareRoot()
        w.withUnsafeBufferPointer { wp in
            for i in 0..<n { out[i] = x[i] * scale * wp[i] }
        }
    }

    /// Rotates adjacent pairs `(2i, 2i+1)` of each head by `pos · base^(-2i/dims)` (ggml's
    /// "normal" RoPE, which GGUF converters make correct by permuting the q/k rows).
    static func rope(_ x: UnsafeMutablePointer<Float>, heads: Int, headDim: Int, ropeDims: Int, pos: Int, table: RopeTable) {
        let cs = table.cosSin(pos)
        for h in 0..<heads {
            let v = x + h * headDim
            for i in stride(from: 0, to: ropeDims, by: 2) {
                let c = cs[i], s = cs[i + 1]
                let a = v[i], b = v[i + 1]
                v[i] = a * c - b * s
                v[i + 1] = a * s + b * c
            }
        }
    }

    @inline(__always)
    static func silu(_ x: Float) -> Float { x / (1 + expf(-x)) }

    /// `gate[i] = silu(gate[i]) · up[i]`, four at a time.
    static func swiGLU(_ gate: UnsafeMutablePointer<Float>, _ up: UnsafePointer<Float>, count: Int) {
        var i = 0
        while i + 4 <= count {
            let g = UnsafeRawPointer(gate + i).loadUnaligned(as: SIMD4<Float>.self)
            let u = UnsafeRawPointer(up + i).loadUnaligned(as: SIMD4<Float>.self)
            let r = g / (1 + FastMath.exp(-g)) * u
            UnsafeMutableRawPointer(gate + i).storeBytes(of: r, as: SIMD4<Float>.self)
            i += 4
        }
        while i < count { gate[i] = silu(gate[i]) * up[i]; i += 1 }
    }
}

/// Precomputed cos/sin of every RoPE angle for positions `0..<maxPositions`.
final class RopeTable: @unchecked Sendable {
    let dims: Int
    private let values: Buffer<Float>
    let maxPositions: Int

    init(dims: Int, base: Float, maxPositions: Int) {
        self.dims = dims
        self.maxPositions = maxPositions
        values = Buffer(dims * maxPositions)
        // Angles accumulate by repeated multiplication, as ggml computes them.
        let thetaScale = powf(base, -2 / Float(dims))
        let p = values.pointer
        for pos in 0..<maxPositions {
            var angle = Float(pos)
            for i in 0..<(dims / 2) {
                p[pos * dims + 2 * i] = cosf(angle)
                p[pos * dims + 2 * i + 1] = sinf(angle)
                angle *= thetaScale
            }
        }
    }

    @inline(__always)
    func cosSin(_ pos: Int) -> UnsafePointer<Float> { UnsafePointer(values.pointer + pos * dims) }
}
