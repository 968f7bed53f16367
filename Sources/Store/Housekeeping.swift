import Foundation
import Glibc
import IntentKit

/// How long finished records are kept (`"retention"` in config.json). 0 keeps them forever.
public struct RetentionPolicy: Sendable, Equatable {
    /// `runs` rows (the history), by start time.
    public var runsDays = 180
    /// Execution receipts, by creation time.
    public var receiptsDays = 180
    /// Finished ingestion tickets (indexed, unchanged, removed, refused, failed), by last
    /// update. Queued and processing tickets are never removed.
    public var libraryTicketsDays = 14

    public init() {}

    /// The JSON keys of `"retention"` and what each sets (immutable; key paths are not Sendable).
    nonisolated(unsafe) static let keys: [(key: String, path: WritableKeyPath<RetentionPolicy, Int>)] = [
        ("runs_days", \.runsDays), ("receipts_days", \.receiptsDays), ("library_tickets_days", \.libraryTicketsDays),
    ]
}

/// Work done when a process first opens the store, all best effort (a full disk or a busy
/// database skips it, never fails the run):
/// - temporary files (`.NAME.PID.RANDOM.tmp`) left by killed processes are removed;
/// - a WAL grown past its limit is checkpointed and truncated;
/// - once a day, records older than the retention policy are deleted.
public struct Housekeeping: Sendable {
    /// How often the retention prune runs (seconds).
    public var pruneInterval: Double = 24 * 3600
    /// A temp file whose writer cannot be identified is removed when older than this (seconds).
    public var staleTempAge: Double = 3600
    /// The wall clock (`AppServices.clock`; tests freeze it).
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    func run(_ store: IntentStore, _ db: Database) {
        let paths = store.paths
        for dir in [paths.dataDirectory, paths.configDirectory, paths.libraryDirectory] {
            removeOrphanedTemporaries(in: dir)
        }
        db.checkpointIfLarge()
        let stamp = paths.dataDirectory.appendingPathComponent(".housekeeping")
        if let last = modificationTime(stamp.path), now().timeIntervalSince1970 - last < pruneInterval { return }
        guard let config = try? ConfigFile.load(paths), let policy = try? config.retention() else { return }
        if (try? prune(db, policy: policy)) == true {
            try? StoreFiles.writePrivateAtomically(Data(), to: stamp)
        }
    }

    /// Deletes what the policy no longer keeps. Returns false when the database was busy.
    @discardableResult
    public func prune(_ db: Database, policy: RetentionPolicy) throws -> Bool {
        let now = now()
        func cutoff(_ days: Int) -> Date { now.addingTimeInterval(-Double(days) * 86_400) }
        let done = try db.writeIfIdle { c in
            if policy.runsDays > 0 {
                try c.run("DELETE FROM runs WHERE started_at < ?", [StoreTime.string(cutoff(policy.runsDays))])
            }
            if policy.receiptsDays > 0 {
                try c.run("DELETE FROM receipts WHERE created_at < ?", [StoreTime.string(cutoff(policy.receiptsDays))])
            }
            if policy.libraryTicketsDays > 0 {
                try c.run("""
                    DELETE FROM library_tickets WHERE state NOT IN ('queued', 'processing') AND updated_at < ?
                    """, [cutoff(policy.libraryTicketsDays).timeIntervalSince1970])
            }
        }
        return done != nil
    }

    /// Removes `.NAME.PID.RANDOM.tmp` files whose process is gone (or, when the name carries no
    /// pid, that are older than `staleTempAge`). A live writer's temp file is never touched.
    func removeOrphanedTemporaries(in dir: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let path = dir.appendingPathComponent(name).path
            let parts = name.split(separator: ".")
            let pid = parts.count >= 3 ? Int32(parts[parts.count - 3]) : nil
            let orphaned: Bool
            if let pid, pid > 0 {
                orphaned = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            } else {
                orphaned = (modificationTime(path).map { now().timeIntervalSince1970 - $0 > staleTempAge }) ?? false
            }
            if orphaned { unlink(path) }
        }
    }

    private func modificationTime(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }
}
