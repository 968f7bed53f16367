import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A loopback HTTP/1.1 server that plays an OpenAI-compatible endpoint for tests.
///
/// It binds 127.0.0.1 on an ephemeral port only, answers each request with the next scripted
/// `FakeResponse` (FIFO, whatever the path; an unscripted request gets a 500), records every
/// request, and counts accepted connections so a test can prove that no connection was opened.
/// It is bounded: it accepts at most `maxConnections` connections, stops by itself after
/// `lifetime`, and `stop()` shuts the listening socket and every open connection down at once.
/// Releasing the server does not stop it (a test may configure a client with `baseURL` and never
/// touch the server again): call `stop()` when a test needs it gone earlier than `lifetime`.
public final class FakeOpenAIServer: Sendable {
    public let port: UInt16
    /// Listening on `::1` instead of 127.0.0.1.
    public let ipv6: Bool
    private let core: FakeServerCore

    /// Starts listening at once.
    /// - Parameters:
    ///   - maxConnections: connections accepted before the server stops accepting.
    ///   - lifetime: the server stops by itself after this long.
    public init(maxConnections: Int = 64, lifetime: Duration = .seconds(60), ipv6: Bool = false) throws {
        let (fd, port) = try LoopbackSocket.listen(backlog: 16, ipv6: ipv6)
        self.port = port
        self.ipv6 = ipv6
        let core = FakeServerCore(listener: fd, maxConnections: maxConnections)
        self.core = core
        let deadline = ContinuousClock.now + lifetime
        Thread.detachNewThread { core.acceptLoop(until: deadline) }
    }

    /// `http://127.0.0.1:PORT/v1` (or `http://[::1]:PORT/v1`) — the base URL to configure a client with.
    public var baseURL: String { ipv6 ? "http://[::1]:\(port)/v1" : "http://127.0.0.1:\(port)/v1" }

    /// Appends responses to the script.
    public func enqueue(_ responses: FakeResponse...) {
        core.state.withLock { $0.responses.append(contentsOf: responses) }
    }

    /// Requests received so far, in arrival order.
    public var requests: [RecordedRequest] { core.state.withLock { $0.requests } }
    /// Connections accepted so far.
    public var connectionCount: Int { core.state.withLock { $0.connections } }
    /// Connections the client closed while the server was still waiting to answer (`.hang`,
    /// `.delayed`) or writing a stream.
    public var clientClosures: Int { core.state.withLock { $0.clientClosures } }

    /// Stops accepting and closes the listening socket. Idempotent.
    public func stop() { core.stop() }

    /// Whether the listening socket is closed (after `stop()` or the lifetime): wait for it with
    /// `waitUntil { $0.hasStopped }` rather than sleeping.
    public var hasStopped: Bool { core.state.withLock { $0.listenerClosed } }

    /// Waits (polling, bounded) until `condition` holds; for asserting on server-side effects.
    /// The bound is generous (it returns as soon as the condition holds): a busy machine can
    /// delay the polling task by seconds.
    public func waitUntil(timeout: Duration = .seconds(30), _ condition: @Sendable (FakeOpenAIServer) -> Bool) async -> Bool {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(self)
    }
}

/// The listening socket, the script and the connection threads of one fake server.
final class FakeServerCore: Sendable {
    struct State {
        var responses: [FakeResponse] = []
        var requests: [RecordedRequest] = []
        var connections = 0
        var clientClosures = 0
        var stopped = false
        var listenerClosed = false
        var openConnections: Set<Int32> = []
    }

    let state = Mutex(State())
    private let listener: Int32
    private let maxConnections: Int

    init(listener: Int32, maxConnections: Int) {
        self.listener = listener
        self.maxConnections = maxConnections
    }

    func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        state.withLock { state in
            for fd in state.openConnections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    func acceptLoop(until deadline: ContinuousClock.Instant) {
        defer {
            stop()
            close(listener)
            state.withLock { $0.listenerClosed = true }
        }
        while !isStopped && ContinuousClock.now < deadline {
            guard LoopbackSocket.waitReadable(listener, milliseconds: 250) else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped, state.connections < maxConnections else { return false }
                state.connections += 1
                return true
            }
            guard accepted else {
                close(client)
                return
            }
            Thread.detachNewThread { self.serve(client) }
        }
    }

    /// Serves requests on one connection (keep-alive) until the client closes it.
    private func serve(_ fd: Int32) {
        let registered = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.openConnections.insert(fd)
            return true
        }
        defer {
            state.withLock { _ = $0.openConnections.remove(fd) }
            close(fd)
        }
        guard registered else { return }
        var reader = HTTPRequestReader()
        while !isStopped {
            guard let request = reader.next(from: fd) else { return }
            let response = state.withLock { state -> FakeResponse in
                state.requests.append(request)
                return state.responses.isEmpty ? Self.unscripted : state.responses.removeFirst()
            }
            guard write(response, to: fd) else { return }
        }
    }

    private static let unscripted = FakeResponse.json(
        status: 500, object: ["error": ["message": "no scripted response", "type": "fake_server", "code": "unscripted"]])

    /// Writes one response; `false` when the connection must be closed afterwards.
    private func write(_ response: FakeResponse, to fd: Int32) -> Bool {
        switch response {
        case .json(let status, let body, let headers):
            var fields = headers
            fields["Content-Type"] = fields["Content-Type"] ?? "application/json"
            fields["Content-Length"] = String(body.count)
            return LoopbackSocket.send(fd, Self.head(status: status, fields: fields) + body)
        case .sse(let chunks, let pause, let headers):
            var fields = headers
            fields["Content-Type"] = "text/event-stream; charset=utf-8"
            fields["Transfer-Encoding"] = "chunked"
            guard LoopbackSocket.send(fd, Self.head(status: 200, fields: fields)) else { return false }
            for chunk in chunks where !chunk.isEmpty {
                if pause > .zero, !sleepWatching(fd, pause) { return false }
                guard LoopbackSocket.send(fd, Self.chunk(chunk)) else { return closedByClient() }
            }
            return LoopbackSocket.send(fd, Data("0\r\n\r\n".utf8))
        case .abortedStream(let body):
            let fields = ["Content-Type": "text/event-stream", "Transfer-Encoding": "chunked"]
            LoopbackSocket.send(fd, Self.head(status: 200, fields: fields) + Self.chunk(body))
            return false
        case .delayed(let duration, let inner):
            guard sleepWatching(fd, duration) else { return false }
            return write(inner, to: fd)
        case .hang:
            while !isStopped {
                if LoopbackSocket.peerClosed(fd) { return closedByClient() }
                usleep(5_000)
            }
            return false
        }
    }

    /// Sleeps `duration`, returning `false` early if the client closes the connection.
    private func sleepWatching(_ fd: Int32, _ duration: Duration) -> Bool {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            if LoopbackSocket.peerClosed(fd) { return closedByClient() }
            usleep(5_000)
        }
        return true
    }

    private func closedByClient() -> Bool {
        state.withLock { $0.clientClosures += 1 }
        return false
    }

    private static func head(status: Int, fields: [String: String]) -> Data {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\n"
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    private static func chunk(_ data: Data) -> Data {
        Data((String(data.count, radix: 16) + "\r\n").utf8) + data + Data("\r\n".utf8)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}
