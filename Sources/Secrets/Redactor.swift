import Foundation

/// Strips credentials from diagnostic text: bearer and basic tokens, `sk-…`-style keys and other
/// vendor key shapes, JWTs, `key=value` credentials, URL user-info and credential query parameters,
/// long credential-shaped strings, and every value registered with `register(_:)`.
///
/// Apply it to every error, diagnostic and log line before it leaves the process. What survives on
/// purpose: paths, URLs without credentials, UUIDs, hexadecimal digests (SHA-1/SHA-256), dates,
/// model names and identifiers without digits. Registered values are replaced whatever their shape,
/// so register the live keys at start-up: the shape rules are a safety net, not a guarantee.
public struct Redactor: Sendable {
    /// The text that replaces a credential.
    public static let placeholder = "[REDACTED]"
    /// Registered values shorter than this are ignored (they would erase ordinary words).
    public static let minimumRegisteredLength = 6
    /// Minimum length of a bare credential-shaped run (`[A-Za-z0-9_-]`).
    public static let minimumCredentialRunLength = 32

    private var secrets: [String]

    /// - Parameter secrets: exact values to redact wherever they appear (e.g. the stored keys).
    public init(secrets: [String] = []) {
        self.secrets = []
        for secret in secrets { register(secret) }
    }

    /// Adds an exact value to redact. Values shorter than `minimumRegisteredLength` are ignored.
    public mutating func register(_ secret: String) {
        let trimmed = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= Self.minimumRegisteredLength, !secrets.contains(trimmed) else { return }
        secrets.append(trimmed)
        secrets.sort { $0.count > $1.count }
    }

    /// A copy that also redacts `secret`.
    public func registering(_ secret: String) -> Redactor {
        var copy = self
        copy.register(secret)
        return copy
    }

    /// Whether any value is registered.
    public var hasRegisteredValues: Bool { !secrets.isEmpty }

    /// `text` with every credential replaced by `placeholder`: registered values, vendor key
    /// shapes, and the heuristics (name=value, long credential-shaped runs). For diagnostics.
    public func redact(_ text: String) -> String {
        redact(text, heuristics: true)
    }

    /// `text` with the registered values and the unambiguous key shapes (JWTs, `sk-…` and other
    /// vendor prefixes, URL user-info) replaced, but none of the heuristics (bearer/basic words,
    /// name=value, long runs): for results on
    /// stdout, whose content (quotes with byte offsets, user text) must otherwise stay exact.
    public func redactKeys(_ text: String) -> String {
        redact(text, heuristics: false)
    }

    private func redact(_ text: String, heuristics: Bool) -> String {
        var result = text
        let textBytes = Array(text.utf8)
        for secret in secrets where Self.occurs(Array(secret.utf8), in: textBytes) {
            result = result.replacingOccurrences(of: secret, with: Self.placeholder)
        }
        // Compiling the patterns (ICU) costs more than a whole warm run: a text that contains none
        // of the literals a rule needs skips that rule, and the patterns are built only when one is.
        let lowered = Array(result.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 })  // ASCII lower case
        let candidates = RedactionPatterns.triggers.indices.filter { index in
            (heuristics || !RedactionPatterns.triggers[index].heuristic)
                && RedactionPatterns.triggers[index].literals.contains { Self.occurs(Array($0.utf8), in: lowered) }
        }
        let longRun = heuristics && Self.hasRun(result, length: Self.minimumCredentialRunLength)
        guard !candidates.isEmpty || longRun else { return result }
        let patterns = RedactionPatterns.shared
        for index in candidates {
            let rule = patterns.rules[index]
            let range = NSRange(result.startIndex..., in: result)
            result = rule.expression.stringByReplacingMatches(
                in: result, range: range, withTemplate: rule.template)
        }
        return longRun ? Self.redactCredentialRuns(in: result, expression: patterns.longRun) : result
    }

    /// Whether `needle` occurs in `haystack` (bytes; Foundation's `contains` bridges to
    /// CFString and costs far more on long outputs).
    static func occurs(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first {
                var j = 1
                while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
                if j == needle.count { return true }
            }
            i += 1
        }
        return false
    }

    /// Whether `text` has a run of at least `length` of `[A-Za-z0-9_-]`.
    static func hasRun(_ text: String, length: Int) -> Bool {
        var run = 0
        for byte in text.utf8 {
            let isRunByte = (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
                || byte == 95 || byte == 45
            run = isRunByte ? run + 1 : 0
            if run >= length { return true }
        }
        return false
    }

    /// Whether `run` (letters, digits, `_`, `-`) looks like a credential rather than an identifier.
    static func looksLikeCredential(_ run: Substring) -> Bool {
        let scalars = run.unicodeScalars
        let compact = scalars.filter { $0 != "-" && $0 != "_" }
        if compact.allSatisfy({ $0.properties.isASCIIHexDigit }) { return false }
        let hasDigit = scalars.contains { ("0"..."9").contains($0) }
        guard hasDigit else { return false }
        let hasUpper = scalars.contains { ("A"..."Z").contains($0) }
        let hasLower = scalars.contains { ("a"..."z").contains($0) }
        if hasUpper && hasLower { return true }
        // Single-case runs: a credential when some long segment is not a hexadecimal id.
        return run.split(whereSeparator: { $0 == "-" || $0 == "_" }).contains { segment in
            segment.count >= minimumCredentialRunLength
                && !segment.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit }
        }
    }

    private static func redactCredentialRuns(in text: String, expression: NSRegularExpression) -> String {
        let matches = expression.matches(in: text, range: NSRange(text.startIndex..., in: text))
        guard !matches.isEmpty else { return text }
        var result = text
        for match in matches.reversed() {
            guard let range = Range(match.range, in: result) else { continue }
            if looksLikeCredential(result[range]) {
                result.replaceSubrange(range, with: placeholder)
            }
        }
        return result
    }
}

