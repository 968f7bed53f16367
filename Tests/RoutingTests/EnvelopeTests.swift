import Foundation
import IntentKit
import Primitives
@testable import Routing
import Testing

@Suite struct EnvelopeTests {
    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func envelopeIsBoundedBeforeConsent() {
        let chunks = (1...20).map { EvidenceChunk(id: "c\($0)", title: "doc \($0)", text: String(repeating: "é", count: 3_000)) }
        let limits = EvidenceLimits(maxChunks: 5, maxChunkBytes: 1_001, maxTotalBytes: 3_000)
        let envelope = EvidenceEnvelope(prompt: "question", chunks: chunks, limits: limits)
        #expect(envelope.chunks.map(\.id) == ["c1", "c2"])
        #expect(envelope.chunks.allSatisfy { $0.text.utf8.count == 1_000 }, "cut on a character boundary")
        #expect(envelope.droppedChunkIDs.count == 18)
        #expect(envelope.contextBytes == 2 * (1_000 + 5))
        #expect(envelope.promptBytes == 8)
        let five = EvidenceEnvelope(prompt: "q", chunks: Array(chunks.prefix(9)), limits: EvidenceLimits(maxChunks: 5))
        #expect(five.chunkCount == 5)
    }

    @Test func digestChangesWithThePayload() {
        let a = EvidenceEnvelope(prompt: "q", chunks: [EvidenceChunk(id: "1", title: "t", text: "ab")])
        let b = EvidenceEnvelope(prompt: "q", chunks: [EvidenceChunk(id: "1", title: "ta", text: "b")])
        let c = EvidenceEnvelope(prompt: "q", chunks: [EvidenceChunk(id: "1", title: "t", text: "ab")])
        #expect(a.sha256 != b.sha256)
        #expect(a.sha256 == c.sha256)
        #expect(a.sha256.count == 64)
    }
}
