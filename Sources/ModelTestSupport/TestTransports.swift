import Foundation
import Generation
import Primitives
import Synchronization

/// Routes every request to a `FakeOpenAIServer` through the live `URLSessionTransport`, whatever
/// the request's scheme and host, and records the original URLs. This is how tests run a `cloud`
/// client (which must be `https://`) against the loopback fake, and prove which hosts were (not)
/// contacted: `openedHosts` is filled before any byte is sent.
public final class FakeServerTransport: HTTPTransport {
    private let server: FakeOpenAIServer
    private let live = URLSessionTransport()
    private let opened = Mutex<[URL]>([])

    public init(server: FakeOpenAIServer) {
        self.server = server
    }

    /// The original URLs of every request opened through this transport.
    public var openedURLs: [URL] { opened.withLock { $0 } }
    /// The hosts of `openedURLs`.
    public var openedHosts: [String] { openedURLs.compactMap(\.host) }

    public func reportsConnection(for request: HTTPRequest) -> Bool { live.reportsConnection(for: request) }

    public func open(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPEvent, Error> {
        opened.withLock { $0.append(request.url) }
        var rewritten = request
        var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        components?.scheme = "http"
        components?.host = "127.0.0.1"
        components?.port = Int(server.port)
        if let url = components?.url { rewritten.url = url }
        return live.open(rewritten)
    }
}

/// An in-process transport that plays scripted events with pauses, for deadline and parser tests
/// that need exact timing (e.g. a connection that never completes).
public final class ScriptedTransport: HTTPTransport {
    public enum Step: Sendable {
        case event(HTTPEvent)
        case pause(Duration)
        case fail(URLError.Code)
    }

    private let steps: [Step]
    private let connectionReporting: Bool
    private let terminations = Mutex(0)
    private let requestsMade = Mutex<[HTTPRequest]>([])

    public init(_ steps: [Step], reportsConnection: Bool = true) {
        self.steps = steps
        connectionReporting = reportsConnection
    }

    /// How many streams were terminated early by the consumer (cancellation closes "the socket").
    public var cancelledCount: Int { terminations.withLock { $0 } }
    public var requests: [HTTPRequest] { requestsMade.withLock { $0 } }

    public func reportsConnection(for request: HTTPRequest) -> Bool { connectionReporting }

    public func open(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPEvent, Error> {
        requestsMade.withLock { $0.append(request) }
        let steps = self.steps
        let (stream, continuation) = AsyncThrowingStream<HTTPEvent, Error>.makeStream()
        // Played on a Dispatch queue, like a real transport's callbacks: the script keeps its
        // timing when blocking work holds Swift's cooperative pool.
        let player = ScriptPlayer(steps: steps, continuation: continuation)
        continuation.onTermination = { [self] reason in
            if case .cancelled = reason { self.terminations.withLock { $0 += 1 } }
            player.stop()
        }
        player.play(from: 0)
        return stream
    }
}

/// Plays a script of steps into a continuation from a serial Dispatch queue.
private final class ScriptPlayer: Sendable {
    private let steps: [ScriptedTransport.Step]
    private let continuation: AsyncThrowingStream<HTTPEvent, Error>.Continuation
    private let queue = DispatchQueue(label: "intent.scripted-transport")
    private let stopped = Mutex(false)

    init(steps: [ScriptedTransport.Step], continuation: AsyncThrowingStream<HTTPEvent, Error>.Continuation) {
        self.steps = steps
        self.continuation = continuation
    }

    func stop() { stopped.withLock { $0 = true } }

    func play(from start: Int) {
        queue.async { [self] in
            var index = start
            while index < steps.count, !stopped.withLock({ $0 }) {
                switch steps[index] {
                case .event(let event): continuation.yield(event)
                case .pause(let duration):
                    let nanoseconds = duration.timerNanoseconds()
                    let next = index + 1
                    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in play(from: next) }
                    return
                case .fail(let code):
                    continuation.finish(throwing: URLError(code))
                    return
                }
                index += 1
            }
            if !stopped.withLock({ $0 }) { continuation.finish() }
        }
    }
}
