import Foundation
import IntentKit
import IntentTestSupport
import Testing

/// `intent mcp` spoken to over stdio in the `initialize` era (2025-06-18, 2025-11-25).
@Suite(.serialized) struct MCPHandshakeTests {
    @Test func toolsFollowTheCatalogWithEveryAnnotationSet() async throws {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path)
        defer { server.stop() }
        server.request(1, "initialize", Wire.initialize("2025-06-18", elicitation: false))
        let hello = try await server.response(1)
        #expect(hello["result"]?["protocolVersion"] == "2025-06-18")
        #expect(hello["result"]?["capabilities"]?["tools"] != nil)
        server.notify("notifications/initialized")
        server.request(2, "tools/list")
        let tools = try await server.response(2)["result"]?["tools"]?.arrayValue ?? []
        let catalog = JSONValue.parse(Data(try await IntentBinary.run(["list", "--json"]).stdout.utf8))?["intents"]?.arrayValue ?? []
        #expect(tools.map { $0["name"] } == catalog.map { $0["name"] })
        #expect(tools.count == catalog.count && tools.count >= 7)
        for (tool, entry) in zip(tools, catalog) {
            #expect(tool["inputSchema"] == entry["parameters"])
            #expect(tool["outputSchema"] == entry["result"])
            let writes = entry["side_effect"] != "none"
            let a = tool["annotations"]
            #expect(a?["readOnlyHint"] == .bool(!writes))
            #expect(a?["idempotentHint"] == .bool(!writes))
            #expect(a?["destructiveHint"] == .bool(entry["side_effect"] == "modifiesLocal"))
            #expect(a?["openWorldHint"] == .bool(false), "no cloud is configured in a fresh home")
        }
    }

    @Test func aNewerOrUnknownHandshakeVersionIsAnsweredWithOneWeSpeak() async throws {
        let server = try MCPProcess(home: TemporaryHome().path)
        defer { server.stop() }
        server.request(1, "initialize", Wire.initialize("2024-11-05", elicitation: false))
        #expect(try await server.response(1)["result"]?["protocolVersion"] == "2025-11-25")
        server.request(2, "initialize", ["capabilities": .object([:])])
        #expect(try await server.response(2)["error"]?["code"] == .number(-32602))
    }

    @Test func malformedInputIsAnsweredAndTheServerKeepsGoing() async throws {
        let server = try MCPProcess(home: TemporaryHome().path)
        defer { server.stop() }
        server.sendLine("this is not json")
        server.sendLine("[{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}]")
        server.sendLine("42")
        server.sendLine("{\"jsonrpc\":\"1.0\",\"id\":5,\"method\":\"ping\"}")
        server.sendLine("{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}")
        server.sendLine("{\"jsonrpc\":\"2.0\",\"id\":6}")
        server.sendLine("\u{FF}\u{FE}broken utf8?")
        server.request(7, "ping")
        let pong = try await server.response(7)
        #expect(pong["result"] == .object([:]))
        let errors = server.received.compactMap { $0["error"]?["code"] }
        #expect(errors.filter { $0 == .number(-32700) }.count == 2)
        #expect(errors.filter { $0 == .number(-32600) }.count == 5)
        #expect(server.received.first { $0["id"] == .number(5) }?["error"]?["code"] == .number(-32600))
        server.request(8, "resources/list")
        #expect(try await server.response(8)["error"]?["code"] == .number(-32601))
        server.request(9, "tools/call", Wire.call("NoSuchTool", [:]))
        let unknown = try await server.response(9)
        #expect(unknown["error"]?["code"] == .number(-32602))
        #expect(unknown["error"]?["message"]?.stringValue?.contains("NoSuchTool") == true)
        for line in server.stdoutLines { #expect(JSONValue.parse(Data(line.utf8))?["jsonrpc"] == "2.0", "stdout: \(line)") }
    }

    @Test func stringAndNumberIdsAreEchoedAndSeveralCallsRunAtOnce() async throws {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path, arguments: ["--approve", "CaptureThought"])
        defer { server.stop() }
        server.request(1, "initialize", Wire.initialize(elicitation: false))
        _ = try await server.response(1)
        for i in 0..<6 {
            server.send(.object(["jsonrpc": "2.0", "id": .string("call-\(i)"), "method": "tools/call",
                                 "params": .object(Wire.call("CaptureThought", ["text": .string("idea \(i) #mcp")]))]))
        }
        server.request(20, "tools/call", Wire.call("ListReminders", [:]))
        for i in 0..<6 {
            let reply = try await server.next("call-\(i)") { $0["id"] == .string("call-\(i)") }
            #expect(reply["result"]?["isError"] == .bool(false), "\(reply)")
            #expect(reply["result"]?["structuredContent"]?["text"] == .string("idea \(i) #mcp"))
        }
        #expect(try await server.response(20)["result"]?["structuredContent"]?["reminders"] == .array([]))
        #expect(try StoreProbe.thoughts(home) == 6)
    }

    @Test func aDuplicateIdInFlightIsRefused() async throws {
        let server = try MCPProcess(home: TemporaryHome().path)
        defer { server.stop() }
        server.request(1, "initialize", Wire.initialize(elicitation: true))
        _ = try await server.response(1)
        server.request(2, "tools/call", Wire.call("CreateReminder", ["title": "call Mira"]))
        _ = try await server.serverRequest("elicitation/create")
        server.request(2, "ping")
        let duplicate = try await server.next("duplicate refusal") { $0["id"] == .number(2) && $0["error"] != nil }
        #expect(duplicate["error"]?["code"] == .number(-32600))
    }

    @Test func invalidArgumentsAreToolErrorsWithTheExitCategory() async throws {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path)
        defer { server.stop() }
        server.request(1, "initialize", Wire.initialize(elicitation: true))
        _ = try await server.response(1)
        server.request(2, "tools/call", Wire.call("CreateReminder", ["title": "call Mira", "due": "2026-02-30"]))
        let bad = try await server.response(2)["result"]
        #expect(bad?["isError"] == .bool(true))
        #expect(bad?["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("due") == true)
        #expect(bad?["_meta"]?["intent/error"]?["exit_code"] == .number(65))
        server.request(3, "tools/call", Wire.call("ListReminders", ["limit": "many"]))
        #expect(try await server.response(3)["result"]?["_meta"]?["intent/error"]?["exit_code"] == .number(65))
        server.request(4, "tools/call", Wire.call("ListReminders", ["colour": "red"]))
        #expect(try await server.response(4)["result"]?["_meta"]?["intent/error"]?["exit_code"] == .number(64))
        server.send(.object(["jsonrpc": "2.0", "id": 5, "method": "tools/call",
                             "params": .object(["name": "ListReminders", "arguments": .array([])])]))
        #expect(try await server.response(5)["result"]?["isError"] == .bool(true))
        await #expect(try StoreProbe.reminders(home).isEmpty)
    }

    @Test func progressNotificationsAreMonotonicAndPrecedeTheResult() async throws {
        let server = try MCPProcess(home: TemporaryHome().path)
        defer { server.stop() }
        server.request(1, "initialize", Wire.initialize(elicitation: false))
        _ = try await server.response(1)
        server.request(2, "tools/call", Wire.call("DailyBrief", [:], meta: .object(["progressToken": "brief-1"])))
        _ = try await server.response(2)
        let progress = server.received.filter { $0["method"] == "notifications/progress" }
        #expect(progress.count >= 2)
        #expect(progress.allSatisfy { $0["params"]?["progressToken"] == "brief-1" })
        let values = progress.compactMap { v -> Double? in if case .number(let n)? = v["params"]?["progress"] { return n }; return nil }
        #expect(values == values.sorted() && Set(values).count == values.count)
        #expect(progress.last?["params"]?["total"] == progress.last?["params"]?["progress"])
        let order = server.received.firstIndex { $0["id"] == .number(2) } ?? -1
        #expect(server.received.lastIndex { $0["method"] == "notifications/progress" } ?? .max < order)
    }

    @Test func endOfInputAndSIGTERMEndTheServerPromptly() async throws {
        let home = TemporaryHome()
        let eof = try MCPProcess(home: home.path)
        eof.request(1, "ping")
        _ = try await eof.response(1)
        eof.closeInput()
        #expect(await eof.exitCode() == 0)

        let term = try MCPProcess(home: home.path)
        term.request(1, "initialize", Wire.initialize(elicitation: true))
        _ = try await term.response(1)
        term.request(2, "tools/call", Wire.call("CreateReminder", ["title": "never"]))
        _ = try await term.serverRequest("elicitation/create")
        kill(term.serverPID, SIGTERM)
        #expect(await term.exitCode() != nil)
        await #expect(try StoreProbe.reminders(home).isEmpty)
    }
}
