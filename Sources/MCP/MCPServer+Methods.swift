import Foundation
import IntentKit

/// The era a request belongs to: the connection's handshake, or the request's own `_meta`.
enum RequestEra: Sendable {
    case handshake(version: String?, capabilities: JSONValue)
    case stateless(version: String, capabilities: JSONValue)

    var isStateless: Bool { if case .stateless = self { return true }; return false }

    var capabilities: JSONValue {
        switch self {
        case .handshake(_, let c), .stateless(_, let c): return c
        }
    }

    /// True when the client declared form elicitation (an empty `elicitation` object means form).
    var canElicitForm: Bool {
        guard case .object(let e)? = capabilities["elicitation"] else { return false }
        return e.isEmpty || e["form"] != nil
    }
}

extension MCPServer {
    func handle(method: String, params: [String: JSONValue], id: RequestID) async throws -> JSONValue {
        let era = try era(of: params)
        switch method {
        case "initialize":
            return try initialize(params)
        case "ping":
            return decorate([:], era)
        case "server/discover":
            guard era.isStateless else {
                throw JSONRPCError(code: JSONRPCError.unsupportedProtocolVersionCode,
                                   message: "server/discover needs _meta[\"\(MCPProtocol.protocolVersionKey)\"]",
                                   data: unsupportedData(requested: nil))
            }
            return decorate(discoverResult(), era)
        case "tools/list":
            var result: [String: JSONValue] = ["tools": .array(provider.tools())]
            if era.isStateless {
                result["ttlMs"] = .number(Double(configuration.toolListTTLMilliseconds))
                result["cacheScope"] = .string("private")
            }
            return decorate(result, era)
        case "tools/call":
            return try await callTool(params, era: era, id: id)
        default:
            throw JSONRPCError.methodNotFound(method)
        }
    }

    /// Reads the request's era; an unknown per-request protocol version is refused (-32022).
    func era(of params: [String: JSONValue]) throws -> RequestEra {
        let meta = params["_meta"]?.objectValue ?? [:]
        if let requested = meta[MCPProtocol.protocolVersionKey] {
            guard let version = requested.stringValue, MCPProtocol.allVersions.contains(version) else {
                throw JSONRPCError(code: JSONRPCError.unsupportedProtocolVersionCode,
                                   message: "unsupported protocol version",
                                   data: unsupportedData(requested: requested.stringValue))
            }
            if MCPProtocol.statelessVersions.contains(version) {
                return .stateless(version: version, capabilities: meta[MCPProtocol.clientCapabilitiesKey] ?? .object([:]))
            }
        }
        let handshake = state.withLock { $0.handshake }
        return .handshake(version: handshake?.version, capabilities: handshake?.capabilities ?? .object([:]))
    }

    private func unsupportedData(requested: String?) -> JSONValue {
        var data: [String: JSONValue] = ["supported": .array(MCPProtocol.allVersions.map(JSONValue.string))]
        if let requested { data["requested"] = .string(requested) }
        return .object(data)
    }

    private func initialize(_ params: [String: JSONValue]) throws -> JSONValue {
        guard let requested = params["protocolVersion"]?.stringValue else {
            throw JSONRPCError.invalidParams("initialize needs protocolVersion")
        }
        let version = MCPProtocol.handshakeVersions.contains(requested) ? requested : MCPProtocol.handshakeVersions.last!
        let capabilities = params["capabilities"]?.objectValue.map(JSONValue.object) ?? .object([:])
        state.withLock { $0.handshake = Handshake(version: version, capabilities: capabilities) }
        return .object([
            "protocolVersion": .string(version),
            "capabilities": serverCapabilities,
            "serverInfo": identity.json,
            "instructions": .string(identity.instructions),
        ])
    }

    private var serverCapabilities: JSONValue { .object(["tools": .object(["listChanged": .bool(false)])]) }

    private func discoverResult() -> [String: JSONValue] {
        [
            "supportedVersions": .array(MCPProtocol.allVersions.map(JSONValue.string)),
            "capabilities": serverCapabilities,
            "instructions": .string(identity.instructions),
            "ttlMs": .number(Double(configuration.toolListTTLMilliseconds)),
            "cacheScope": .string("private"),
        ]
    }

    /// Adds what a stateless result must carry (`resultType`, the server's identity in `_meta`).
    func decorate(_ result: [String: JSONValue], _ era: RequestEra, resultType: String = "complete") -> JSONValue {
        guard era.isStateless else { return .object(result) }
        var out = result
        out["resultType"] = .string(resultType)
        var meta = out["_meta"]?.objectValue ?? [:]
        meta[MCPProtocol.serverInfoKey] = identity.json
        out["_meta"] = .object(meta)
        return .object(out)
    }

    /// Sends a notification (progress) to the client.
    func notify(_ method: String, _ params: [String: JSONValue]) {
        sink.send(.notification(method: method, params: .object(params)))
    }
}
