import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Secrets
import Synchronization

/// libcurl (behind FoundationNetworking) honours `http_proxy`, `https_proxy`/`HTTPS_PROXY` and
/// `all_proxy`/`ALL_PROXY` for every request, loopback included; FoundationNetworking stores
/// `connectionProxyDictionary` but never applies it, so the process environment is the only
/// switch libcurl reads (at each connection). A loopback model request must never go through a
/// proxy, whatever the variables say: `exemptLoopback()` adds the loopback forms to both
/// `no_proxy` and `NO_PROXY` of this process (keeping every entry that was there), so libcurl
/// connects directly; cloud requests keep honouring `HTTPS_PROXY`.
public enum ProxyEnvironment {
    /// The entries added to `no_proxy`/`NO_PROXY`: every loopback host form the endpoint policy
    /// accepts (libcurl matches names, IPv4 CIDR and IPv6 addresses without brackets).
    public static let loopbackEntries = ["localhost", "127.0.0.0/8", "::1"]

    private static let exempted = Mutex(false)

    /// Makes libcurl bypass every proxy for loopback hosts in this process. Idempotent; call it
    /// before the first request (the live transport does, when it is created).
    /// - Returns: whether the process environment now exempts loopback hosts.
    @discardableResult
    public static func exemptLoopback() -> Bool {
        exempted.withLock { done in
            if done { return true }
            for variable in ["no_proxy", "NO_PROXY"] {
                let current = getenv(variable).map { String(cString: $0) } ?? ""
                let entries = current.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                let missing = loopbackEntries.filter { !entries.contains($0) }
                guard !missing.isEmpty else { continue }
                if setenv(variable, (entries + missing).joined(separator: ","), 1) != 0 { return false }
            }
            done = true
            return true
        }
    }
    /// The refusal for a loopback request when the process environment could not be changed to
    /// exempt loopback hosts (`exemptLoopback()` failed), if any. Loopback is never proxied.
    public static func loopbackRefusal(for url: URL) -> EndpointRefusal? {
        guard let host = url.host, EndpointPolicy.isLoopback(host: host), !exemptLoopback() else { return nil }
        return EndpointRefusal(rule: .proxyWouldCarryLoopback, target: .local, host: host)
    }
}
