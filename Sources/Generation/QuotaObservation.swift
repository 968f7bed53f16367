import Foundation

/// What a call's outcome says about the cloud quota state remembered in the store (DESIGN §7):
/// success → `available`; 429 → `limitReached(until:)` from the reset headers, else one hour;
/// 401/403 → `credentialsRejected`; anything else (5xx, timeouts, network) leaves it unchanged.
public enum QuotaObservation: Sendable, Equatable {
    case available
    case limitReached(until: Date)
    case credentialsRejected
    case unchanged

    /// The wait assumed after a 429 without reset headers.
    public static let defaultLimitWait: TimeInterval = 3_600

    /// The observation after a failed call.
    public init(error: ModelError, now: Date = Date(), defaultWait: TimeInterval = QuotaObservation.defaultLimitWait) {
        switch error {
        case .rateLimited(let info):
            self = .limitReached(until: info.resetAt ?? now.addingTimeInterval(defaultWait))
        case .unauthorized:
            self = .credentialsRejected
        default:
            self = .unchanged
        }
    }
}
