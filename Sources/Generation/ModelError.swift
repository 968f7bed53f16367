import Foundation
import Secrets

/// The stage of a request whose deadline passed.
public enum TimeoutStage: String, Sendable, Equatable, Codable {
    /// No connection within `ModelTimeouts.connect`.
    case connect
    /// No response byte within `ModelTimeouts.firstByte` of the start.
    case firstByte = "first_byte"
    /// No bytes for `ModelTimeouts.idle` once the response started.
    case idle
    /// The whole request exceeded `ModelTimeouts.total`.
    case total
}

/// Rate-limit details from a 429: headers first (`retry-after`, `x-ratelimit-reset-requests`,
/// `x-ratelimit-reset-tokens`), else nothing.
public struct RateLimitInfo: Sendable, Equatable {
    /// Seconds to wait, when the server said.
    public var retryAfter: TimeInterval?
    /// When the limit resets, computed from the headers and the response time.
    public var resetAt: Date?
    /// The provider's error code, e.g. `rate_limit_exceeded` or `insufficient_quota`.
    public var code: String?

    public init(retryAfter: TimeInterval? = nil, resetAt: Date? = nil, code: String? = nil) {
        self.retryAfter = retryAfter
        self.resetAt = resetAt
        self.code = code
    }

    /// The account is out of quota (billing), not merely throttled.
    public var isQuotaExhausted: Bool { code == "insufficient_quota" }
}

/// Every failure of a model call. Descriptions are content-free: they never hold the prompt, the
/// reply, the provider's free-text message or a credential — only status codes, the provider's
/// short error `code`, stages and fixed reasons.
public enum ModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 401 or 403: the key is missing, wrong or lacks permission.
    case unauthorized(status: Int, code: String?)
    /// 404: unknown model or wrong base URL.
    case notFound(code: String?)
    /// 429: throttled or out of quota. Never retried on the same target.
    case rateLimited(RateLimitInfo)
    /// Another 4xx (400, 413, 422...) that is not a context overflow.
    case badRequest(status: Int, code: String?)
    /// 5xx: a transient server failure (not a quota state).
    case server(status: Int, code: String?)
    case timeout(TimeoutStage)
    /// The caller cancelled (Swift task cancellation or `URLError.cancelled`).
    case cancelled
    /// The connection failed; `kind` is a category such as `connection_refused` or `tls`.
    case network(kind: String)
    /// The reply could not be decoded into what was asked (e.g. it failed the JSON schema after
    /// the repair retry). `reason` names the path and rule, never the values.
    case decodingFailure(reason: String)
    /// The prompt does not fit the context window (estimated before sending, or reported).
    case contextOverflow(estimatedTokens: Int?, limit: Int?)
    /// The model refused or a content filter stopped it.
    case refusal
    /// The server answered something that is not a chat completion (bad JSON, truncated stream...).
    case invalidResponse(reason: String)
    /// An error event inside an SSE stream.
    case streamError(code: String?)
    /// The endpoint fails the endpoint policy; no connection was opened.
    case endpointRefused(EndpointRefusal)
    /// The target needs a key and none is available; no connection was opened.
    case missingCredentials

    /// A stable identifier for receipts and fallback reasons.
    public var category: String {
        switch self {
        case .unauthorized: return "unauthorized"
        case .notFound: return "not_found"
        case .rateLimited: return "rate_limited"
        case .badRequest: return "bad_request"
        case .server: return "server_error"
        case .timeout(let stage): return "timeout_\(stage.rawValue)"
        case .cancelled: return "cancelled"
        case .network: return "network"
        case .decodingFailure: return "decoding_failure"
        case .contextOverflow: return "context_overflow"
        case .refusal: return "refusal"
        case .invalidResponse: return "invalid_response"
        case .streamError: return "stream_error"
        case .endpointRefused: return "endpoint_refused"
        case .missingCredentials: return "missing_credentials"
        }
    }

    /// Whether trying the same target again later may succeed (5xx, timeouts, network). A 429 is
    /// deliberately not retryable: the ladder moves on instead.
    public var isTransient: Bool {
        switch self {
        case .server, .timeout, .network: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .unauthorized(let status, let code):
            return "model endpoint rejected the credentials (HTTP \(status)\(Self.suffix(code))); set the key again with `intent keys set`"
        case .notFound(let code):
            return "model endpoint returned HTTP 404\(Self.suffix(code)); check the base URL and model name"
        case .rateLimited(let info):
            var text = "model endpoint rate limit or quota reached (HTTP 429\(Self.suffix(info.code)))"
            if let retry = info.retryAfter { text += "; retry after \(Int(retry.rounded(.up))) s" }
            return text
        case .badRequest(let status, let code):
            return "model endpoint refused the request (HTTP \(status)\(Self.suffix(code)))"
        case .server(let status, let code):
            return "model endpoint server error (HTTP \(status)\(Self.suffix(code)))"
        case .timeout(let stage):
            return "model request timed out at stage \(stage.rawValue)"
        case .cancelled:
            return "model request cancelled"
        case .network(let kind):
            return "model endpoint unreachable (\(kind))"
        case .decodingFailure(let reason):
            return "model reply could not be decoded: \(reason)"
        case .contextOverflow(let estimated, let limit):
            let numbers = [estimated.map { "about \($0) tokens" }, limit.map { "limit \($0)" }].compactMap { $0 }
            return "prompt does not fit the model's context window" + (numbers.isEmpty ? "" : " (\(numbers.joined(separator: ", ")))")
        case .refusal:
            return "model refused to answer"
        case .invalidResponse(let reason):
            return "model endpoint sent an invalid response: \(reason)"
        case .streamError(let code):
            return "model stream reported an error\(Self.suffix(code))"
        case .endpointRefused(let refusal):
            return refusal.description
        case .missingCredentials:
            return "no API key for the cloud model; run `intent keys set cloud` or set INTENT_CLOUD_API_KEY"
        }
    }

    private static func suffix(_ code: String?) -> String {
        code.map { ", code \($0)" } ?? ""
    }

    /// Keeps a provider error code only when it is one of the codes providers are known to send
    /// (`knownCodes`). Everything in an error body is server-controlled: a server can put the
    /// key, the prompt or the model name in `code` or `type`, so an unknown value is dropped
    /// rather than shown, whatever its shape.
    static func sanitizedCode(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let lowered = raw.lowercased()
        return knownCodes.contains(lowered) ? lowered : nil
    }

    /// Error codes and types of OpenAI, Anthropic-style gateways, OpenRouter, Ollama and llama.cpp.
    static let knownCodes: Set<String> = [
        "invalid_api_key", "invalid_request_error", "authentication_error", "permission_error", "permission_denied",
        "insufficient_quota", "rate_limit_exceeded", "rate_limit_error", "requests", "tokens",
        "context_length_exceeded", "exceed_context_size_error", "string_above_max_length",
        "model_not_found", "not_found_error", "not_found", "invalid_model", "model_not_loaded",
        "server_error", "api_error", "internal_error", "service_unavailable", "unavailable_error", "overloaded_error",
        "not_supported_error", "unsupported_parameter", "unsupported_value", "invalid_value", "invalid_type",
        "billing_hard_limit_reached", "billing_not_active", "account_deactivated", "unsupported_country_region_territory",
        "invalid_organization", "organization_not_found", "timeout", "bad_request", "unauthorized", "forbidden",
    ]
}
