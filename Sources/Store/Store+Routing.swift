import Foundation

/// One execution receipt as stored. `body` is the receipt's JSON document, which by construction
/// holds identifiers, categories, timings and counts only — never prompt, evidence or reply text.
public struct ReceiptRecord: Sendable, Equatable {
    public var id: String
    public var runID: String?
    public var planID: String
    /// ISO-8601 UTC.
    public var createdAt: String
    public var policy: String
    public var intended: String
    public var completed: String
    public var fallbackReason: String?
    public var body: String

    public init(id: String, runID: String?, planID: String, createdAt: String, policy: String, intended: String,
                completed: String, fallbackReason: String?, body: String) {
        self.id = id
        self.runID = runID
        self.planID = planID
        self.createdAt = createdAt
        self.policy = policy
        self.intended = intended
        self.completed = completed
        self.fallbackReason = fallbackReason
        self.body = body
    }
}

/// The one remembered consent decision for sending payloads to the cloud model. An `allow` is
/// bound to the provider, host and model it was given for.
public struct ConsentRecord: Sendable, Equatable {
    /// `allow`, `deny` or `ask`.
    public var decision: String
    public var provider: String?
    public var host: String?
    public var model: String?
    public var updatedAt: String

    public init(decision: String, provider: String?, host: String?, model: String?, updatedAt: String) {
        self.decision = decision
        self.provider = provider
        self.host = host
        self.model = model
        self.updatedAt = updatedAt
    }
}

/// The remembered quota state of one model target, bound to the endpoint it was observed on.
public struct ModelStateRecord: Sendable, Equatable {
    /// `cloud` or `local`.
    public var target: String
    /// `unknown`, `available`, `limit_reached` or `credentials_rejected`.
    public var quota: String
    /// When a reached limit resets.
    public var until: Date?
    public var provider: String
    public var host: String
    public var model: String
    public var updatedAt: String

    public init(target: String, quota: String, until: Date?, provider: String, host: String, model: String, updatedAt: String) {
        self.target = target
        self.quota = quota
        self.until = until
        self.provider = provider
        self.host = host
        self.model = model
        self.updatedAt = updatedAt
    }
}

extension IntentStore {
    /// Saves a receipt; with `writes`, as part of the run's transaction (`recordRun(_:with:)`).
    public func insertReceipt(_ r: ReceiptRecord, deferredTo writes: RunWrites? = nil) throws {
        try insert(into: "receipts", ["id", "run_id", "plan_id", "created_at", "policy", "intended", "completed",
                                      "fallback_reason", "body"],
                   [r.id, r.runID, r.planID, r.createdAt, r.policy, r.intended, r.completed, r.fallbackReason, r.body],
                   deferredTo: writes)
    }

    public func receipt(id: String) throws -> ReceiptRecord? {
        try database().read { conn in
            try conn.first("SELECT \(Self.receiptColumns) FROM receipts WHERE id = ?", [id], Self.receipt)
        }
    }

    /// The most recent receipts, newest first.
    public func receipts(limit: Int = 20) throws -> [ReceiptRecord] {
        try database().read { conn in
            try conn.rows("SELECT \(Self.receiptColumns) FROM receipts ORDER BY created_at DESC, rowid DESC LIMIT ?",
                          [limit], Self.receipt)
        }
    }

    /// The remembered consent, or nil when none was ever recorded (same as `ask`).
    public func consent() throws -> ConsentRecord? {
        try database().read { conn in
            try conn.first("SELECT decision, provider, host, model, updated_at FROM consent WHERE id = 1") { row in
                ConsentRecord(decision: row.text(0), provider: row.optionalText(1), host: row.optionalText(2),
                              model: row.optionalText(3), updatedAt: row.text(4))
            }
        }
    }

    /// Replaces the one canonical consent row.
    public func setConsent(_ c: ConsentRecord) throws {
        try database().write { conn in
            try conn.run("""
                INSERT INTO consent(id, decision, provider, host, model, updated_at) VALUES (1, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET decision = excluded.decision, provider = excluded.provider,
                  host = excluded.host, model = excluded.model, updated_at = excluded.updated_at
                """, [c.decision, c.provider, c.host, c.model, c.updatedAt])
        }
    }

    public func modelState(target: String) throws -> ModelStateRecord? {
        try database().read { conn in
            try conn.first("""
                SELECT target, quota, until, provider, host, model, updated_at FROM model_state WHERE target = ?
                """, [target]) { row in
                ModelStateRecord(target: row.text(0), quota: row.text(1),
                                 until: row.optionalDouble(2).map { Date(timeIntervalSince1970: $0) },
                                 provider: row.text(3), host: row.text(4), model: row.text(5), updatedAt: row.text(6))
            }
        }
    }

    /// Replaces the remembered state of `record.target`.
    public func setModelState(_ s: ModelStateRecord) throws {
        try database().write { conn in
            try conn.run("""
                INSERT INTO model_state(target, quota, until, provider, host, model, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(target) DO UPDATE SET quota = excluded.quota, until = excluded.until,
                  provider = excluded.provider, host = excluded.host, model = excluded.model, updated_at = excluded.updated_at
                """, [s.target, s.quota, s.until?.timeIntervalSince1970, s.provider, s.host, s.model, s.updatedAt])
        }
    }

    /// Forgets the remembered state of a target (back to `unknown`).
    public func clearModelState(target: String) throws {
        try database().write { try $0.run("DELETE FROM model_state WHERE target = ?", [target]) }
    }

    static let receiptColumns = "id, run_id, plan_id, created_at, policy, intended, completed, fallback_reason, body"

    static func receipt(_ row: Row) -> ReceiptRecord {
        ReceiptRecord(id: row.text(0), runID: row.optionalText(1), planID: row.text(2), createdAt: row.text(3),
                      policy: row.text(4), intended: row.text(5), completed: row.text(6),
                      fallbackReason: row.optionalText(7), body: row.text(8))
    }
}
