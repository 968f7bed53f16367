import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Maps transport failures to `ModelError`. Nothing of the underlying message (curl's text may
/// hold the URL) is kept: only a category.
enum TransportErrorMapper {
    static func map(_ error: Error) -> ModelError {
        if let modelError = error as? ModelError { return modelError }
        if error is CancellationError { return .cancelled }
        if let urlError = error as? URLError { return map(urlError.code) }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain { return map(URLError.Code(rawValue: nsError.code) ?? .unknown) }
        return .network(kind: "other")
    }

    static func map(_ code: URLError.Code) -> ModelError {
        switch code {
        case .cancelled: return .cancelled
        case .timedOut: return .timeout(.idle)
        case .cannotConnectToHost: return .network(kind: "connection_refused")
        case .cannotFindHost, .dnsLookupFailed: return .network(kind: "dns")
        case .notConnectedToInternet: return .network(kind: "offline")
        case .networkConnectionLost: return .network(kind: "connection_lost")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return .network(kind: "tls")
        case .badServerResponse, .cannotParseResponse: return .invalidResponse(reason: "malformed HTTP response")
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return .invalidResponse(reason: "redirect refused")
        case .unsupportedURL, .badURL: return .network(kind: "bad_url")
        default:
            // FoundationNetworking reports TLS failures as code -1 with curl's text.
            return code.rawValue == -1 ? .network(kind: "tls_or_transport") : .network(kind: "url_error_\(abs(code.rawValue))")
        }
    }
}
