/// Why the planner chose a rung, or why the ladder moved past one (DESIGN §7). The raw values are
/// the stable codes written to receipts and to the run envelope's `route.reasons`.
public enum ReasonCode: String, Sendable, Codable, CaseIterable {
    /// The deterministic value is exact; no model could improve it.
    case exactAnswerAvailable
    /// The intent declared that its payload must not leave the machine.
    case privacyRequiredLocal
    /// The policy is `local-only`.
    case userRequiredLocal
    /// The policy is `cloud-required`.
    case userRequiredCloud
    /// The policy is `cloud-allowed`: the cloud is tried first.
    case userPreferredCloud
    /// The evidence does not support an answer: abstain.
    case insufficientEvidence
    /// The prompt fits the local model's budget.
    case localContextFits
    /// The prompt is larger than the local model's budget.
    case localContextExceeded
    /// The cloud model is not configured, has no key, fails the endpoint policy, has an
    /// unverified or rejected key, or the prompt does not fit it.
    case cloudUnavailable
    /// The remembered quota state says the cloud limit is reached.
    case cloudQuotaReached
    /// Consent for this payload is not valid: headless without a remembered allow, a remembered
    /// deny, or the person declined at the prompt.
    case consentUnavailable
    /// The cloud host could not be reached.
    case networkUnavailable
    /// No local model is configured or installed; or the one that is cannot answer this run (it
    /// failed its probe or the endpoint policy, or it is not this intent's rung) — then
    /// `fallback_reason` says which (`localFailed:…`, `localUnsuitable:…`) and the cloud is
    /// never planned in its place under `prefer-local`.
    case localUnavailable
    /// A rung failed and the ladder moved to the next one.
    case fallback
}

/// What the intent's deterministic work found, before any model is considered.
public enum PlanNeed: String, Sendable, Codable {
    /// The deterministic value is exact: no model.
    case exact
    /// A model could improve the deterministic value (phrasing, synthesis, routing free text).
    case improvable
    /// The evidence does not support an answer: abstain without a model.
    case insufficientEvidence
}
