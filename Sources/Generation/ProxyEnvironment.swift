import Foundation
import Secrets

/// libcurl (behind FoundationNetworking) honours `http_proxy`, `https_proxy`/`HTTPS_PROXY` and
/// `all_proxy`/`ALL_PROXY` for every request, loopback included, and FoundationNetworking offers
/// no way to turn that off. A request to a loopback model through such a proxy would carry the
/// prompt off the machine, so the live transport refuses it unless `no_proxy`/`NO_PROXY` exempts
/// the host. This mirrors curl's own rules (lower-case `http_proxy` only; `*`, host names, domain
/// suffixes, IP addresses and IPv4 CIDR ranges in `no_proxy`), erring towards "proxied".
public enum ProxyEnvironment {
    /// Whether libcurl would send a request for `url` through a proxy.
    public static func wouldProxy(_ url: URL, environment: [String: String]) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let rawHost = url.host else { return false }
        let variables: [String]
        switch scheme {
        case "http": variables = ["http_proxy", "all_proxy", "ALL_PROXY"]
        case "https": variables = ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
        default: return false
        }
        guard variables.contains(where: { !(environment[$0] ?? "").trimmingCharacters(in: .whitespaces).isEmpty }) else {
            return false
        }
        let host = rawHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let exemptions = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        return !exemptions.contains { exempts($0, host: host) }
    }

    /// The refusal for a loopback request that a proxy would carry, if any.
    public static func loopbackRefusal(for url: URL, environment: [String: String]) -> EndpointRefusal? {
        guard let host = url.host, EndpointPolicy.isLoopback(host: host), wouldProxy(url, environment: environment) else {
            return nil
        }
        return EndpointRefusal(rule: .proxyWouldCarryLoopback, target: .local, host: host)
    }

    private static func exempts(_ entry: String, host: String) -> Bool {
        if entry == "*" { return true }
        let pattern = entry.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if let slash = pattern.firstIndex(of: "/") {
            return ipv4(host).flatMap { address in
                ipv4(String(pattern[..<slash])).flatMap { network in
                    Int(pattern[pattern.index(after: slash)...]).map { bits in
                        guard (0...32).contains(bits) else { return false }
                        let mask: UInt32 = bits == 0 ? 0 : ~UInt32(0) << (32 - UInt32(bits))
                        return address & mask == network & mask
                    }
                }
            } ?? false
        }
        let name = pattern.hasPrefix(".") ? String(pattern.dropFirst()) : pattern
        return host == name || host.hasSuffix("." + name)
    }

    private static func ipv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".")
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard let octet = UInt8(part) else { return nil }
            value = value << 8 | UInt32(octet)
        }
        return value
    }
}
