import Foundation
import Generation

/// The tunable numbers of routing, in one place.
public struct RoutingConfiguration: Sendable, Equatable {
    /// How long a reached cloud limit is remembered when the 429 carried no reset header.
    public var quotaResetFallback: TimeInterval
    /// The whole reachability probe of the local server (loopback `GET /models`).
    public var localProbeTimeout: Duration
    /// How the evidence envelope is bounded before consent.
    public var evidence: EvidenceLimits
    /// Reply-token cap when a request does not set one.
    public var defaultMaxTokens: Int
    /// All the time one run spends on models (the local probe, every rung, repair retries); when
    /// it is spent the run answers with its declared fallback (`<target>Failed:timeout_total`).
    /// With the per-request deadlines (`ModelTimeouts`) it keeps a cron run under 30 s even when
    /// a model accepts the connection and never answers.
    public var modelBudget: Duration

    public init(quotaResetFallback: TimeInterval = 3_600, localProbeTimeout: Duration = .seconds(5),
                evidence: EvidenceLimits = EvidenceLimits(), defaultMaxTokens: Int = 512,
                modelBudget: Duration = .seconds(26)) {
        self.quotaResetFallback = quotaResetFallback
        self.localProbeTimeout = localProbeTimeout
        self.evidence = evidence
        self.defaultMaxTokens = defaultMaxTokens
        self.modelBudget = modelBudget
    }

    public static let standard = RoutingConfiguration()
}

/// Bounds of the evidence envelope: what may be shown to a model at most.
public struct EvidenceLimits: Sendable, Equatable {
    /// Chunks kept, strongest first.
    public var maxChunks: Int
    /// UTF-8 bytes kept of one chunk's text (cut on a character boundary).
    public var maxChunkBytes: Int
    /// UTF-8 bytes of all chunk titles and texts together (`EvidenceEnvelope.contextBytes`).
    public var maxTotalBytes: Int

    public init(maxChunks: Int = 12, maxChunkBytes: Int = 4_000, maxTotalBytes: Int = 24_000) {
        self.maxChunks = maxChunks
        self.maxChunkBytes = maxChunkBytes
        self.maxTotalBytes = maxTotalBytes
    }
}
