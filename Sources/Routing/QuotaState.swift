import Foundation
import Generation
import Secrets
import Store

/// What is remembered about a cloud endpoint's quota (DESIGN §7). Only `available` authorizes a
/// cloud call (`authorizesCloud(at:)`); everything else fails closed.
public enum QuotaState: Sendable, Equatable {
    /// Never verified for this endpoint, key and model.
    case unknown
    /// A verification or a call succeeded.
    case available
    /// A 429 was seen; no cloud call until `until`.
    case limitReached(until: Date)
    /// A 401/403 was seen; no cloud call until the key is set again.
    case credentialsRejected
    /// The stored row cannot be read as a state (an unknown value, a limit without a reset time).
    case malformed

    /// A stable identifier for receipts and `--json`.
    public var category: String {
        switch self {
        case .unknown: return "unknown"
        case .available: return "available"
        case .limitReached: return "limit_reached"
        case .credentialsRejected: return "credentials_rejected"
        case .malformed: return "malformed"
        }
    }

    /// The one decision whether a remembered state lets the cloud be called at `now`. Used by
    /// the planner (through `TargetSnapshot`), `intent doctor`, `intent models show` and receipts.
    /// Exhaustive on purpose: a new state must decide here.
    public func authorizesCloud(at now: Date) -> Bool {
        switch self {
        case .available: return true
        case .limitReached(let until): return until <= now
        case .unknown, .credentialsRejected, .malformed: return false
        }
    }

    /// The state as it stands at `now`: a reached limit whose reset time has passed is available again.
    public func effective(at now: Date) -> QuotaState {
        if case .limitReached = self, authorizesCloud(at: now) { return .available }
        return self
    }

    /// The matching `ModelAvailability` (`available` only when the state authorizes).
    public var availability: ModelAvailability {
        switch self {
        case .unknown, .malformed: return .quotaUnknown
        case .available: return .available
        case .limitReached(let until): return .quotaReached(until: until)
        case .credentialsRejected: return .credentialsRejected
        }
    }
}

/// The quota state remembered in the store, one row per target, bound to the canonical endpoint
/// (scheme, host, port, path), provider, model and a keyed fingerprint of the key it was observed
/// with: a state recorded for another endpoint or another key reads as `unknown`.
public struct QuotaMemory: Sendable {
    public let store: IntentStore
    let keys: HomeKeys

    public init(store: IntentStore) {
        self.store = store
        self.keys = HomeKeys.load(directory: store.paths.configDirectory)
    }

    /// What the store's `host` column holds: the endpoint identity and the key fingerprint.
    func binding(_ descriptor: ModelDescriptor, key: String?) -> String {
        "\(descriptor.endpointIdentity) key=\(keys.fingerprint(ofKey: key))"
    }

    /// The remembered state for this endpoint and key, as it stands at `now`.
    public func state(for descriptor: ModelDescriptor, key: String? = nil, at now: Date) throws -> QuotaState {
        try stored(for: descriptor, key: key).effective(at: now)
    }

    /// The state of `model` (its descriptor and key) as it stands at `now`.
    public func state(of model: any LanguageModel, at now: Date) throws -> QuotaState {
        try state(for: model.descriptor, key: model.apiKeyForFingerprint, at: now)
    }

    /// The remembered state as stored (a reached limit stays reached after its reset time).
    public func stored(for descriptor: ModelDescriptor, key: String? = nil) throws -> QuotaState {
        guard let row = try store.modelState(target: descriptor.target.rawValue),
              row.provider == descriptor.provider, row.host == binding(descriptor, key: key), row.model == descriptor.model else {
            return .unknown
        }
        return Self.decode(quota: row.quota, until: row.until)
    }

    /// Records `state` for `model` (its descriptor and key).
    public func remember(_ state: QuotaState, of model: any LanguageModel, at now: Date) throws {
        try remember(state, for: model.descriptor, key: model.apiKeyForFingerprint, at: now)
    }

    /// A stored row as a state; anything unexpected is `malformed`, which never authorizes.
    static func decode(quota: String, until: Date?) -> QuotaState {
        switch quota {
        case "unknown": return .unknown
        case "available": return .available
        case "limit_reached": return until.map { .limitReached(until: $0) } ?? .malformed
        case "credentials_rejected": return .credentialsRejected
        default: return .malformed
        }
    }

    public func remember(_ state: QuotaState, for descriptor: ModelDescriptor, key: String? = nil, at now: Date) throws {
        var until: Date?
        if case .limitReached(let date) = state { until = date }
        try store.setModelState(ModelStateRecord(
            target: descriptor.target.rawValue, quota: state.category, until: until, provider: descriptor.provider,
            host: binding(descriptor, key: key), model: descriptor.model, updatedAt: StoreTime.string(now)))
    }

    /// Back to `unknown` (after `intent keys set`, `intent models unset`).
    public func forget(_ target: EndpointPolicy.Target) throws {
        try store.clearModelState(target: target.rawValue)
    }
}
