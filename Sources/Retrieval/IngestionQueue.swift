import Foundation
import Store

/// A unit of ingestion work in the store.
public struct IngestionTicket: Sendable, Equatable, Codable {
    public enum Action: String, Sendable, Codable { case index, remove }
    /// `queued` → `processing` (leased) → `indexed` | `unchanged` | `removed` | `refused` | `failed`,
    /// or `skipped` (the file failed before and has not changed since).
    public enum State: String, Sendable, Codable, CaseIterable {
        case queued, processing, indexed, unchanged, removed, refused, failed, skipped
    }
    public let id: Int64
    public let path: String
    public let action: Action
    public let state: State
    public let attempts: Int
    /// Why a ticket was refused or failed (names the file and the reason, never its content).
    public let outcome: String?
    public let docId: Int64?
}

/// The durable ingestion queue (`library_tickets`).
///
/// A worker claims the oldest ticket that is queued or whose lease has expired, extends the lease
/// with `heartbeat` while it works, and finishes it only while it still holds the lease. A process
/// killed mid-ticket leaves a lease that expires, so the ticket is taken again, never stranded.
struct IngestionQueue {
    let db: Database
    let owner: String
    let leaseSeconds: Double
    let maxAttempts: Int
    /// Wall time of tickets and leases (`Library.clock`).
    let clock: @Sendable () -> Date

    static let columns = "id, path, action, state, attempts, outcome, doc_id"

    /// Adds a ticket unless an identical one is already waiting; returns its id.
    func enqueue(path: String, action: IngestionTicket.Action) throws -> Int64 {
        try enqueue(paths: [path], action: action)[0]
    }

