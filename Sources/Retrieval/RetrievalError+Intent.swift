import IntentKit

extension RetrievalError: IntentErrorConvertible {
    /// Exit codes: bad files and parameters are invalid input (65); a stale index is a configuration error (78);
    /// a PDF with pdftotext not installed is unavailable (69).
    public var intentError: IntentError {
        switch self {
        case .embedderMismatch, .corruptVectorFile: return .configuration(description)
        case .notFound, .unsupportedType, .fileTooLarge, .notUTF8, .notUTF16, .unsupportedEncoding, .binary, .unreadable, .badEvalInput, .invalidParameter,
             .chunkTooLong, .pdfFailed, .pdfNoText, .documentFailed:
            return .invalidInput(description)
        case .embedderShape: return .internalError(description)
        case .pdfExtractorMissing: return .unavailable(description)
        }
    }
}
