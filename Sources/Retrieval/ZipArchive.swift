import Foundation

/// The entries of a zip archive (PKWARE APPNOTE: the end of central directory record, its
/// directory, each entry's local header), as Office documents are: stored or deflated entries,
/// read by name. Encrypted entries, ZIP64 archives and other methods are refused by reason.
struct ZipArchive {
    enum Failure: Error, Equatable {
        /// Not a zip archive, or a damaged one (a fixed reason).
        case malformed(String)
        /// A zip this reader does not open (encrypted, ZIP64, another compression method).
        case unsupported(String)
    }

    struct Entry {
        let name: String
        let method: Int
        let flags: Int
        let compressedSize: Int
        let size: Int
        let localHeader: Int
    }

    let bytes: [UInt8]
    let entries: [Entry]

    /// Each entry inflates to at most this many bytes (a document's XML is a few megabytes).
    static let maxEntryBytes = 256 << 20

    init(_ bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        // the end of central directory record: 22 bytes and a comment of up to 65,535, at the end
        let lowest = max(0, bytes.count - 22 - 65_535)
        guard bytes.count >= 22, let end = stride(from: bytes.count - 22, through: lowest, by: -1).first(where: {
            Self.u32(bytes, $0) == 0x0605_4B50
        }) else { throw .malformed("no zip directory") }
        let count = Self.u16(bytes, end + 10)
        let offset = Self.u32(bytes, end + 16)
        guard count != 0xFFFF, offset != 0xFFFF_FFFF else { throw .unsupported("ZIP64 archive") }
        var entries: [Entry] = []
        var p = offset
        for _ in 0..<count {
            guard p + 46 <= bytes.count, Self.u32(bytes, p) == 0x0201_4B50 else { throw .malformed("damaged zip directory") }
            let nameLength = Self.u16(bytes, p + 28), extra = Self.u16(bytes, p + 30), comment = Self.u16(bytes, p + 32)
            guard p + 46 + nameLength <= bytes.count else { throw .malformed("damaged zip directory") }
            entries.append(Entry(name: String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self),
                                 method: Self.u16(bytes, p + 10), flags: Self.u16(bytes, p + 8),
                                 compressedSize: Self.u32(bytes, p + 20), size: Self.u32(bytes, p + 24),
                                 localHeader: Self.u32(bytes, p + 42)))
            p += 46 + nameLength + extra + comment
        }
        self.entries = entries
    }

    /// The bytes of the entry called `name`, or nil when there is none.
    func read(_ name: String) throws(Failure) -> [UInt8]? {
        guard let entry = entries.first(where: { $0.name == name }) else { return nil }
        guard entry.flags & 1 == 0 else { throw .unsupported("encrypted") }
        let h = entry.localHeader
        guard h + 30 <= bytes.count, Self.u32(bytes, h) == 0x0403_4B50 else { throw .malformed("damaged entry \(name)") }
        let start = h + 30 + Self.u16(bytes, h + 26) + Self.u16(bytes, h + 28)
        guard start + entry.compressedSize <= bytes.count else { throw .malformed("entry \(name) runs past the end") }
        let data = bytes[start..<(start + entry.compressedSize)]
        switch entry.method {
        case 0: return Array(data)
        case 8:
            do { return try Inflate.decompress(data, limit: Self.maxEntryBytes) } catch {
                throw error == .tooLarge ? .unsupported("entry \(name) inflates past \(Self.maxEntryBytes >> 20) MB")
                                         : .malformed("entry \(name) does not inflate")
            }
        default: throw .unsupported("compression method \(entry.method)")
        }
    }

    private static func u16(_ b: [UInt8], _ i: Int) -> Int {
        i + 2 <= b.count ? Int(b[i]) | Int(b[i + 1]) << 8 : 0
    }

    private static func u32(_ b: [UInt8], _ i: Int) -> Int {
        i + 4 <= b.count ? Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24 : 0
    }
}

/// The text of an Office document (Word, Excel, PowerPoint, OpenDocument; Rich Text Format, which
/// Word reads and writes), which the library cites by offsets into it as a PDF's: derived once
/// when the file is added and again when a citation is checked.
enum OfficeText {
    /// The text of a file of `kind` from its bytes, or nil for a kind that is not an Office one.
    static func text(_ bytes: [UInt8], kind: DocumentKind, path: String) throws -> [UInt8]? {
        let ext = URL(fileURLWithPath: path, isDirectory: false).pathExtension.lowercased()
        let openDocument = ["odt", "ods", "odp"].contains(ext)
        return switch kind {
        case .word: try ext == "rtf" ? RTFText.text(bytes, path: path)
            : openDocument ? OpenDocumentText.text(bytes, path: path) : WordText.text(bytes, path: path)
        case .spreadsheet: try openDocument ? OpenDocumentText.spreadsheet(bytes, path: path) : SpreadsheetText.text(bytes, path: path)
        case .presentation: try openDocument ? PresentationText.openDocument(bytes, path: path) : PresentationText.powerPoint(bytes, path: path)
        default: nil
        }
    }

    /// The text of the Office document at `path` (read whole), or nil for another kind.
    static func text(ofFile path: String) throws -> [UInt8]? {
        guard let kind = DocumentKind.of(URL(fileURLWithPath: path, isDirectory: false)),
              kind == .word || kind == .spreadsheet || kind == .presentation else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RetrievalError.unreadable(path: path, reason: "cannot open")
        }
        return try text(Array(data), kind: kind, path: path)
    }

    /// `body` over the archive in `bytes` and its `main` part; a zip that cannot be read, or
    /// one without that part, is refused as `documentFailed` naming `format`.
    static func open(_ bytes: [UInt8], path: String, format: String, main: String,
                     _ body: (ZipArchive, [UInt8]) throws -> [UInt8]) throws -> [UInt8] {
        do {
            let zip = try ZipArchive(bytes)
            guard let part = try zip.read(main) else {
                throw RetrievalError.documentFailed(path: path, format: format, reason: "no \(main) in the archive")
            }
            return try body(zip, part)
        } catch let failure as ZipArchive.Failure {
            switch failure {
            case .malformed(let reason), .unsupported(let reason):
                throw RetrievalError.documentFailed(path: path, format: format, reason: reason)
            }
        }
    }
}
