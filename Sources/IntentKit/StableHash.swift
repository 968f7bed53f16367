import Primitives

/// Stable, documented hashes for ids that must not change between runs or machines
/// (Swift's `Hasher` is randomly seeded per process).
public enum StableHash {
    /// 64-bit FNV-1a over the UTF-8 bytes.
    public static func fnv1a64(_ text: String) -> UInt64 { FNV1a.hash(text) }

    /// `prefix_` followed by 12 hex digits of the FNV-1a hash of `text`.
    public static func id(_ prefix: String, _ text: String) -> String {
        let hex = String(fnv1a64(text), radix: 16)
        let padded = String(repeating: "0", count: max(0, 16 - hex.count)) + hex
        return "\(prefix)_" + padded.prefix(12)
    }
}
