import CBLAS
import Foundation
import Primitives

/// Multi-head self-attention over packed sequences.
///
/// The batch is stored without padding: sequence `s` occupies rows `starts[s] ..< starts[s] +
/// lengths[s]`. `qkv` holds each token's query, key and value side by side (`rows × 3·hidden`);
/// `context` receives `rows × hidden`; head `h` uses columns `h·headSize ..< (h+1)·headSize` of
/// each part. Each token attends only to the tokens of its own sequence, which is exactly what
/// BERT's padding mask achieves on a padded batch.
enum Attention {
    static func run(qkv: UnsafePointer<Float>, context: UnsafeMutablePointer<Float>,
                    starts: [Int], lengths: [Int], hidden: Int, heads: Int, threads: Int) {
        let headSize = hidden / heads
        let scale = 1 / Float(headSize).squareRoot()
        let items = starts.count * heads
        let longest = lengths.max() ?? 0
        Kernels.parallelRanges(items, threads: threads) { range in
            let scores = UnsafeMutablePointer<Float>.allocate(capacity: max(longest * longest, 1))
            defer { scores.deallocate() }
            for item in range {
                let sequence = item / heads
                let column = (item % heads) * headSize
                let row = starts[sequence]
                let query = qkv + row * 3 * hidden + column
                oneHead(query: query, key: query + hidden, value: query + 2 * hidden, inputStride: 3 * hidden,
                        context: context + row * hidden + column, contextStride: hidden,
                        length: lengths[sequence], headSize: headSize, scale: scale, scores: scores)
            }
        }
    }

    /// One head of one sequence: scores = scale · Q·Kᵀ (`length × length`), row softmax,
    /// context = scores · V — both products through `cblas_sgemm` on strided views.
    private static func oneHead(query: UnsafePointer<Float>, key: UnsafePointer<Float>,
                                value: UnsafePointer<Float>, inputStride: Int,
                                context: UnsafeMutablePointer<Float>, contextStride: Int,
                                length: Int, headSize: Int, scale: Float,
                                scores: UnsafeMutablePointer<Float>) {
        let n = Int32(length), d = Int32(headSize)
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, n, n, d, scale,
                    query, Int32(inputStride), key, Int32(inputStride), 0, scores, n)
        for i in 0..<length {
            FastMath.softmax(scores + i * length, count: length)
        }
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, d, n, 1,
                    scores, n, value, Int32(inputStride), 0, context, Int32(contextStride))
    }
}
