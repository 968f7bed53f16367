import Foundation

/// How a file's text is extracted, decided by its extension.
public enum DocumentKind: String, Sendable, Codable {
    case text, markdown, csv, json, html, code, pdf, word, spreadsheet, presentation, email, calendar, contacts

    /// Source-code and plain-data extensions read verbatim.
    static let codeExtensions: Set<String> = [
        "swift", "c", "h", "cc", "cpp", "hpp", "m", "mm", "py", "js", "mjs", "ts", "tsx", "jsx", "go", "rs",
        "java", "kt", "kts", "scala", "rb", "php", "pl", "sh", "bash", "zsh", "fish", "lua", "r", "sql", "cs",
        "fs", "hs", "ml", "ex", "exs", "erl", "clj", "dart", "zig", "nim", "yaml", "yml", "toml", "ini", "cfg",
        "conf", "xml", "css", "scss", "make", "cmake", "gradle", "proto", "tex", "rst", "org", "adoc", "log",
    ]

    /// One mail message each (a mailbox, `.mbox`, holds many): a web page saved as one file (a
    /// browser's "Webpage, Single File", `.mhtml`) is a MIME message too.
    static let messageExtensions: Set<String> = ["eml", "mht", "mhtml"]

    /// The kind for `url`, or nil when the type is not supported.
    public static func of(_ url: URL) -> DocumentKind? {
        let ext = url.pathExtension.lowercased()
        switch ext {
        case "txt", "text", "": return url.pathExtension.isEmpty && !isKnownPlainName(url) ? nil : .text
        case "md", "markdown", "mdown": return .markdown
        case "csv", "tsv": return .csv
        case "json", "jsonl", "ndjson", "geojson": return .json
        case "html", "htm", "xhtml": return .html
        case "pdf": return .pdf
        case "docx", "odt", "rtf": return .word
        case "xlsx", "xlsm", "ods": return .spreadsheet
        case "pptx", "odp": return .presentation
        case _ where messageExtensions.contains(ext), "mbox", "mbx": return .email
        case "ics", "ical", "ifb": return .calendar
        case "vcf", "vcard": return .contacts
        default: return codeExtensions.contains(ext) ? .code : nil
        }
    }

    /// Appended to a document's content hash: a file indexed by an extractor of another version
    /// is not unchanged, so the next `library add` reads it again. A PDF's offsets are into its
    /// extracted text, which `PDFLayout` composes (its quotes do not verify against another
    /// composition; `+layout3` reads a table's blocks as rows, `+layout4` pairs a label of five
    /// words with its value as `RowLabel` does elsewhere, `+layout5` takes a header cell set beside
    /// its column of right-aligned values); records (CSV, JSON, HTML and
    /// Markdown tables) are read as labelled lines, and an HTML table cell's paragraphs and headings as lines of their own; a CSV header may name a
    /// year, a JSON contact keeps its phones, a heading is one unit (`+records2`); an HTML
    /// definition list's term labels its description (HTML `+records4`), a JSON camelCase key
    /// reads as its words (JSON `+records3`) and a named object's own records open with its name (JSON
    /// `+records4`: a person's shifts) and an unnamed object of a list opens with the list's key
    /// (JSON `+records5`: `winter checks date: …`), a Markdown table's column of dates is spelled
    /// out (Markdown `+records3`), and so is a CSV's or a table's whose row of totals says `TOTALS`
    /// (CSV `+records3`, Markdown `+records4`); a Markdown table with a blank corner reads each
    /// row as its name and its columns' cells (Markdown `+records5`); the cell after a table cell
    /// that spans columns takes its own column's header (HTML `+records5`), a label may end with an
    /// abbreviation (`Account no.`, HTML `+records6`); a CSV header may open
    /// with a count (`4-weekly charge (EUR)`, CSV `+records4`). Mail, calendars and contacts
    /// (`MailText`, `CalendarText`, `ContactText`), Word documents (`WordText`), Excel
    /// workbooks (`SpreadsheetText`), OpenDocument files (`OpenDocumentText`) and presentations
    /// (`PresentationText`) are at `+1`; a table's date that a workbook's reader spelled out is
    /// not spelled again (Markdown `+records7`, workbooks `+2`); a timestamp's time of day is
    /// spelled beside its date (JSON `+records7`, CSV `+records6`); a CSV header may name sizes
    /// (`250g`, `1kg`: CSV `+records7`); a date's year may be two digits (`01.10.25`: CSV
    /// `+records7`, Markdown `+records8`, PDF `+layout7`); a PDF's label that wraps beside its
    /// value is one cell (`+layout8`); cells below a block wait for their row (`+layout9`).
    var extractionVersion: String {
        switch self {
        case .pdf: "+layout9"
        case .html: "+records7"
        case .json: "+records7"
        case .markdown: "+records8"
        case .csv: "+records7"
        case .text: "+tables1"
        case .code: ""
        case .email, .calendar, .contacts, .word, .presentation: "+1"
        case .spreadsheet: "+2"
        }
    }

