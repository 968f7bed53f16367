import Foundation
import Generation
import IntentKit
import Store

/// What happened on the ladder during one run, turned into the receipt at the end.
struct LadderTrace<Value: Sendable>: Sendable {
    let plan: RoutePlan
    let need: PlanNeed
    let intent: String?
    let envelope: EvidenceEnvelope
    let promptTokens: Int
    let quota: String
    /// The envelope's keyed digest (`HomeKeys.digest`).
    let digest: String
    var attempts: [Attempt] = []
    var reasons: [ReasonCode] = []
    /// The first reason a rung was skipped or failed.
    var firstFailure: FallbackReason?
    var verification = Verification.notRun
    var consent: ConsentState?
    let receiptCounts: (@Sendable (Value) -> [String: Int])?

    init(plan: RoutePlan, request: LadderRequest<Value>, quota: String, digest: String, started: Date) {
        self.digest = digest
        self.plan = plan
        need = request.need
        intent = request.intent
        envelope = request.envelope
        promptTokens = request.promptTokens
        self.quota = quota
        receiptCounts = request.receiptCounts
        if plan.rungs.contains(.cloud) {
            consent = plan.cloudConsent.map(ConsentState.init)
        } else if plan.reasons.contains(.consentUnavailable) {
            consent = .unavailable
        }
    }

    mutating func record(_ target: RouteTarget, model: any LanguageModel, start: Date, end: Date,
                         outcome: Attempt.Outcome, category: String?, usage: TokenUsage? = nil) {
        let d = model.descriptor
        attempts.append(Attempt(target: target, provider: d.provider, model: d.model, host: d.endpoint?.hostPort ?? d.host, path: d.path,
                                start: StoreTime.string(start), end: StoreTime.string(end), outcome: outcome,
                                errorCategory: category, promptTokens: usage?.promptTokens,
                                completionTokens: usage?.completionTokens))
    }

    /// Records a rung that was not tried (no consent).
    mutating func skip(_ target: RouteTarget, model: any LanguageModel, category: String, reason: ReasonCode, at date: Date) {
        record(target, model: model, start: date, end: date, outcome: .skipped, category: category)
        moveOn(.code(reason), code: reason)
    }

    /// Records why the ladder moves past a rung.
    mutating func moveOn(_ reason: FallbackReason, code: ReasonCode? = nil) {
        if firstFailure == nil { firstFailure = reason }
        if let code, !reasons.contains(code) { reasons.append(code) }
    }

    /// Why `completed` is not the intended rung; nil when it is.
    func fallbackReason(completed: RouteTarget) -> FallbackReason? {
        guard completed != plan.intended else { return nil }
        return plan.skipDetail ?? plan.skipReason.map(FallbackReason.code) ?? firstFailure ?? .code(.fallback)
    }

    /// The receipt; `completed` nil means the run failed on the ladder.
    func receipt(id: String, runID: String?, completed: RouteTarget?, at date: Date) -> Receipt {
        var codes = plan.reasons.map(\.rawValue)
        for code in reasons.map(\.rawValue) where !codes.contains(code) { codes.append(code) }
        let fallbackReason = completed.flatMap(self.fallbackReason(completed:))
        if fallbackReason != nil {
            if !attempts.isEmpty, !codes.contains(ReasonCode.fallback.rawValue) { codes.append(ReasonCode.fallback.rawValue) }
        }
        return Receipt(id: id, runID: runID, intent: intent, planID: plan.id, createdAt: StoreTime.string(date),
                       policy: plan.policy, need: need, intended: plan.intended, rungs: plan.rungs, completed: completed,
                       status: completed == nil ? "failed" : "completed",
                       fallbackReason: fallbackReason?.description, reasons: codes, attempts: attempts, quota: quota,
                       verification: verification, consent: consent, promptBytes: envelope.promptBytes,
                       contextBytes: envelope.contextBytes, chunkCount: envelope.chunkCount,
                       droppedChunks: envelope.droppedChunkIDs.count, promptTokens: promptTokens,
                       envelopeSHA256: digest)
    }
}
