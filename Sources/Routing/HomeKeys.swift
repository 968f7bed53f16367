import Foundation
import Generation
import IntentKit
import Primitives
import Secrets

/// Keyed hashes with the home's secret (`HomeSecret`): the receipt's payload digest and the
/// fingerprint of the cloud key the quota state is bound to. Neither can be checked by someone
/// who guesses the input without the secret, and neither reveals the key.
public struct HomeKeys: Sendable {
    let secret: [UInt8]

    /// The home's secret under `directory`, created on first use. When it cannot be read (e.g.
    /// its mode is too open) an ephemeral secret is used: digests are then not comparable across
    /// runs and the quota state reads as unknown — both fail closed.
    public static func load(directory: URL) -> HomeKeys {
        if let secret = try? HomeSecret.load(directory: directory) { return HomeKeys(secret: secret) }
        var generator = SystemRandomNumberGenerator()
        return HomeKeys(secret: (0..<32).map { _ in generator.next() })
    }

    public init(secret: [UInt8]) {
        self.secret = secret
    }

    /// HMAC-SHA256 (RFC 2104) of `message`, lower-case hex.
    public func hmac(_ message: Data) -> String {
        var key = secret
        if key.count > 64 { key = SHA256.digest(Data(key)) }
        key += [UInt8](repeating: 0, count: 64 - key.count)
        let inner = SHA256.digest(Data(key.map { $0 ^ 0x36 }) + message)
        return SHA256.hex(Data(key.map { $0 ^ 0x5c }) + Data(inner))
    }

    /// A short fingerprint of an API key (`none` without one): what the quota state is bound to.
    public func fingerprint(ofKey key: String?) -> String {
        guard let key, !key.isEmpty else { return "none" }
        return String(hmac(Data(("api-key\u{0}" + key).utf8)).prefix(24))
    }

    /// The receipt's payload digest: HMAC-SHA256 of the envelope's canonical serialization.
    public func digest(_ envelope: EvidenceEnvelope) -> String {
        "hmac-sha256:" + hmac(envelope.canonicalData)
    }
}

extension LanguageModel {
    /// The fingerprint of the key this model sends (`none` for models without one).
    func keyFingerprint(_ keys: HomeKeys) -> String {
        keys.fingerprint(ofKey: apiKeyForFingerprint)
    }
}
