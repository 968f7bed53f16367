import Foundation

/// What the fake server does with one request.
public enum FakeResponse: Sendable {
    /// A complete response with `Content-Length`.
    case json(status: Int = 200, body: Data, headers: [String: String] = [:])
    /// `text/event-stream` in chunked encoding, one chunk per element, `pause` between chunks;
    /// ends with the terminating chunk (whatever the bytes say about `[DONE]`).
    case sse(chunks: [Data], pause: Duration = .zero, headers: [String: String] = [:])
    /// Sends these SSE bytes, then closes the socket without the terminating chunk.
    case abortedStream(Data)
    /// Waits before sending anything (not even the status line).
    indirect case delayed(Duration, FakeResponse)
    /// Never answers; waits until the client closes the connection (counted in `clientClosures`).
    case hang

    /// A JSON body from an object.
    public static func json(status: Int = 200, object: Any, headers: [String: String] = [:]) -> FakeResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return .json(status: status, body: data, headers: headers)
    }

    /// An SSE body split into chunks of `chunkSize` bytes (to exercise reassembly).
    public static func sse(_ body: Data, chunkSize: Int = 64, pause: Duration = .zero) -> FakeResponse {
        var chunks: [Data] = []
        var start = body.startIndex
        while start < body.endIndex {
            let end = body.index(start, offsetBy: max(1, chunkSize), limitedBy: body.endIndex) ?? body.endIndex
            chunks.append(body.subdata(in: start..<end))
            start = end
        }
        return .sse(chunks: chunks, pause: pause)
    }

    /// A chat completion whose message content is `text`.
    public static func completion(_ text: String, model: String = "fake-model") -> FakeResponse {
        .json(object: [
            "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": model,
            "choices": [["index": 0, "message": ["role": "assistant", "content": text], "finish_reason": "stop"]],
            "usage": ["prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15],
        ])
    }

    /// `200` with a body that is not JSON.
    public static var malformed: FakeResponse {
        .json(status: 200, body: Data("{\"id\": \"chatcmpl-x\", \"choices\": [".utf8), headers: [:])
    }
}

/// A request the fake server received.
public struct RecordedRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: Data

    /// The body as JSON, when it is.
    public var jsonBody: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}
