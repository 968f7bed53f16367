import Foundation
import Store

/// A stored chunk with what the answerer needs to quote it.
public struct ChunkRecord: Sendable, Equatable {
    public let id: Int64
    public let docId: Int64
    /// Absolute path of the source file.
    public let path: String
    public let kind: DocumentKind
    public let ordinal: Int
    /// Source byte range of the chunk.
    public let start: Int
    public let end: Int
    public let tokenCount: Int
    /// Extracted text (what is searched and embedded).
    public let text: String
    /// Source bytes `start..<end`, decoded, when they differ from `text` (HTML, JSON, a decoded
    /// Windows-1252 or UTF-16 file); nil when equal.
    let raw: String?
    /// Runs of source bytes, `textOffset` relative to `text`.
    let segments: [ExtractedText.Segment]
    /// The encoding of the source file.
    let encoding: TextEncoding

    /// Source byte range and the source text of text bytes `range` (relative to `text`): the
    /// file's bytes in that range, decoded in the file's encoding.
    func quote(_ range: Range<Int>) -> (range: Range<Int>, quote: String)? {
        guard let source = ExtractedText.sourceRange(of: range, segments: segments) else { return nil }
        let lo = source.lowerBound - start, hi = source.upperBound - start
        guard lo >= 0, lo < hi else { return nil }
        switch (encoding, raw) {
        case (.windows1252, let raw?):
            // one character per source byte
            let scalars = Array(raw.unicodeScalars)
            guard hi <= scalars.count else { return nil }
            var quote = String.UnicodeScalarView()
            quote.append(contentsOf: scalars[lo..<hi])
            return (source, String(quote))
        case (.utf16LE, let raw?), (.utf16BE, let raw?):
            // one code unit per two source bytes
            let units = Array(raw.utf16)
            guard hi <= 2 * units.count, lo % 2 == 0, hi % 2 == 0 else { return nil }
            return (source, String(decoding: units[(lo / 2)..<(hi / 2)], as: UTF16.self))
        default:
            break
        }
        let bytes = Array((raw ?? text).utf8)
        guard hi <= bytes.count else { return nil }
        return (source, String(decoding: bytes[lo..<hi], as: UTF8.self))
    }
}

/// A document of the library.
public struct LibraryDocument: Sendable, Equatable, Codable {
    public let id: Int64
    public let path: String
    public let kind: String
    public let contentHash: String
    public let size: Int64
    public let chunkCount: Int
    public let embedder: String
    public let indexedAt: String
}

/// SQL access to documents, chunks and index metadata. All methods run on a connection inside the
/// caller's `read`/`write` block.
enum LibraryCatalog {
    static let documentColumns = "id, path, kind, content_hash, size, chunk_count, embedder, indexed_at"

    static func document(path: String, _ c: Connection) throws -> LibraryDocument? {
        try c.first("SELECT \(documentColumns) FROM library_documents WHERE path = ?", [path], mapDocument)
    }

    static func documents(_ c: Connection) throws -> [LibraryDocument] {
        try c.rows("SELECT \(documentColumns) FROM library_documents ORDER BY id", [], mapDocument)
    }

    private static func mapDocument(_ r: Row) -> LibraryDocument {
        LibraryDocument(id: r.int64(0), path: r.text(1), kind: r.text(2), contentHash: r.text(3), size: r.int64(4),
                        chunkCount: r.int(5), embedder: r.text(6), indexedAt: r.text(7))
    }

    /// Deletes the document (its chunks and FTS rows go with it). Returns false when absent.
    @discardableResult
    static func remove(where column: String, _ value: any SQLBindable, _ c: Connection) throws -> Bool {
        try c.run("DELETE FROM library_documents WHERE \(column) = ?", [value])
        guard c.changes > 0 else { return false }
        try bumpGeneration(c)
        return true
    }

