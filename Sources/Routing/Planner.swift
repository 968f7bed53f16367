import Foundation
import Generation
import IntentKit

/// Everything the planner decides from. It runs after the evidence/facts are assembled, so
/// `promptTokens` is the size of the final payload.
public struct PlanInput: Sendable {
    public var policy: RoutingPolicy
    public var need: PlanNeed
    /// Estimated tokens of the final request (instructions, schema, evidence, question).
    public var promptTokens: Int
    /// The intent declared that this payload must not leave the machine.
    public var payloadMustStayLocal = false
    public var cloud: TargetSnapshot
    public var local: TargetSnapshot
    public var presence: Presence
    public var consent: RememberedConsent
    /// What answers when no model does: `.deterministic`, or `.abstain`.
    public var fallback: RouteTarget = .deterministic
}

/// How consent for the cloud rung will be obtained.
public enum ConsentOutlook: String, Sendable, Codable {
    /// A remembered allow bound to this provider/host/model.
    case remembered
    /// A person is at the terminal: ask after the payload is final.
    case ask
    /// Headless without a remembered allow, or a remembered deny.
    case unavailable
}

/// The planner's decision: the intended target, the rungs to try in order, and why.
public struct RoutePlan: Sendable, Equatable, Codable {
    public var id: String
    public var policy: RoutingPolicy
    /// What the policy wanted for this payload.
    public var intended: RouteTarget
    /// The rungs to try, in order; the last one is the declared fallback (except under `cloud-required`).
    public var rungs: [RouteTarget]
    public var reasons: [ReasonCode]
    /// The declared fallback (`deterministic` or `abstain`); nil under `cloud-required`.
    public var fallback: RouteTarget?
    /// Why `intended` is not the first rung, when it is not.
    public var skipReason: ReasonCode?
    /// The precise fallback reason when the local rung is present but cannot answer:
    /// `localFailed:<category>` (probe failed, endpoint refused) or `localUnsuitable:<why>`.
    public var skipDetail: FallbackReason?
    /// How consent will be obtained when `rungs` contains `cloud`.
    public var cloudConsent: ConsentOutlook?
    /// Why the cloud rung was planned (shown in the consent prompt): `userRequiredCloud`,
    /// `userPreferredCloud`, `localUnavailable` (no local model at all) or `localContextExceeded`.
    public var cloudReason: ReasonCode?
}

/// Decides routes (DESIGN §7). Pure: no I/O; it throws only for `cloud-required` runs that cannot
/// be honoured (69 unavailable, 77 not permitted, 78 endpoint refused).
public struct Planner: Sendable {
    public init() {}

    public func plan(_ input: PlanInput, id: String) throws -> RoutePlan {
        var plan = RoutePlan(id: id, policy: input.policy, intended: input.fallback, rungs: [input.fallback],
                             reasons: [], fallback: input.fallback)
        if input.policy == .cloudRequired {
            try requireCloud(input)
        }
        switch input.need {
        case .insufficientEvidence:
            plan.intended = .abstain
            plan.rungs = [.abstain]
            plan.reasons = [.insufficientEvidence]
            return plan
        case .exact:
            plan.intended = .deterministic
            plan.rungs = [.deterministic]
            plan.reasons = [.exactAnswerAvailable]
            return plan
        case .improvable:
            break
        }
        let local = localVerdict(input)
        let cloud = cloudVerdict(input)
        let fallback = input.fallback

        if input.policy == .cloudRequired {
            plan.intended = .cloud
            plan.rungs = [.cloud]
            plan.fallback = nil
            plan.reasons = [.userRequiredCloud]
            plan.cloudConsent = consentOutlook(input)
            plan.cloudReason = .userRequiredCloud
            return plan
        }
        if input.policy == .localOnly || input.payloadMustStayLocal {
            plan.intended = .local
            plan.reasons = [input.payloadMustStayLocal ? .privacyRequiredLocal : .userRequiredLocal, local.reason]
            plan.rungs = local.usable ? [.local, fallback] : [fallback]
            plan.skipReason = local.usable ? nil : local.reason
            plan.skipDetail = local.failure
            return plan
        }
        switch input.policy {
        case .preferLocal:
            if local.usable {
                plan.intended = .local
                plan.reasons = [local.reason]
                plan.rungs = [.local, fallback]
            } else if local.cloudMayStandIn && cloud.usable {
                // Only when there is no local model at all, or the payload exceeds its window:
                // a present local model that failed its probe is never a reason to plan the cloud.
                plan.intended = .cloud
                plan.reasons = [local.reason]
                plan.rungs = [.cloud, fallback]
                plan.cloudConsent = consentOutlook(input)
                plan.cloudReason = local.reason
            } else {
                plan.intended = .local
                plan.reasons = local.cloudMayStandIn ? [local.reason, cloud.reason] : [local.reason]
                plan.rungs = [fallback]
                plan.skipReason = local.reason
                plan.skipDetail = local.failure
            }
        case .cloudAllowed:
            plan.intended = .cloud
            if cloud.usable {
                plan.reasons = [local.reason]
                plan.rungs = [.cloud] + (local.usable ? [.local] : []) + [fallback]
                plan.cloudConsent = consentOutlook(input)
                plan.cloudReason = .userPreferredCloud
            } else {
                plan.reasons = [cloud.reason, local.reason]
                plan.rungs = (local.usable ? [.local] : []) + [fallback]
                plan.skipReason = cloud.reason
            }
        case .localOnly, .cloudRequired:
            break
        }
        return plan
    }

