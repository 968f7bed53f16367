import Foundation
import IntentKit
import Primitives

/// HMAC-SHA256 (RFC 2104) over the shared SHA-256 (Primitives); Foundation on Linux has no CryptoKit.
public enum HMACSHA256 {
    public static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        let blockSize = 64
        var k = key.count > blockSize ? SHA256.digest(Data(key)) : key
        k += [UInt8](repeating: 0, count: blockSize - k.count)
        let inner = SHA256.digest(Data(k.map { $0 ^ 0x36 } + message))
        return SHA256.digest(Data(k.map { $0 ^ 0x5c } + inner))
    }

    /// Compares two MACs in time independent of where they differ.
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in a.indices { diff |= a[i] ^ b[i] }
        return diff == 0
    }
}

/// Base64url without padding (RFC 4648 §5), for tokens that travel inside JSON strings.
public enum Base64URL {
    public static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public static func decode(_ text: String) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var base = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base.count % 4 != 0 { base += "=" }
        // Only the canonical spelling opens: non-zero unused bits in the last character would
        // let two tokens decode to the same bytes.
        guard let bytes = Data(base64Encoded: base).map({ [UInt8]($0) }), encode(bytes) == text else { return nil }
        return bytes
    }
}
