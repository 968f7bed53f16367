import Foundation
import IntentKit
import Synchronization

/// An MCP server over one message channel: the `initialize` era (2025-06-18, 2025-11-25) and the
/// stateless 2026-07-28 revision, with tools from a `ToolProvider`.
///
/// Every request runs in its own task, so several calls can be in flight; a response the client
/// cancelled is never sent. Libraries never print: diagnostics go to `log` (stderr in the CLI).
public final class MCPServer: Sendable {
    public struct Identity: Sendable {
        public var name: String
        public var title: String
        public var version: String
        public var instructions: String
        public init(name: String, title: String, version: String, instructions: String) {
            self.name = name
            self.title = title
            self.version = version
            self.instructions = instructions
        }
        var json: JSONValue { .object(["name": .string(name), "title": .string(title), "version": .string(version)]) }
    }

    struct Handshake {
        var version: String
        var capabilities: JSONValue
    }

    struct InFlight {
        var task: Task<Void, Never>?
        var cancelled = false
    }

    struct State {
        var handshake: Handshake?
        var inflight: [RequestID: InFlight] = [:]
        var pending: [RequestID: CheckedContinuation<ClientAnswer, Never>] = [:]
        var nextOutgoing = 1
        var drained: [CheckedContinuation<Void, Never>] = []
        var reader: Task<Void, Never>?
        /// Input ended: nobody can answer a question any more.
        var closed = false
    }

    let provider: any ToolProvider
    let sink: any MessageSink
    let sealer: RequestStateSealer
    let configuration: MCPConfiguration
    let identity: Identity
    let log: @Sendable (String) -> Void
    let state = Mutex(State())

    public init(provider: any ToolProvider, sink: any MessageSink, sealer: RequestStateSealer,
                identity: Identity, configuration: MCPConfiguration = .standard,
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.provider = provider
        self.sink = sink
        self.sealer = sealer
        self.identity = identity
        self.configuration = configuration
        self.log = log
    }

    /// Serves until the frames end (stdin EOF) or `terminate()` (SIGTERM). At end of input,
    /// calls still running get the configured grace to finish and answer; after SIGTERM, or when
    /// the grace runs out, they are cancelled (a cancelled write writes nothing). Questions to the
    /// person that are still open count as not answered.
    public func run(_ frames: AsyncStream<LineSplitter.Frame>) async {
        let reader = Task {
            for await frame in frames {
                if Task.isCancelled { break }
                self.receive(frame)
            }
        }
        state.withLock { $0.reader = reader }
        await reader.value
        await shutdown(terminated: reader.isCancelled)
    }

    /// Stops reading (SIGTERM); `run` then cancels what runs and returns.
    public func terminate() {
        state.withLock { $0.reader }?.cancel()
    }

    /// Handles one frame of input.
    public func receive(_ frame: LineSplitter.Frame) {
        switch frame {
        case .oversized:
            sink.send(.errorResponse(id: nil, error: .parseError(
                "parse error: message longer than \(configuration.maxLineBytes) bytes")))
        case .line(let data):
            switch JSONRPCDecoder.decode(data) {
            case .invalid(let error, let id):
                log("mcp: rejected a message (\(error.code))")
                sink.send(.errorResponse(id: id, error: error))
            case .message(let message):
                dispatch(message)
            }
        }
    }

    private func dispatch(_ message: JSONRPCMessage) {
        switch message {
        case .request(let id, let method, let params):
            start(id: id, method: method, params: params?.objectValue ?? [:])
        case .notification(let method, let params):
            if method == "notifications/cancelled", let raw = params?["requestId"], let id = RequestID(raw) {
                cancel(id)
            }
        case .response(let id, let result):
            answer(id, .result(result))
        case .errorResponse(let id, let error):
            if let id { answer(id, .error(error)) }
        }
    }

    private func start(id: RequestID, method: String, params: [String: JSONValue]) {
        let accepted = state.withLock { s -> Bool in
            guard s.inflight[id] == nil else { return false }
            s.inflight[id] = InFlight()
            return true
        }
        guard accepted else {
            sink.send(.errorResponse(id: id, error: .invalidRequest("invalid request: id \(id) is already in use")))
            return
        }
        let task = Task {
            let reply: JSONRPCMessage
            do {
                reply = .response(id: id, result: try await self.handle(method: method, params: params, id: id))
            } catch let error as JSONRPCError {
                reply = .errorResponse(id: id, error: error)
            } catch is CancellationError {
                reply = .errorResponse(id: id, error: .internalError("request cancelled: the server is shutting down"))
            } catch {
                reply = .errorResponse(id: id, error: .internalError("internal error"))
            }
            self.finish(id, reply)
        }
        let cancelledEarly = state.withLock { s -> Bool in
            guard s.inflight[id] != nil else { return false }
            s.inflight[id]?.task = task
            return s.inflight[id]?.cancelled ?? false
        }
        if cancelledEarly { task.cancel() }
    }

    /// Sends the reply unless the client cancelled the request.
    private func finish(_ id: RequestID, _ reply: JSONRPCMessage) {
        let (entry, drained) = state.withLock { s -> (InFlight?, [CheckedContinuation<Void, Never>]) in
            let entry = s.inflight.removeValue(forKey: id)
            guard s.inflight.isEmpty else { return (entry, []) }
            defer { s.drained.removeAll() }
            return (entry, s.drained)
        }
        if let entry, !entry.cancelled { sink.send(reply) }
        drained.forEach { $0.resume() }
    }

    private func cancel(_ id: RequestID) {
        let task = state.withLock { s -> Task<Void, Never>? in
            guard s.inflight[id] != nil else { return nil }
            s.inflight[id]?.cancelled = true
            return s.inflight[id]?.task
        }
        task?.cancel()
    }

    private func shutdown(terminated: Bool) async {
        let pending = state.withLock { s in
            s.closed = true
            defer { s.pending.removeAll() }
            return Array(s.pending.values)
        }
        pending.forEach { $0.resume(returning: .closed) }
        if !terminated, await drained(within: configuration.shutdownGrace) { return }
        state.withLock { s in s.inflight.values.compactMap(\.task) }.forEach { $0.cancel() }
        _ = await drained(within: configuration.shutdownGrace)
    }

    /// Waits until no request is in flight, or the time runs out; true when drained.
    private func drained(within grace: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.drained(); return true }
            group.addTask { try? await Task.sleep(for: grace); return false }
            let first = await group.next() ?? false
            group.cancelAll()
            releaseDrainWaiters()
            return first
        }
    }

    private func releaseDrainWaiters() {
        let waiters = state.withLock { s in
            defer { s.drained.removeAll() }
            return s.drained
        }
        waiters.forEach { $0.resume() }
    }

    private func drained() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let empty = state.withLock { s -> Bool in
                if s.inflight.isEmpty { return true }
                s.drained.append(c)
                return false
            }
            if empty { c.resume() }
        }
    }
}
