import Foundation
import Generation

/// The effects model tests pass explicitly, now that the clients and the ladder have no live
/// defaults: a frozen wall clock and the transport for clients aimed at a loopback fake.
public enum TestEffects {
    /// 2026-11-30T09:00:00Z, a Monday (the same instant as `TestClock.reference`).
    public static let now = Date(timeIntervalSince1970: 1_796_029_200)
    /// A wall clock frozen at `now`.
    public static let clock: @Sendable () -> Date = { now }
    /// The live transport, for a client pointed at a `FakeOpenAIServer` on loopback (plain HTTP
    /// to loopback never leaves the machine: `LoopbackHTTPTransport`).
    public static var loopback: any HTTPTransport { URLSessionTransport() }
}
