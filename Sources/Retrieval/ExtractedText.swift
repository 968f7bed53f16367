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
    /// `sourceOffset`, mapped in proportion: every source byte gives the same number of text bytes
    /// (`length / sourceLength`: 1 for UTF-8 and ASCII, 2 or 3 for a decoded Windows-1252 byte),
    /// or every text byte comes from the same number of source bytes (3 for a quoted-printable
    /// `=E2`, 2 for an iCalendar `\,`; 4 for 3 in base64, where a text byte's first source byte is
    /// the character holding its first bit).
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

        /// Text offset of source offset `o` inside this run, rounded down (`up`: rounded up).
        func text(at o: Int, up: Bool = false) -> Int {
            let delta = o - sourceOffset
            guard sourceLength > 0, length > 0 else { return textOffset + delta }
            let scaled = delta * length
            return textOffset + (up ? (scaled + sourceLength - 1) / sourceLength : scaled / sourceLength)
        }

        /// Source offset of text offset `t` inside this run, rounded down (`up`: rounded up).
        func source(at t: Int, up: Bool = false) -> Int {
            let delta = t - textOffset
            guard sourceLength > 0, length > 0 else { return sourceOffset + delta }
            let scaled = delta * sourceLength
            return sourceOffset + (up ? (scaled + length - 1) / length : scaled / length)
        }
    }

    /// The extracted text (UTF-8).
    public let text: String
    /// Runs in text order (and source order, but for a record's fields read in an order of their own).
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
        for s in segments[firstEnding(after: range.lowerBound, in: segments)...] {
            guard s.textOffset < range.upperBound else { break }
            let lo = max(range.lowerBound, s.textOffset)
            let hi = min(range.upperBound, s.textOffset + s.length)
            guard lo < hi else { continue }
            // runs are in source order but for a record's fields written in another order
            // (a calendar event's summary before its times): the range spans them all
            start = min(start ?? .max, s.source(at: lo))
            end = max(end ?? .min, s.source(at: hi, up: true))
        }
        guard let start, let end else { return nil }
        return start..<end
    }

    /// Index of the first of `segments` (in text order, none overlapping) that ends after text
    /// offset `offset`, by bisection: a chunk's runs are found without reading the whole file's.
    static func firstEnding(after offset: Int, in segments: [Segment]) -> Int {
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].textOffset + segments[mid].length <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The runs of `segments` inside text bytes `range`, with `textOffset` relative to its start.
    static func slice(_ segments: [Segment], to range: Range<Int>) -> [Segment] {
        var out: [Segment] = []
        for s in segments[firstEnding(after: range.lowerBound, in: segments)...] {
            guard s.textOffset < range.upperBound else { break }
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
           last.textOffset + last.length == bytes.count, last.ratio == ratio, last.length == last.sourceLength * ratio {
            last.length += length
            last.sourceLength += range.count
            segments[segments.count - 1] = last
        } else {
            segments.append(.init(textOffset: bytes.count, sourceOffset: range.lowerBound, length: length,
                                  sourceLength: range.count))
        }
        encoding.appendDecoded(source[range], to: &bytes)
    }

    /// Appends `text`, decoded from source bytes `range` (a quoted-printable `=E2=80=99`, an
    /// escaped `\,`): one run mapped in proportion.
    mutating func appendDecoded(_ text: some Collection<UInt8>, from range: Range<Int>) {
        guard !text.isEmpty else { return }
        guard !range.isEmpty else { return bytes.append(contentsOf: text) }
        segments.append(.init(textOffset: bytes.count, sourceOffset: range.lowerBound, length: text.count,
                              sourceLength: range.count))
        bytes.append(contentsOf: text)
    }

    /// Appends `inner`, the text of bytes that were themselves decoded from the source (a MIME
    /// part's body): its runs into those bytes are mapped on through `runs`, the decoded bytes'
    /// runs into the source (`textOffset` being the offset in the decoded bytes).
    mutating func append(_ inner: ExtractedText, through runs: [ExtractedText.Segment]) {
        let base = bytes.count
        bytes.append(contentsOf: inner.text.utf8)
        for s in inner.segments {
            // the decoded bytes s covers (mapped in proportion to its text: an entity's one
            // character from its five bytes), and each run of them in the source
            for r in runs[ExtractedText.firstEnding(after: s.sourceOffset, in: runs)...] {
                guard r.textOffset < s.sourceOffset + s.sourceLength else { break }
                let lo = max(s.sourceOffset, r.textOffset), hi = min(s.sourceOffset + s.sourceLength, r.textOffset + r.length)
                guard lo < hi else { continue }
                let textLo = s.text(at: lo), textHi = s.text(at: hi, up: true)
                guard textLo < textHi else { continue }
                let source = r.source(at: lo)
                segments.append(.init(textOffset: base + textLo, sourceOffset: source,
                                      length: textHi - textLo, sourceLength: max(1, r.source(at: hi, up: true) - source)))
            }
        }
    }

    /// Appends a separator that maps to no source byte; repeated separators collapse.
    mutating func appendBreak(_ separator: String = "\n\n") {
        guard !bytes.isEmpty else { return }
        let sep = Array(separator.utf8)
        if bytes.count >= sep.count, Array(bytes.suffix(sep.count)) == sep { return }
        bytes.append(contentsOf: sep)
    }

    /// Appends the line breaks that end the text in a blank line (none at its start).
    mutating func endParagraph() {
        guard !bytes.isEmpty else { return }
        let newlines = bytes.reversed().prefix { $0 == 0x0A }.count
        if newlines < 2 { bytes.append(contentsOf: repeatElement(0x0A, count: 2 - newlines)) }
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
        // runs are in text order and never overlap: `ExtractedText.firstEnding` bisects them
        assert(zip(segments, segments.dropFirst()).allSatisfy { $0.textOffset + $0.length <= $1.textOffset })
        return ExtractedText(text: String(decoding: bytes, as: UTF8.self), segments: segments, encoding: encoding)
    }
}
