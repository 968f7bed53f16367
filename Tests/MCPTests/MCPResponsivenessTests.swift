import Dispatch
import Foundation
import IntentKit
import IntentTestSupport
@testable import MCP
import Synchronization
import Testing

/// A provider whose one tool blocks its thread (as SQLite, a calendar read or a search would)
/// until the test lets it go, or a fail-safe does a minute later.
final class BlockingTools: ToolProvider {
    private let semaphore = DispatchSemaphore(value: 0)
    private let state = Mutex((started: 0, released: false, forced: false))
    let (startedEvents, startedContinuation) = AsyncStream<Void>.makeStream()

    init() {
        DispatchQueue(label: "test.mcp.fail-safe").asyncAfter(deadline: .now() + 60) { [self] in release(forced: true) }
    }

    func tools() -> [JSONValue] { [.object(["name": "Slow"])] }
    func hasTool(_ name: String) -> Bool { name == "Slow" }

    func prepare(_ name: String, arguments: [String: JSONValue]) async -> Preparation {
        state.withLock { $0.started += 1 }
        startedContinuation.yield()
        semaphore.wait()
        semaphore.signal()
        return .finished(ToolOutcome(isError: false, text: "done"))
    }

    func commit(_ name: String, arguments: [String: JSONValue]) async -> ToolOutcome { ToolOutcome(isError: false, text: "") }
    func refuse(_ name: String, arguments: [String: JSONValue], reason: NotConfirmedReason) async -> ToolOutcome {
        ToolOutcome(isError: true, text: "")
    }
    func missing(_ name: String, value: MissingValue) async -> ToolOutcome { ToolOutcome(isError: true, text: "") }

    var started: Int { state.withLock { $0.started } }
    var released: (any: Bool, forced: Bool) { state.withLock { ($0.released, $0.forced) } }

    func release(forced: Bool = false) {
        let first = state.withLock { s -> Bool in
            guard !s.released else { return false }
            s.released = true
            s.forced = forced
            return true
        }
        if first { semaphore.signal() }
    }
}

@Suite struct MCPResponsivenessTests {
    /// More blocked tool calls than the pool has threads: the server still reads its input and
    /// answers a ping, and a cancelled call's reply is withheld.
    @Test func pingIsAnsweredWhileMoreToolCallsBlockThanThePoolHasThreads() async {
        let tools = BlockingTools()
        let sink = RecordingSink()
        let server = MCPServer(provider: tools, sink: sink,
                               sealer: RequestStateSealer(key: [UInt8](repeating: 1, count: 32), lifetime: .seconds(60),
                                                          clock: { TestClock.reference }),
                               identity: .init(name: "test", title: "Test", version: "0", instructions: "none"))
        let (frames, input) = AsyncStream<LineSplitter.Frame>.makeStream()
        let running = Task { await server.run(frames) }
        func send(_ message: JSONValue) { input.yield(.line(message.encoded())) }

        send(.object(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                      "params": .object(["protocolVersion": "2025-11-25", "capabilities": .object([:])])]))
        await sink.waitFor(count: 1)
        let calls = max(8, 4 * ProcessInfo.processInfo.activeProcessorCount)
        for id in 0..<calls {
            send(.object(["jsonrpc": "2.0", "id": .number(Double(100 + id)), "method": "tools/call",
                          "params": .object(["name": "Slow", "arguments": .object([:])])]))
        }
        var seen = 0
        for await _ in tools.startedEvents {
            seen += 1
            if seen == calls { break }
        }
        send(.object(["jsonrpc": "2.0", "method": "notifications/cancelled", "params": .object(["requestId": 100])]))
        send(.object(["jsonrpc": "2.0", "id": 7, "method": "ping"]))
        await sink.waitFor(count: 2)
        let pinged = sink.sent.map(\.json).contains { $0["id"] == .number(7) && $0["result"] != nil }
        let blockedMeanwhile = !tools.released.any
        tools.release()
        await sink.waitFor(count: 1 + calls)  // initialize, ping, every call but the cancelled one
        input.finish()
        await running.value

        #expect(pinged && blockedMeanwhile && !tools.released.forced, "ping answered while \(calls) calls blocked")
        #expect(tools.started == calls, "every call was running at once")
        let replies = sink.sent.map(\.json).compactMap { m -> Double? in
            if case .number(let id)? = m["id"], id >= 100 { return id }
            return nil
        }
        #expect(replies.count == calls - 1 && !replies.contains(100), "the cancelled call's reply is withheld")
    }
}
