import Foundation
import Generation
import Secrets
import Store

/// What is remembered about a cloud endpoint's quota (DESIGN §7). Only `available` authorizes a
/// cloud call; `unknown` does not (fail closed).
public enum QuotaState: Sendable, Equatable {
    /// Never verified for this endpoint, key and model.
    case unknown
    /// A verification or a call succeeded.
    case available
    /// A 429 was seen; no cloud call until `until`.
    case limitReached(until: Date)
    /// A 401/403 was seen; no cloud call until the key is set again.
    case credentialsRejected

    /// A stable identifier for receipts and `--json`.
    public var category: String {
        switch self {
        case .unknown: return "unknown"
        case .available: return "available"
        case .limitReached: return "limit_reached"
        case .credentialsRejected: return "credentials_rejected"
        }
    }

    /// The state as it stands at `now`: a reached limit whose reset time has passed is available again.
    public func effective(at now: Date) -> QuotaState {
        if case .limitReached(let until) = self, until <= now { return .available }
        return self
    }

    /// The matching `ModelAvailability` (`available` when the quota does not block).
    public var availability: ModelAvailability {
        switch self {
        case .unknown: return .quotaUnknown
        case .available: return .available
        case .limitReached(let until): return .quotaReached(until: until)
        case .credentialsRejected: return .credentialsRejected
        }
    }
}

/// The quota state remembered in the store, one row per target, bound to the endpoint (provider,
/// host, model) it was observed on: a state recorded for another endpoint reads as `unknown`.
public struct QuotaMemory: Sendable {
    public let store: IntentStore

    public init(store: IntentStore) {
        self.store = store
    }

    public func state(for descriptor: ModelDescriptor) throws -> QuotaState {
        guard let row = try store.modelState(target: descriptor.target.rawValue),
              row.provider == descriptor.provider, row.host == (descriptor.host ?? ""), row.model == descriptor.model else {
            return .unknown
        }
        switch row.quota {
        case "available": return .available
        case "limit_reached": return .limitReached(until: row.until ?? .distantPast)
        case "credentials_rejected": return .credentialsRejected
        default: return .unknown
        }
    }

    public func remember(_ state: QuotaState, for descriptor: ModelDescriptor, at now: Date) throws {
        var until: Date?
        if case .limitReached(let date) = state { until = date }
        try store.setModelState(ModelStateRecord(
            target: descriptor.target.rawValue, quota: state.category, until: until, provider: descriptor.provider,
            host: descriptor.host ?? "", model: descriptor.model, updatedAt: StoreTime.string(now)))
    }

    /// Back to `unknown` (after `intent keys set`, `intent models unset`).
    public func forget(_ target: EndpointPolicy.Target) throws {
        try store.clearModelState(target: target.rawValue)
    }
}
