/// 64-bit FNV-1a hash (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
///
/// Used instead of Swift's `Hasher`, which is seeded per process: feature indices must be the
/// same in every run and on every machine: feature indices of stored vectors, ids of tasks and entities.
public struct FNV1a: Sendable {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    public private(set) var value: UInt64 = FNV1a.offsetBasis

    public init() {}

    public mutating func combine(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* FNV1a.prime
    }

    /// Feeds the UTF-8 encoding of `scalar`.
    public mutating func combine(scalar: Unicode.Scalar) {
        for unit in scalar.utf8 { combine(byte: unit) }
    }

    public mutating func combine<S: Sequence>(scalars: S) where S.Element == Unicode.Scalar {
        for scalar in scalars { combine(scalar: scalar) }
    }

    /// The FNV-1a 64 hash of the UTF-8 bytes of `string`.
    public static func hash(_ string: String) -> UInt64 {
        var h = FNV1a()
        for byte in string.utf8 { h.combine(byte: byte) }
        return h.value
    }
}