    /// Whether the library's offsets into this kind's files are offsets into their extracted
    /// text (a PDF's, a word processor's document's, a spreadsheet's), not into the file.
    var citesExtractedText: Bool { self == .pdf || self == .word || self == .spreadsheet || self == .presentation }

    private static func isKnownPlainName(_ url: URL) -> Bool {
        ["readme", "license", "copying", "makefile", "dockerfile", "changelog", "authors", "notice"]
            .contains(url.lastPathComponent.lowercased())
    }
}

/// Extracts the searchable text of a file's bytes, keeping the map back to source offsets.
public enum TextExtractor {
    /// Extracts `bytes` of a file of `kind`, decoded as UTF-8, UTF-16 (transcoded, its runs
    /// mapped on to the file) or Windows-1252 (see `TextEncoding`). Throws `binary` for bytes
    /// that are not text, `unsupportedEncoding` for an HTML charset it cannot decode, `notUTF8`
    /// for a file with a UTF-8 byte-order mark that is not UTF-8 and `notUTF16` for UTF-16 with
    /// a broken code unit. `path` is used in error messages only.
    /// For `.pdf`, `bytes` are the text `pdftotext` wrote (see `PDFTextSource`), and the segments
    /// map into that text: a PDF's offsets are offsets into its extracted text.
    public static func extract(_ bytes: [UInt8], kind: DocumentKind, path: String) throws -> ExtractedText {
        if kind == .pdf { return try PDFText.extracted(bytes, path: path) }
        // a Word document's text is Markdown that `WordText` wrote
        if kind == .word || kind == .spreadsheet || kind == .presentation {
            return MarkdownTables.extract(bytes, from: 0, encoding: .utf8)
        }
        let choice = try TextDecoding.choose(bytes, kind: kind, path: path)
        if choice.encoding == .utf16LE || choice.encoding == .utf16BE {
            // the kind's extractor reads the text transcoded to UTF-8; its runs map on to the file
            guard let utf8 = UTF16Text.transcode(bytes, from: choice.start, bigEndian: choice.encoding == .utf16BE) else {
                throw RetrievalError.notUTF16(path: path)
            }
            let inner = try extract(utf8.bytes, kind: kind, path: path)
            var builder = ExtractedTextBuilder(source: bytes, encoding: choice.encoding)
            builder.append(inner, through: utf8.runs)
            return builder.build()
        }
        switch kind {
        case .html:
            return HTMLExtractor.extract(bytes, from: choice.start, encoding: choice.encoding)
        case .json:
            return JSONRecords.extract(bytes, from: choice.start, encoding: choice.encoding)
                ?? JSONTextExtractor.extract(bytes, from: choice.start, encoding: choice.encoding)
        case .csv:
            return CSVExtractor.extract(bytes, from: choice.start, encoding: choice.encoding)
        case .markdown:
            return MarkdownTables.extract(bytes, from: choice.start, encoding: choice.encoding)
        case .email:
            // (a mailbox is its messages one after another, `Mailbox`)
            return Mailbox.isMailbox(bytes, from: choice.start) ? Mailbox.extract(bytes, from: choice.start)
                : MailText.extract(bytes, from: choice.start)
        case .calendar:
            return CalendarText.extract(bytes, from: choice.start)
        case .contacts:
            return ContactText.extract(bytes, from: choice.start)
        case .text where CSVExtractor.isTabSeparated(bytes, from: choice.start):
            // a table saved as text: its rows read as a CSV's, each value labelled by its column
            return CSVExtractor.extract(bytes, from: choice.start, encoding: choice.encoding, delimiter: 0x09)
        case .text:
            // a table a program printed, its columns aligned by spaces or parted by `|`
            if let tables = TextTables.extract(bytes, from: choice.start, encoding: choice.encoding) { return tables }
            fallthrough
        case .code, .pdf, .word, .spreadsheet, .presentation:
            var builder = ExtractedTextBuilder(source: bytes, encoding: choice.encoding)
            builder.appendSource(choice.start..<bytes.count)
            return builder.build()
        }
    }
}
