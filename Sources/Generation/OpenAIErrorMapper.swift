import Foundation
import IntentKit
import Primitives

/// Maps an HTTP error response (status, headers, body) to `ModelError`. The provider's free-text
/// `message` is read only to recognise a context overflow; it is never kept.
public enum OpenAIErrorMapper {
    public static func map(status: Int, headers: [String: String], body: Data, now: Date) -> ModelError {
        let error = JSONValue.parse(body)?["error"]
        let code = error.flatMap(Self.code(in:))
        switch status {
        case 401, 403:
            return .unauthorized(status: status, code: code)
        case 404:
            return .notFound(code: code)
        case 429:
            var info = rateLimit(headers: headers, now: now)
            info.code = code
            return .rateLimited(info)
        case 400, 413, 422:
            return isContextOverflow(error, status: status) ? .contextOverflow(estimatedTokens: nil, limit: nil)
                                                            : .badRequest(status: status, code: code)
        case 500...599:
            return .server(status: status, code: code)
        case 300...399:
            return .invalidResponse(reason: "redirect refused (HTTP \(status))")
        default:
            return .badRequest(status: status, code: code)
        }
    }

    /// The short error code of an `error` object (`code`, else `type`), when it is an identifier.
    /// Some servers send a number or a bare string for `error`.
    static func code(in error: JSONValue) -> String? {
        switch error {
        case .object(let fields):
            if case .string(let code)? = fields["code"], let clean = ModelError.sanitizedCode(code) { return clean }
            if case .number(let number)? = fields["code"], number.rounded() == number, (100...599).contains(number) {
                return String(Int(number))
            }
            if case .string(let type)? = fields["type"] { return ModelError.sanitizedCode(type) }
            return nil
        default:
            return nil
        }
    }

    private static func isContextOverflow(_ error: JSONValue?, status: Int) -> Bool {
        if status == 413 { return true }
        guard let error else { return false }
        let identifiers = [error["code"]?.stringValue, error["type"]?.stringValue].compactMap { $0?.lowercased() }
        if identifiers.contains(where: { $0.contains("context_length") || $0.contains("exceed_context") }) { return true }
        let message = (error["message"]?.stringValue ?? error.stringValue ?? "").lowercased()
        return ["maximum context length", "context length", "context window", "exceeds the context", "too many tokens"]
            .contains { message.contains($0) }
    }

    /// Rate-limit timing from the headers: `retry-after-ms`, `retry-after` (seconds or HTTP date),
    /// else the larger of `x-ratelimit-reset-requests` / `x-ratelimit-reset-tokens` (`6ms`, `1m30s`).
    public static func rateLimit(headers: [String: String], now: Date) -> RateLimitInfo {
        var seconds: TimeInterval?
        if let ms = headers["retry-after-ms"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) {
            seconds = ms / 1000
        } else if let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces) {
            if let number = Double(value) {
                seconds = number
            } else if let date = httpDate(value) {
                seconds = max(0, date.timeIntervalSince(now))
            }
        }
        if seconds == nil {
            let resets = ["x-ratelimit-reset-requests", "x-ratelimit-reset-tokens"]
                .compactMap { headers[$0].flatMap(parseDuration) }
            seconds = resets.max()
        }
        guard let seconds, seconds.isFinite, seconds >= 0 else { return RateLimitInfo() }
        return RateLimitInfo(retryAfter: seconds, resetAt: now.addingTimeInterval(seconds))
    }

    /// Parses Go-style durations as OpenAI sends them: `6ms`, `0s`, `1.5s`, `6m0s`, `1h2m3s`.
    public static func parseDuration(_ text: String) -> TimeInterval? {
        let scalars = Array(text.trimmingCharacters(in: .whitespaces).unicodeScalars)
        guard !scalars.isEmpty else { return nil }
        var total: TimeInterval = 0
        var index = 0
        while index < scalars.count {
            var number = ""
            while index < scalars.count, CharacterSet.decimalDigits.contains(scalars[index]) || scalars[index] == "." {
                number.unicodeScalars.append(scalars[index])
                index += 1
            }
            var unit = ""
            while index < scalars.count, CharacterSet.letters.contains(scalars[index]) {
                unit.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard let value = Double(number) else { return nil }
            switch unit {
            case "ms": total += value / 1000
            case "s", "": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            case "us", "µs": total += value / 1_000_000
            case "ns": total += value / 1_000_000_000
            default: return nil
            }
        }
        return total
    }

    private static func httpDate(_ text: String) -> Date? {
        PosixDateFormat.formatter("EEE, dd MMM yyyy HH:mm:ss zzz", timeZone: TimeZone(identifier: "GMT")!).date(from: text)
    }
}
