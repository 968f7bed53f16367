import Foundation
import Primitives

/// Tunable numbers of the hashing embedder. Changing any of them changes the vectors, so a new
/// configuration must come with a new `identifier`.
public struct HashingConfiguration: Sendable, Equatable {
    /// Name recorded in indexes.
    public var identifier: String
    /// Vector length.
    public var dimension: Int
    /// Words beyond this count are ignored (the embedder's `maxTokens`).
    public var maxWords: Int
    /// Weight of each word unigram feature.
    public var unigramWeight: Float
    /// Weight of each adjacent word pair feature.
    public var bigramWeight: Float
    /// Character n-gram lengths taken from each word wrapped in `<` and `>`.
    public var charGramLengths: ClosedRange<Int>
    /// Euclidean weight of one word's character n-grams together: each of a word's `n` grams
    /// gets `charGramWeightPerWord / √n`.
    public var charGramWeightPerWord: Float

    /// The configuration behind `hashing-v1`.
    public static let v1 = HashingConfiguration(
        identifier: "hashing-v1", dimension: 384, maxWords: 4096,
        unigramWeight: 1.0, bigramWeight: 0.7,
        charGramLengths: 3...5, charGramWeightPerWord: 1.0)
}

/// A deterministic, dependency-free embedder: signed feature hashing of word unigrams, word
/// bigrams and character 3–5-grams, L2-normalised.
///
/// Text is lowercased, decomposed (NFD) with combining marks removed ("Café" → "cafe"), and
/// split into words at every scalar that is neither a letter nor a number. Each feature string
/// is hashed with FNV-1a 64 over its UTF-8 bytes (prefixed by a kind byte); the low bits pick
/// the dimension (modulo `dimension`), bit 63 the sign. Identical input gives identical vectors
/// in every process. Text without any word maps to one fixed unit vector.
public struct HashingEmbedder: Embedder {
    /// Its cosines count shared (hashed) words; they say nothing the lexical arm does not.
    public var measuresMeaning: Bool { false }

    public let configuration: HashingConfiguration

    public init(configuration: HashingConfiguration = .v1) {
        self.configuration = configuration
    }

    public var identifier: String { configuration.identifier }
    public var dimension: Int { configuration.dimension }
    public var maxTokens: Int { configuration.maxWords }

    /// Number of words (the hashing embedder has no special tokens).
    public func tokenCount(_ text: String) -> Int {
        HashingEmbedder.words(text).count
    }

    public func embed(_ texts: [String]) throws -> [[Float]] {
        texts.map(embedOne)
    }

    /// Lowercased, accent-folded words of `text`, each as an array of Unicode scalars.
    static func words(_ text: String) -> [[Unicode.Scalar]] {
        let folded = text.lowercased().decomposedStringWithCanonicalMapping
        var words: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        for scalar in folded.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark:
                continue
            default:
                break
            }
            if properties.isAlphabetic || properties.numericType != nil {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private func embedOne(_ text: String) -> [Float] {
        let config = configuration
        var vector = [Float](repeating: 0, count: config.dimension)
        let words = Array(HashingEmbedder.words(text).prefix(config.maxWords))

        func add(_ hash: UInt64, _ weight: Float) {
            let index = Int((hash & 0x7fff_ffff_ffff_ffff) % UInt64(config.dimension))
            vector[index] += (hash >> 63) == 0 ? weight : -weight
        }

        if words.isEmpty {
            var h = FNV1a()
            h.combine(byte: UInt8(ascii: "e"))
            add(h.value, 1)
        }
        for (i, word) in words.enumerated() {
            var unigram = FNV1a()
            unigram.combine(byte: UInt8(ascii: "w"))
            unigram.combine(scalars: word)
            add(unigram.value, config.unigramWeight)

            if i + 1 < words.count {
                var bigram = FNV1a()
                bigram.combine(byte: UInt8(ascii: "b"))
                bigram.combine(scalars: word)
                bigram.combine(byte: 0x20)
                bigram.combine(scalars: words[i + 1])
                add(bigram.value, config.bigramWeight)
            }
            addCharGrams(of: word, into: add)
        }
        return l2Normalized(vector)
    }

    private func addCharGrams(of word: [Unicode.Scalar], into add: (UInt64, Float) -> Void) {
        let padded: [Unicode.Scalar] = ["<"] + word + [">"]
        var grams: [UInt64] = []
        for length in configuration.charGramLengths where length <= padded.count {
            for start in 0...(padded.count - length) {
                var h = FNV1a()
                h.combine(byte: UInt8(ascii: "c"))
                h.combine(scalars: padded[start..<(start + length)])
                grams.append(h.value)
            }
        }
        guard !grams.isEmpty else { return }
        let weight = configuration.charGramWeightPerWord / Float(grams.count).squareRoot()
        for gram in grams { add(gram, weight) }
    }
}

/// `vector` scaled to unit Euclidean length; a zero vector is returned unchanged.
func l2Normalized(_ vector: [Float]) -> [Float] {
    var sum: Float = 0
    for x in vector { sum += x * x }
    guard sum > 0 else { return vector }
    let scale = 1 / sum.squareRoot()
    return vector.map { $0 * scale }
}
