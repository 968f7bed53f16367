import Foundation
import Glibc
import IntentKit
import Synchronization

/// The user's store: the SQLite database under the data directory, opened and migrated on demand.
///
/// Every intent calls `ensureConfigured()` first thing. On a cold home it creates the directories
/// (0700), the database file (0600), applies the migrations and leaves a marker
/// (`data/.intent-store`) saying the home holds a store; on a warm home it costs one pragma read.
/// Two processes racing on a never-configured home both succeed: directory creation tolerates
/// the other, and migrations run under the write lock. A home whose marker is there but whose
/// database is missing or empty is an error (78), never silently a new empty store.
public final class IntentStore: Sendable {
    public let paths: AppPaths
    private let migrator: Migrator
    private let opened = Mutex<Database?>(nil)
    /// Housekeeping runs at most once per process; tests turn it off.
    let housekeeping: Housekeeping?

    /// - Parameters:
    ///   - schema: every module's migrations, registered by the composition root (`HomeSchema`).
    ///   - housekeeping: the first-open work and its clock; nil turns it off (scratch homes, tests).
    public init(paths: AppPaths, schema: [MigrationSet], housekeeping: Housekeeping?) {
        self.paths = paths
        self.migrator = Migrator(schema)
        self.housekeeping = housekeeping
    }

    /// The marker that tells an existing home from a new one.
    public var markerURL: URL { paths.dataDirectory.appendingPathComponent(".intent-store") }

    /// Opens the database, creating and migrating it when needed. Idempotent and cheap when warm.
    public func ensureConfigured() async throws {
        _ = try database()
    }

    /// The open, migrated database. Opens it on first use.
    public func database() throws -> Database {
        try opened.withLock { current in
            if let current { return current }
            let db = try open()
            current = db
            housekeeping?.run(self, db)
            return db
        }
    }

    private func open() throws -> Database {
        try Self.checkOwner(paths.dataDirectory)
        try StoreFiles.makePrivateDirectory(paths.dataDirectory)
        try StoreFiles.makePrivateDirectory(paths.configDirectory)
        let url = paths.databaseURL
        try checkNotVanished()
        let created = try StoreFiles.createPrivateFileIfMissing(url)
        let db = try Database(path: url.path)
        if try !migrator.isCurrent(db) { try migrator.migrate(db) }
        if created || !FileManager.default.fileExists(atPath: markerURL.path) {
            // The first migration is moved out of the WAL so the database file itself holds the
            // store before the marker says so. Best effort: a full disk only loses the marker.
            db.checkpointNow()
            try? StoreFiles.writePrivateAtomically(Data("intent store\n".utf8), to: markerURL)
        }
        return db
    }

    /// A used home (the marker, or a WAL or library left behind) whose database is gone or
    /// 0 bytes has lost its data: say so instead of creating an empty store over it.
    private func checkNotVanished() throws {
        let db = paths.databaseURL.path
        let mainSize = StoreFiles.size(db)
        let walSize = StoreFiles.size(db + "-wal") ?? 0
        guard mainSize == nil || (mainSize == 0 && walSize == 0) else { return }
        let fm = FileManager.default
        let used = fm.fileExists(atPath: markerURL.path) || walSize > 0
            || fm.fileExists(atPath: paths.libraryDirectory.path)
        guard used else { return }
        throw StoreError.databaseVanished(path: db, empty: mainSize == 0, dataDirectory: paths.dataDirectory.path)
    }

    /// The data directory must be the user's own: writing into another user's home would leave
    /// files they cannot read, or read data that is not ours.
    static func checkOwner(_ url: URL) throws {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return }
        if info.st_uid != geteuid() { throw StoreError.foreignOwner(path: url.path, owner: info.st_uid) }
    }
}
