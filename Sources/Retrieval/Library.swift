import Embeddings
import Foundation
import IntentKit
import Primitives
import Store
import Synchronization

/// The user's document library: ingestion queue, indexes, hybrid search and extractive answers.
///
/// One `Library` per process; it is `Sendable` and may be shared. Indexing changes are visible to
/// `evidence`/`ask` once `processQueue` returns (the vector file is rebuilt at the end of a run,
/// or lazily when a query finds it older than the store).
public final class Library: Sendable {
    public let store: IntentStore
    public let embedder: any Embedder
    public let configuration: RetrievalConfiguration
    private let mapped = Mutex<VectorFile?>(nil)
    private let workerId = "\(ProcessInfo.processInfo.hostName)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    public init(store: IntentStore, embedder: any Embedder, configuration: RetrievalConfiguration = .standard) {
        self.store = store
        self.embedder = embedder
        self.configuration = configuration
    }

    var vectorFileURL: URL { store.paths.libraryDirectory.appendingPathComponent("vectors.f32") }
    var lockURL: URL { store.paths.libraryDirectory.appendingPathComponent("worker.lock") }

    func queue(_ db: Database) -> IngestionQueue {
        IngestionQueue(db: db, owner: workerId, leaseSeconds: configuration.leaseSeconds,
                       maxAttempts: configuration.maxTicketAttempts)
    }

    // MARK: Ingestion

    /// Enqueues files; directories are walked recursively for supported, non-hidden files.
    /// Files named explicitly whose type is unsupported get a ticket that will be refused by name.
    /// Returns ticket ids.
    @discardableResult
    public func enqueue(paths: [URL]) throws -> [Int64] {
        var skipped: [String] = []
        return try enqueue(paths: paths, skipped: &skipped)
    }

    /// `enqueue(paths:)`, also listing the files of unsupported types that a folder walk passed over.
    @discardableResult
    public func enqueue(paths: [URL], skipped: inout [String]) throws -> [Int64] {
        let db = try store.database()
        let queue = queue(db)
        var ids: [Int64] = []
        for url in paths {
            let url = url.standardizedFileURL
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                let (files, unsupported) = Self.walk(url)
                skipped += unsupported
                for file in files { ids.append(try queue.enqueue(path: file, action: .index)) }
                // Documents once indexed under this folder whose files are gone: the ticket removes them.
                let present = Set(files)
                let prefix = url.path.hasSuffix("/") ? url.path : url.path + "/"
                let gone = try db.read { try LibraryCatalog.documents($0) }.map(\.path)
                    .filter { $0.hasPrefix(prefix) && !present.contains($0) && !FileManager.default.fileExists(atPath: $0) }
                for path in gone { ids.append(try queue.enqueue(path: path, action: .index)) }
            } else {
                ids.append(try queue.enqueue(path: url.path, action: .index))
            }
        }
        return ids
    }

    /// Enqueues every indexed document again: changed files are re-indexed, deleted ones removed,
    /// unchanged ones skipped by content hash. Returns the number of tickets.
    @discardableResult
    public func refresh() throws -> Int {
        let db = try store.database()
        let docs = try db.read { try LibraryCatalog.documents($0) }
        return try enqueue(paths: docs.map { URL(fileURLWithPath: $0.path) }).count
    }

    /// Drops every chunk and vector, records the current embedder and enqueues all documents
    /// again; the next `processQueue` rebuilds them. Needed after the embedder changes.
    @discardableResult
    public func reindex() throws -> Int {
        let db = try store.database()
        let paths = try db.write { c -> [String] in
            let paths = try LibraryCatalog.documents(c).map(\.path)
            try c.execute("DELETE FROM library_documents")
            try LibraryCatalog.setMeta("embedder", embedder.identifier, c)
            try LibraryCatalog.bumpGeneration(c)
            return paths
        }
        let queue = queue(db)
        for path in paths { _ = try queue.enqueue(path: path, action: .index) }
        return paths.count
    }

    /// Removes the document indexed from `path`; returns it. Throws `notFound` when there is none.
    @discardableResult
    public func remove(path: String) throws -> LibraryDocument {
        let db = try store.database()
        let target = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let doc = try db.read({ try LibraryCatalog.documents($0) }).first(where: { $0.path == target }) else {
            throw RetrievalError.invalidParameter(name: "path", reason: "\(target) is not in the library (see 'intent library list')")
        }
        try remove(id: doc.id)
        return doc
    }

    /// Removes a document by id. Throws `notFound` when there is none.
    public func remove(id: Int64) throws {
        let db = try store.database()
        guard try db.write({ try LibraryCatalog.remove(where: "id", id, $0) }) else {
            throw RetrievalError.notFound(kind: "document", id: id)
        }
        _ = try currentVectors(db)
    }

    /// Processes queued tickets one document at a time until the queue is empty, then rebuilds the
    /// vector file. Returns at once (`busy`) when another process is already working the queue.
    /// `progress` is called after every ticket.
    @discardableResult
    public func processQueue(progress: (@Sendable (IngestionProgress) -> Void)? = nil) throws -> IngestionSummary {
        let db = try store.database()
        guard let lock = try waitForWorkerLock(db) else { return IngestionSummary(busy: true) }
        defer { withExtendedLifetime(lock) {} }
        try db.write { c in
            let documents = try c.first("SELECT count(*) FROM library_documents") { $0.int(0) } ?? 0
            if let built = try LibraryCatalog.meta("embedder", c), built != embedder.identifier {
                guard documents == 0 else { throw RetrievalError.embedderMismatch(index: built, current: embedder.identifier) }
            }
            try LibraryCatalog.setMeta("embedder", embedder.identifier, c)
        }
        let queue = queue(db)
        try queue.releaseOrphans()
        let total = (try queue.counts())[.queued] ?? 0
        let ingestor = Ingestor(db: db, queue: queue, embedder: embedder, configuration: configuration)
        var summary = IngestionSummary()
        let started = ContinuousClock.now
        while let ticket = try queue.claim() {
            let outcome: Ingestor.Outcome
            do {
                outcome = try ingestor.process(ticket)
            } catch {
                try db.write { c in
                    _ = try queue.finish(ticket.id, state: .failed, outcome: String(describing: error), docId: nil, c)
                }
                outcome = .init(state: .failed, chunks: 0)
            }
            summary.add(outcome.state, chunks: outcome.chunks)
            progress?(IngestionProgress(completed: summary.processed, total: max(total, summary.processed),
                                        ticketId: ticket.id, path: ticket.path, state: outcome.state))
        }
        _ = try currentVectors(db)
        // Tickets queued while the vector file was rebuilt (another process saw this worker busy
        // and left them to it): drain them before letting go of the lock.
        if ((try queue.counts())[.queued] ?? 0) > 0 {
            let more = try processQueueHoldingLock(db, queue: queue, ingestor: ingestor, progress: progress)
            summary.merge(more)
            _ = try currentVectors(db)
        }
        let elapsed = ContinuousClock.now - started
        summary.seconds = elapsed.inSeconds
        return summary
    }

    /// The worker lock. When another process holds it, waits while tickets are still queued
    /// (that worker may be rebuilding the vector file and past its last claim), polling every
    /// `busyPollSeconds` for up to `busyWaitSeconds`; nil once the other worker has claimed
    /// everything (it will finish) or the wait runs out.
    func waitForWorkerLock(_ db: Database) throws -> WorkerLock? {
        if let lock = try WorkerLock(url: lockURL) { return lock }
        let deadline = ContinuousClock.now + .seconds(configuration.busyWaitSeconds)
        let queue = queue(db)
        while ContinuousClock.now < deadline {
            guard ((try queue.counts())[.queued] ?? 0) > 0 else { return nil }
            usleep(UInt32(configuration.busyPollSeconds * 1_000_000))
            if let lock = try WorkerLock(url: lockURL) { return lock }
        }
        return nil
    }

    private func processQueueHoldingLock(_ db: Database, queue: IngestionQueue, ingestor: Ingestor,
                                         progress: (@Sendable (IngestionProgress) -> Void)?) throws -> IngestionSummary {
        var summary = IngestionSummary()
        while let ticket = try queue.claim() {
            let outcome: Ingestor.Outcome
            do { outcome = try ingestor.process(ticket) } catch {
                try db.write { c in _ = try queue.finish(ticket.id, state: .failed, outcome: String(describing: error), docId: nil, c) }
                outcome = .init(state: .failed, chunks: 0)
            }
            summary.add(outcome.state, chunks: outcome.chunks)
            progress?(IngestionProgress(completed: summary.processed, total: summary.processed, ticketId: ticket.id,
                                        path: ticket.path, state: outcome.state))
        }
        return summary
    }

    /// Tickets queued or being processed (indexing in progress when above 0).
    public func pendingTickets() throws -> Int {
        let counts = try queue(try store.database()).counts()
        return (counts[.queued] ?? 0) + (counts[.processing] ?? 0)
    }

    /// The embedder that built the index, nil for a library never indexed.
    public static func indexEmbedder(store: IntentStore) throws -> String? {
        try store.database().read { try LibraryCatalog.meta("embedder", $0) }
    }

    static func supportedFiles(under directory: URL) -> [String] { walk(directory).supported }

    /// The regular, non-hidden files under `directory`, split by whether their type is supported.
    static func walk(_ directory: URL) -> (supported: [String], unsupported: [String]) {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return ([], []) }
        var files: [String] = []
        var unsupported: [String] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            if DocumentKind.of(url) != nil {
                files.append(url.standardizedFileURL.path)
            } else {
                unsupported.append(url.standardizedFileURL.path)
            }
        }
        return (files.sorted(), unsupported.sorted())
    }

    // MARK: Vector file

    /// The mapped vector file for the store's current generation, rebuilt when it is older.
    func currentVectors(_ db: Database) throws -> VectorFile {
        let (generation, built) = try db.read { c in
            (try LibraryCatalog.generation(c), try LibraryCatalog.meta("embedder", c))
        }
        if let built, built != embedder.identifier {
            throw RetrievalError.embedderMismatch(index: built, current: embedder.identifier)
        }
        return try mapped.withLock { current in
            if let current, current.generation == generation { return current }
            if let onDisk = try? VectorFile(url: vectorFileURL), onDisk.generation == generation,
               onDisk.embedder == embedder.identifier, onDisk.count == 0 || onDisk.dimension == embedder.dimension {
                current = onDisk
                return onDisk
            }
            try VectorFileWriter.rebuild(db, to: vectorFileURL, embedder: embedder.identifier, dimension: embedder.dimension)
            let fresh = try VectorFile(url: vectorFileURL)
            current = fresh
            return fresh
        }
    }
}

extension Library {
    /// The tables a throw-away library store needs (evaluations, benchmarks, tests): the store's
    /// own and the library's.
    public static var schema: [MigrationSet] { [StoreSchema.migrations, LibrarySchema.migrations] }
}
