/// A weight matrix stored in the mapped file: `rows` rows of `cols` elements of `type`.
/// `y = W x` multiplies each row with the (quantized) input vector.
struct QuantizedMatrix: @unchecked Sendable {
    let name: String
    let base: UnsafeRawPointer
    let type: GGMLType
    let rows: Int
    let cols: Int
    var rowBytes: Int { cols / type.blockElements * type.blockBytes }
    var blocks: Int { cols / 32 }

    init(_ gguf: GGUFFile, _ name: String, cols: Int, rows: Int) throws {
        guard let t = gguf.tensors[name] else {
            throw LocalModelError.missingTensor(path: gguf.file.path, tensor: name, reason: "not found")
        }
        guard t.dims.count == 2 || (t.dims.count == 1 && rows == 1), t.rowLength == cols, t.rows == rows else {
            throw LocalModelError.missingTensor(path: gguf.file.path, tensor: name, reason: "shape \(t.dims) differs from [\(cols), \(rows)]")
        }
        self.name = name
        self.base = gguf.pointer(t)
        self.type = t.type
        self.rows = rows
        self.cols = cols
    }

    /// A matrix over raw memory (tests and internal views); the caller keeps `base` alive.
    init(unchecked base: UnsafeRawPointer, type: GGMLType, rows: Int, cols: Int, name: String = "") {
        self.name = name
        self.base = base
        self.type = type
        self.rows = rows
        self.cols = cols
    }

    /// Dot of row `r` with one input vector (quantized `a`, float `x` for F32/F16 weights).
    @inline(__always)
    func dot(row r: Int, _ a: QuantizedActivations, _ x: UnsafePointer<Float>) -> Float {
        let p = base + r * rowBytes
        switch type {
        case .q4_1: return dotQ4_1(p, a, blocks: blocks)
        case .q4_0: return dotQ4_0(p, a, blocks: blocks)
        case .q8_0: return dotQ8_0(p, a, blocks: blocks)
        case .f32, .f16: return dotFloat(type, p, x, n: cols)
        }
    }

    /// Dequantizes row `r` into `out` (`cols` floats).
    func row(_ r: Int, into out: UnsafeMutablePointer<Float>) {
        dequantize(type, base + r * rowBytes, count: cols, into: out)
    }
}
