import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Classifies endpoint hosts without resolving them (no DNS, no connection).
enum HostClassifier {
    enum HostClass: Equatable {
        case loopback
        case privateNetwork
        case lanName
        case publicHost
    }

    /// Lower-cases, strips IPv6 brackets, a trailing dot and an IPv6 zone.
    static func normalize(_ host: String) -> String {
        var value = host.lowercased()
        if value.hasPrefix("["), value.hasSuffix("]") { value = String(value.dropFirst().dropLast()) }
        if value.hasSuffix(".") { value = String(value.dropLast()) }
        return value
    }

    static func classify(_ host: String) -> HostClass {
        if host == "localhost" { return .loopback }
        if let octets = ipv4Octets(host) { return classifyIPv4(octets) }
        if host.contains(":") { return classifyIPv6(host) }
        // Names: only `localhost` counts as loopback; names that resolve on the LAN are never local.
        let lanSuffixes = [".local", ".lan", ".home", ".internal", ".intranet", ".corp", ".home.arpa", ".localdomain"]
        if !host.contains(".") || lanSuffixes.contains(where: { host.hasSuffix($0) }) { return .lanName }
        if host.hasSuffix(".localhost") { return .lanName }
        return .publicHost
    }

    /// Strict dotted-quad parsing: four decimal octets, no shorthand, hex or octal forms.
    static func ipv4Octets(_ host: String) -> [UInt8]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = UInt8(part) else { return nil }
            octets.append(value)
        }
        return octets
    }

    static func classifyIPv4(_ o: [UInt8]) -> HostClass {
        switch (o[0], o[1]) {
        case (127, _): return .loopback
        case (10, _), (192, 168), (169, 254), (0, _): return .privateNetwork
        case (172, 16...31): return .privateNetwork
        case (100, 64...127): return .privateNetwork
        default: return .publicHost
        }
    }

    static func classifyIPv6(_ host: String) -> HostClass {
        let address = host.split(separator: "%").first.map(String.init) ?? host
        var bytes = [UInt8](repeating: 0, count: 16)
        let parsed = bytes.withUnsafeMutableBytes { inet_pton(AF_INET6, address, $0.baseAddress) }
        guard parsed == 1 else { return .lanName }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return .loopback }
        // IPv4-mapped ::ffff:a.b.c.d
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            return classifyIPv4(Array(bytes[12..<16]))
        }
        if bytes[0] & 0xfe == 0xfc { return .privateNetwork }                       // fc00::/7
        if bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80 { return .privateNetwork }    // fe80::/10
        return .publicHost
    }
}
