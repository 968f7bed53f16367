import Foundation

/// Which endpoints a model target may talk to (DESIGN §11).
///
/// - `cloud`: `https://` only, any host.
/// - `local`: a loopback host only (`localhost`, `127.0.0.0/8`, `[::1]`), over `http://` or
///   `https://`. RFC 1918, CGNAT, link-local and unique-local addresses and LAN host names
///   (`nas.local`, `printer`, ...) are never local: data sent there leaves the machine.
///
/// There is no switch that weakens the policy. Refusals are typed and name the rule; the CLI maps
/// them to exit 78 (configuration error).
public enum EndpointPolicy {
    /// The model target an endpoint is configured for.
    public enum Target: String, Sendable, Codable, CaseIterable {
        case local
        case cloud
    }

    /// Checks `string` as the base URL of `target` and returns the canonical URL (see
    /// `canonical(_:for:)`): the URL that is classified is the URL that is connected to.
    /// - Throws: `EndpointRefusal` naming the rule that failed; the message holds no credentials.
    public static func validate(_ string: String, for target: Target) throws(EndpointRefusal) -> URL {
        try canonical(string, for: target).url
    }

    /// Checks `string` as the base URL of `target` and returns its one canonical form: lower-case
    /// scheme and host, no trailing dot on the host (`localhost.` is `localhost`), IPv6 literals
    /// in brackets, the port always explicit, the path without trailing slashes. Classification,
    /// consent, quota memory and the connection all use this form.
    /// - Throws: `EndpointRefusal` naming the rule that failed; the message holds no credentials.
    public static func canonical(_ string: String, for target: Target) throws(EndpointRefusal) -> CanonicalEndpoint {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw EndpointRefusal(rule: .malformedURL, target: target, host: nil)
        }
        guard let rawHost = components.host, !rawHost.isEmpty else {
            throw EndpointRefusal(rule: .missingHost, target: target, host: nil)
        }
        let host = HostClassifier.normalize(rawHost)
        guard !host.isEmpty, !host.contains("%"), !host.contains("/"), !host.contains("@") else {
            throw EndpointRefusal(rule: .malformedURL, target: target, host: nil)
        }
        guard components.user == nil, components.password == nil else {
            throw EndpointRefusal(rule: .credentialsInURL, target: target, host: host)
        }
        guard components.query == nil, components.fragment == nil else {
            throw EndpointRefusal(rule: .queryOrFragment, target: target, host: host)
        }
        guard scheme == "https" || scheme == "http" else {
            throw EndpointRefusal(rule: .unsupportedScheme, target: target, host: host)
        }
        let hostClass = HostClassifier.classify(host)
        switch target {
        case .cloud:
            guard scheme == "https" else {
                throw EndpointRefusal(rule: .cloudRequiresHTTPS, target: target, host: host)
            }
        case .local:
            switch hostClass {
            case .loopback:
                break
            case .privateNetwork:
                throw EndpointRefusal(rule: .privateNetworkIsNotLocal, target: target, host: host)
            case .lanName:
                throw EndpointRefusal(rule: .lanNameIsNotLocal, target: target, host: host)
            case .publicHost:
                throw EndpointRefusal(rule: .localRequiresLoopback, target: target, host: host)
            }
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw EndpointRefusal(rule: .malformedURL, target: target, host: host)
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        guard let endpoint = CanonicalEndpoint(scheme: scheme, host: host, port: components.port ?? (scheme == "https" ? 443 : 80),
                                               path: path, loopback: hostClass == .loopback) else {
            throw EndpointRefusal(rule: .malformedURL, target: target, host: host)
        }
        return endpoint
    }

    /// Checks an already parsed URL; see `validate(_:for:)`.
    public static func validate(_ url: URL, for target: Target) throws(EndpointRefusal) -> URL {
        try validate(url.absoluteString, for: target)
    }

    /// Whether `host` (a name or an address, brackets allowed) is a loopback host.
    public static func isLoopback(host: String) -> Bool {
        HostClassifier.classify(HostClassifier.normalize(host)) == .loopback
    }
}

