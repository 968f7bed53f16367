import Foundation
import IntentKit

/// One row of the `runs` table: what ran and how it ended. No content, ever: no parameter
/// values, no dialog, no generated text.
public struct RunRecord: Sendable, Equatable, Codable {
    public var id: String
    public var intent: String
    public var status: String
    public var exitCode: Int
    public var errorCode: String?
    public var presence: String
    public var policy: String
    public var startedAt: String
    public var durationMs: Double
    public var routeIntended: String?
    public var routeCompleted: String?
    public var fallbackReason: String?
    public var receiptID: String?

    public init(envelope: RunEnvelope, presence: Presence, policy: RoutingPolicy, startedAt: Date, durationMs: Double) {
        id = envelope.runID
        intent = envelope.intent
        status = envelope.status.rawValue
        exitCode = Int(envelope.exitCode.rawValue)
        errorCode = envelope.error?.code
        self.presence = presence.rawValue
        self.policy = policy.rawValue
        self.startedAt = StoreTime.string(startedAt)
        self.durationMs = durationMs
        routeIntended = envelope.route?.intended.rawValue
        routeCompleted = envelope.route?.completed.rawValue
        fallbackReason = envelope.route?.fallbackReason
        receiptID = envelope.receiptID
    }

    init(row: Row) {
        id = row.text(0); intent = row.text(1); status = row.text(2); exitCode = row.int(3)
        errorCode = row.optionalText(4); presence = row.text(5); policy = row.text(6)
        startedAt = row.text(7); durationMs = row.double(8); routeIntended = row.optionalText(9)
        routeCompleted = row.optionalText(10); fallbackReason = row.optionalText(11)
        receiptID = row.optionalText(12)
    }

    enum CodingKeys: String, CodingKey {
        case id, intent, status, presence, policy
        case exitCode = "exit_code", errorCode = "error_code", startedAt = "started_at"
        case durationMs = "duration_ms", routeIntended = "route_intended", routeCompleted = "route_completed"
        case fallbackReason = "fallback_reason", receiptID = "receipt_id"
    }
}

extension IntentStore {
    /// Records a run, and with it the run's deferred writes (`RunWrites`), in one transaction:
    /// all of them are stored or none. With no deferred writes the row is best effort by design:
    /// when another process holds the write lock it waits at most
    /// `DatabaseConfiguration.historyWaitSeconds`, so a read is not held up by it; with some
    /// (content the run produced) it waits as long as any write.
    public func recordRun(_ r: RunRecord, with writes: RunWrites? = nil) throws {
        let pending = writes?.take() ?? []
        let wait = pending.isEmpty ? DatabaseConfiguration.historyWaitSeconds : nil
        try database().write(maxWait: wait) { conn in
            for write in pending { try write(conn) }
            try conn.run("""
                INSERT INTO runs(id, intent, status, exit_code, error_code, presence, policy, started_at,
                  duration_ms, route_intended, route_completed, fallback_reason, receipt_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [r.id, r.intent, r.status, r.exitCode, r.errorCode, r.presence, r.policy, r.startedAt,
                      r.durationMs, r.routeIntended, r.routeCompleted, r.fallbackReason, r.receiptID])
        }
    }

    /// The most recent runs, newest first, optionally of one intent and one status.
    public func runs(limit: Int = 20, intent: String? = nil, status: String? = nil) throws -> [RunRecord] {
        try database().read { conn in
            try conn.rows("""
                SELECT id, intent, status, exit_code, error_code, presence, policy, started_at, duration_ms,
                  route_intended, route_completed, fallback_reason, receipt_id
                FROM runs WHERE (? IS NULL OR intent = ?) AND (? IS NULL OR status = ?)
                ORDER BY started_at DESC, rowid DESC LIMIT ?
                """, [intent, intent, status, status, limit], RunRecord.init(row:))
        }
    }
}

/// The store as a run service: `context.store`.
public enum StoreKey: ServiceKey {
    public static var defaultValue: IntentStore {
        preconditionFailure("no IntentStore was provided to this RunContext")
    }
}

extension RunContext {
    public var store: IntentStore {
        get { services[StoreKey.self] }
        set { services[StoreKey.self] = newValue }
    }
}
