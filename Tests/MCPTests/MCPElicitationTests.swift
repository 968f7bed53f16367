import Foundation
import IntentKit
import IntentTestSupport
import Testing

/// Writes over MCP happen only after a person accepts an elicitation with `true`.
@Suite(.serialized) struct MCPElicitationTests {
    /// Starts a handshake-era server, calls CreateReminder, answers the confirmation with `reply`.
    func createReminder(answering reply: JSONValue?, elicitation: Bool = true) async throws -> (JSONValue, TemporaryHome, MCPProcess) {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path)
        server.request(1, "initialize", Wire.initialize(elicitation: elicitation))
        _ = try await server.response(1)
        server.request(2, "tools/call", Wire.call("CreateReminder", ["title": "call Mira", "due": "2026-12-04T17:00"]))
        if let reply {
            let ask = try await server.serverRequest("elicitation/create")
            let params = ask["params"]
            #expect(params?["message"]?.stringValue?.contains("call Mira") == true)
            #expect(params?["requestedSchema"]?["properties"]?["confirm"]?["type"] == "boolean")
            #expect(params?["mode"] == "form")
            if case .object(let o) = reply, o["error"] != nil {
                server.send(.object(["jsonrpc": "2.0", "id": ask["id"] ?? .null, "error": reply["error"] ?? .null]))
            } else {
                server.respond(to: ask["id"] ?? .null, result: reply)
            }
        }
        return (try await server.response(2), home, server)
    }

    @Test func acceptWithTrueWritesOnce() async throws {
        let (reply, home, server) = try await createReminder(answering: .object(["action": "accept", "content": .object(["confirm": .bool(true)])]))
        defer { server.stop() }
        let result = reply["result"]
        #expect(result?["isError"] == .bool(false), "\(reply)")
        #expect(result?["structuredContent"]?["title"] == "call Mira")
        #expect(result?["_meta"]?["intent/status"] == "completed")
        let stored = try await StoreProbe.reminders(home)
        #expect(stored.count == 1)
        let history = try await IntentBinary.run(["history", "--json"], home: home.path)
        #expect(history.stdout.contains("\"presence\":\"mcp\""), "\(history.stdout)")
    }

    @Test(arguments: [
        ("decline", JSONValue.object(["action": "decline"])),
        ("cancel", .object(["action": "cancel"])),
        ("accept false", .object(["action": "accept", "content": .object(["confirm": .bool(false)])])),
        ("accept string", .object(["action": "accept", "content": .object(["confirm": "true"])])),
        ("accept empty", .object(["action": "accept"])),
        ("error", .object(["error": .object(["code": -32603, "message": "client broke"])])),
    ])
    func anythingButAcceptTrueWritesNothing(label: String, answer: JSONValue) async throws {
        let (reply, home, server) = try await createReminder(answering: answer)
        defer { server.stop() }
        #expect(reply["result"]?["isError"] == .bool(true), "\(label)")
        #expect(reply["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("not confirmed") == true, "\(label)")
        #expect(reply["result"]?["_meta"]?["intent/error"]?["exit_code"] == .number(77))
        await #expect(try StoreProbe.reminders(home).isEmpty, "\(label)")
    }

    @Test func aClientWithoutElicitationGetsNotConfirmed() async throws {
        let (reply, home, server) = try await createReminder(answering: nil, elicitation: false)
        defer { server.stop() }
        #expect(reply["result"]?["isError"] == .bool(true))
        #expect(reply["result"]?["_meta"]?["intent/status"] == "needs_confirmation")
        #expect(server.received.allSatisfy { $0["method"] != "elicitation/create" })
        await #expect(try StoreProbe.reminders(home).isEmpty)
    }

    @Test func aMissingRequiredValueIsAskedForThenConfirmed() async throws {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path)
        defer { server.stop() }
        server.request(1, "initialize", Wire.initialize("2025-06-18", elicitation: true))
        _ = try await server.response(1)
        server.request(2, "tools/call", Wire.call("CaptureThought", [:]))
        let askValue = try await server.serverRequest("elicitation/create")
        #expect(askValue["params"]?["requestedSchema"]?["required"] == .array(["text"]))
        #expect(askValue["params"]?["mode"] == nil, "2025-06-18 has no mode field")
        server.respond(to: askValue["id"] ?? .null, result: .object(["action": "accept", "content": .object(["text": "call the bank #admin"])]))
        let confirm = try await server.next("confirmation") {
            $0["method"] == "elicitation/create" && $0["id"] != askValue["id"]
        }
        server.respond(to: confirm["id"] ?? .null, result: .object(["action": "accept", "content": .object(["confirm": .bool(true)])]))
        let reply = try await server.response(2)
        #expect(reply["result"]?["structuredContent"]?["text"] == "call the bank #admin", "\(reply)")
        #expect(try StoreProbe.thoughts(home) == 1)

        let noAsk = try MCPProcess(home: home.path)
        defer { noAsk.stop() }
        noAsk.request(1, "initialize", Wire.initialize(elicitation: false))
        _ = try await noAsk.response(1)
        noAsk.request(2, "tools/call", Wire.call("AskLibrary", [:]))
        let missing = try await noAsk.response(2)["result"]
        #expect(missing?["isError"] == .bool(true))
        #expect(missing?["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("question") == true)
        #expect(missing?["_meta"]?["intent/error"]?["exit_code"] == .number(64))
    }

    @Test func aCancelledCallIsNeverAnsweredAndWritesNothing() async throws {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path)
        defer { server.stop() }
        server.request(1, "initialize", Wire.initialize(elicitation: true))
        _ = try await server.response(1)
        server.request(2, "tools/call", Wire.call("CreateReminder", ["title": "call Mira"]))
        let ask = try await server.serverRequest("elicitation/create")
        server.notify("notifications/cancelled", ["requestId": 2, "reason": "user pressed stop"])
        let withdrawn = try await server.next("withdrawn elicitation") {
            $0["method"] == "notifications/cancelled" && $0["params"]?["requestId"] == ask["id"]
        }
        #expect(withdrawn["params"] != nil)
        // A late answer to the withdrawn question changes nothing.
        server.respond(to: ask["id"] ?? .null, result: .object(["action": "accept", "content": .object(["confirm": .bool(true)])]))
        server.request(3, "ping")
        _ = try await server.response(3)
        server.closeInput()
        #expect(await server.exitCode() == 0)
        #expect(server.received.allSatisfy { $0["id"] != .number(2) })
        await #expect(try StoreProbe.reminders(home).isEmpty)
    }

    @Test func preApprovedIntentsWriteWithoutAskingAndOthersStillAsk() async throws {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path, arguments: ["--approve", "CaptureThought"])
        defer { server.stop() }
        server.request(1, "initialize", Wire.initialize(elicitation: false))
        _ = try await server.response(1)
        server.request(2, "tools/call", Wire.call("CaptureThought", ["text": "approved idea"]))
        #expect(try await server.response(2)["result"]?["isError"] == .bool(false))
        server.request(3, "tools/call", Wire.call("CreateReminder", ["title": "not approved"]))
        #expect(try await server.response(3)["result"]?["isError"] == .bool(true))
        #expect(try StoreProbe.thoughts(home) == 1)
        await #expect(try StoreProbe.reminders(home).isEmpty)

        let typo = try await IntentBinary.run(["mcp", "--approve", "CaptureThougth"], home: home.path)
        #expect(typo.exitCode == 64)
        #expect(typo.stderr.contains("did you mean 'CaptureThought'"))
        #expect(typo.stdout.isEmpty)
    }
}
