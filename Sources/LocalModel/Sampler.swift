import Foundation
import Primitives

/// Turns logits into token choices.
enum Sampler {
    /// Ids of the `k` largest logits, best first (ties: lower id first).
    static func topK(_ logits: UnsafeBufferPointer<Float>, _ k: Int) -> [Int] {
        guard k > 0 else { return [] }
        var best: [(Float, Int)] = []
        best.reserveCapacity(k + 1)
        var floor = -Float.infinity
        for (i, l) in logits.enumerated() where best.count < k || l > floor {
            var at = best.count
            while at > 0 && best[at - 1].0 < l { at -= 1 }
            best.insert((l, i), at: at)
            if best.count > k { best.removeLast() }
            floor = best.count == k ? best[k - 1].0 : -Float.infinity
        }
        return best.map(\.1)
    }

    static func argmax(_ logits: UnsafeBufferPointer<Float>) -> Int {
        var best = 0
        for i in 1..<logits.count where logits[i] > logits[best] { best = i }
        return best
    }

    /// The next token: the argmax when `temperature` is 0; otherwise a draw from the softmax at
    /// `temperature` over the 256 best logits, cut to the smallest set holding `topP` of the mass.
    static func sample(_ logits: UnsafeBufferPointer<Float>, temperature: Double, topP: Double,
                       using rng: inout SeededGenerator) -> Int {
        if temperature <= 0 { return argmax(logits) }
        let pool = topK(logits, 256)
        let t = Float(temperature)
        let maxL = logits[pool[0]]
        var probs = pool.map { expf((logits[$0] - maxL) / t) }
        let total = probs.reduce(0, +)
        probs = probs.map { $0 / total }
        var keep = probs.count
        if topP < 1 {
            var mass: Float = 0
            for (i, p) in probs.enumerated() {
                mass += p
                if mass >= Float(topP) { keep = i + 1; break }
            }
        }
        let kept = probs[..<keep].reduce(0, +)
        var r = Float(Double(rng.next() >> 11) / Double(1 << 53)) * kept
        for i in 0..<keep {
            r -= probs[i]
            if r <= 0 { return pool[i] }
        }
        return pool[keep - 1]
    }
}
