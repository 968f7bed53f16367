import Embeddings
import Foundation
import Glibc
import Store

/// Rebuilds the vector file from the store: streams every chunk vector in id order into a fresh
/// 0600 temp file, fsyncs it and renames it over the old one, so readers see the old or the new
/// file, never a partial one. Memory stays bounded (two 1 MB write buffers plus norms and ids).
enum VectorFileWriter {
    /// Writes the vector file for the store's current generation; returns that generation.
    @discardableResult
    static func rebuild(_ db: Database, to url: URL, embedder: String, dimension: Int) throws -> Int64 {
        // Complete documents embedded by this embedder only: a document being written, or one not
        // yet re-embedded by an interrupted reindex, stays out of the vector arm.
        let selection = """
            FROM library_chunks c JOIN library_documents d ON d.id = c.doc_id
            WHERE d.complete = 1 AND d.embedder = ? AND length(c.vector) = ?
            """
        return try db.read { c in
            // One read transaction: the count, the rows and the generation are of one snapshot.
            try c.execute("BEGIN")
            defer { try? c.execute("COMMIT") }
            let generation = try LibraryCatalog.generation(c)
            let count = try c.first("SELECT count(*) \(selection)", [embedder, dimension * 4]) { $0.int(0) } ?? 0
            try write(to: url, embedder: embedder, dimension: dimension, generation: generation, count: count) { emit in
                _ = try c.rows("SELECT c.id, c.vector \(selection) ORDER BY c.id", [embedder, dimension * 4]) { row -> Void in
                    row.blob(1).withUnsafeBytes { emit(row.int64(0), $0) }
                }
            }
            return generation
        }
    }

    /// Writes a vector file of `count` vectors that `rows` hands to its `emit` callback in
    /// ascending id order (each `dimension` little-endian float32 values). Throws when `rows`
    /// emits another number of vectors; the old file then stays.
    static func write(to url: URL, embedder: String, dimension: Int, generation: Int64, count: Int,
                      rows: ((Int64, UnsafeRawBufferPointer) -> Void) throws -> Void) throws {
        let name = url.lastPathComponent
        try StoreFiles.makePrivateDirectory(url.deletingLastPathComponent())
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temp.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.fileSystem(path: name, errno: errno) }
        let rowBytes = Q8Vectors.rowBytes(dimension: dimension)
        // The 8-bit rows first, then the float32 matrix: two streams at known offsets.
        var quantized = BufferedWriter(fd: fd, offset: VectorFile.headerSize)
        var matrix = BufferedWriter(fd: fd, offset: VectorFile.headerSize + count * rowBytes)
        var norms: [Float] = []
        var ids: [Int64] = []
        norms.reserveCapacity(count)
        ids.reserveCapacity(count)
        var row = [UInt8](repeating: 0, count: rowBytes)
        var values = [Float](repeating: 0, count: dimension)
        do {
            try rows { id, vector in
                guard vector.count == dimension * 4, ids.count < count else { ids.append(id); return }
                var sum: Float = 0
                for i in 0..<dimension {
                    let x = Float(bitPattern: UInt32(littleEndian: vector.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)))
                    values[i] = x
                    sum += x * x
                }
                let norm = sum.squareRoot()
                values.withUnsafeBufferPointer { v in
                    row.withUnsafeMutableBytes { Q8Vectors.quantizeRow(v, factor: norm > 0 ? 1 / norm : 0, into: $0.baseAddress!) }
                }
                quantized.write(row)
                matrix.write(vector)
                norms.append(norm)
                ids.append(id)
            }
            guard ids.count == count else {
                throw RetrievalError.corruptVectorFile(path: name, reason: "\(ids.count) vectors written, \(count) expected")
            }
            norms.withUnsafeBytes { matrix.write($0) }
            ids.withUnsafeBytes { matrix.write($0) }
            var header = [UInt8](repeating: 0, count: VectorFile.headerSize)
            header.replaceSubrange(0..<8, with: VectorFile.magic)
            withUnsafeBytes(of: UInt32(dimension).littleEndian) { header.replaceSubrange(8..<12, with: $0) }
            withUnsafeBytes(of: UInt32(rowBytes).littleEndian) { header.replaceSubrange(12..<16, with: $0) }
            withUnsafeBytes(of: UInt64(count).littleEndian) { header.replaceSubrange(16..<24, with: $0) }
            withUnsafeBytes(of: UInt64(generation).littleEndian) { header.replaceSubrange(24..<32, with: $0) }
            let idBytes = Array(embedder.utf8.prefix(64))
            header.replaceSubrange(32..<(32 + idBytes.count), with: idBytes)
            quantized.flush()
            matrix.flush()
            guard quantized.ok, matrix.ok, pwrite(fd, header, header.count, 0) == header.count, fsync(fd) == 0 else {
                throw StoreError.fileSystem(path: name, errno: errno)
            }
            close(fd)
            guard rename(temp.path, url.path) == 0 else { throw StoreError.fileSystem(path: name, errno: errno) }
        } catch {
            close(fd)
            unlink(temp.path)
            throw error
        }
    }
}

/// Buffered `pwrite(2)` from `offset` on; `ok` turns false at the first failed write.
private struct BufferedWriter {
    let fd: Int32
    var offset: Int
    var buffer: [UInt8] = []
    var ok = true

    init(fd: Int32, offset: Int) {
        self.fd = fd
        self.offset = offset
        buffer.reserveCapacity(1 << 20)
    }

    mutating func write<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        guard ok, !buffer.isEmpty else { buffer.removeAll(keepingCapacity: true); return }
        buffer.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
                if n <= 0 { ok = false; return }
                done += n
            }
        }
        offset += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}
