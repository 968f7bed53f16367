import Foundation
import IntentKit
import Primitives
import Synchronization

/// What a 2026-07-28 `requestState` carries between a tool call and its retry.
///
/// It travels through the client, so it is authenticated (HMAC-SHA256 with a per-home key),
/// bound to the tool and a digest of the call's arguments, short-lived and single-use.
public struct PendingStep: Sendable, Equatable, Codable {
    public enum Purpose: String, Sendable, Codable {
        /// The person is asked to confirm a write.
        case confirm
        /// The person is asked for a missing required value.
        case value
    }

    public var tool: String
    /// SHA-256 of the call's `arguments` as the client sent them (canonical JSON).
    public var argumentsDigest: String
    public var purpose: Purpose
    /// For `.value`: the parameter asked for.
    public var parameter: String?
    /// Values the person already supplied in earlier rounds, keyed by parameter.
    public var supplied: [String: JSONValue]
    public var nonce: String
    /// Milliseconds since 1970.
    public var expiresAt: Int64

    enum CodingKeys: String, CodingKey {
        case tool, purpose, parameter, supplied, nonce
        case argumentsDigest = "args", expiresAt = "exp"
    }
}

/// Why a `requestState` was refused. Descriptions name no content.
public enum RequestStateError: Error, Equatable, CustomStringConvertible {
    case malformed, badSignature, expired, reused, wrongTool, argumentsChanged

    public var description: String {
        switch self {
        case .malformed: return "requestState is malformed"
        case .badSignature: return "requestState is not authentic"
        case .expired: return "requestState has expired; call the tool again"
        case .reused: return "requestState was already used; call the tool again"
        case .wrongTool: return "requestState belongs to another tool"
        case .argumentsChanged: return "requestState was issued for other arguments"
        }
    }
}

/// Seals and opens `requestState` tokens: `base64url(payload).base64url(hmac)`.
public final class RequestStateSealer: Sendable {
    private let key: [UInt8]
    private let lifetime: Duration
    private let clock: @Sendable () -> Date
    /// Nonces already redeemed, with their expiry, pruned as they lapse.
    private let redeemed = Mutex<[String: Int64]>([:])

    public init(key: [UInt8], lifetime: Duration, clock: @escaping @Sendable () -> Date) {
        self.key = key
        self.lifetime = lifetime
        self.clock = clock
    }

    /// SHA-256 of canonical JSON (sorted keys) of the arguments object.
    public static func digest(_ arguments: [String: JSONValue]) -> String {
        SHA256.hex(JSONValue.object(arguments).encoded())
    }

    public func seal(tool: String, arguments: [String: JSONValue], purpose: PendingStep.Purpose,
                     parameter: String? = nil, supplied: [String: JSONValue] = [:]) -> String {
        var rng = SystemRandomNumberGenerator()
        let nonce = Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) })
        let step = PendingStep(tool: tool, argumentsDigest: Self.digest(arguments), purpose: purpose,
                               parameter: parameter, supplied: supplied, nonce: nonce,
                               expiresAt: millis(clock()) + Int64(lifetime.components.seconds * 1000))
        let payload = [UInt8]((try? JSONCoding.encoder().encode(step)) ?? Data())
        return Base64URL.encode(payload) + "." + Base64URL.encode(HMACSHA256.mac(key: key, message: payload))
    }

    /// Verifies and redeems a token for this tool and these arguments. A token opens once.
    public func open(_ token: String, tool: String, arguments: [String: JSONValue]) throws(RequestStateError) -> PendingStep {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Base64URL.decode(String(parts[0])),
              let mac = Base64URL.decode(String(parts[1])) else { throw .malformed }
        guard HMACSHA256.equal(mac, HMACSHA256.mac(key: key, message: payload)) else { throw .badSignature }
        guard let step = try? JSONDecoder().decode(PendingStep.self, from: Data(payload)) else { throw .malformed }
        let now = millis(clock())
        guard now <= step.expiresAt else { throw .expired }
        guard step.tool == tool else { throw .wrongTool }
        guard step.argumentsDigest == Self.digest(arguments) else { throw .argumentsChanged }
        let fresh = redeemed.withLock { used -> Bool in
            used = used.filter { $0.value >= now }
            guard used[step.nonce] == nil else { return false }
            used[step.nonce] = step.expiresAt
            return true
        }
        guard fresh else { throw .reused }
        return step
    }

    private func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
