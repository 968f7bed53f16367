import Foundation

extension OpenAICompatibleClient {
    /// Streams the reply over SSE. Handles CRLF, multi-line `data:`, comments, `data: [DONE]`,
    /// usage-only final chunks, streams that never send `finish_reason`, `{"error": ...}` events,
    /// and servers that ignore `stream: true` and answer with one JSON body. A stream that stops
    /// before `[DONE]` and before any `finish_reason` throws `invalidResponse` (truncated).
    /// Cancelling the consumer closes the connection.
    public func stream(_ request: CompletionRequest) -> AsyncThrowingStream<Delta, Error> {
        let (stream, continuation) = AsyncThrowingStream<Delta, Error>.makeStream()
        let task = Task {
            do {
                try await run(request, into: continuation)
                continuation.finish()
            } catch {
                continuation.finish(throwing: TransportErrorMapper.map(error))
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func run(_ request: CompletionRequest, into continuation: AsyncThrowingStream<Delta, Error>.Continuation) async throws {
        let url = try preflight(request, path: "chat/completions")
        let httpRequest = HTTPRequest(
            method: "POST", url: url, headers: OpenAIRequestBuilder.headers(apiKey: streamingAPIKey, stream: true),
            body: OpenAIRequestBuilder.body(for: request, configuration: configuration, stream: true))
        let events = DeadlineGuard.guarded(streamingTransport.open(httpRequest), timeouts: configuration.timeouts,
                                           reportsConnection: streamingTransport.reportsConnection(for: httpRequest))
        var decoder = ChatStreamDecoder()
        var head: (status: Int, headers: [String: String])?
        var errorBody = Data()
        for try await event in events {
            switch event {
            case .connected:
                continue
            case .head(let status, let headers):
                head = (status, headers)
                decoder.plainJSON = !(headers["content-type"] ?? "").contains("event-stream")
            case .body(let chunk):
                guard let head else { throw ModelError.invalidResponse(reason: "body before HTTP status") }
                if !(200..<300).contains(head.status) {
                    errorBody.append(chunk)
                    continue
                }
                for delta in try decoder.feed(chunk) { continuation.yield(delta) }
                if decoder.isDone { return }
            }
        }
        if Task.isCancelled { throw ModelError.cancelled }
        guard let head else { throw ModelError.invalidResponse(reason: "no HTTP status received") }
        guard (200..<300).contains(head.status) else {
            throw OpenAIErrorMapper.map(status: head.status, headers: head.headers, body: errorBody, now: clock())
        }
        for delta in try decoder.finish() { continuation.yield(delta) }
    }
}

/// Turns response bytes into deltas: SSE framing, `[DONE]`, and the plain-JSON fallback.
struct ChatStreamDecoder {
    var plainJSON = false
    private(set) var isDone = false
    private var sawFinish = false
    private var lines = SSELineSplitter()
    private var events = SSEEventParser()
    private var plainBody = Data()

    mutating func feed(_ chunk: Data) throws -> [Delta] {
        if plainJSON {
            plainBody.append(chunk)
            return []
        }
        var deltas: [Delta] = []
        for line in lines.feed(chunk) {
            guard let event = events.consume(line) else { continue }
            deltas += try handle(event)
            if isDone { break }
        }
        return deltas
    }

    /// Called when the body ended without `[DONE]`.
    mutating func finish() throws -> [Delta] {
        if plainJSON {
            let completion = try OpenAIWire.completion(from: plainBody)
            var deltas: [Delta] = completion.text.isEmpty ? [] : [.text(completion.text)]
            if let reason = completion.finishReason { deltas.append(.finish(reason)) }
            if let usage = completion.usage { deltas.append(.usage(usage)) }
            return deltas
        }
        var deltas: [Delta] = []
        if !lines.hasPartialLine, let event = events.finish() { deltas += try handle(event) }
        guard isDone || sawFinish else {
            throw ModelError.invalidResponse(reason: "stream ended before completion (truncated)")
        }
        return deltas
    }

    private mutating func handle(_ event: SSEEvent) throws -> [Delta] {
        let data = event.data.trimmingCharacters(in: .whitespaces)
        if data.hasPrefix("[DONE]") {
            isDone = true
            return []
        }
        if data.isEmpty { return [] }
        let deltas = try OpenAIWire.deltas(fromChunk: data)
        if deltas.contains(where: { if case .finish = $0 { return true } else { return false } }) { sawFinish = true }
        return deltas
    }
}
