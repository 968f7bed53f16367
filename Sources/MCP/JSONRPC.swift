import Foundation
import IntentKit

/// A JSON-RPC 2.0 request id: a string or a number, echoed back exactly.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case string(String)

    /// Reads an id from JSON; nil when the value is neither a string nor a number.
    public init?(_ json: JSONValue) {
        switch json {
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        default: return nil
        }
    }

    public var json: JSONValue {
        switch self {
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        }
    }

    public var description: String {
        switch self {
        case .number(let n): return n.rounded() == n ? String(Int64(n)) : String(n)
        case .string(let s): return s
        }
    }
}

/// A JSON-RPC error object. `description` is the message only: no parameters, no content.
public struct JSONRPCError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    /// MCP 2026-07-28: the request's protocol version is not supported.
    public static let unsupportedProtocolVersionCode = -32022

    public static func parseError(_ message: String) -> JSONRPCError { .init(code: parseErrorCode, message: message) }
    public static func invalidRequest(_ message: String) -> JSONRPCError { .init(code: invalidRequestCode, message: message) }
    public static func methodNotFound(_ method: String) -> JSONRPCError {
        .init(code: methodNotFoundCode, message: "method not found: \(method)")
    }
    public static func invalidParams(_ message: String) -> JSONRPCError { .init(code: invalidParamsCode, message: message) }
    public static func internalError(_ message: String) -> JSONRPCError { .init(code: internalErrorCode, message: message) }

    public var json: JSONValue {
        var object: [String: JSONValue] = ["code": .number(Double(code)), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }

    public var description: String { "JSON-RPC error \(code): \(message)" }
}

/// One message on the wire.
public enum JSONRPCMessage: Sendable, Equatable {
    case request(id: RequestID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    case response(id: RequestID, result: JSONValue)
    case errorResponse(id: RequestID?, error: JSONRPCError)

    /// The message as a JSON object.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["jsonrpc": .string("2.0")]
        switch self {
        case .request(let id, let method, let params):
            object["id"] = id.json
            object["method"] = .string(method)
            if let params { object["params"] = params }
        case .notification(let method, let params):
            object["method"] = .string(method)
            if let params { object["params"] = params }
        case .response(let id, let result):
            object["id"] = id.json
            object["result"] = result
        case .errorResponse(let id, let error):
            object["id"] = id?.json ?? .null
            object["error"] = error.json
        }
        return .object(object)
    }

    /// One line of compact JSON, without the trailing newline. Strings never contain a raw newline.
    public func encodedLine() -> Data { json.encoded() }
}

/// Decodes one framed line into a message, or the error response the peer must be sent.
public enum JSONRPCDecoder {
    /// The result of decoding one line: a message, or an error to answer with (id when known).
    public enum Outcome: Sendable, Equatable {
        case message(JSONRPCMessage)
        case invalid(JSONRPCError, id: RequestID?)
    }

    public static func decode(_ line: Data) -> Outcome {
        guard let json = JSONValue.parse(line) else {
            return .invalid(.parseError("parse error: the line is not valid JSON"), id: nil)
        }
        return decode(json)
    }

    public static func decode(_ json: JSONValue) -> Outcome {
        if case .array = json {
            // MCP since 2025-06-18 sends one message per line; batches were removed from the protocol.
            return .invalid(.invalidRequest("invalid request: JSON-RPC batches are not supported"), id: nil)
        }
        guard case .object(let object) = json else {
            return .invalid(.invalidRequest("invalid request: a message must be a JSON object"), id: nil)
        }
        let rawID = object["id"]
        let id = rawID.flatMap(RequestID.init)
        if let rawID, !rawID.isNull, id == nil {
            return .invalid(.invalidRequest("invalid request: id must be a string or a number"), id: nil)
        }
        guard object["jsonrpc"] == .string("2.0") else {
            return .invalid(.invalidRequest("invalid request: jsonrpc must be \"2.0\""), id: id)
        }
        if let method = object["method"] {
            guard case .string(let name) = method, !name.isEmpty else {
                return .invalid(.invalidRequest("invalid request: method must be a non-empty string"), id: id)
            }
            let params = object["params"]
            if let params, params.objectValue == nil, params.arrayValue == nil {
                return .invalid(.invalidRequest("invalid request: params must be an object or an array"), id: id)
            }
            if let id { return .message(.request(id: id, method: name, params: params)) }
            if rawID != nil {
                return .invalid(.invalidRequest("invalid request: a request id must not be null"), id: nil)
            }
            return .message(.notification(method: name, params: params))
        }
        if let error = object["error"], let id {
            guard case .object(let e) = error, case .number(let code)? = e["code"] else {
                return .invalid(.invalidRequest("invalid response: error must be an object with a numeric code"), id: nil)
            }
            let message = e["message"]?.stringValue ?? ""
            return .message(.errorResponse(id: id, error: JSONRPCError(code: Int(code), message: message, data: e["data"])))
        }
        if let result = object["result"], let id {
            return .message(.response(id: id, result: result))
        }
        if object["error"] != nil {
            // An error response without an id answers nothing we can match; ignore it quietly.
            return .message(.errorResponse(id: nil, error: .invalidRequest("error response without id")))
        }
        return .invalid(.invalidRequest("invalid request: no method, result or error"), id: id)
    }
}
