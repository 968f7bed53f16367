import Embeddings
import Foundation
import IntentKit
import Store
import Testing
import XCTest
@testable import Retrieval

/// The wall clock of these tests, frozen (2026-11-30T09:00:00Z).
enum TestTime {
    static let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_796_029_200) }
}

extension ExtractedText {
    /// The source bytes behind the first occurrence of `phrase` in the text, decoded as UTF-8.
    func sourceText(of phrase: String, in source: [UInt8]) throws -> String {
        let text = Array(self.text.utf8)
        let p = Array(phrase.utf8)
        let at = try XCTUnwrap(text.count >= p.count ? (0...(text.count - p.count)).first { text[$0..<($0 + p.count)].elementsEqual(p) } : nil,
                               "\(phrase) not in \(self.text)")
        let range = try XCTUnwrap(sourceRange(of: at..<(at + p.count)))
        return String(decoding: source[range], as: UTF8.self)
    }
}

extension TempLibrary {
    /// A copy of `fixture` in the library's folder, indexed; its path.
    func indexed(_ fixture: URL) throws -> URL {
        let path = docs.appendingPathComponent(fixture.lastPathComponent)
        try FileManager.default.copyItem(at: fixture, to: path)
        try library.enqueue(paths: [path])
        XCTAssertEqual(try library.processQueue().indexed, 1)
        return path
    }

    /// The first citation of `answer`: offsets into the extracted text of the document at `path`
    /// (an Office one), whose quote is those bytes and passes the citation check.
    @discardableResult
    func checkExtractedCitation(of answer: LibraryAnswer, path: URL,
                                file: StaticString = #filePath, line: UInt = #line) throws -> LibraryAnswer.Citation {
        let citation = try XCTUnwrap(answer.citations.first, file: file, line: line)
        XCTAssertEqual(citation.offsets, LibraryAnswer.Citation.extractedText, file: file, line: line)
        let text = try XCTUnwrap(OfficeText.text(ofFile: path.path), file: file, line: line)
        XCTAssertEqual(String(decoding: text[citation.start..<citation.end], as: UTF8.self), citation.quote, file: file, line: line)
        XCTAssertTrue(CitationCheck.verify(citation, pdfTexts: library.pdfTexts), file: file, line: line)
        return citation
    }
}

/// A throw-away home with a library over it; removed when the test ends.
final class TempLibrary {
    let root: URL
    let docs: URL
    let library: Library

    init(embedder: any Embedder = HashingEmbedder(), configuration: RetrievalConfiguration = .standard) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("retrieval-test-\(UUID().uuidString)")
        docs = root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let paths = AppPaths(dataDirectory: root.appendingPathComponent("data"),
                             configDirectory: root.appendingPathComponent("config"), modelDirectories: [])
        library = Library(store: IntentStore(paths: paths, schema: Library.schema, housekeeping: nil), embedder: embedder,
                          configuration: configuration, clock: TestTime.clock, workerID: "test-worker")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes `text` to `docs/name` and returns its URL.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let url = docs.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }
}

/// Fixtures of this target, found relative to this file.
enum Fixtures {
    static let qa = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/qa")
}

/// An embedder with a tiny token limit (one token per word), to exercise chunk validation.
struct TinyLimitEmbedder: Embedder {
    var identifier = "tiny-test"
    var dimension = 8
    var maxTokens = 40
    func tokenCount(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count + 2 }
    func embed(_ texts: [String]) throws -> [[Float]] {
        texts.map { text in
            var v = [Float](repeating: 0, count: dimension)
            for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
                v[Int(word.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xffff }) % dimension] += 1
            }
            let n = v.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return n > 0 ? v.map { $0 / n } : [1] + [Float](repeating: 0, count: dimension - 1)
        }
    }
}

/// Reads bytes `start..<end` of a file.
func sourceBytes(_ path: String, _ start: Int, _ end: Int) throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return String(decoding: data[start..<end], as: UTF8.self)
}

/// One chunk of `lines` (document `doc`, named `path`), as the answerer's tests rank its lines.
func testChunk(_ lines: [String], doc: Int64 = 1, path: String = "/library/file.csv", kind: DocumentKind = .csv) -> EvidenceChunk {
    let text = lines.joined(separator: "\n")
    let length = text.utf8.count
    let record = ChunkRecord(id: doc, docId: doc, path: path, kind: kind, ordinal: 0, start: 0, end: length,
                             tokenCount: length / 4, text: text, raw: nil,
                             segments: [.init(textOffset: 0, sourceOffset: 0, length: length)], encoding: .utf8)
    return EvidenceChunk(chunkId: doc, docId: doc, path: path, ordinal: 0, start: 0, end: length, text: text,
                         tokenCount: record.tokenCount, score: 1, cosine: 0.5, vectorRank: 1, lexicalRank: 1,
                         isNeighbour: false, record: record)
}

/// The helpers above do what the tests that use them take for granted.
@Suite struct TestSupportTests {
    @Test func aTestChunkHoldsItsLinesAndQuotesEachFromItsOwnBytes() {
        let chunk = testChunk(["a: 1", "b: 22"], doc: 3, path: "/library/x.csv")
        #expect(chunk.text == "a: 1\nb: 22" && chunk.docId == 3 && chunk.record.kind == .csv)
        #expect(chunk.quote(textRange: 5..<10)?.start == 5 && chunk.quote(textRange: 5..<10)?.end == 10)
    }

    @Test func aTempLibraryWritesIntoItsDocsAndIsGoneAfter() throws {
        var root: URL?
        do {
            let t = try TempLibrary()
            root = t.root
            let url = try t.write("note.md", "# Note\n\nThe key is under the mat.\n")
            #expect(try sourceBytes(url.path, 8, 15) == "The key")
        }
        #expect(root.map { !FileManager.default.fileExists(atPath: $0.path) } == true)
    }

    @Test func theTinyEmbedderGivesUnitVectorsOfItsDimension() throws {
        let vectors = try TinyLimitEmbedder().embed(["hello world", ""])
        #expect(vectors.allSatisfy { $0.count == 8 && abs($0.reduce(0) { $0 + $1 * $1 } - 1) < 1e-5 })
    }
}
