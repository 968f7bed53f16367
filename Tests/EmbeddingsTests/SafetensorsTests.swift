import Foundation
import XCTest
@testable import Embeddings

final class SafetensorsTests: XCTestCase {
    /// Builds safetensors bytes from a header object and a payload.
    private func file(header: String, payload: [UInt8], declaredLength: Int? = nil) -> Data {
        let json = Array(header.utf8)
        var data = Data()
        var length = UInt64(declaredLength ?? json.count)
        withUnsafeBytes(of: &length) { data.append(contentsOf: $0) }
        data.append(contentsOf: json)
        data.append(contentsOf: payload)
        return data
    }

    private func floatsPayload(_ values: [Float]) -> [UInt8] {
        values.flatMap { value -> [UInt8] in
            withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) }
        }
    }

    private let goodHeader = #"{"__metadata__":{"format":"pt"},"w":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]}}"#

    private func assertThrows(_ data: Data, _ expected: EmbeddingsError,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try SafetensorsFile(data: data, name: "bad.safetensors"), file: file, line: line) {
            XCTAssertEqual($0 as? EmbeddingsError, expected, file: file, line: line)
        }
    }

    func testReadsTensorsAndMetadata() throws {
        let data = file(header: goodHeader, payload: floatsPayload([1, -2, 3.5, 0.25]))
        let st = try SafetensorsFile(data: data, name: "good.safetensors")
        XCTAssertEqual(st.metadata, ["format": "pt"])
        XCTAssertEqual(try st.floats("w", shape: [2, 2]), [1, -2, 3.5, 0.25])
        XCTAssertEqual(st.tensors["w"]?.byteRange, (8 + goodHeader.utf8.count)..<(8 + goodHeader.utf8.count + 16))
    }

    func testMappedFileFromDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("st-\(UUID().uuidString).safetensors")
        defer { try? FileManager.default.removeItem(at: url) }
        try file(header: goodHeader, payload: floatsPayload([4, 3, 2, 1])).write(to: url)
        XCTAssertEqual(try SafetensorsFile(contentsOf: url).floats("w", shape: [2, 2]), [4, 3, 2, 1])
    }

    func testMissingFileIsUnreadable() {
        let url = URL(fileURLWithPath: "/nonexistent-dir/model.safetensors")
        XCTAssertThrowsError(try SafetensorsFile(contentsOf: url)) { error in
            XCTAssertEqual(error as? EmbeddingsError,
                           .unreadable(file: "model.safetensors", reason: "file does not exist"))
        }
    }

    func testShorterThanLengthPrefix() {
        assertThrows(Data([1, 2, 3]), .truncated(file: "bad.safetensors", expectedBytes: 8, actualBytes: 3))
    }

    func testHeaderLongerThanFile() {
        let data = file(header: goodHeader, payload: [], declaredLength: 5000)
        assertThrows(data, .truncated(file: "bad.safetensors", expectedBytes: 5008, actualBytes: data.count))
    }

    func testTensorBytesCutOff() {
        let data = file(header: goodHeader, payload: floatsPayload([1, 2, 3]))
        let end = 8 + goodHeader.utf8.count + 16
        assertThrows(data, .truncated(file: "bad.safetensors", expectedBytes: end, actualBytes: end - 4))
    }

    func testHeaderThatIsNotJSON() {
        assertThrows(file(header: "{not json", payload: []),
                     .invalidHeader(file: "bad.safetensors", reason: "not valid JSON"))
    }

    func testHeaderLengthBeyondLimit() {
        assertThrows(file(header: "{}", payload: [], declaredLength: 200_000_000),
                     .invalidHeader(file: "bad.safetensors", reason: "header length 200000000 is too large"))
    }

    func testByteLengthDisagreeingWithShape() {
        let header = #"{"w":{"dtype":"F32","shape":[3,2],"data_offsets":[0,16]}}"#
        assertThrows(file(header: header, payload: floatsPayload([1, 2, 3, 4])),
                     .invalidHeader(file: "bad.safetensors", reason: "entry 'w' spans 16 bytes, shape [3, 2] needs 24"))
    }

    func testUnknownDtypeAndMalformedEntry() {
        let unknown = #"{"w":{"dtype":"F8","shape":[1],"data_offsets":[0,1]}}"#
        assertThrows(file(header: unknown, payload: [0]),
                     .invalidHeader(file: "bad.safetensors", reason: "entry 'w' has unknown dtype F8"))
        let malformed = #"{"w":{"dtype":"F32","shape":[1]}}"#
        assertThrows(file(header: malformed, payload: []),
                     .invalidHeader(file: "bad.safetensors", reason: "entry 'w' lacks dtype, shape or data_offsets"))
    }

    func testTensorLookupChecksNameDtypeAndShape() throws {
        let header = #"{"w":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},"ids":{"dtype":"I64","shape":[2],"data_offsets":[16,32]}}"#
        let st = try SafetensorsFile(data: file(header: header, payload: [UInt8](repeating: 0, count: 32)), name: "m.safetensors")
        XCTAssertThrowsError(try st.tensor("absent", shape: [1])) {
            XCTAssertEqual($0 as? EmbeddingsError, .missingTensor(file: "m.safetensors", name: "absent"))
        }
        XCTAssertThrowsError(try st.floats("ids", shape: [2])) {
            XCTAssertEqual($0 as? EmbeddingsError,
                           .dtypeMismatch(file: "m.safetensors", name: "ids", expected: "F32", actual: "I64"))
        }
        XCTAssertThrowsError(try st.floats("w", shape: [4])) {
            XCTAssertEqual($0 as? EmbeddingsError,
                           .shapeMismatch(file: "m.safetensors", name: "w", expected: [4], actual: [2, 2]))
        }
    }

    func testModelDirectoryWithWrongShapesIsRejected() throws {
        // A real config.json beside a weights file that lacks the encoder: a clear error, no crash.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("minilm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: MiniLMFixtures.directory.appendingPathComponent("vocab.txt"),
                                         to: dir.appendingPathComponent("vocab.txt"))
        let config = #"{"vocab_size":30522,"hidden_size":384,"num_hidden_layers":6,"num_attention_heads":12,"intermediate_size":1536,"max_position_embeddings":512,"type_vocab_size":2,"layer_norm_eps":1e-12,"hidden_act":"gelu"}"#
        try Data(config.utf8).write(to: dir.appendingPathComponent("config.json"))
        try file(header: goodHeader, payload: floatsPayload([1, 2, 3, 4])).write(to: dir.appendingPathComponent("model.safetensors"))
        XCTAssertThrowsError(try MiniLMEmbedder(directory: dir)) {
            XCTAssertEqual($0 as? EmbeddingsError,
                           .missingTensor(file: "model.safetensors", name: "embeddings.word_embeddings.weight"))
        }
    }
}
