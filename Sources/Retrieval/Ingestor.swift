import Embeddings
import Foundation
import IntentKit
import Glibc
import Primitives
import Store

/// Processes one claimed ticket: stat, refuse what cannot be read, skip unchanged content,
/// extract, chunk, embed (heart-beating the lease after every batch) and replace the document's
/// chunks in one transaction that also finishes the ticket.
struct Ingestor {
    let db: Database
    let queue: IngestionQueue
    let embedder: any Embedder
    let configuration: RetrievalConfiguration

    /// Result of one ticket: its final state and the number of chunks written.
    struct Outcome {
        var state: IngestionTicket.State
        var chunks: Int
    }

    func process(_ ticket: IngestionTicket) throws -> Outcome {
        let path = ticket.path
        if ticket.action == .remove { return try removeDocument(ticket, state: .removed) }

        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT {
                let known = try db.read { try LibraryCatalog.document(path: path, $0) } != nil
                if known { return try removeDocument(ticket, state: .removed) }
                return try refuse(ticket, RetrievalError.unreadable(path: path, reason: "no such file"))
            }
            return try refuse(ticket, RetrievalError.unreadable(path: path, reason: String(cString: strerror(errno))))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return try refuse(ticket, RetrievalError.unreadable(path: path, reason: "not a regular file"))
        }
        let url = URL(fileURLWithPath: path)
        guard let kind = DocumentKind.of(url) else {
            let type = url.pathExtension.isEmpty ? "no extension" : url.pathExtension.lowercased()
            return try refuse(ticket, RetrievalError.unsupportedType(path: path, type: type))
        }
        let size = Int64(info.st_size)
        guard size <= configuration.maxFileBytes else {
            return try refuse(ticket, RetrievalError.fileTooLarge(path: path, bytes: size, limit: configuration.maxFileBytes))
        }
        let bytes: [UInt8]
        do { bytes = try readAll(path) } catch let error as RetrievalError { return try refuse(ticket, error) }
        let hash = SHA256.hex(bytes)

        let existing = try db.read { try LibraryCatalog.document(path: path, $0) }
        if let existing, existing.contentHash == hash, existing.embedder == embedder.identifier {
            try finish(ticket, .unchanged, nil, existing.id)
            return Outcome(state: .unchanged, chunks: 0)
        }

        let extracted: ExtractedText
        let drafts: [ChunkDraft]
        do {
            extracted = try TextExtractor.extract(bytes, kind: kind, path: path)
            drafts = try Chunker(configuration: configuration, embedder: embedder)
                .chunks(of: extracted, lineMode: kind == .csv || kind == .code, path: path)
        } catch let error as RetrievalError { return try refuse(ticket, error) }

        var vectors: [[Float]] = []
        vectors.reserveCapacity(drafts.count)
        var start = 0
        while start < drafts.count {
            let batch = drafts[start..<min(start + configuration.embedBatchSize, drafts.count)]
            let embedded = try embedder.embed(batch.map(\.text))
            guard embedded.count == batch.count, embedded.allSatisfy({ $0.count == embedder.dimension }) else {
                throw RetrievalError.embedderShape(expected: embedder.dimension, got: embedded.first?.count ?? 0)
            }
            vectors += embedded
            start += batch.count
            guard try queue.heartbeat(ticket.id) else { return Outcome(state: .processing, chunks: 0) }
        }
        let raws: [String?] = drafts.map { draft in
            let identity = draft.segments.count == 1 && draft.sourceRange.count == draft.textRange.count
            return identity ? nil : String(decoding: bytes[draft.sourceRange], as: UTF8.self)
        }
        do {
            try db.write { c in
                let docId = try LibraryCatalog.replace(path: path, kind: kind, hash: hash, size: size,
                                                       embedder: embedder.identifier, chunks: drafts, raws: raws,
                                                       vectors: vectors, c)
                guard try queue.finish(ticket.id, state: .indexed, outcome: nil, docId: docId, c) else {
                    throw LeaseLost()
                }
            }
        } catch is LeaseLost {
            return Outcome(state: .processing, chunks: 0)
        }
        return Outcome(state: .indexed, chunks: drafts.count)
    }

    private struct LeaseLost: Error {}

    private func removeDocument(_ ticket: IngestionTicket, state: IngestionTicket.State) throws -> Outcome {
        try db.write { c in
            try LibraryCatalog.remove(where: "path", ticket.path, c)
            _ = try queue.finish(ticket.id, state: state, outcome: nil, docId: nil, c)
        }
        return Outcome(state: state, chunks: 0)
    }

    private func refuse(_ ticket: IngestionTicket, _ error: RetrievalError) throws -> Outcome {
        try finish(ticket, .refused, error.description, nil)
        return Outcome(state: .refused, chunks: 0)
    }

    private func finish(_ ticket: IngestionTicket, _ state: IngestionTicket.State, _ outcome: String?, _ docId: Int64?) throws {
        try db.write { c in _ = try queue.finish(ticket.id, state: state, outcome: outcome, docId: docId, c) }
    }

    /// Reads a whole file with `read(2)` (sizes are checked before this is called).
    private func readAll(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw RetrievalError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { throw RetrievalError.unreadable(path: path, reason: String(cString: strerror(errno))) }
            if n == 0 { return out }
            out.append(contentsOf: buffer[0..<n])
        }
    }
}

/// An exclusive `flock` on the library's worker lock file: one worker at a time per library.
/// The kernel releases it when the process exits, crashes or is killed.
final class WorkerLock {
    private let fd: Int32

    /// Takes the lock, or returns nil when another process holds it.
    init?(url: URL) throws {
        try StoreFiles.makePrivateDirectory(url.deletingLastPathComponent())
        let fd = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.fileSystem(path: url.lastPathComponent, errno: errno) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { close(fd); return nil }
        self.fd = fd
    }

    deinit { close(fd) }
}
