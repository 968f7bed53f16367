import Foundation

/// Splits a byte stream into newline-delimited frames (`\n`, with an optional `\r` before it).
///
/// A line longer than `maxLineBytes` is dropped whole and reported as `.oversized`, so one
/// runaway message cannot exhaust memory and the stream resynchronises at the next newline.
public struct LineSplitter: Sendable {
    public enum Frame: Sendable, Equatable {
        case line(Data)
        case oversized
    }

    public let maxLineBytes: Int
    private var pending: [UInt8] = []
    private var discarding = false

    public init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// Feeds bytes; returns the frames they complete, in order. Blank lines are skipped.
    public mutating func append(_ bytes: some Collection<UInt8>) -> [Frame] {
        var frames: [Frame] = []
        for byte in bytes {
            if byte == 0x0A {
                if discarding {
                    discarding = false
                } else if let frame = take() {
                    frames.append(frame)
                }
                pending.removeAll(keepingCapacity: true)
                continue
            }
            if discarding { continue }
            pending.append(byte)
            if pending.count > maxLineBytes {
                pending.removeAll(keepingCapacity: false)
                discarding = true
                frames.append(.oversized)
            }
        }
        return frames
    }

    /// At end of input: the unterminated last line, if any.
    public mutating func finish() -> [Frame] {
        defer { pending.removeAll() }
        if discarding { discarding = false; return [] }
        return take().map { [$0] } ?? []
    }

    private func take() -> Frame? {
        var end = pending.endIndex
        if end > 0, pending[end - 1] == 0x0D { end -= 1 }
        let line = pending[..<end]
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        return .line(Data(line))
    }
}
