import Foundation
import Generation
import IntentKit
import Secrets

/// `intent doctor`: each rung with its availability and why, and per intent the rung a run would
/// answer from (DESIGN §12). The cloud is never contacted; the local server is probed on
/// loopback. The per-intent answers come from the same planner and snapshots as the runs.
public struct DoctorReport: Sendable, Equatable, Codable {
    public static let schemaVersion = "intent.doctor/1"

    public struct Rung: Sendable, Equatable, Codable {
        /// `cloud`, `local` or `deterministic`.
        public var rung: String
        public var available: Bool
        /// `ModelAvailability.category`, `unsuitable`, or `available` for the deterministic rung.
        public var state: String
        public var why: String
        /// Whether the policy lets runs use this rung at all.
        public var allowedByPolicy: Bool
        public var model: String?
        /// `host:port` of the endpoint.
        public var host: String?
        public var path: String?
        public var quota: String?
        public var consent: String?

        enum CodingKeys: String, CodingKey {
            case rung, available, state, why, model, host, path, quota, consent
            case allowedByPolicy = "allowed_by_policy"
        }
    }

    /// Which rung a run of one intent would answer from now (for a payload that fits).
    public struct IntentRoute: Sendable, Equatable, Codable {
        public var intent: String
        /// The first rung the run would try: `cloud`, `local`, `deterministic` or `abstain`.
        public var rung: String
        /// What the receipt's `fallback_reason` would be when that is not the intended rung.
        public var fallbackReason: String?
        /// How cloud consent would be obtained (`remembered`, `ask`), when the cloud is tried.
        public var consent: String?

        enum CodingKeys: String, CodingKey {
            case intent, rung, consent
            case fallbackReason = "fallback_reason"
        }
    }

    public var schema = DoctorReport.schemaVersion
    public var policy: RoutingPolicy
    public var rungs: [Rung]
    public var intents: [IntentRoute]
}

/// The intents that consult the ladder and whether the in-process model may answer them. The
/// requests in `Intents/` set `LadderRequest.allowsEmbedded` from the same table.
public enum LadderIntents {
    public static let usingEmbedded: Set<String> = ["CreateReminder"]
    public static let all = ["DailyBrief", "CaptureThought", "CreateReminder", "AskLibrary"]
}

public enum Doctor {
    /// Builds the report; probes only the local server (bounded by `localProbeTimeout`).
    public static func report(admin: ModelAdmin, policy: RoutingPolicy, presence: Presence = .headless) async throws -> DoctorReport {
        let consent = try ConsentBook(store: admin.store).load()
        let cloud = try admin.status(.cloud)
        let ladder = try admin.ladder()
        let (cloudSnapshot, localSnapshot) = try await ladder.snapshots(probeLocal: true, unsuitable: nil)
        var cloudConsent = consent.decision.rawValue
        if consent.decision == .allow, let descriptor = cloudSnapshot.descriptor, !consent.allows(descriptor) {
            cloudConsent = "ask (the remembered allow was given for another endpoint)"
        }
        let local = try localRung(admin: admin, ladder: ladder, snapshot: localSnapshot)
        let rungs = [
            DoctorReport.Rung(rung: "cloud", available: cloud.available, state: cloud.availability, why: cloud.why,
                              allowedByPolicy: policy != .localOnly, model: cloud.model,
                              host: cloudSnapshot.descriptor?.endpoint?.hostPort ?? cloud.host,
                              path: cloudSnapshot.descriptor?.path, quota: cloud.quota, consent: cloud.configured ? cloudConsent : nil),
            DoctorReport.Rung(rung: "local", available: local.available, state: local.availability, why: local.why,
                              allowedByPolicy: policy != .cloudRequired, model: local.model,
                              host: localSnapshot.descriptor?.endpoint?.hostPort ?? local.host, path: localSnapshot.descriptor?.path),
            DoctorReport.Rung(rung: "deterministic", available: true, state: "available",
                              why: "templates and rules; always available",
                              allowedByPolicy: policy != .cloudRequired),
        ]
        var intents: [DoctorReport.IntentRoute] = []
        for intent in LadderIntents.all {
            var snapshot = localSnapshot
            snapshot.unsuitable = ladder.localUnsuitability(intent: intent, allowsUnnamed: false)
            let input = PlanInput(policy: policy, need: .improvable, promptTokens: 0, cloud: cloudSnapshot, local: snapshot,
                                  presence: presence, consent: consent)
            guard let plan = try? Planner().plan(input, id: "doctor") else {
                intents.append(DoctorReport.IntentRoute(intent: intent, rung: "none", fallbackReason: "cloud-required cannot be honoured"))
                continue
            }
            let first = plan.rungs.first ?? .deterministic
            intents.append(DoctorReport.IntentRoute(
                intent: intent, rung: first.rawValue,
                fallbackReason: first == plan.intended ? nil : (plan.skipDetail?.description ?? plan.skipReason?.rawValue),
                consent: first == .cloud ? plan.cloudConsent?.rawValue : nil))
        }
        return DoctorReport(policy: policy, rungs: rungs, intents: intents)
    }

    /// The local rung as the runs see it: the probe result for a server, the embedded model's
    /// selection otherwise.
    static func localRung(admin: ModelAdmin, ladder: ModelLadder, snapshot: TargetSnapshot) throws -> ModelStatus {
        let status = try admin.status(.local)
        guard ladder.local?.capabilities.probedBeforePlanning == true, status.available,
              let client = try admin.client(.local, settings: ModelSettings.load(admin.paths)) else { return status }
        return try admin.report(client, snapshot: snapshot, verified: snapshot.probe == .available ? "list_models" : nil)
    }
}
