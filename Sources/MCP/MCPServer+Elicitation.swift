import Foundation
import IntentKit
import Primitives

/// The client's answer to a server-initiated request.
enum ClientAnswer: Sendable {
    case result(JSONValue)
    case error(JSONRPCError)
    case timedOut
    case cancelled
    /// The connection closed (stdin ended) while waiting.
    case closed
}

/// A person's answer to an elicitation, read strictly.
enum ElicitAnswer: Sendable, Equatable {
    case accept([String: JSONValue])
    case decline, cancel, failed, timeout

    init(_ answer: ClientAnswer) {
        switch answer {
        case .result(let result):
            switch result["action"]?.stringValue {
            case "accept": self = .accept(result["content"]?.objectValue ?? [:])
            case "decline": self = .decline
            case "cancel": self = .cancel
            default: self = .failed
            }
        case .error: self = .failed
        case .timedOut: self = .timeout
        case .cancelled, .closed: self = .cancel
        }
    }

    /// Why a confirmation that was not an accepted `true` counts as not confirmed.
    var refusal: NotConfirmedReason {
        switch self {
        case .accept, .decline: return .declined
        case .cancel: return .cancelled
        case .failed: return .error
        case .timeout: return .timeout
        }
    }
}

/// The requests the server asks the person through the client.
enum Question {
    static let confirmKey = "confirm"

    /// One boolean: only `true` in an `accept` writes.
    static func confirmation(_ preview: String) -> (message: String, schema: JSONValue) {
        let schema: JSONValue = .object([
            "type": .string("object"),
            "properties": .object([confirmKey: .object([
                "type": .string("boolean"),
                "title": .string("Save this?"),
                "description": .string("Check to write it; leave unchecked to write nothing."),
                "default": .bool(false),
            ])]),
            "required": .array([.string(confirmKey)]),
        ])
        return (preview + "\nSave this?", schema)
    }

    static func value(_ missing: MissingValue) -> (message: String, schema: JSONValue) {
        let schema: JSONValue = .object([
            "type": .string("object"),
            "properties": .object([missing.parameter: missing.schema]),
            "required": .array([.string(missing.parameter)]),
        ])
        let label = missing.description.isEmpty ? missing.parameter : missing.description
        return ("A value is needed: \(label)", schema)
    }

    static func params(message: String, schema: JSONValue, handshakeVersion: String?) -> JSONValue {
        var params: [String: JSONValue] = ["message": .string(message), "requestedSchema": schema]
        // `mode` exists from 2025-11-25 on; a 2025-06-18 client gets the shape it knows.
        if handshakeVersion != "2025-06-18" { params["mode"] = .string("form") }
        return .object(params)
    }
}

extension MCPServer {
    /// Sends `elicitation/create` and waits for the answer, the timeout, or the call's cancellation.
    func elicit(message: String, schema: JSONValue, version: String?) async -> ElicitAnswer {
        let id = state.withLock { s -> RequestID in
            defer { s.nextOutgoing += 1 }
            return .string("intent-elicit-\(s.nextOutgoing)")
        }
        // An alarm on a thread of its own, not `Task.sleep` or a Dispatch timer: busy pool threads
        // cannot hold the timeout back. An answer that came first has removed the pending entry,
        // so a firing that races it does nothing.
        let alarm = Alarm(name: "intent.elicit", after: configuration.elicitationTimeout) { [self] in
            self.answer(id, .timedOut)
        }
        defer { alarm.cancel() }
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<ClientAnswer, Never>) in
                let early = state.withLock { s -> ClientAnswer? in
                    if Task.isCancelled { return .cancelled }
                    if s.closed { return .closed }
                    s.pending[id] = c
                    return nil
                }
                if let early {
                    c.resume(returning: early)
                } else {
                    sink.send(.request(id: id, method: "elicitation/create",
                                       params: Question.params(message: message, schema: schema, handshakeVersion: version)))
                }
            }
        } onCancel: {
            self.answer(id, .cancelled)
        }
        switch answer {
        case .timedOut, .cancelled:
            notify("notifications/cancelled", ["requestId": id.json, "reason": .string("no longer needed")])
        default: break
        }
        return ElicitAnswer(answer)
    }

    /// Resumes the waiter of an outgoing request, once.
    func answer(_ id: RequestID, _ answer: ClientAnswer) {
        let waiter = state.withLock { $0.pending.removeValue(forKey: id) }
        waiter?.resume(returning: answer)
    }
}
