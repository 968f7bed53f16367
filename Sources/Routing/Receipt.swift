import Foundation
import IntentKit
import Primitives
import Store

/// One try of one rung. Content-free: targets, identifiers, times and categories only.
public struct Attempt: Sendable, Equatable, Codable {
    public enum Outcome: String, Sendable, Codable {
        /// The model answered and the answer was accepted.
        case completed
        /// The model call failed (`errorCategory` says how).
        case failed
        /// The model answered but the validator/reconciler rejected the answer.
        case rejected
        /// The rung was not tried (consent not given).
        case skipped
    }

    public var target: RouteTarget
    public var provider: String
    public var model: String
    /// `host:port` of the endpoint (the host alone in receipts written before ports were kept).
    public var host: String?
    /// The endpoint's path (`/v1`), when there is one.
    public var path: String?
    /// ISO-8601 UTC with milliseconds.
    public var start: String
    public var end: String
    public var outcome: Outcome
    /// `ModelError.category`, a rejection rule, or `consent_denied`/`consent_unavailable`.
    public var errorCategory: String?
    public var promptTokens: Int?
    public var completionTokens: Int?

    enum CodingKeys: String, CodingKey {
        case target, provider, model, host, path, start, end, outcome
        case errorCategory = "error_category"
        case promptTokens = "prompt_tokens"
        case completionTokens = "completion_tokens"
    }
}

/// The execution receipt of one model-touching run (DESIGN §7). It never holds question,
/// evidence, prompt or reply text: only ids, the policy, targets, reason codes, attempts,
/// categories, byte/token counts and the envelope's SHA-256.
public struct Receipt: Sendable, Equatable, Codable {
    public static let schemaVersion = "intent.receipt/1"

    public var schema = Receipt.schemaVersion
    public var id: String
    public var runID: String?
    public var intent: String?
    public var planID: String
    public var createdAt: String
    public var policy: RoutingPolicy
    public var need: PlanNeed
    public var intended: RouteTarget
    public var rungs: [RouteTarget]
    /// The rung that answered; nil when the run failed (`status` is `failed`): a failed
    /// `cloud-required` run is never labelled with a target.
    public var completed: RouteTarget?
    /// `completed`, or `failed` when the run ended with an error on the ladder.
    public var status: String
    public var fallbackReason: String?
    public var reasons: [String]
    public var attempts: [Attempt]
    /// The remembered cloud quota category when the run was planned (`unknown`, `available`, ...),
    /// or `not_configured`.
    public var quota: String
    /// `passed`, `failed:<rule>` or `not_run` (no model answer was checked).
    public var verification: Verification
    /// How consent for the cloud rung was obtained, when cloud was a rung: `remembered`, `once`,
    /// `always`, `denied`, `unavailable`.
    public var consent: ConsentState?
    public var promptBytes: Int
    public var contextBytes: Int
    public var chunkCount: Int
    public var droppedChunks: Int
    public var promptTokens: Int
    /// `hmac-sha256:<hex>`: HMAC-SHA256 of the envelope keyed with the home's secret, so equal
    /// payloads of this home compare equal but a guessed payload cannot be confirmed.
    public var envelopeSHA256: String
    /// Grounding gate firings of the answer (rule id → count), when the intent reports them.
    public var grounding: [String: Int]?

    /// The `route` object of the run envelope (for completed runs).
    public var route: RouteSummary {
        RouteSummary(policy: policy, intended: intended, completed: completed ?? intended, fallbackReason: fallbackReason,
                     reasons: reasons)
    }

    enum CodingKeys: String, CodingKey {
        case schema, id, intent, policy, need, intended, rungs, completed, status, reasons, attempts, quota, verification, consent
        case grounding
        case runID = "run_id"
        case planID = "plan_id"
        case createdAt = "created_at"
        case fallbackReason = "fallback_reason"
        case promptBytes = "prompt_bytes"
        case contextBytes = "context_bytes"
        case chunkCount = "chunk_count"
        case droppedChunks = "dropped_chunks"
        case promptTokens = "prompt_tokens"
        case envelopeSHA256 = "envelope_sha256"
    }
}

/// Receipts in the store.
public struct ReceiptBook: Sendable {
    public let store: IntentStore

    public init(store: IntentStore) {
        self.store = store
    }

    public func save(_ receipt: Receipt) throws {
        let body = String(decoding: try JSONCoding.encoder().encode(receipt), as: UTF8.self)
        try store.insertReceipt(ReceiptRecord(
            id: receipt.id, runID: receipt.runID, planID: receipt.planID, createdAt: receipt.createdAt,
            policy: receipt.policy.rawValue, intended: receipt.intended.rawValue, completed: receipt.completed?.rawValue ?? receipt.status,
            fallbackReason: receipt.fallbackReason, body: body))
    }

    public func receipt(id: String) throws -> Receipt? {
        try store.receipt(id: id).map(Self.decode)
    }

    /// The most recent receipts, newest first.
    public func recent(limit: Int = 20) throws -> [Receipt] {
        try store.receipts(limit: limit).map(Self.decode)
    }

    static func decode(_ record: ReceiptRecord) throws -> Receipt {
        do {
            return try JSONDecoder().decode(Receipt.self, from: Data(record.body.utf8))
        } catch {
            throw RoutingError.configuration("receipt \(record.id) in the store is not a valid \(Receipt.schemaVersion) document")
        }
    }
}
