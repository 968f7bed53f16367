import Foundation

/// Text taken from a source file, with a map from its UTF-8 offsets back to the file's bytes.
///
/// The text is a concatenation of *segments* — runs of source bytes, copied verbatim from a UTF-8
/// file or decoded from a Windows-1252 one — and synthetic separators (paragraph breaks between
/// HTML blocks or JSON strings) that map to no source byte. A text range maps to the source range
/// from its first mapped byte to one past its last mapped byte, so the source slice may include
/// markup that sits between segments.
public struct ExtractedText: Sendable, Equatable {
    /// One run: `length` text bytes at `textOffset` come from the `sourceLength` bytes at
    /// `sourceOffset`, every source byte giving the same number of text bytes
    /// (`length / sourceLength`: 1 for UTF-8 and ASCII, 2 or 3 for a decoded Windows-1252 byte).
    public struct Segment: Sendable, Equatable {
        public var textOffset: Int
        public var sourceOffset: Int
        public var length: Int
        public var sourceLength: Int

        public init(textOffset: Int, sourceOffset: Int, length: Int, sourceLength: Int? = nil) {
            self.textOffset = textOffset
            self.sourceOffset = sourceOffset
            self.length = length
            self.sourceLength = sourceLength ?? length
        }

        /// Text bytes per source byte.
        var ratio: Int { sourceLength > 0 ? max(1, length / sourceLength) : 1 }

        /// Source offset of text offset `t` inside this run, rounded down (`up`: rounded up).
        func source(at t: Int, up: Bool = false) -> Int {
            let r = ratio
            let delta = t - textOffset
            return sourceOffset + (up ? (delta + r - 1) / r : delta / r)
        }
    }

    /// The extracted text (UTF-8).
    public let text: String
    /// Runs in text order (and source order).
    public let segments: [Segment]
    /// The encoding the source bytes were decoded from.
    public internal(set) var encoding: TextEncoding = .utf8

    /// True when the text is the whole source, byte for byte.
    public var isIdentity: Bool {
        segments.count == 1 && segments[0].textOffset == 0 && segments[0].sourceOffset == 0
            && segments[0].length == text.utf8.count && segments[0].sourceLength == segments[0].length
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
            if start == nil { start = s.source(at: lo) }
            end = s.source(at: hi, up: true)
        }
        guard let start, let end else { return nil }
        return start..<end
    }

    /// The runs of `segments` inside text bytes `range`, with `textOffset` relative to its start.
    static func slice(_ segments: [Segment], to range: Range<Int>) -> [Segment] {
        var out: [Segment] = []
        for s in segments {
            let lo = max(range.lowerBound, s.textOffset)
            let hi = min(range.upperBound, s.textOffset + s.length)
            guard lo < hi else { continue }
            let source = s.source(at: lo)
            out.append(.init(textOffset: lo - range.lowerBound, sourceOffset: source, length: hi - lo,
                             sourceLength: s.source(at: hi, up: true) - source))
        }
        return out
    }
}

/// Builds an `ExtractedText` from source runs and separators.
struct ExtractedTextBuilder {
    private let source: [UInt8]
    private let encoding: TextEncoding
    private var bytes: [UInt8] = []
    private var segments: [ExtractedText.Segment] = []

    init(source: [UInt8], encoding: TextEncoding = .utf8) {
        self.source = source
        self.encoding = encoding
    }

    /// Appends source bytes `range`, decoded (merged with the previous run when contiguous).
    mutating func appendSource(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        guard encoding == .windows1252 else { return appendRun(range, ratio: 1) }
        // one run per stretch of bytes that decode to the same number of UTF-8 bytes
        var i = range.lowerBound
        while i < range.upperBound {
            let ratio = TextEncoding.utf8Width1252(source[i])
            var j = i + 1
            while j < range.upperBound, TextEncoding.utf8Width1252(source[j]) == ratio { j += 1 }
            appendRun(i..<j, ratio: ratio)
            i = j
        }
    }

    private mutating func appendRun(_ range: Range<Int>, ratio: Int) {
        let length = range.count * ratio
        if var last = segments.last, last.sourceOffset + last.sourceLength == range.lowerBound,
           last.textOffset + last.length == bytes.count, last.ratio == ratio {
            last.length += length
            last.sourceLength += range.count
            segments[segments.count - 1] = last
        } else {
            segments.append(.init(textOffset: bytes.count, sourceOffset: range.lowerBound, length: length,
                                  sourceLength: range.count))
        }
        encoding.appendDecoded(source[range], to: &bytes)
    }

    /// Appends a separator that maps to no source byte; repeated separators collapse.
    mutating func appendBreak(_ separator: String = "\n\n") {
        guard !bytes.isEmpty else { return }
        let sep = Array(separator.utf8)
        if bytes.count >= sep.count, Array(bytes.suffix(sep.count)) == sep { return }
        bytes.append(contentsOf: sep)
    }

    /// Appends text that maps to no source byte (a heading's `# `), once after a break.
    mutating func appendMarker(_ marker: String) {
        let bytes = Array(marker.utf8)
        if self.bytes.count >= bytes.count, Array(self.bytes.suffix(bytes.count)) == bytes { return }
        self.bytes.append(contentsOf: bytes)
    }

    /// Appends text that maps to no source byte, as it is (a CSV value's column label).
    mutating func appendText(_ text: String) {
        bytes.append(contentsOf: Array(text.utf8))
    }

    func build() -> ExtractedText {
        ExtractedText(text: String(decoding: bytes, as: UTF8.self), segments: segments, encoding: encoding)
    }
}
