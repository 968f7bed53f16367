import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Thin Glibc socket helpers for the fake server. Listening sockets bind 127.0.0.1 or ::1 only.
enum LoopbackSocket {
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// A listening socket on 127.0.0.1 (or `::1` when `ipv6`) with an ephemeral port.
    static func listen(backlog: Int32, ipv6: Bool = false) throws -> (fd: Int32, port: UInt16) {
        let (fd, port) = try bound(ipv6: ipv6)
        guard Glibc.listen(fd, backlog) == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "listen", code: code)
        }
        return (fd, port)
    }

    /// A socket bound to an ephemeral port of 127.0.0.1 (or `::1` when `ipv6`), not listening:
    /// a connection to it is refused, and no other socket can take its port while it is open.
    static func bound(ipv6: Bool = false) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        func fail(_ call: String) -> Failure {
            let code = errno
            close(fd)
            return Failure(call: call, code: code)
        }
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = 0
            address.sin6_addr = in6addr_loopback
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
            guard bound == 0 else { throw fail("bind") }
            var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0 else { throw fail("getsockname") }
            return (fd, UInt16(bigEndian: address.sin6_port))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw fail("bind") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw fail("getsockname") }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// Waits up to `milliseconds` for `fd` to become readable (or hung up).
    static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// Whether the peer has closed the connection (readable with zero bytes pending, or an error).
    static func peerClosed(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        if entry.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Writes all of `data`; `false` when the peer is gone. Never raises SIGPIPE.
    @discardableResult
    static func send(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Reads what is available (blocking up to `milliseconds`); empty at end of stream or timeout.
    static func receive(_ fd: Int32, milliseconds: Int32) -> Data? {
        guard waitReadable(fd, milliseconds: milliseconds) else { return Data() }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count <= 0 { return nil }
        return Data(buffer[0..<count])
    }
}

/// A loopback port held open and refusing connections (bound, not listening): a test of "the
/// server is down" that no other test's server can take over meanwhile, as a port freed by a
/// stopped server can be under the parallel suite.
public final class RefusingPort: @unchecked Sendable {
    public let port: UInt16
    private let fd: Int32

    public init() throws {
        (fd, port) = try LoopbackSocket.bound()
    }

    deinit { close(fd) }
}
