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
    /// Wall time of tickets, leases, failures and `indexed_at` stamps; "today" of a question
    /// about the next record.
    public let clock: @Sendable () -> Date
    /// The run's zone: the day `clock` falls on for "when's the next…" (`LatestRecord`).
    public let timeZone: TimeZone
    /// This worker's name in the leases it takes; unique per process (a run id, a random id).
    public let workerID: String
    /// How PDF files are extracted (the program and the PATH it is found on).
    public let pdfText: PDFTextConfiguration
    /// The PDF texts citations are checked against, extracted by `pdfText`'s program.
    public let pdfTexts: PDFTextCache
    private let mapped = Mutex<VectorFile?>(nil)

    /// - Parameters:
    ///   - clock: the wall clock (`AppServices.clock`).
    ///   - timeZone: the run's zone (`RunContext.timeZone`); UTC when none is known.
    ///   - workerID: the lease owner's name; two processes must never share one.
    ///   - pdfText: the PDF extractor's configuration; its search path is the caller's PATH
    ///     (`HomeServices.library` passes the environment's), never read from the process here.
    public init(store: IntentStore, embedder: any Embedder, configuration: RetrievalConfiguration = .standard,
                clock: @escaping @Sendable () -> Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!, workerID: String,
                pdfText: PDFTextConfiguration = PDFTextConfiguration()) {
        self.store = store
        self.embedder = embedder
        self.configuration = configuration
        self.clock = clock
        self.timeZone = timeZone
        self.workerID = workerID
        self.pdfText = pdfText
        self.pdfTexts = PDFTextCache(source: Pdftotext(configuration: pdfText))
    }

    /// The day `clock` falls on in `timeZone`, as yyyymmdd.
    var today: Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let day = calendar.dateComponents([.year, .month, .day], from: clock())
        return (day.year ?? 0) * 10_000 + (day.month ?? 0) * 100 + (day.day ?? 0)
    }

    var vectorFileURL: URL { store.paths.libraryDirectory.appendingPathComponent("vectors.f32") }
    var lockURL: URL { store.paths.libraryDirectory.appendingPathComponent("worker.lock") }

    func queue(_ db: Database) -> IngestionQueue {
        IngestionQueue(db: db, owner: workerID, leaseSeconds: configuration.leaseSeconds,
                       maxAttempts: configuration.maxTicketAttempts, clock: clock)
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
        var files: [String] = []
        var passedOver: [String] = []
        for url in paths {
            let url = url.standardizedFileURL
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                let (found, unsupported) = Self.walk(url)
                skipped += unsupported
                files += found
                // Documents once indexed under this folder whose files are gone: the ticket removes them.
                let present = Set(found)
                let prefix = url.path.hasSuffix("/") ? url.path : url.path + "/"
                let absent = try db.read { try LibraryCatalog.documents($0) }.map(\.path)
                    .filter { $0.hasPrefix(prefix) && !present.contains($0) }
                for path in absent {
                    if !FileManager.default.fileExists(atPath: path) {
                        files.append(path)
                    } else if Self.isUnderMachineFolder(path, below: url) {
                        // and those in a folder the walk passes over (a saved page's scripts under
                        // `Booking_files/`, indexed by an older version or named on their own)
                        passedOver.append(path)
                    }
                }
            } else {
                files.append(url.path)
            }
        }
        let queue = queue(db)
        return try queue.enqueue(paths: files, action: .index) + queue.enqueue(paths: passedOver, action: .remove)
    }

    /// Forgets the recorded failures of `paths` (files, or everything under folders), so the next
    /// run tries them again (`intent library add --retry`). Returns how many were forgotten.
    @discardableResult
    public func forgetFailures(under paths: [URL]) throws -> Int {
        let targets = paths.map { $0.standardizedFileURL.path }
        return try store.database().write { try FailureMemory.forget(under: targets, $0) }
    }

    /// Enqueues every indexed document again: changed files are re-indexed, deleted ones removed,
    /// unchanged ones skipped by content hash. Returns the number of tickets.
    @discardableResult
    public func refresh() throws -> Int {
        let db = try store.database()
        let docs = try db.read { try LibraryCatalog.documents($0) }
        return try enqueue(paths: docs.map { URL(fileURLWithPath: $0.path) }).count
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
    /// `progress` is called after every ticket, and within a large document after every write
    /// transaction. When `shouldStop` turns true the run stops at the next transaction boundary:
    /// what is written stays, the document in hand is resumed by the next run, and the summary
    /// says `interrupted`.
    @discardableResult
    public func processQueue(progress: (@Sendable (IngestionProgress) -> Void)? = nil,
                             shouldStop: @escaping @Sendable () -> Bool = { false }) throws -> IngestionSummary {
        let db = try store.database()
        guard let lock = try waitForWorkerLock(db) else { return IngestionSummary(busy: true) }
        defer { withExtendedLifetime(lock) {} }
        let generation = try db.write { c -> Int64 in
            let documents = try c.first("SELECT count(*) FROM library_documents") { $0.int(0) } ?? 0
            let target = try LibraryCatalog.meta(Self.reindexEmbedderKey, c)
            if let built = try LibraryCatalog.meta("embedder", c), built != embedder.identifier, documents > 0 {
                guard target == embedder.identifier else {
                    throw RetrievalError.embedderMismatch(index: built, current: embedder.identifier)
                }
            } else {
                try LibraryCatalog.setMeta("embedder", embedder.identifier, c)
            }
            return Int64(try LibraryCatalog.meta(Self.reindexGenerationKey, c) ?? "0") ?? 0
        }
        let queue = queue(db)
        try queue.releaseOrphans()
        var ingestor = Ingestor(db: db, queue: queue, embedder: embedder, configuration: configuration)
        ingestor.generation = generation
        ingestor.pdf = Pdftotext(configuration: pdfText)
        ingestor.shouldStop = shouldStop
        var run = QueueRun(db: db, queue: queue, configuration: configuration, progress: progress, started: ContinuousClock.now)
        try run.count()
        try run.drain(&ingestor)
        if !run.summary.interrupted {
            try finishReindexIfDone(db)
            _ = try currentVectors(db)
            // Tickets queued while the vector file was rebuilt (another process saw this worker busy
            // and left them to it): drain them before letting go of the lock.
            if ((try queue.counts())[.queued] ?? 0) > 0 {
                try run.count()
                try run.drain(&ingestor)
                try finishReindexIfDone(db)
                _ = try currentVectors(db)
            }
            try discardAbandonedDocuments(db)
            if run.summary.indexed + run.summary.removed > 0 { try mergeSearchIndexIfChurned(db) }
        }
        run.summary.seconds = run.elapsed
        return run.summary
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

    /// Tickets queued or being processed (indexing in progress when above 0).
    public func pendingTickets() throws -> Int {
        let counts = try queue(try store.database()).counts()
        return (counts[.queued] ?? 0) + (counts[.processing] ?? 0)
    }

    /// The embedder that built the index, nil for a library never indexed.
    /// While a reindex to another embedder is under way, the embedder of most searchable chunks
    /// (old or new), so a question asked meanwhile searches the larger part of the library.
    public static func indexEmbedder(store: IntentStore) throws -> String? {
        try store.database().read { c in
            let built = try LibraryCatalog.meta("embedder", c)
            guard let target = try LibraryCatalog.meta(reindexEmbedderKey, c), target != built else { return built }
            return try c.first("""
                SELECT embedder FROM library_documents WHERE complete = 1 GROUP BY embedder
                ORDER BY sum(chunk_count) DESC, embedder = ? DESC LIMIT 1
                """, [built ?? ""]) { $0.text(0) } ?? built
        }
    }

    static func supportedFiles(under directory: URL) -> [String] { walk(directory).supported }

    /// The regular, non-hidden files under `directory`, split by whether their type is supported.
    /// A folder of what no person wrote is passed over (`isMachineFolder`).
    static func walk(_ directory: URL) -> (supported: [String], unsupported: [String]) {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey],
                                                          options: [.skipsHiddenFiles]) else { return ([], []) }
        var files: [String] = []
        var unsupported: [String] = []
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
            if values?.isDirectory == true, isMachineFolder(url) { walker.skipDescendants() }
            guard values?.isRegularFile == true else { continue }
            if DocumentKind.detect(url) != nil {
                files.append(url.standardizedFileURL.path)
            } else {
                unsupported.append(url.standardizedFileURL.path)
            }
        }
        return (files.sorted(), unsupported.sorted())
    }

    /// A folder a program filled: a web page's parts saved beside it (`Booking.html` and
    /// `Booking_files/` with its style sheets, scripts and images — the page is read, its parts
    /// are not) and a JavaScript project's `node_modules`. Named explicitly, its files are read.
    static func isMachineFolder(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        if name == "node_modules" { return true }
        guard name.hasSuffix("_files"), name.count > 6 else { return false }
        let page = url.deletingLastPathComponent().appendingPathComponent(String(name.dropLast(6)))
        return ["html", "htm", "xhtml"].contains { FileManager.default.fileExists(atPath: page.appendingPathExtension($0).path) }
    }

    /// Whether a folder between `root` and the file at `path` is one the walk passes over.
    static func isUnderMachineFolder(_ path: String, below root: URL) -> Bool {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
        while folder.path.count > root.path.count {
            if isMachineFolder(folder) { return true }
            folder = folder.deletingLastPathComponent()
        }
        return false
    }

    // MARK: Vector file

    /// The mapped vector file for the store's current generation, rebuilt when it is older.
    func currentVectors(_ db: Database) throws -> VectorFile {
        let (generation, built, target) = try db.read { c in
            (try LibraryCatalog.generation(c), try LibraryCatalog.meta("embedder", c),
             try LibraryCatalog.meta(Self.reindexEmbedderKey, c))
        }
        if let built, built != embedder.identifier, target != embedder.identifier {
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
