import Foundation
import Generation
import IntentKit
@testable import Routing
import Testing

@Suite struct PlannerTests {
    let cloudDescriptor = ModelDescriptor(target: .cloud, provider: "p", model: "m", host: "api.example.com")

    func snapshots(cloud: ModelAvailability = .available, quota: QuotaState = .available,
                   local: ModelAvailability = .available) -> (TargetSnapshot, TargetSnapshot) {
        let c = cloud == .notConfigured ? TargetSnapshot.unconfigured(.cloud)
            : TargetSnapshot(target: .cloud, descriptor: cloudDescriptor, base: cloud, quota: quota, budget: .cloud)
        let l = local == .notConfigured ? TargetSnapshot.unconfigured(.local)
            : TargetSnapshot(target: .local, descriptor: nil, base: .available, probe: local, quota: .available, budget: .local)
        return (c, l)
    }

    func plan(_ policy: RoutingPolicy, need: PlanNeed = .improvable, tokens: Int = 500, cloud: ModelAvailability = .available,
              quota: QuotaState = .available, local: ModelAvailability = .available, presence: Presence = .interactive,
              consent: RememberedConsent = .none, private: Bool = false) throws -> RoutePlan {
        let (c, l) = snapshots(cloud: cloud, quota: quota, local: local)
        return try Planner().plan(PlanInput(policy: policy, need: need, promptTokens: tokens, payloadMustStayLocal: `private`,
                                            cloud: c, local: l, presence: presence, consent: consent), id: "plan_1")
    }

    @Test func localOnlyNeverPlansCloud() throws {
        for local in [ModelAvailability.available, .unreachable(reason: "network"), .notConfigured] {
            for tokens in [100, 10_000] {
                let p = try plan(.localOnly, tokens: tokens, local: local, consent: RememberedConsent(decision: .allow, provider: "p", host: "api.example.com", model: "m"))
                #expect(!p.rungs.contains(.cloud))
                #expect(p.intended == .local)
                #expect(p.reasons.first == .userRequiredLocal)
            }
        }
        let exceeded = try plan(.localOnly, tokens: 3_500)
        #expect(exceeded.rungs == [.deterministic])
        #expect(exceeded.skipReason == .localContextExceeded)
    }

    @Test func preferLocalUsesLocalWhenItFitsAndNeverFallsUpSilently() throws {
        let fits = try plan(.preferLocal)
        #expect(fits.rungs == [.local, .deterministic])
        #expect(fits.reasons == [.localContextFits])
        // The prompt does not fit the local window: cloud, only with consent obtainable.
        let big = try plan(.preferLocal, tokens: 3_500)
        #expect(big.intended == .cloud)
        #expect(big.rungs == [.cloud, .deterministic])
        #expect(big.reasons == [.localContextExceeded])
        #expect(big.cloudConsent == .ask)
        let headless = try plan(.preferLocal, tokens: 3_500, presence: .headless)
        #expect(headless.rungs == [.deterministic])
        #expect(headless.skipReason == .localContextExceeded)
        #expect(headless.reasons.contains(.consentUnavailable))
    }

    @Test func quotaFailsClosed() throws {
        for quota in [QuotaState.unknown, .credentialsRejected, .limitReached(until: .distantFuture)] {
            let p = try plan(.cloudAllowed, quota: quota)
            #expect(!p.rungs.contains(.cloud), "quota \(quota.category) must not authorize cloud")
            #expect(p.skipReason == (quota.category == "limit_reached" ? .cloudQuotaReached : .cloudUnavailable))
        }
        let ok = try plan(.cloudAllowed)
        #expect(ok.rungs == [.cloud, .local, .deterministic])
    }

    @Test func cloudRequiredFailsWithTheRightExitCodes() throws {
        #expect(throws: IntentError.self) { try plan(.cloudRequired, cloud: .notConfigured) }
        do {
            _ = try plan(.cloudRequired, cloud: .notConfigured)
        } catch let error as IntentError {
            #expect(error.exitCode == .unavailable)
            #expect(error.description.contains("intent models set cloud"))
        }
        do {
            _ = try plan(.cloudRequired, consent: RememberedConsent(decision: .deny))
            Issue.record("a remembered deny must stop a cloud-required run")
        } catch let error as IntentError {
            #expect(error.exitCode == .notPermitted)
        }
        do {
            _ = try plan(.cloudRequired, presence: .headless)
            Issue.record("headless without consent must stop a cloud-required run")
        } catch let error as IntentError {
            #expect(error.exitCode == .notPermitted)
        }
        do {
            _ = try plan(.cloudRequired, cloud: .endpointRefused(rule: .cloudRequiresHTTPS))
            Issue.record("a refused endpoint must stop a cloud-required run")
        } catch let error as IntentError {
            #expect(error.exitCode == .configuration)
        }
        let p = try plan(.cloudRequired)
        #expect(p.rungs == [.cloud])
        #expect(p.fallback == nil)
    }

    @Test func exactAndInsufficientNeedNoModel() throws {
        let exact = try plan(.cloudAllowed, need: .exact)
        #expect(exact.rungs == [.deterministic])
        #expect(exact.reasons == [.exactAnswerAvailable])
        let abstain = try plan(.preferLocal, need: .insufficientEvidence)
        #expect(abstain.rungs == [.abstain])
        #expect(abstain.reasons == [.insufficientEvidence])
    }

    @Test func privatePayloadStaysLocal() throws {
        let p = try plan(.cloudAllowed, private: true)
        #expect(p.rungs == [.local, .deterministic])
        #expect(p.reasons.first == .privacyRequiredLocal)
    }

    @Test func rememberedAllowIsBoundToTheEndpoint() throws {
        let other = RememberedConsent(decision: .allow, provider: "p", host: "other.example.com", model: "m")
        let p = try plan(.cloudAllowed, presence: .headless, consent: other)
        #expect(!p.rungs.contains(.cloud))
        let same = RememberedConsent(decision: .allow, provider: "p", host: "api.example.com", model: "m")
        #expect(try plan(.cloudAllowed, presence: .headless, consent: same).cloudConsent == .remembered)
    }
}
