import Foundation

/// Reads HTTP/1.1 requests (Content-Length bodies, `Expect: 100-continue`) from a socket.
struct HTTPRequestReader {
    private var buffer = Data()
    /// How long to wait for the next byte of a request before giving up on the connection.
    static let readTimeoutMilliseconds: Int32 = 10_000

    mutating func next(from fd: Int32) -> RecordedRequest? {
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd = buffer.range(of: separator)
        while headerEnd == nil {
            guard let more = LoopbackSocket.receive(fd, milliseconds: Self.readTimeoutMilliseconds), !more.isEmpty else {
                return nil
            }
            buffer.append(more)
            headerEnd = buffer.range(of: separator)
        }
        guard let headerEnd else { return nil }
        let headText = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        buffer = Data(buffer[headerEnd.upperBound...])
        let lines = headText.components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        if length > 0, headers["expect"]?.lowercased() == "100-continue" {
            LoopbackSocket.send(fd, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while buffer.count < length {
            guard let more = LoopbackSocket.receive(fd, milliseconds: Self.readTimeoutMilliseconds), !more.isEmpty else {
                return nil
            }
            buffer.append(more)
        }
        let body = Data(buffer.prefix(length))
        buffer = Data(buffer.dropFirst(length))
        return RecordedRequest(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body)
    }
}
