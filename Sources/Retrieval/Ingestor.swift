import Embeddings
import Foundation
import IntentKit
import Glibc
import Primitives
import Store

/// Processes one claimed ticket: stat, skip a file that failed before and has not changed, refuse
/// what cannot be read, skip unchanged content, extract, chunk, then embed and write the chunks in
/// bounded transactions (`commitMax*`), heart-beating the lease after every one, so other writers
/// (a capture, a reminder) get the write lock within their busy timeout even while a 200 MB
/// document is indexed.
///
/// Crash safety: a document whose chunks are being written has `complete = 0` and is left out of
/// every search (the vector file holds complete documents only); the last, small transaction sets
/// `complete = 1`, bumps the index generation and finishes the ticket. A run killed in between
/// leaves the document incomplete and its ticket leased; the next run takes the ticket again and
/// resumes after the chunks already written (same content, embedder and chunking), else redoes it.
struct Ingestor {
    let db: Database
    let queue: IngestionQueue
    let embedder: any Embedder
    let configuration: RetrievalConfiguration
    /// The reindex generation documents are stamped with (`library reindex` raises it).
    var generation: Int64 = 0
    /// Asked between write transactions; true stops the document there (resumable).
    var shouldStop: @Sendable () -> Bool = { false }
    /// Called after every write transaction of a document with the source bytes and chunks done.
    var partial: ((_ bytesDone: Int64, _ chunksDone: Int) -> Void)?
    /// Extracts the text of PDF files (their chunks' offsets are into that text).
    var pdf: any PDFTextSource = Pdftotext()

    /// Result of one ticket: its final state and the number of chunks written.
    struct Outcome {
        var state: IngestionTicket.State
        var chunks: Int
        /// The run was asked to stop; the ticket is back in the queue.
        var interrupted = false
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
        let fingerprint = FileFingerprint(info)
        // A file that failed before: with the same size and mtime it is skipped, unless a content
        // hash was recorded and the file is small enough to hash cheaply (then the hash decides,
        // whatever the mtime says: a touched file is still the same file).
        var previous: FailureRecord?
        if let failure = try db.read({ try FailureMemory.record(at: path, $0) }) {
            let hashable = failure.contentHash != nil && fingerprint.size <= configuration.failureHashMaxBytes
            if hashable {
                previous = failure
            } else if failure.fingerprint == fingerprint {
                return try skip(ticket, failure)
            } else {
                try db.write { try FailureMemory.forget(path: path, $0) }
            }
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return try refuse(ticket, RetrievalError.unreadable(path: path, reason: "not a regular file"), fingerprint)
        }
        let url = URL(fileURLWithPath: path)
        guard let kind = DocumentKind.detect(url) else {
            let type = url.pathExtension.isEmpty ? "no extension" : url.pathExtension.lowercased()
            return try refuse(ticket, RetrievalError.unsupportedType(path: path, type: type), fingerprint)
        }
        let size = Int64(info.st_size)
        guard size <= configuration.maxFileBytes else {
            return try refuse(ticket, RetrievalError.fileTooLarge(path: path, bytes: size, limit: configuration.maxFileBytes), fingerprint)
        }
        let bytes: [UInt8]
        do { bytes = try readAll(path) } catch let error as RetrievalError { return try refuse(ticket, error, fingerprint) }
        let hash = SHA256.hex(bytes) + kind.extractionVersion
        if let previous {
            guard previous.contentHash != hash else { return try skip(ticket, previous) }
            try db.write { try FailureMemory.forget(path: path, $0) }
        }

        let existing = try db.read { try StoredDocument.at(path: path, $0) }
        if let existing, existing.complete == 1, existing.contentHash == hash, existing.embedder == embedder.identifier,
           existing.generation >= generation {
            try finish(ticket, .unchanged, nil, existing.id)
            return Outcome(state: .unchanged, chunks: 0)
        }

