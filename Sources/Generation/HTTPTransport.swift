import Foundation

/// An HTTP request as the model clients build it (only they do: its initializer is internal).
/// `headers` may hold the `Authorization` value: transports must never log requests.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    public var headers: [String: String] = [:]
    public var body: Data?
}

/// What a transport reports while a request runs, in order: optionally `connected`, then one
/// `head`, then zero or more `body` chunks; the stream then finishes (or throws).
public enum HTTPEvent: Sendable, Equatable {
    /// The connection is established and the request is being sent.
    case connected
    /// Status and headers (header names lower-cased).
    case head(status: Int, headers: [String: String])
    case body(Data)
}

/// The network effect behind the model clients: a live `URLSessionTransport` and in-process test
/// transports. Deadlines are applied by the caller (`DeadlineGuard`), not by the transport.
///
/// Contract: terminating the returned stream (the consumer is cancelled or drops it) must cancel
/// the request and close its connection. Errors are thrown as they come (`URLError`, ...); the
/// client maps them to `ModelError`.
public protocol HTTPTransport: Sendable {
    /// Whether this transport emits `HTTPEvent.connected` for `request`; when `false` the connect
    /// deadline is folded into the first-byte deadline. Defaults to `false`.
    func reportsConnection(for request: HTTPRequest) -> Bool
    func open(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPEvent, Error>
}

/// A complete HTTP response.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Per-stage deadlines for one model request. URLSession ignores its resource timeout on Linux,
/// so every stage is enforced by `DeadlineGuard`.
public struct ModelTimeouts: Sendable, Equatable, Codable {
    /// From start until the connection is up (transports that report it).
    public var connect: Duration
    /// From start until the first response byte (status line or body).
    public var firstByte: Duration
    /// The longest silence between body chunks once the response started.
    public var idle: Duration
    /// The whole request, streaming included.
    public var total: Duration

    /// Loopback servers. A server that accepts and never answers costs at most `firstByte`;
    /// one that trickles costs at most `total`. Together with the 5 s probe this keeps a cron
    /// run under 30 s whatever the server does (ROUTING.md, "Bounded waits").
    public static let local = ModelTimeouts(connect: .seconds(3), firstByte: .seconds(20), idle: .seconds(10), total: .seconds(24))
    /// Remote HTTPS endpoints: the same bound (a run spends at most `RoutingConfiguration.modelBudget` on models).
    public static let cloud = ModelTimeouts(connect: .seconds(10), firstByte: .seconds(20), idle: .seconds(15), total: .seconds(24))
    /// `verify()` calls: one cheap request.
    public static let verification = ModelTimeouts(connect: .seconds(5), firstByte: .seconds(10), idle: .seconds(10), total: .seconds(12))
}

extension HTTPTransport {
    public func reportsConnection(for request: HTTPRequest) -> Bool { false }

    /// Runs `request` to completion under `timeouts` and returns the whole response.
    /// - Throws: `ModelError` (timeouts, cancellation, network failures); HTTP error statuses are
    ///   returned, not thrown.
    public func send(_ request: HTTPRequest, timeouts: ModelTimeouts) async throws -> HTTPResponse {
        var status: Int?
        var headers: [String: String] = [:]
        var body = Data()
        do {
            for try await event in DeadlineGuard.guarded(open(request), timeouts: timeouts,
                                                         reportsConnection: reportsConnection(for: request)) {
                switch event {
                case .connected: break
                case .head(let code, let fields):
                    status = code
                    headers = fields
                case .body(let chunk): body.append(chunk)
                }
            }
        } catch {
            throw Task.isCancelled ? ModelError.cancelled : TransportErrorMapper.map(error)
        }
        if Task.isCancelled { throw ModelError.cancelled }
        guard let status else { throw ModelError.invalidResponse(reason: "no HTTP status received") }
        return HTTPResponse(status: status, headers: headers, body: body)
    }
}
