import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The live transport: one ephemeral `URLSession` per request, with a data delegate that feeds
/// an `AsyncThrowingStream` as bytes arrive. No cache, no cookies, and redirects are refused (a
/// redirect could leave the checked endpoint). Terminating the stream cancels the task, which
/// closes the socket, and invalidates the session (which releases the delegate).
///
/// Loopback requests never go through a proxy: plain HTTP to loopback does not use libcurl at
/// all (`LoopbackHTTPTransport`), and creating the transport exempts loopback hosts in the
/// process environment libcurl reads (`ProxyEnvironment.exemptLoopback()`) for HTTPS to
/// loopback; HTTPS to remote hosts keeps honouring `HTTPS_PROXY`.
public struct URLSessionTransport: HTTPTransport {
    /// Exempts loopback from the proxy variables of the process environment, which libcurl
    /// reads itself (the composition root builds one: `AppServices.live`).
    public init() {
        ProxyEnvironment.exemptLoopback()
    }

    /// FoundationNetworking reports upload progress (`didSendBodyData`) once the connection
    /// carries the request body, so requests with a body report `connected`; others (GET) fall
    /// back to the first-byte deadline.
    public func reportsConnection(for request: HTTPRequest) -> Bool {
        LoopbackHTTPTransport.serves(request.url) || request.body?.isEmpty == false
    }

    /// Plain HTTP to loopback goes over `LoopbackHTTPTransport` (no libcurl, no proxy, IPv6
    /// literals work); everything else over URLSession.
    public func open(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPEvent, Error> {
        if LoopbackHTTPTransport.serves(request.url) { return LoopbackHTTPTransport().open(request) }
        return AsyncThrowingStream { continuation in
            if let refusal = ProxyEnvironment.loopbackRefusal(for: request.url) {
                continuation.finish(throwing: ModelError.endpointRefused(refusal))
                return
            }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            // Deadlines are enforced by DeadlineGuard; this is only a backstop.
            configuration.timeoutIntervalForRequest = 3_600
            configuration.timeoutIntervalForResource = 3_600

            let delegate = StreamingDelegate(continuation: continuation)
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.method
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            urlRequest.httpBody = request.body
            let task = session.dataTask(with: urlRequest)
            continuation.onTermination = { _ in
                task.cancel()
                session.invalidateAndCancel()
            }
            task.resume()
        }
    }
}

/// Forwards URLSession delegate callbacks into the continuation. `@unchecked Sendable`: its only
/// mutable state is behind a `Mutex`; the continuation is thread-safe.
private final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let continuation: AsyncThrowingStream<HTTPEvent, Error>.Continuation
    private let connected = Mutex(false)

    init(continuation: AsyncThrowingStream<HTTPEvent, Error>.Continuation) {
        self.continuation = continuation
    }

    private func markConnected() {
        let first = connected.withLock { value -> Bool in
            defer { value = true }
            return !value
        }
        if first { continuation.yield(.connected) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        markConnected()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        markConnected()
        if let http = response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                headers[String(describing: key).lowercased()] = String(describing: value)
            }
            continuation.yield(.head(status: http.statusCode, headers: headers))
            completionHandler(.allow)
        } else {
            continuation.finish(throwing: URLError(.badServerResponse))
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.body(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            continuation.finish(throwing: error)
        } else {
            continuation.finish()
        }
        session.finishTasksAndInvalidate()
    }
}
