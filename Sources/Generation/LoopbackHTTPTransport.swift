import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Secrets
import Synchronization

/// Plain `http://` to a loopback host over a POSIX socket, without libcurl: no proxy variable
/// can ever route it (whatever `http_proxy`/`NO_PROXY` say), no name is resolved through DNS
/// (`localhost` is 127.0.0.1, then ::1), and IPv6 literals (`[::1]`), which FoundationNetworking
/// refuses as bad URLs, work. HTTP/1.1 with `Connection: close`; `Content-Length`, chunked and
/// read-to-close bodies. Each request runs on its own thread (never the cooperative pool);
/// terminating the stream shuts the socket down, which wakes a blocked read. Deadlines are the
/// caller's (`DeadlineGuard`).
public struct LoopbackHTTPTransport: HTTPTransport {
    public init() {}

    /// Whether `url` is plain HTTP to a loopback host (what this transport serves).
    public static func serves(_ url: URL) -> Bool {
        guard url.scheme?.lowercased() == "http", let host = url.host else { return false }
        return EndpointPolicy.isLoopback(host: host)
    }

    public func reportsConnection(for request: HTTPRequest) -> Bool { true }

    public func open(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPEvent, Error> {
        let (stream, continuation) = AsyncThrowingStream<HTTPEvent, Error>.makeStream()
        let connection = LoopbackConnection()
        continuation.onTermination = { _ in connection.shutdown() }
        Thread.detachNewThread {
            do {
                try connection.perform(request) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
            connection.close()
        }
        return stream
    }
}

/// One HTTP exchange on one socket.
final class LoopbackConnection: Sendable {
    /// The socket, or -1; guarded so `shutdown` from another thread is safe.
    private let socket = Mutex<Int32>(-1)
    private let cancelled = Mutex(false)

    func shutdown() {
        cancelled.withLock { $0 = true }
        socket.withLock { fd in if fd >= 0 { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) } }
    }

    func close() {
        socket.withLock { fd in
            if fd >= 0 { _ = Glibc.close(fd) }
            fd = -1
        }
    }

    func perform(_ request: HTTPRequest, emit: (HTTPEvent) -> Void) throws {
        guard let host = request.url.host, let fd = connect(host: host, port: request.url.port ?? 80) else {
            throw URLError(.cannotConnectToHost)
        }
        emit(.connected)
        var head = "\(request.method) \(Self.target(request.url)) HTTP/1.1\r\n"
        let hostHeader = host.contains(":") ? "[\(host)]" : host
        head += "Host: \(hostHeader):\(request.url.port ?? 80)\r\nConnection: close\r\n"
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) where !name.contains("\r") && !value.contains("\r") {
            head += "\(name): \(value)\r\n"
        }
        if let body = request.body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try send(fd, Data(head.utf8) + (request.body ?? Data()))
        var reader = ResponseReader(fd: fd, isCancelled: { [self] in cancelled.withLock { $0 } })
        let (status, headers) = try reader.readHead()
        emit(.head(status: status, headers: headers))
        try reader.readBody(headers: headers, method: request.method, status: status) { emit(.body($0)) }
    }

    /// The path and query of `url` (`/` when empty).
    static func target(_ url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var path = components?.percentEncodedPath ?? "/"
        if path.isEmpty { path = "/" }
        if let query = components?.percentEncodedQuery { path += "?" + query }
        return path
    }

    /// Connects to a loopback literal or `localhost` (127.0.0.1, then ::1); nil when refused.
    private func connect(host: String, port: Int) -> Int32? {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let candidates = name == "localhost" ? ["127.0.0.1", "::1"] : [name]
        for address in candidates {
            guard !cancelled.withLock({ $0 }) else { return nil }
            let family = address.contains(":") ? AF_INET6 : AF_INET
            let fd = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { continue }
            socket.withLock { $0 = fd }
            var connected = false
            if family == AF_INET6 {
                var sa = sockaddr_in6()
                sa.sin6_family = sa_family_t(AF_INET6)
                sa.sin6_port = in_port_t(UInt16(port).bigEndian)
                guard inet_pton(AF_INET6, address, &sa.sin6_addr) == 1 else { close(); continue }
                connected = Self.connect(fd, &sa)
            } else {
                var sa = sockaddr_in()
                sa.sin_family = sa_family_t(AF_INET)
                sa.sin_port = in_port_t(UInt16(port).bigEndian)
                guard inet_pton(AF_INET, address, &sa.sin_addr) == 1 else { close(); continue }
                connected = Self.connect(fd, &sa)
            }
            if connected { return fd }
            close()
        }
        return nil
    }