    /// Adds a ticket per path (unless an identical one is already waiting), `enqueueBatch` paths
    /// per write transaction: one transaction per file made adding 20k files cost a commit each.
    /// Returns the ids in the order of `paths`.
    func enqueue(paths: [String], action: IngestionTicket.Action, batch: Int = 500) throws -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(paths.count)
        var start = 0
        while start < paths.count {
            let slice = paths[start..<min(start + max(batch, 1), paths.count)]
            ids += try db.write { c -> [Int64] in
                let find = try c.prepare("SELECT id FROM library_tickets WHERE path = ? AND action = ? AND state = 'queued'")
                let insert = try c.prepare("""
                    INSERT INTO library_tickets(path, action, state, created_at, updated_at) VALUES (?, ?, 'queued', ?, ?)
                    """)
                let now = clock().timeIntervalSince1970
                var out: [Int64] = []
                for path in slice {
                    if let existing = try find.rows([path, action.rawValue], { $0.int64(0) }).first {
                        out.append(existing)
                        continue
                    }
                    try insert.run([path, action.rawValue, now, now])
                    out.append(c.lastInsertRowID)
                }
                return out
            }
            start += slice.count
        }
        return ids
    }

    /// Claims the next ticket (queued, or processing with an expired lease), or nil when none.
    /// A ticket claimed more than `maxAttempts` times is marked failed instead (and its file's
    /// fingerprint recorded, so an unchanged file is not tried again).
    ///
    /// Two index lookups (`library_tickets_state` for the oldest queued ticket,
    /// `library_tickets_lease` for an expired lease): O(log n), the queue is never sorted.
    func claim() throws -> IngestionTicket? {
        try db.write { c in
            while true {
                let now = clock().timeIntervalSince1970
                let queued = try c.first("""
                    SELECT \(Self.columns) FROM library_tickets WHERE state = 'queued' ORDER BY id LIMIT 1
                    """, [], Self.map)
                let expired = try c.first("""
                    SELECT \(Self.columns) FROM library_tickets
                    WHERE state = 'processing' AND lease_expires < ? ORDER BY lease_expires LIMIT 1
                    """, [now], Self.map)
                let next = [queued, expired].compactMap { $0 }.min { $0.id < $1.id }
                guard let ticket = next else { return nil }
                if ticket.attempts >= maxAttempts {
                    let reason = "gave up after \(ticket.attempts) attempts (the worker stopped or crashed each time)"
                    try c.run("UPDATE library_tickets SET state = 'failed', outcome = ?, lease_owner = NULL, updated_at = ? WHERE id = ?",
                              [reason, now, ticket.id])
                    if ticket.action == .index { try FailureMemory.record(path: ticket.path, state: .failed, reason: reason, hash: nil,
                                                                          at: Date(timeIntervalSince1970: now), c) }
                    continue
                }
                try c.run("""
                    UPDATE library_tickets SET state = 'processing', lease_owner = ?, lease_expires = ?,
                      attempts = attempts + 1, updated_at = ? WHERE id = ?
                    """, [owner, now + leaseSeconds, now, ticket.id])
                return IngestionTicket(id: ticket.id, path: ticket.path, action: ticket.action, state: .processing,
                                       attempts: ticket.attempts + 1, outcome: ticket.outcome, docId: ticket.docId)
            }
        }
    }

    /// Extends the lease of `ticket`. Returns false when the lease was lost to another worker.
    func heartbeat(_ ticket: Int64) throws -> Bool {
        try db.write { c in
            let now = clock().timeIntervalSince1970
            try c.run("UPDATE library_tickets SET lease_expires = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND state = 'processing'",
                      [now + leaseSeconds, now, ticket, owner])
            return c.changes > 0
        }
    }

    /// Sets the final state inside the caller's transaction; false when the lease was lost.
    func finish(_ ticket: Int64, state: IngestionTicket.State, outcome: String?, docId: Int64?, _ c: Connection) throws -> Bool {
        try c.run("""
            UPDATE library_tickets SET state = ?, outcome = ?, doc_id = ?, lease_owner = NULL, lease_expires = NULL,
              updated_at = ? WHERE id = ? AND lease_owner = ? AND state = 'processing'
            """, [state.rawValue, outcome, docId, clock().timeIntervalSince1970, ticket, owner])
        return c.changes > 0
    }

    /// Returns tickets left `processing` by workers that are gone to the queue. Only safe while
    /// holding the worker lock (no other worker can be alive then).
    func releaseOrphans() throws {
        try db.write { c in
            try c.run("UPDATE library_tickets SET state = 'queued', lease_owner = NULL, lease_expires = NULL WHERE state = 'processing'")
        }
    }

    /// Puts a ticket this worker holds back in the queue (an interrupted run), attempts unchanged.
    func release(_ ticket: Int64) throws {
        try db.write { c in
            try c.run("""
                UPDATE library_tickets SET state = 'queued', attempts = max(attempts - 1, 0), lease_owner = NULL,
                  lease_expires = NULL, updated_at = ? WHERE id = ? AND lease_owner = ? AND state = 'processing'
                """, [clock().timeIntervalSince1970, ticket, owner])
        }
    }

    func tickets(limit: Int) throws -> [IngestionTicket] {
        try db.read { c in
            try c.rows("SELECT \(Self.columns) FROM library_tickets ORDER BY id DESC LIMIT ?", [limit], Self.map)
        }
    }

    func counts() throws -> [IngestionTicket.State: Int] {
        let rows = try db.read { c in
            try c.rows("SELECT state, count(*) FROM library_tickets GROUP BY state") { ($0.text(0), $0.int(1)) }
        }
        var result: [IngestionTicket.State: Int] = [:]
        for (state, n) in rows { if let s = IngestionTicket.State(rawValue: state) { result[s] = n } }
        return result
    }

    static func map(_ r: Row) -> IngestionTicket {
        IngestionTicket(id: r.int64(0), path: r.text(1), action: .init(rawValue: r.text(2)) ?? .index,
                        state: .init(rawValue: r.text(3)) ?? .queued, attempts: r.int(4), outcome: r.optionalText(5),
                        docId: r.isNull(6) ? nil : r.int64(6))
    }
}