    /// Chunks with the given ids (any order; missing ids are skipped).
    static func chunks(ids: [Int64], _ c: Connection) throws -> [Int64: ChunkRecord] {
        guard !ids.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        let rows = try c.rows("""
            SELECT c.id, c.doc_id, d.path, d.kind, c.ordinal, c.start, c.end, c.token_count, c.text, c.raw, c.segments
            FROM library_chunks c JOIN library_documents d ON d.id = c.doc_id WHERE c.id IN (\(marks))
            """, ids) { r in
            let (segments, encoding) = decodeSegments(r.blob(10))
            return ChunkRecord(id: r.int64(0), docId: r.int64(1), path: r.text(2),
                               kind: DocumentKind(rawValue: r.text(3)) ?? .text, ordinal: r.int(4), start: r.int(5),
                               end: r.int(6), tokenCount: r.int(7), text: r.text(8), raw: r.optionalText(9),
                               segments: segments, encoding: encoding)
        }
        return Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The stored vectors (float32 bytes) of the chunks with the given ids; missing ids are skipped.
    static func vectors(ids: [Int64], _ c: Connection) throws -> [Int64: Data] {
        guard !ids.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        let rows = try c.rows("SELECT id, vector FROM library_chunks WHERE id IN (\(marks))", ids) { ($0.int64(0), $0.blob(1)) }
        return Dictionary(rows, uniquingKeysWith: { a, _ in a })
    }

    /// Ids of the chunks within `radius` ordinals of `chunk` in the same document (itself excluded).
    static func neighbours(of chunk: Int64, radius: Int, _ c: Connection) throws -> [Int64] {
        try c.rows("""
            SELECT n.id FROM library_chunks n JOIN library_chunks c ON c.id = ?
            WHERE n.doc_id = c.doc_id AND n.id != c.id AND abs(n.ordinal - c.ordinal) <= ? ORDER BY n.ordinal
            """, [chunk, radius]) { $0.int64(0) }
    }

    /// The opening lines of each of `docs`: the first `leadLines` lines of its first chunk that
    /// hold a letter or a digit, at most `leadCharacters` characters in all; one statement for all
    /// of them (a document without chunks has none).
    static func leads(of docs: Set<Int64>, _ c: Connection) throws -> [Int64: String] {
        guard !docs.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: docs.count).joined(separator: ",")
        let firsts = try c.rows("SELECT doc_id, substr(text, 1, 2000) FROM library_chunks WHERE ordinal = 0 AND doc_id IN (\(marks))",
                                docs.sorted()) { ($0.int64(0), $0.text(1)) }
        return Dictionary(firsts.map { ($0, lead($1)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The opening lines of a document whose first chunk is `text`.
    static func lead(_ text: String) -> String {
        var lines: [Substring] = [], count = 0
        for line in text.split(whereSeparator: { $0.isNewline }) where line.contains(where: { $0.isLetter || $0.isNumber }) {
            guard lines.count < leadLines, count + line.count <= leadCharacters else { break }
            lines.append(line)
            count += line.count
        }
        return lines.joined(separator: "\n")
    }
    static let leadLines = 3, leadCharacters = 240

    /// The first and the last chunk of document `doc` (where a spreadsheet's row of totals and its
    /// latest rows are); none without chunks, one for a single chunk.
    static func endChunks(of doc: Int64, _ c: Connection) throws -> [Int64] {
        try c.rows("""
            SELECT id FROM library_chunks WHERE doc_id = ?1 AND ordinal IN
              ((SELECT min(ordinal) FROM library_chunks WHERE doc_id = ?1), (SELECT max(ordinal) FROM library_chunks WHERE doc_id = ?1))
            """, [doc]) { $0.int64(0) }
    }

    // MARK: metadata

    static func meta(_ key: String, _ c: Connection) throws -> String? {
        try c.first("SELECT value FROM library_meta WHERE key = ?", [key]) { $0.text(0) }
    }

    static func setMeta(_ key: String, _ value: String, _ c: Connection) throws {
        try c.run("INSERT INTO library_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                  [key, value])
    }

    /// The index generation: bumped by every change to chunks, recorded in the vector file.
    static func generation(_ c: Connection) throws -> Int64 {
        Int64(try meta("generation", c) ?? "0") ?? 0
    }

    static func bumpGeneration(_ c: Connection) throws {
        try setMeta("generation", String(try generation(c) + 1), c)
    }

    // MARK: encoding

    static func encode(_ vector: [Float]) -> Data {
        vector.withUnsafeBufferPointer { Data(buffer: $0) }
    }

    /// Marks the second layout of the segments column: `[-1, encoding, (text, source, length, sourceLength)…]`.
    /// UTF-8 runs whose text is their source bytes keep the first layout, `[(text, source, length)…]`.
    static let segmentsV2Marker: Int64 = -1
    static let encodingCodes: [TextEncoding: Int64] = [.utf8: 0, .windows1252: 1, .utf16LE: 2, .utf16BE: 3]

    static func encode(_ segments: [ExtractedText.Segment], encoding: TextEncoding = .utf8) -> Data {
        var values: [Int64] = []
        if encoding == .utf8, segments.allSatisfy({ $0.length == $0.sourceLength }) {
            for s in segments { values += [Int64(s.textOffset), Int64(s.sourceOffset), Int64(s.length)] }
        } else {
            values = [segmentsV2Marker, encodingCodes[encoding] ?? 0]
            for s in segments {
                values += [Int64(s.textOffset), Int64(s.sourceOffset), Int64(s.length), Int64(s.sourceLength)]
            }
        }
        return values.withUnsafeBufferPointer { Data(buffer: $0) }
    }

    static func decodeSegments(_ data: Data) -> (segments: [ExtractedText.Segment], encoding: TextEncoding) {
        let values: [Int64] = data.withUnsafeBytes { raw in
            (0..<(raw.count / 8)).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: Int64.self) }
        }
        if values.count >= 2, values[0] == segmentsV2Marker {
            let encoding = encodingCodes.first { $0.value == values[1] }?.key ?? .utf8
            let segments = stride(from: 2, to: values.count - 3, by: 4).map {
                ExtractedText.Segment(textOffset: Int(values[$0]), sourceOffset: Int(values[$0 + 1]),
                                      length: Int(values[$0 + 2]), sourceLength: Int(values[$0 + 3]))
            }
            return (segments, encoding)
        }
        let segments = stride(from: 0, to: values.count - 2, by: 3).map {
            ExtractedText.Segment(textOffset: Int(values[$0]), sourceOffset: Int(values[$0 + 1]), length: Int(values[$0 + 2]))
        }
        return (segments, .utf8)
    }
}