/// Compiled patterns, built once. `NSRegularExpression` is immutable after creation and safe to
/// share between threads, hence `@unchecked Sendable`.
final class RedactionPatterns: @unchecked Sendable {
    struct Rule {
        let expression: NSRegularExpression
        let template: String
        /// Guesses from context (may hit ordinary text); skipped by `redactKeys`.
        let heuristic: Bool
    }

    static let shared = RedactionPatterns()

    /// For each rule, in order, lower-case literals of which a match must contain one; a text
    /// without any of them cannot match the rule. (Checked by the tests against the patterns.)
    static let triggers: [(literals: [String], heuristic: Bool)] = [
        (["bearer"], true),
        (["basic"], true),
        (["key", "token", "secret", "passw"], true),
        (["eyj"], false),
        (["sk-", "rk-", "pk-"], false),
        (["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "xox", "akia", "aiza", "hf_", "gsk_", "glpat-",
          "_live_", "_test_"], false),
        (["@"], false),
        (["key=", "token=", "sig=", "signature="], true),
    ]

    let rules: [Rule]
    let longRun: NSRegularExpression

    private init() {
        let p = Redactor.placeholder
        let sources: [(String, String, Bool)] = [
            // Authorization schemes.
            (#"(?i)\b(bearer)\s+[A-Za-z0-9._~+/=-]{8,}"#, "$1 \(p)", true),
            (#"(?i)\b(basic)\s+[A-Za-z0-9+/=]{8,}"#, "$1 \(p)", true),
            // name=value / "name": "value" credentials.
            (#"(?i)\b(api[_-]?key|apikey|x-api-key|access[_-]?token|auth[_-]?token|refresh[_-]?token|token|secret|client[_-]?secret|password|passwd)("?\s*[:=]\s*"?)([^\s"',;&]{6,})"#,
             "$1$2\(p)", true),
            // JSON Web Tokens.
            (#"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"#, p, false),
            // OpenAI-style and other vendor key shapes.
            (#"\b(?:sk|rk|pk)-[A-Za-z0-9_-]{16,}"#, p, false),
            (#"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abposr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|hf_[A-Za-z0-9]{20,}|gsk_[A-Za-z0-9]{20,}|glpat-[A-Za-z0-9_-]{20,}|(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{10,})"#,
             p, false),
            // Credentials in URLs.
            (#"://[^/\s:@]+:[^/\s@]+@"#, "://\(p)@", false),
            (#"(?i)([?&](?:api[_-]?key|key|token|access_token|sig|signature)=)[^&\s#]+"#, "$1\(p)", true),
        ]
        rules = sources.map { source, template, heuristic in
            // The patterns are constants checked by the tests; a failure here is a programming error.
            Rule(expression: try! NSRegularExpression(pattern: source), template: template, heuristic: heuristic)
        }
        longRun = try! NSRegularExpression(
            pattern: "(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{\(Redactor.minimumCredentialRunLength),}(?![A-Za-z0-9_-])")
    }
}