    struct Verdict {
        var usable: Bool
        var reason: ReasonCode
        /// Local only: whether the cloud may stand in under `prefer-local` (no local model at all,
        /// or the payload exceeds its window).
        var cloudMayStandIn = false
        /// Local only: the fallback reason when a present local model cannot answer.
        var failure: FallbackReason?
    }

    /// The local rung: absent (cloud may stand in), present but failed or unsuitable (never the
    /// cloud), too small for the payload (cloud may stand in), or usable.
    func localVerdict(_ input: PlanInput) -> Verdict {
        let local = input.local
        guard local.configured else { return Verdict(usable: false, reason: .localUnavailable, cloudMayStandIn: true) }
        if let why = local.unsuitable {
            return Verdict(usable: false, reason: .localUnavailable, failure: .unsuitable(why))
        }
        if let category = local.failureCategory {
            return Verdict(usable: false, reason: .localUnavailable, failure: .failed(.local, category: category))
        }
        guard local.fits(promptTokens: input.promptTokens) else {
            return Verdict(usable: false, reason: .localContextExceeded, cloudMayStandIn: true)
        }
        return Verdict(usable: true, reason: .localContextFits)
    }

    /// Cloud is usable only when available (quota included: fail closed), the prompt fits, and
    /// consent can be valid (remembered allow, or a person to ask).
    func cloudVerdict(_ input: PlanInput) -> Verdict {
        switch input.cloud.availability {
        case .available: break
        case .quotaReached: return Verdict(usable: false, reason: .cloudQuotaReached)
        default: return Verdict(usable: false, reason: .cloudUnavailable)
        }
        guard input.cloud.fits(promptTokens: input.promptTokens) else { return Verdict(usable: false, reason: .cloudUnavailable) }
        guard consentOutlook(input) != .unavailable else { return Verdict(usable: false, reason: .consentUnavailable) }
        return Verdict(usable: true, reason: .cloudUnavailable)
    }

    func consentOutlook(_ input: PlanInput) -> ConsentOutlook {
        if let descriptor = input.cloud.descriptor, input.consent.allows(descriptor) { return .remembered }
        if input.consent.decision == .deny { return .unavailable }
        return input.presence == .interactive ? .ask : .unavailable
    }

    /// `cloud-required`: cloud or nothing. Throws with the step that fixes it.
    func requireCloud(_ input: PlanInput) throws {
        if input.payloadMustStayLocal {
            throw IntentError.notPermitted("cloud-required: this intent's data must stay on this machine; use another policy")
        }
        let cloud = input.cloud
        switch cloud.availability {
        case .available:
            break
        case .notConfigured:
            throw IntentError.unavailable(
                "cloud-required, but no cloud model is configured: run `intent models set cloud --base-url https://… --model NAME`, then `intent keys set cloud`")
        case .missingCredentials:
            throw IntentError.unavailable(
                "cloud-required, but the cloud model has no API key: run `intent keys set cloud` (or set INTENT_CLOUD_API_KEY)")
        case .endpointRefused(let rule):
            throw IntentError.configuration("cloud-required, but the cloud endpoint is refused by rule \(rule.rawValue); fix it with `intent models set cloud`")
        default:
            if input.need == .improvable {
                throw IntentError.unavailable("cloud-required, but the cloud model is not available: \(cloud.explanation)")
            }
        }
        guard input.need != .improvable || cloud.fits(promptTokens: input.promptTokens) else {
            throw IntentError.unavailable(
                "cloud-required, but the request (about \(input.promptTokens) tokens) does not fit the cloud model's budget of \(cloud.budget.promptBudget)")
        }
        if input.need == .improvable, consentOutlook(input) == .unavailable {
            throw IntentError.notPermitted(input.consent.decision == .deny
                ? "cloud-required, but consent to send data to the cloud is denied (intent consent allow, or another policy)"
                : "cloud-required, but nobody is at the terminal to consent and no consent is remembered (intent consent allow)")
        }
    }
}
