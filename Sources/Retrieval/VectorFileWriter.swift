import Foundation
import Glibc
import Store

/// Rebuilds the vector file from the store: streams every chunk vector in id order into a fresh
/// 0600 temp file, fsyncs it and renames it over the old one, so readers see the old or the new
/// file, never a partial one. Memory stays bounded (a 1 MB write buffer plus norms and ids).
enum VectorFileWriter {
    /// Writes the vector file for the store's current generation; returns that generation.
    @discardableResult
    static func rebuild(_ db: Database, to url: URL, embedder: String, dimension: Int) throws -> Int64 {
        let name = url.lastPathComponent
        try StoreFiles.makePrivateDirectory(url.deletingLastPathComponent())
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temp.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.fileSystem(path: name, errno: errno) }
        var output = BufferedWriter(fd: fd)
        var norms: [Float] = []
        var ids: [Int64] = []
        var generation: Int64 = 0
        do {
            output.write([UInt8](repeating: 0, count: VectorFile.headerSize))
            try db.read { c in
                try c.execute("BEGIN")
                defer { try? c.execute("COMMIT") }
                generation = try LibraryCatalog.generation(c)
                // Complete documents embedded by this embedder only: a document being written, or
                // one not yet re-embedded by an interrupted reindex, stays out of the vector arm.
                _ = try c.rows("""
                    SELECT c.id, c.vector FROM library_chunks c JOIN library_documents d ON d.id = c.doc_id
                    WHERE d.complete = 1 AND d.embedder = ? ORDER BY c.id
                    """, [embedder]) { row -> Void in
                    let vector = row.blob(1)
                    guard vector.count == dimension * 4 else { return }
                    var sum: Float = 0
                    vector.withUnsafeBytes { raw in
                        for i in 0..<dimension {
                            let x = raw.loadUnaligned(fromByteOffset: i * 4, as: Float.self)
                            sum += x * x
                        }
                    }
                    norms.append(sum.squareRoot())
                    ids.append(row.int64(0))
                    output.write(vector)
                }
            }
            norms.withUnsafeBytes { output.write(Data($0)) }
            ids.withUnsafeBytes { output.write(Data($0)) }
            var header = [UInt8](repeating: 0, count: VectorFile.headerSize)
            header.replaceSubrange(0..<8, with: VectorFile.magic)
            withUnsafeBytes(of: UInt32(dimension).littleEndian) { header.replaceSubrange(8..<12, with: $0) }
            withUnsafeBytes(of: UInt64(ids.count).littleEndian) { header.replaceSubrange(16..<24, with: $0) }
            withUnsafeBytes(of: UInt64(generation).littleEndian) { header.replaceSubrange(24..<32, with: $0) }
            let idBytes = Array(embedder.utf8.prefix(64))
            header.replaceSubrange(32..<(32 + idBytes.count), with: idBytes)
            output.flush()
            guard output.ok, pwrite(fd, header, header.count, 0) == header.count, fsync(fd) == 0 else {
                throw StoreError.fileSystem(path: name, errno: errno)
            }
            close(fd)
            guard rename(temp.path, url.path) == 0 else { throw StoreError.fileSystem(path: name, errno: errno) }
            return generation
        } catch {
            close(fd)
            unlink(temp.path)
            throw error
        }
    }
}

/// Buffered `write(2)`; `ok` turns false at the first failed write.
private struct BufferedWriter {
    let fd: Int32
    var buffer: [UInt8] = []
    var ok = true

    init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(1 << 20)
    }

    mutating func write<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        guard ok, !buffer.isEmpty else { buffer.removeAll(keepingCapacity: true); return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { ok = false; return }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
