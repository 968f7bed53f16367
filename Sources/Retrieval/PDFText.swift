import Foundation
import Glibc

/// Tuning of PDF text extraction (see `Pdftotext`).
public struct PDFTextConfiguration: Sendable, Equatable {
    /// The extractor is killed after this long on one file.
    public var timeoutSeconds = 30.0
    /// The extractor is killed when its output grows past this many bytes
    /// (`-bbox-layout` output is about 16 times the text: 256 MiB is some 16 MB of text.)
    public var maxOutputBytes = 256 << 20
    /// Program searched for on `searchPath` (an absolute path is used as it is).
    public var program = "pdftotext"
    /// Where `program` is looked for, `:`-separated like PATH: the caller's PATH (the CLI passes
    /// its environment's, `HomeServices.library`), else `systemSearchPath`.
    public var searchPath: String

    /// The directories searched when the caller names none.
    public static let systemSearchPath = "/usr/local/bin:/usr/bin:/bin"

    public init(searchPath: String? = nil) {
        self.searchPath = searchPath.flatMap { $0.isEmpty ? nil : $0 } ?? Self.systemSearchPath
    }
}

/// The text layer of a PDF file: UTF-8 text, pages separated by a form feed (U+000C).
///
/// Offsets into a PDF's text are offsets into *this* text, not into the file: a citation of a PDF
/// says so (`offsets: "extracted-text"`) and carries the page, and verifying it extracts again.
public protocol PDFTextSource: Sendable {
    /// The text of the PDF at `path`. Throws `RetrievalError.pdf…` cases naming the file.
    func text(ofPDF path: String) throws -> [UInt8]
}

/// Page numbers and checks of extracted PDF text.
public enum PDFText {
    /// The page (1-based) holding text byte `offset`: one more than the form feeds before it.
    public static func page(at offset: Int, in text: [UInt8]) -> Int {
        1 + text.prefix(max(0, min(offset, text.count))).reduce(0) { $0 + ($1 == 0x0C ? 1 : 0) }
    }

    /// True when `text` has at least one letter or digit (a scanned PDF has none).
    static func hasText(_ text: [UInt8]) -> Bool {
        String(decoding: text, as: UTF8.self).unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// The extracted text as an `ExtractedText` whose "source" is the extracted text itself.
    static func extracted(_ output: [UInt8], path: String) throws -> ExtractedText {
        guard String(validating: output, as: UTF8.self) != nil else { throw RetrievalError.notUTF8(path: path) }
        guard hasText(output) else { throw RetrievalError.pdfNoText(path: path) }
        var builder = ExtractedTextBuilder(source: output)
        builder.appendSource(0..<output.count)
        return builder.build()
    }
}

/// Re-extracted PDF texts for citations and their checks, keyed by path, size and modification
/// time; up to 32 texts (64 MB), so one answer extracts each cited file once and the next
/// answers of a process (an eval, the MCP server) reuse them. Each `Library` has one over
/// its own extractor (`Library.pdfTexts`), so a check finds `pdftotext` on the caller's PATH.
/// An Office document's text (`OfficeText`: Word, Excel, PowerPoint, OpenDocument, in process)
/// is kept here too: their offsets are into it.
public final class PDFTextCache: @unchecked Sendable {
    private let source: any PDFTextSource
    private let lock = NSLock()
    private var entries: [(key: String, text: [UInt8])] = []
    /// At most this many texts, and (the newest always kept) this many bytes of them.
    private let capacity = 32, byteCapacity = 64 << 20

    public init(source: any PDFTextSource) { self.source = source }

    /// A PDF's text through `source`; an Office document's, read in process.
    private static func extract(_ path: String, _ source: any PDFTextSource) throws -> [UInt8] {
        try OfficeText.text(ofFile: path) ?? source.text(ofPDF: path)
    }

    /// The current text of the PDF at `path`, or nil when it cannot be extracted.
    func text(_ path: String) -> [UInt8]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let key = "\(path)\u{0}\(info.st_size)\u{0}\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        lock.lock()
        if let hit = entries.first(where: { $0.key == key }) { lock.unlock(); return hit.text }
        lock.unlock()
        guard let text = try? Self.extract(path, source) else { return nil }
        lock.lock()
        entries.removeAll { $0.key == key }
        entries.append((key, text))
        var bytes = entries.reduce(0) { $0 + $1.text.count }
        while entries.count > 1, entries.count > capacity || bytes > byteCapacity {
            bytes -= entries.removeFirst().text.count
        }
        lock.unlock()
        return text
    }
}
