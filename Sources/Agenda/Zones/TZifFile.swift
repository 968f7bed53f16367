import Foundation

/// The transitions of a compiled tzdata file (RFC 8536 "TZif", versions 1–4), as the system's
/// `/usr/share/zoneinfo` holds them. Only what offset comparison needs is kept: each transition
/// instant and the UTC offset in force from it, plus the POSIX TZ footer for later instants.
public struct TZifFile: Sendable, Equatable {
    /// Seconds since 1970 (UTC) of each transition, ascending.
    public var transitions: [Int64]
    /// Seconds east of UTC from the matching transition on.
    public var offsetsAfter: [Int]
    /// Offset before the first transition (the first local time type, per RFC 8536 §3.2).
    public var initialOffset: Int
    /// The footer (`CET-1CEST,M3.5.0,M10.5.0/3`), empty for version 1 files.
    public var footer: String

    /// Offset in force at `t`, from the table only (instants after the last transition keep its
    /// offset; callers that need later instants use the footer or a matching Foundation zone).
    public func offset(at t: Int64) -> Int {
        TransitionTable.offset(at: t, transitions: transitions, offsetsAfter: offsetsAfter, initial: initialOffset)
    }

    /// Parses TZif bytes; nil when they are not a TZif file or are truncated.
    public init?(data: Data) {
        let bytes = [UInt8](data)
        guard let first = Header(bytes, at: 0) else { return nil }
        var cursor = 44
        var timeSize = 4
        var header = first
        if first.version >= 2 {
            // Skip the version-1 block; the 64-bit block and footer follow.
            cursor += first.blockSize(timeSize: 4)
            guard let second = Header(bytes, at: cursor) else { return nil }
            header = second
            cursor += 44
            timeSize = 8
        }
        guard cursor + header.blockSize(timeSize: timeSize) <= bytes.count else { return nil }
        func int(_ at: Int, _ size: Int) -> Int64 {
            var v: Int64 = 0
            for i in 0..<size { v = (v << 8) | Int64(bytes[at + i]) }
            if size == 4 { return Int64(Int32(truncatingIfNeeded: v)) }
            return v
        }
        var times: [Int64] = []
        for i in 0..<header.timeCount { times.append(int(cursor + i * timeSize, timeSize)) }
        cursor += header.timeCount * timeSize
        var indices: [Int] = []
        for i in 0..<header.timeCount { indices.append(Int(bytes[cursor + i])) }
        cursor += header.timeCount
        var offsets: [Int] = []
        for i in 0..<header.typeCount { offsets.append(Int(int(cursor + i * 6, 4))) }
        guard !offsets.isEmpty, indices.allSatisfy({ $0 < offsets.count }) else { return nil }
        cursor += header.typeCount * 6 + header.charCount + header.leapCount * (timeSize + 4)
            + header.isStdCount + header.isUTCCount
        var footer = ""
        if header.version >= 2, cursor < bytes.count, bytes[cursor] == 0x0A,
           let end = bytes[(cursor + 1)...].firstIndex(of: 0x0A) {
            footer = String(decoding: bytes[(cursor + 1)..<end], as: UTF8.self)
        }
        transitions = times
        offsetsAfter = indices.map { offsets[$0] }
        initialOffset = offsets[0]
        self.footer = footer
    }

    private struct Header {
        var version: Int
        var isUTCCount, isStdCount, leapCount, timeCount, typeCount, charCount: Int

        init?(_ b: [UInt8], at o: Int) {
            guard o + 44 <= b.count, b[o] == 0x54, b[o + 1] == 0x5A, b[o + 2] == 0x69, b[o + 3] == 0x66 else { return nil }
            version = b[o + 4] == 0 ? 1 : Int(b[o + 4]) - 0x30
            func count(_ i: Int) -> Int {
                let p = o + 20 + i * 4
                return Int(UInt32(b[p]) << 24 | UInt32(b[p + 1]) << 16 | UInt32(b[p + 2]) << 8 | UInt32(b[p + 3]))
            }
            (isUTCCount, isStdCount, leapCount, timeCount, typeCount, charCount) =
                (count(0), count(1), count(2), count(3), count(4), count(5))
            // Bounds that no real file reaches keep a crafted header from costing memory.
            guard version >= 1, timeCount < 100_000, typeCount < 256, charCount < 10_000, leapCount < 10_000,
                  isUTCCount <= typeCount, isStdCount <= typeCount else { return nil }
        }

        func blockSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                + isStdCount + isUTCCount
        }
    }
}
