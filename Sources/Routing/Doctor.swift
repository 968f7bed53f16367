import Foundation
import Generation
import IntentKit
import Secrets

/// `intent doctor`: each rung with its availability and why (DESIGN §12). The cloud is never
/// contacted; the local server is probed on loopback.
public struct DoctorReport: Sendable, Equatable, Codable {
    public static let schemaVersion = "intent.doctor/1"

    public struct Rung: Sendable, Equatable, Codable {
        /// `cloud`, `local` or `deterministic`.
        public var rung: String
        public var available: Bool
        /// `ModelAvailability.category`, or `available` for the deterministic rung.
        public var state: String
        public var why: String
        /// Whether the policy lets runs use this rung at all.
        public var allowedByPolicy: Bool
        public var model: String?
        public var host: String?
        public var quota: String?
        public var consent: String?

        enum CodingKeys: String, CodingKey {
            case rung, available, state, why, model, host, quota, consent
            case allowedByPolicy = "allowed_by_policy"
        }
    }

    public var schema = DoctorReport.schemaVersion
    public var policy: RoutingPolicy
    public var rungs: [Rung]
}

public enum Doctor {
    /// Builds the report; probes only the local server (bounded by `localProbeTimeout`).
    public static func report(admin: ModelAdmin, policy: RoutingPolicy) async throws -> DoctorReport {
        let consent = try ConsentBook(store: admin.store).load()
        let cloud = try admin.status(.cloud)
        var cloudConsent = consent.decision.rawValue
        if consent.decision == .allow, !(consent.provider == cloud.provider && consent.host == cloud.host && consent.model == cloud.model) {
            cloudConsent = "ask (the remembered allow was given for another endpoint)"
        }
        let local = try await probedLocal(admin)
        return DoctorReport(policy: policy, rungs: [
            DoctorReport.Rung(rung: "cloud", available: cloud.available, state: cloud.availability, why: cloud.why,
                              allowedByPolicy: policy != .localOnly, model: cloud.model, host: cloud.host,
                              quota: cloud.quota, consent: cloud.configured ? cloudConsent : nil),
            DoctorReport.Rung(rung: "local", available: local.available, state: local.availability, why: local.why,
                              allowedByPolicy: policy != .cloudRequired, model: local.model, host: local.host),
            DoctorReport.Rung(rung: "deterministic", available: true, state: "available",
                              why: "templates and rules; always available",
                              allowedByPolicy: policy != .cloudRequired),
        ])
    }

    static func probedLocal(_ admin: ModelAdmin) async throws -> ModelStatus {
        let status = try admin.status(.local)
        guard status.available else { return status }
        let settings = try ModelSettings.load(admin.paths)
        guard let client = try admin.client(.local, settings: settings) else { return status }
        let probe = await ModelLadder.probe(client, timeout: admin.configuration.localProbeTimeout)
        let snapshot = TargetSnapshot(target: .local, descriptor: client.descriptor, base: client.availability,
                                      probe: probe, quota: .available, budget: client.configuration.budget)
        return try admin.report(client, snapshot: snapshot, verified: probe == .available ? "list_models" : nil)
    }
}
