import Foundation
import IntentKit
import IntentTestSupport
@testable import MCP
import Synchronization
import Testing

/// A provider with one read tool and one write tool, recording what was written.
final class FakeTools: ToolProvider {
    let writes = Mutex<[[String: JSONValue]]>([])
    let refusals = Mutex<[NotConfirmedReason]>([])

    func tools() -> [JSONValue] { [.object(["name": "Read"]), .object(["name": "Write"])] }
    func hasTool(_ name: String) -> Bool { ["Read", "Write"].contains(name) }

    func prepare(_ name: String, arguments: [String: JSONValue]) async -> Preparation {
        if name == "Read" { return .finished(ToolOutcome(isError: false, text: "read", structured: .object(["n": 1]))) }
        guard arguments["text"] != nil else {
            return .needsValue(MissingValue(parameter: "text", schema: .object(["type": "string", "description": "what to write"])))
        }
        return .needsConfirmation(preview: "Write will save:\n  Text: …")
    }

    func commit(_ name: String, arguments: [String: JSONValue]) async -> ToolOutcome {
        writes.withLock { $0.append(arguments) }
        return ToolOutcome(isError: false, text: "written", structured: .object(["ok": .bool(true)]))
    }

    func refuse(_ name: String, arguments: [String: JSONValue], reason: NotConfirmedReason) async -> ToolOutcome {
        refusals.withLock { $0.append(reason) }
        return ToolOutcome(isError: true, text: "not confirmed (\(reason.rawValue))")
    }

    func missing(_ name: String, value: MissingValue) async -> ToolOutcome {
        ToolOutcome(isError: true, text: "missing \(value.parameter)")
    }
}

struct MCPServerTests {
    let tools = FakeTools()
    let sink = RecordingSink()

    func server(_ configuration: MCPConfiguration = .standard) -> MCPServer {
        MCPServer(provider: tools, sink: sink,
                  sealer: RequestStateSealer(key: [UInt8](repeating: 1, count: 32), lifetime: .seconds(60),
                                             clock: { TestClock.reference }),
                  identity: .init(name: "test", title: "Test", version: "0", instructions: "none"),
                  configuration: configuration)
    }

    func feed(_ server: MCPServer, _ message: JSONValue) {
        server.receive(.line(message.encoded()))
    }

    func initialize(_ server: MCPServer, elicitation: Bool) async {
        let caps: JSONValue = elicitation ? .object(["elicitation": .object([:])]) : .object([:])
        feed(server, .object(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                              "params": .object(["protocolVersion": "2025-11-25", "capabilities": caps])]))
        await sink.waitFor(count: 1)
    }

    func call(_ server: MCPServer, id: Int, _ name: String, _ arguments: [String: JSONValue] = [:]) {
        feed(server, .object(["jsonrpc": "2.0", "id": .number(Double(id)), "method": "tools/call",
                              "params": .object(["name": .string(name), "arguments": .object(arguments)])]))
    }

    func reply(_ id: Int) -> JSONValue? {
        sink.sent.map(\.json).first { $0["id"] == .number(Double(id)) && $0["method"] == nil }
    }

    @Test func anUnansweredQuestionTimesOutAndWritesNothing() async {
        var configuration = MCPConfiguration.standard
        configuration.elicitationTimeout = .milliseconds(50)
        let server = server(configuration)
        await initialize(server, elicitation: true)
        call(server, id: 2, "Write", ["text": "x"])
        // elicitation/create, then (after the timeout) its withdrawal and the result.
        await sink.waitFor(count: 4)
        let sent = sink.sent.map(\.json)
        #expect(sent[1]["method"] == "elicitation/create")
        #expect(sent.contains { $0["method"] == "notifications/cancelled" && $0["params"]?["requestId"] == sent[1]["id"] })
        #expect(reply(2)?["result"]?["isError"] == .bool(true))
        #expect(tools.refusals.withLock { $0 } == [.timeout])
        #expect(tools.writes.withLock { $0 }.isEmpty)
    }

    @Test func anAcceptedConfirmationCommitsTheArgumentsOnce() async {
        let server = server()
        await initialize(server, elicitation: true)
        call(server, id: 2, "Write", ["text": "x"])
        await sink.waitFor(count: 2)
        let ask = sink.sent[1].json
        feed(server, .object(["jsonrpc": "2.0", "id": ask["id"] ?? .null,
                              "result": .object(["action": "accept", "content": .object(["confirm": .bool(true)])])]))
        await sink.waitFor(count: 3)
        #expect(reply(2)?["result"]?["structuredContent"] == .object(["ok": .bool(true)]))
        #expect(tools.writes.withLock { $0 } == [["text": "x"]])
        // A second answer to the same question is ignored.
        feed(server, .object(["jsonrpc": "2.0", "id": ask["id"] ?? .null,
                              "result": .object(["action": "accept", "content": .object(["confirm": .bool(true)])])]))
        feed(server, .object(["jsonrpc": "2.0", "id": 9, "method": "ping"]))
        await sink.waitFor(count: 4)
        #expect(tools.writes.withLock { $0 }.count == 1)
    }

    @Test func endOfInputAnswersOpenQuestionsAsNotConfirmed() async {
        let server = server()
        let (frames, input) = AsyncStream<LineSplitter.Frame>.makeStream()
        let running = Task { await server.run(frames) }
        let caps: JSONValue = .object(["elicitation": .object([:])])
        input.yield(.line(JSONValue.object(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                                            "params": .object(["protocolVersion": "2025-06-18", "capabilities": caps])]).encoded()))
        input.yield(.line(JSONValue.object(["jsonrpc": "2.0", "id": 2, "method": "tools/call",
                                            "params": .object(["name": "Write", "arguments": .object(["text": "x"])])]).encoded()))
        await sink.waitFor(count: 2)
        input.finish()
        await running.value
        #expect(reply(2)?["result"]?["isError"] == .bool(true))
        #expect(tools.refusals.withLock { $0 } == [.cancelled])
        #expect(tools.writes.withLock { $0 }.isEmpty)
    }

    @Test func anOversizedLineIsAParseErrorWithNullID() async {
        let server = server()
        server.receive(.oversized)
        await sink.waitFor(count: 1)
        #expect(sink.sent[0].json["error"]?["code"] == .number(-32700))
        #expect(sink.sent[0].json["id"] == .null)
    }

    @Test func notificationsAreNeverAnswered() async {
        let server = server()
        feed(server, .object(["jsonrpc": "2.0", "method": "notifications/initialized"]))
        feed(server, .object(["jsonrpc": "2.0", "method": "notifications/cancelled", "params": .object(["requestId": 99])]))
        feed(server, .object(["jsonrpc": "2.0", "method": "some/unknown/notification"]))
        feed(server, .object(["jsonrpc": "2.0", "id": 5, "method": "ping"]))
        await sink.waitFor(count: 1)
        #expect(sink.sent.count == 1)
        #expect(sink.sent[0].json["id"] == .number(5))
    }
}
