import Foundation

/// Failures of the library. Messages name files (by path), parameters and reasons, never
/// document text or question text.
public enum RetrievalError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file's type is not one the library can extract text from.
    case unsupportedType(path: String, type: String)
    /// The file is larger than the configured limit; nothing was read.
    case fileTooLarge(path: String, bytes: Int64, limit: Int64)
    /// The file starts with a UTF-8 byte-order mark but is not valid UTF-8.
    case notUTF8(path: String)
    /// The file is UTF-16 (by its byte-order mark) but has an odd byte at its end or a surrogate
    /// without its pair.
    case notUTF16(path: String)
    /// The file is HTML declaring a charset the library does not decode (other than UTF-8,
    /// UTF-16, Windows-1252 and Latin-1) and its bytes are not UTF-8.
    case unsupportedEncoding(path: String, encoding: String)
    /// The file holds binary data (NUL bytes), whatever its name says.
    case binary(path: String)
    /// The file could not be read or stat'ed.
    case unreadable(path: String, reason: String)
    /// The index was built by another embedder; `intent library reindex` rebuilds it.
    case embedderMismatch(index: String, current: String)
    /// The vector file is malformed or does not match the store.
    case corruptVectorFile(path: String, reason: String)
    /// A chunk still exceeds the embedder's token limit after splitting.
    case chunkTooLong(path: String, tokens: Int, limit: Int)
    /// The embedder returned vectors of the wrong shape.
    case embedderShape(expected: Int, got: Int)
    /// No document or ticket with that id.
    case notFound(kind: String, id: Int64)
    /// A parameter is out of range.
    case invalidParameter(name: String, reason: String)
    /// An evaluation input could not be parsed.
    case badEvalInput(file: String, line: Int, reason: String)
    /// A PDF was added but `pdftotext` (poppler-utils) is not on PATH.
    case pdfExtractorMissing(path: String)
    /// `pdftotext` could not extract the PDF's text (a fixed reason: encrypted, damaged, timed out…).
    case pdfFailed(path: String, reason: String)
    /// The PDF has no text layer (a scanned document); OCR is not done.
    case pdfNoText(path: String)
    /// A document in an archive format (a Word `.docx`) whose text cannot be read (a fixed reason).
    case documentFailed(path: String, format: String, reason: String)

    public var description: String {
        switch self {
        case .unsupportedType(let path, let type):
            return "\(path): file type '\(type)' is not supported (\(DocumentKind.supportedTypes) are)"
        case .fileTooLarge(let path, let bytes, let limit):
            return "\(path): \(bytes) bytes is over the \(limit)-byte limit; not read"
        case .notUTF8(let path):
            return "\(path): starts with a UTF-8 byte-order mark but is not valid UTF-8"
        case .notUTF16(let path):
            return "\(path): reads as UTF-16 but is not valid UTF-16 (an odd byte at its end or a broken surrogate pair)"
        case .unsupportedEncoding(let path, let encoding):
            return "\(path): text encoded as \(encoding) is not supported (UTF-8, UTF-16, Windows-1252 and Latin-1 are)"
        case .binary(let path):
            return "\(path): binary data, not text"
        case .unreadable(let path, let reason):
            return "\(path): cannot read (\(reason))"
        case .embedderMismatch(let index, let current):
            return "the library index was built by embedder '\(index)' but '\(current)' is active; run `intent library reindex`"
        case .corruptVectorFile(let path, let reason):
            return "vector file \(path) is unusable: \(reason)"
        case .chunkTooLong(let path, let tokens, let limit):
            return "\(path): a chunk of \(tokens) tokens exceeds the embedder limit \(limit)"
        case .embedderShape(let expected, let got):
            return "embedder returned vectors of dimension \(got), expected \(expected)"
        case .notFound(let kind, let id):
            return "no library \(kind) with id \(id)"
        case .invalidParameter(let name, let reason):
            return "parameter \(name): \(reason)"
        case .badEvalInput(let file, let line, let reason):
            return "\(file):\(line): \(reason)"
        case .pdfExtractorMissing(let path):
            return "\(path): PDF needs pdftotext, which is not installed (install poppler-utils)"
        case .pdfFailed(let path, let reason):
            return "\(path): PDF text cannot be extracted: \(reason)"
        case .pdfNoText(let path):
            return "\(path): PDF has no text layer (scanned pages?); OCR is not supported"
        case .documentFailed(let path, let format, let reason):
            return "\(path): \(format) document text cannot be read: \(reason)"
        }
    }
}