    private func send(_ fd: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0 {
                    if errno == EINTR { continue }
                    throw URLError(.networkConnectionLost)
                }
                offset += written
            }
        }
    }
}

/// Reads an HTTP/1.1 response from a blocking socket.
struct ResponseReader {
    let fd: Int32
    let isCancelled: () -> Bool
    private var buffer = Data()
    private var ended = false
    /// Response heads larger than this are refused.
    static let maxHeadBytes = 65_536

    init(fd: Int32, isCancelled: @escaping () -> Bool) {
        self.fd = fd
        self.isCancelled = isCancelled
    }

    /// Reads more bytes into `buffer`; false at end of stream.
    private mutating func fill() throws -> Bool {
        if ended { return false }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            if count == 0 || isCancelled() { ended = true; return false }
            if errno == EINTR { continue }
            throw URLError(.networkConnectionLost)
        }
    }

    mutating func readHead() throws -> (Int, [String: String]) {
        let separator = Data("\r\n\r\n".utf8)
        while buffer.range(of: separator) == nil {
            guard buffer.count <= Self.maxHeadBytes, try fill() else {
                throw isCancelled() ? URLError(.cancelled) : URLError(.badServerResponse)
            }
        }
        let range = buffer.range(of: separator)!
        let text = String(decoding: buffer[buffer.startIndex..<range.lowerBound], as: UTF8.self)
        buffer = Data(buffer[range.upperBound...])
        var lines = text.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw URLError(.badServerResponse)
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] =
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers)
    }

    mutating func readBody(headers: [String: String], method: String, status: Int, emit: (Data) -> Void) throws {
        if method == "HEAD" || status == 204 || status == 304 || (100..<200).contains(status) { return }
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            try readChunked(emit: emit)
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            try readExactly(length, emit: emit)
        } else {
            if !buffer.isEmpty { emit(buffer); buffer.removeAll() }
            while try fill() { emit(buffer); buffer.removeAll() }
        }
    }

    /// Emits the next `count` body bytes as they arrive; a connection closed before them is lost.
    private mutating func readExactly(_ count: Int, emit: (Data) -> Void) throws {
        var remaining = count
        while remaining > 0 {
            if buffer.isEmpty, !(try fill()) { throw URLError(.networkConnectionLost) }
            let part = buffer.prefix(remaining)
            buffer.removeFirst(part.count)
            remaining -= part.count
            emit(Data(part))
        }
    }

    private mutating func readLine() throws -> String {
        let crlf = Data("\r\n".utf8)
        while buffer.range(of: crlf) == nil {
            guard buffer.count <= Self.maxHeadBytes, try fill() else { throw URLError(.networkConnectionLost) }
        }
        let range = buffer.range(of: crlf)!
        let line = String(decoding: buffer[buffer.startIndex..<range.lowerBound], as: UTF8.self)
        buffer = Data(buffer[range.upperBound...])
        return line
    }

    private mutating func readChunked(emit: (Data) -> Void) throws {
        while true {
            let sizeText = try readLine().split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw URLError(.badServerResponse)
            }
            if size == 0 {
                while !(try readLine()).isEmpty {}   // trailers
                return
            }
            try readExactly(size, emit: emit)
            _ = try readLine()
        }
    }
}

extension LoopbackConnection {
    /// `connect(2)` to an IPv4 or IPv6 socket address; true when connected.
    static func connect<Address>(_ fd: Int32, _ address: inout Address) -> Bool {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
        } == 0
    }
}
