import Foundation
import IntentKit
import Generation
import Primitives

/// One piece of evidence shown to a model: an id, a title and the text. Content: it goes to the
/// model (after consent, for the cloud) and never into receipts, logs or errors.
public struct EvidenceChunk: Sendable, Equatable, Codable {
    public var id: String
    public var title: String
    public var text: String

    public init(id: String, title: String, text: String) {
        self.id = id
        self.title = title
        self.text = text
    }
}

/// The exact payload a model would see, minimized before consent (DESIGN §7): the prompt
/// (instructions + question or facts) and a bounded set of chunks, strongest first. Receipts keep
/// only its sizes and its SHA-256.
public struct EvidenceEnvelope: Sendable, Equatable {
    /// Instructions and the question or facts, as sent.
    public let prompt: String
    /// The chunks kept, each cut to `EvidenceLimits.maxChunkBytes`.
    public let chunks: [EvidenceChunk]
    /// Ids of the chunks left out by the limits.
    public let droppedChunkIDs: [String]

    /// Keeps chunks in the given order until `limits` are reached; longer texts are cut on a
    /// character boundary.
    public init(prompt: String, chunks: [EvidenceChunk] = [], limits: EvidenceLimits = EvidenceLimits()) {
        self.prompt = prompt
        var kept: [EvidenceChunk] = []
        var dropped: [String] = []
        var total = 0
        for chunk in chunks {
            var copy = chunk
            copy.text = Self.prefix(chunk.text, maxBytes: limits.maxChunkBytes)
            let size = copy.title.utf8.count + copy.text.utf8.count
            guard kept.count < limits.maxChunks, total + size <= limits.maxTotalBytes else {
                dropped.append(chunk.id)
                continue
            }
            total += size
            kept.append(copy)
        }
        self.chunks = kept
        self.droppedChunkIDs = dropped
    }

    /// UTF-8 bytes of the prompt.
    public var promptBytes: Int { prompt.utf8.count }
    /// UTF-8 bytes of the chunk titles and texts.
    public var contextBytes: Int { chunks.reduce(0) { $0 + $1.title.utf8.count + $1.text.utf8.count } }
    public var chunkCount: Int { chunks.count }

    /// The chunks as numbered blocks (`[1] title` then the text), for the user message.
    public var contextText: String {
        chunks.enumerated().map { index, chunk in "[\(index + 1)] \(chunk.title)\n\(chunk.text)" }
            .joined(separator: "\n\n")
    }

    /// Estimated tokens of prompt + context.
    public var estimatedTokens: Int { TokenEstimator.estimate(prompt) + TokenEstimator.estimate(contextText) }

    /// SHA-256 (hex) of a canonical serialization: prompt, then each chunk's id, title and text,
    /// each length-prefixed, so equal payloads hash equally and different ones do not collide.
    public var sha256: String { SHA256.hex(canonicalData) }

    /// The canonical serialization `sha256` and the receipt's keyed digest are computed over.
    public var canonicalData: Data {
        var data = Data()
        func add(_ text: String) {
            let bytes = Data(text.utf8)
            data.append(Data("\(bytes.count):".utf8))
            data.append(bytes)
        }
        add(prompt)
        for chunk in chunks {
            add(chunk.id)
            add(chunk.title)
            add(chunk.text)
        }
        return data
    }

    /// The longest prefix of `text` within `maxBytes` UTF-8 bytes, ending on a character boundary.
    static func prefix(_ text: String, maxBytes: Int) -> String {
        guard text.utf8.count > maxBytes else { return text }
        var result = ""
        var used = 0
        for character in text {
            let size = character.utf8.count
            if used + size > maxBytes { break }
            result.append(character)
            used += size
        }
        return result
    }
}
