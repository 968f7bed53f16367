import Foundation
import IntentKit
import Primitives

extension MCPServer {
    /// `tools/call`: unknown tool → protocol error; everything about the call itself → a result.
    ///
    /// The call runs on a serial queue of its own (a task executor preference, inherited by its
    /// child tasks), not on the cooperative pool: whatever a tool does synchronously (SQLite,
    /// reading calendars, a search) cannot keep the server from reading input, answering `ping`
    /// or honouring `notifications/cancelled` meanwhile.
    func callTool(_ params: [String: JSONValue], era: RequestEra, id: RequestID) async throws -> JSONValue {
        guard let name = params["name"]?.stringValue else { throw JSONRPCError.invalidParams("tools/call needs a tool name") }
        guard provider.hasTool(name) else { throw JSONRPCError.invalidParams("unknown tool: \(name)") }
        let raw = params["arguments"] ?? .object([:])
        guard let arguments = raw.isNull ? [:] : raw.objectValue else {
            return render(ToolOutcome(isError: true, text: "intent: arguments must be a JSON object (exit 64, usage)",
                                      meta: ["intent/error": .object(["code": .string("usage"), "exit_code": .number(64)])]), era)
        }
        let progress = ProgressReporter(server: self, token: params["_meta"]?["progressToken"])
        progress.start(name)
        defer { progress.stop() }
        let result = try await withTaskExecutorPreference(SerialQueueExecutor(label: "intent.mcp.call")) {
            try await flow(name, arguments: arguments, params: params, era: era)
        }
        try Task.checkCancellation()
        progress.finish()
        return result
    }

    private func flow(_ name: String, arguments: [String: JSONValue], params: [String: JSONValue],
                      era: RequestEra) async throws -> JSONValue {
        var supplied: [String: JSONValue] = [:]
        if case .stateless = era, let token = params["requestState"]?.stringValue {
            let step: PendingStep
            do {
                step = try sealer.open(token, tool: name, arguments: arguments)
            } catch {
                return render(ToolOutcome(isError: true, text: "intent: \(error.description); nothing was written",
                                          meta: ["intent/error": .object(["code": .string("request_state"), "exit_code": .number(77)])]), era)
            }
            supplied = step.supplied
            let response = ElicitAnswer(.result(params["inputResponses"]?[inputKey(step)] ?? .null))
            switch step.purpose {
            case .confirm:
                let effective = arguments.merging(supplied) { $1 }
                guard case .accept(let content) = response, content[Question.confirmKey] == .bool(true) else {
                    return render(await provider.refuse(name, arguments: effective, reason: response.refusal), era)
                }
                try Task.checkCancellation()
                return render(await provider.commit(name, arguments: effective), era)
            case .value:
                guard let parameter = step.parameter, case .accept(let content) = response,
                      let value = content[parameter], !value.isNull else {
                    let missing = MissingValue(parameter: step.parameter ?? "?", schema: .object([:]))
                    return render(await provider.missing(name, value: missing), era)
                }
                supplied[parameter] = value
            }
        }
        for _ in 0..<configuration.maxValueRounds {
            let effective = arguments.merging(supplied) { $1 }
            try Task.checkCancellation()
            switch await provider.prepare(name, arguments: effective) {
            case .finished(let outcome):
                return render(outcome, era)
            case .needsValue(let missing):
                guard era.canElicitForm else { return render(await provider.missing(name, value: missing), era) }
                let question = Question.value(missing)
                if case .stateless = era {
                    let token = sealer.seal(tool: name, arguments: arguments, purpose: .value,
                                            parameter: missing.parameter, supplied: supplied)
                    return inputRequired(key: "value", question: question, state: token, era: era)
                }
                let answer = await elicit(message: question.message, schema: question.schema, version: handshakeVersion(era))
                try Task.checkCancellation()
                guard case .accept(let content) = answer, let value = content[missing.parameter], !value.isNull else {
                    return render(await provider.missing(name, value: missing), era)
                }
                supplied[missing.parameter] = value
            case .needsConfirmation(let preview):
                guard era.canElicitForm else {
                    return render(await provider.refuse(name, arguments: effective, reason: .noCapability), era)
                }
                let question = Question.confirmation(preview)
                if case .stateless = era {
                    let token = sealer.seal(tool: name, arguments: arguments, purpose: .confirm, supplied: supplied)
                    return inputRequired(key: Question.confirmKey, question: question, state: token, era: era)
                }
                let answer = await elicit(message: question.message, schema: question.schema, version: handshakeVersion(era))
                try Task.checkCancellation()
                guard case .accept(let content) = answer, content[Question.confirmKey] == .bool(true) else {
                    return render(await provider.refuse(name, arguments: effective, reason: answer.refusal), era)
                }
                return render(await provider.commit(name, arguments: effective), era)
            }
        }
        let missing = MissingValue(parameter: "?", schema: .object([:]))
        return render(await provider.missing(name, value: missing), era)
    }

    private func inputKey(_ step: PendingStep) -> String { step.purpose == .confirm ? Question.confirmKey : "value" }

    private func handshakeVersion(_ era: RequestEra) -> String? {
        if case .handshake(let version, _) = era { return version }
        return nil
    }

    private func inputRequired(key: String, question: (message: String, schema: JSONValue), state token: String,
                               era: RequestEra) -> JSONValue {
        let request: JSONValue = .object([
            "method": .string("elicitation/create"),
            "params": Question.params(message: question.message, schema: question.schema, handshakeVersion: nil),
        ])
        return decorate(["inputRequests": .object([key: request]), "requestState": .string(token)], era,
                        resultType: "input_required")
    }

    /// A `CallToolResult`: the text block, `structuredContent` when it succeeded, `_meta`.
    func render(_ outcome: ToolOutcome, _ era: RequestEra) -> JSONValue {
        var result: [String: JSONValue] = [
            "content": .array([.object(["type": .string("text"), "text": .string(outcome.text)])]),
            "isError": .bool(outcome.isError),
        ]
        if !outcome.isError, let structured = outcome.structured { result["structuredContent"] = structured }
        if !outcome.meta.isEmpty { result["_meta"] = .object(outcome.meta) }
        return decorate(result, era)
    }
}

/// Sends monotonic `notifications/progress` for one call while it runs, when the client gave a token.
final class ProgressReporter: @unchecked Sendable {
    private let server: MCPServer
    private let token: JSONValue?
    private let lock = NSLock()
    private var count = 0.0
    private var ticker: Task<Void, Never>?
    private var done = false

    init(server: MCPServer, token: JSONValue?) {
        self.server = server
        self.token = token.flatMap { RequestID($0) == nil ? nil : $0 }
    }

    func start(_ tool: String) {
        guard token != nil else { return }
        send(message: "running \(tool)")
        let interval = server.configuration.progressInterval
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                self?.send(message: "still running")
            }
        }
        lock.withLock { ticker = task }
    }

    /// The last notification, before the result: progress equals total.
    func finish() {
        guard token != nil else { return }
        stop()
        send(message: "done", final: true)
    }

    func stop() {
        let ticker = lock.withLock {
            done = true
            return self.ticker
        }
        ticker?.cancel()
    }

    /// Counts and sends under one lock, so notifications leave in increasing order.
    private func send(message: String, final: Bool = false) {
        guard let token else { return }
        lock.withLock {
            if done && !final { return }
            count += 1
            var params: [String: JSONValue] = ["progressToken": token, "progress": .number(count), "message": .string(message)]
            if final { params["total"] = .number(count) }
            server.notify("notifications/progress", params)
        }
    }
}
