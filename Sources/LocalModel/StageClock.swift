#if canImport(Glibc)
import Glibc
#endif

/// Stages of one forward pass, timed by `StageClock` when profiling is on.
enum ForwardStage: Int, CaseIterable {
    case embedding, attentionNorm, qkv, ropeAndCache, attention, attentionOutput, ffnNorm, gateUp, down, outputNorm, output

    var name: String {
        switch self {
        case .embedding: "embedding"
        case .attentionNorm: "attentionNormQuantize"
        case .qkv: "qkvProducts"
        case .ropeAndCache: "ropeAndCacheStore"
        case .attention: "attention"
        case .attentionOutput: "attentionOutputProductResidual"
        case .ffnNorm: "ffnNormQuantize"
        case .gateUp: "gateUpSiLUQuantize"
        case .down: "downProductResidual"
        case .outputNorm: "outputNormQuantize"
        case .output: "outputProduct"
        }
    }
}

/// Wall-clock nanoseconds per forward stage (`mark` charges the time since the previous mark to
/// a stage). Does nothing unless enabled, so the forward pass can call it unconditionally.
final class StageClock: @unchecked Sendable {
    let enabled: Bool
    private(set) var nanoseconds = [UInt64](repeating: 0, count: ForwardStage.allCases.count)
    private(set) var tokens = 0
    private var last: UInt64 = 0

    init(enabled: Bool) { self.enabled = enabled }

    @inline(__always)
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    @inline(__always)
    func start() { if enabled { last = Self.now() } }

    @inline(__always)
    func mark(_ stage: ForwardStage) {
        guard enabled else { return }
        let t = Self.now()
        nanoseconds[stage.rawValue] &+= t &- last
        last = t
    }

    func countToken(_ n: Int) { if enabled { tokens += n } }

    func reset() {
        nanoseconds = [UInt64](repeating: 0, count: ForwardStage.allCases.count)
        tokens = 0
    }
}

/// Where the time of single-token steps went (microseconds per token), from `StageClock`.
public struct ForwardProfile: Sendable, Codable, Equatable {
    public var tokens: Int
    public var microsecondsPerToken: [String: Double]
    /// Sum of the stages per token.
    public var totalMicrosecondsPerToken: Double
    /// Parallel regions (one barrier each) the worker pool ran per token.
    public var parallelRegionsPerToken: Double
    public var threads: Int
}
