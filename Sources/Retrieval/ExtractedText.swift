import Foundation

/// Text taken from a source file, with a map from its UTF-8 offsets back to the file's bytes.
///
/// The text is a concatenation of *segments* — runs of bytes copied verbatim from the source —
/// and synthetic separators (paragraph breaks between HTML blocks or JSON strings) that map to
/// no source byte. A text range maps to the source range from its first mapped byte to one past
/// its last mapped byte, so the source slice may include markup that sits between segments.
public struct ExtractedText: Sendable, Equatable {
    /// One verbatim run: `length` bytes at `textOffset` equal the bytes at `sourceOffset`.
    public struct Segment: Sendable, Equatable {
        public var textOffset: Int
        public var sourceOffset: Int
        public var length: Int
    }

    /// The extracted text (UTF-8).
    public let text: String
    /// Verbatim runs in text order (and source order).
    public let segments: [Segment]

    /// True when the text is the whole source, byte for byte.
    public var isIdentity: Bool {
        segments.count == 1 && segments[0].textOffset == 0 && segments[0].sourceOffset == 0
            && segments[0].length == text.utf8.count
    }

    /// Source byte range covered by text bytes `range`, or nil when no byte of it is mapped.
    public func sourceRange(of range: Range<Int>) -> Range<Int>? {
        ExtractedText.sourceRange(of: range, segments: segments)
    }

    static func sourceRange(of range: Range<Int>, segments: [Segment]) -> Range<Int>? {
        guard !range.isEmpty else { return nil }
        var start: Int?
        var end: Int?
        for s in segments {
            let lo = max(range.lowerBound, s.textOffset)
            let hi = min(range.upperBound, s.textOffset + s.length)
            guard lo < hi else { continue }
            if start == nil { start = s.sourceOffset + (lo - s.textOffset) }
            end = s.sourceOffset + (hi - s.textOffset)
        }
        guard let start, let end else { return nil }
        return start..<end
    }
}

/// Builds an `ExtractedText` from verbatim source runs and separators.
struct ExtractedTextBuilder {
    private let source: [UInt8]
    private var bytes: [UInt8] = []
    private var segments: [ExtractedText.Segment] = []

    init(source: [UInt8]) { self.source = source }

    /// Appends source bytes `range` verbatim (merged with the previous run when contiguous).
    mutating func appendSource(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if var last = segments.last, last.sourceOffset + last.length == range.lowerBound,
           last.textOffset + last.length == bytes.count {
            last.length += range.count
            segments[segments.count - 1] = last
        } else {
            segments.append(.init(textOffset: bytes.count, sourceOffset: range.lowerBound, length: range.count))
        }
        bytes.append(contentsOf: source[range])
    }

    /// Appends a separator that maps to no source byte; repeated separators collapse.
    mutating func appendBreak(_ separator: String = "\n\n") {
        guard !bytes.isEmpty else { return }
        let sep = Array(separator.utf8)
        if bytes.count >= sep.count, Array(bytes.suffix(sep.count)) == sep { return }
        bytes.append(contentsOf: sep)
    }

    func build() -> ExtractedText {
        ExtractedText(text: String(decoding: bytes, as: UTF8.self), segments: segments)
    }
}