        let extracted: ExtractedText
        let drafts: [ChunkDraft]
        // what chunk offsets point into: the file, or for a PDF the text pdftotext extracted
        // (for a Word document or a workbook, the text `OfficeText` wrote)
        var source = bytes
        do {
            if kind == .pdf { source = try pdf.text(ofPDF: path) }
            if let office = try OfficeText.text(bytes, kind: kind, path: path) { source = office }
            extracted = try TextExtractor.extract(source, kind: kind, path: path)
            drafts = try Chunker(configuration: configuration, embedder: embedder)
                .chunks(of: extracted, lineMode: kind == .csv || kind == .code, path: path)
        } catch RetrievalError.pdfExtractorMissing(let path) {
            // not remembered as a failure: installing poppler-utils and adding again works
            return try refuse(ticket, .pdfExtractorMissing(path: path))
        } catch let error as RetrievalError { return try refuse(ticket, error, fingerprint, hash: hash) }

        let header = StoredDocument(id: existing?.id ?? 0, path: path, kind: kind.rawValue, contentHash: hash, size: size,
                                    chunkCount: drafts.count, embedder: embedder.identifier, generation: generation,
                                    complete: 0)
        var writer = ChunkWriter(db: db, configuration: configuration, bytes: source, drafts: drafts, clock: queue.clock)
        let docId = try writer.prepare(header, existing: existing)
        var start = writer.written
        var pending: [(index: Int, vector: [Float])] = []
        while start < drafts.count {
            let batch = drafts[start..<min(start + configuration.embedBatchSize, drafts.count)]
            let embedded = try embedder.embed(batch.map(\.text))
            guard embedded.count == batch.count, embedded.allSatisfy({ $0.count == embedder.dimension }) else {
                throw RetrievalError.embedderShape(expected: embedder.dimension, got: embedded.first?.count ?? 0)
            }
            pending += zip(batch.indices, embedded).map { ($0, $1) }
            start += batch.count
            let stopping = shouldStop()
            if writer.isFull(pending) || start == drafts.count || stopping {
                try writer.write(&pending, docId: docId)
                // The last write is followed at once by the transaction that finishes the ticket.
                if start < drafts.count {
                    partial?(Int64(drafts[writer.written - 1].sourceRange.upperBound), writer.written)
                    guard try queue.heartbeat(ticket.id) else { return Outcome(state: .processing, chunks: 0) }
                }
            }
            if stopping && start < drafts.count {
                try queue.release(ticket.id)
                return Outcome(state: .processing, chunks: 0, interrupted: true)
            }
        }
        do {
            try db.write { c in
                try StoredDocument.markComplete(docId, at: queue.clock(), c)
                try FailureMemory.forget(path: path, c)
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

    /// Removes the document at the ticket's path; a large one's chunks go in bounded transactions
    /// after it is hidden from searches.
    private func removeDocument(_ ticket: IngestionTicket, state: IngestionTicket.State) throws -> Outcome {
        if let existing = try db.read({ try StoredDocument.at(path: ticket.path, $0) }) {
            try ChunkWriter.clear(existing.id, db: db, configuration: configuration)
        }
        try db.write { c in
            try LibraryCatalog.remove(where: "path", ticket.path, c)
            try FailureMemory.forget(path: ticket.path, c)
            _ = try queue.finish(ticket.id, state: state, outcome: nil, docId: nil, c)
        }
        return Outcome(state: state, chunks: 0)
    }

    private func refuse(_ ticket: IngestionTicket, _ error: RetrievalError, _ fingerprint: FileFingerprint? = nil,
                        hash: String? = nil) throws -> Outcome {
        try db.write { c in
            if let fingerprint {
                try FailureMemory.record(path: ticket.path, state: .refused, reason: error.description, hash: hash,
                                         fingerprint: fingerprint, at: queue.clock(), c)
            }
            _ = try queue.finish(ticket.id, state: .refused, outcome: error.description, docId: nil, c)
        }
        return Outcome(state: .refused, chunks: 0)
    }

    /// Finishes the ticket of a file that failed before and has not changed since.
    private func skip(_ ticket: IngestionTicket, _ record: FailureRecord) throws -> Outcome {
        let outcome = "\(ticket.path): previously \(record.state.rawValue), unchanged since: \(record.reason)"
            + " ('intent library add --retry' tries again)"
        try finish(ticket, .skipped, outcome, nil)
        return Outcome(state: .skipped, chunks: 0)
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