/// The one canonical form of an endpoint's base URL (`EndpointPolicy.canonical(_:for:)`).
public struct CanonicalEndpoint: Sendable, Equatable, Hashable, Codable {
    /// `http` or `https`.
    public let scheme: String
    /// Lower-case, without brackets or a trailing dot (`::1`, `127.0.0.1`, `api.example.com`).
    public let host: String
    /// Always explicit (80/443 when the URL had none).
    public let port: Int
    /// Percent-encoded, without trailing slashes; empty for the root.
    public let path: String
    /// Whether the host is a loopback address or `localhost`.
    public let loopback: Bool

    /// The host as it appears in a URL: IPv6 literals in brackets.
    public var urlHost: String { host.contains(":") ? "[\(host)]" : host }
    /// `host:port`, e.g. `127.0.0.1:18443` or `[::1]:8080`.
    public var hostPort: String { "\(urlHost):\(port)" }
    /// `/v1`, or `/` for the root: shown in the consent prompt and receipts.
    public var displayPath: String { path.isEmpty ? "/" : path }
    /// `scheme://host:port/path`: the identity consent and quota memory are bound to.
    public var string: String { "\(scheme)://\(hostPort)\(path)" }
    /// The base URL to connect to (this exact form).
    public let url: URL

    init?(scheme: String, host: String, port: Int, path: String, loopback: Bool) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
        self.loopback = loopback
        let bracketed = host.contains(":") ? "[\(host)]" : host
        guard let url = URL(string: "\(scheme)://\(bracketed):\(port)\(path)"), url.host != nil else { return nil }
        self.url = url
    }
}

/// A refused endpoint: which rule, for which target, and the host (never a path or credentials).
public struct EndpointRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The policy rules, with stable identifiers for receipts and `--json` output.
    public enum Rule: String, Sendable, Codable, CaseIterable {
        case malformedURL = "endpoint.malformed-url"
        case missingHost = "endpoint.missing-host"
        case unsupportedScheme = "endpoint.unsupported-scheme"
        case credentialsInURL = "endpoint.credentials-in-url"
        case queryOrFragment = "endpoint.query-or-fragment"
        case cloudRequiresHTTPS = "endpoint.cloud-requires-https"
        case localRequiresLoopback = "endpoint.local-requires-loopback"
        case privateNetworkIsNotLocal = "endpoint.private-network-is-not-local"
        case lanNameIsNotLocal = "endpoint.lan-name-is-not-local"
        /// A proxy from the environment (`http_proxy`, `all_proxy`) would carry loopback traffic.
        case proxyWouldCarryLoopback = "endpoint.proxy-would-carry-loopback"
    }

    public let rule: Rule
    public let target: EndpointPolicy.Target
    /// The host as parsed, when there was one.
    public let host: String?

    public init(rule: Rule, target: EndpointPolicy.Target, host: String?) {
        self.rule = rule
        self.target = target
        self.host = host
    }

    public var description: String {
        let subject = host.map { "\(target.rawValue) endpoint host \($0)" } ?? "\(target.rawValue) endpoint"
        let reason: String
        switch rule {
        case .malformedURL: reason = "is not a valid URL"
        case .missingHost: reason = "has no host"
        case .unsupportedScheme: reason = "must use https:// (or http:// on loopback for the local target)"
        case .credentialsInURL: reason = "must not carry user:password in the URL; store keys with `intent keys set`"
        case .queryOrFragment: reason = "must be a base URL without query or fragment"
        case .cloudRequiresHTTPS: reason = "must use https:// (plain http:// is accepted only for loopback on the local target)"
        case .localRequiresLoopback: reason = "is not loopback; the local target accepts only localhost, 127.0.0.0/8 or [::1]"
        case .privateNetworkIsNotLocal: reason = "is a private-network (RFC 1918/link-local/ULA) address, which is never local"
        case .lanNameIsNotLocal: reason = "is a LAN host name, which is never local"
        case .proxyWouldCarryLoopback:
            reason = "would be reached through the proxy set in http_proxy/all_proxy; add it to NO_PROXY (e.g. NO_PROXY=localhost,127.0.0.1,::1)"
        }
        return "\(subject) refused by rule \(rule.rawValue): \(reason)"
    }
}
