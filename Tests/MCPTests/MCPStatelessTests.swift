import Foundation
import IntentKit
import IntentTestSupport
import Testing

/// The stateless 2026-07-28 revision: `server/discover`, per-request `_meta`, `resultType`,
/// `InputRequiredResult` with an authenticated, single-use `requestState`.
@Suite(.serialized) struct MCPStatelessTests {
    @Test func discoverAdvertisesEveryVersionAndUnknownOnesAreRefused() async throws {
        let server = try MCPProcess(home: TemporaryHome().path)
        defer { server.stop() }
        server.request(1, "server/discover", ["_meta": Wire.meta(elicitation: false)])
        let discover = try await server.response(1)["result"]
        #expect(discover?["resultType"] == "complete")
        #expect(discover?["supportedVersions"]?.arrayValue?.contains("2026-07-28") == true)
        #expect(discover?["supportedVersions"]?.arrayValue?.contains("2025-06-18") == true)
        #expect(discover?["capabilities"]?["tools"] != nil)
        #expect(discover?["cacheScope"] == "private")
        #expect(discover?["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == "intent")
        server.request(2, "tools/list", ["_meta": Wire.meta(elicitation: false, version: "2099-01-01")])
        let refused = try await server.response(2)["error"]
        #expect(refused?["code"] == .number(-32022))
        #expect(refused?["data"]?["requested"] == "2099-01-01")
        #expect(refused?["data"]?["supported"]?.arrayValue?.contains("2026-07-28") == true)
        server.request(3, "tools/list", ["_meta": Wire.meta(elicitation: false)])
        let list = try await server.response(3)["result"]
        #expect(list?["resultType"] == "complete")
        let catalog = JSONValue.parse(Data(try await IntentBinary.run(["list", "--json"]).stdout.utf8))?["intents"]?.arrayValue ?? []
        #expect(list?["tools"]?.arrayValue?.count == catalog.count)
        #expect(list?["ttlMs"] != nil)
    }

    /// Calls CreateReminder until the server asks; returns the InputRequiredResult.
    func askToConfirm(_ server: MCPProcess, id: Int, title: String = "call Mira") async throws -> JSONValue {
        server.request(id, "tools/call", Wire.call("CreateReminder", ["title": .string(title)], meta: Wire.meta(elicitation: true)))
        let result = try await server.response(id)["result"]
        #expect(result?["resultType"] == "input_required")
        return result ?? .null
    }

    func retry(_ server: MCPProcess, id: Int, title: String = "call Mira", state: JSONValue?, confirm: JSONValue?) async throws -> JSONValue {
        var responses: [String: JSONValue] = [:]
        if let confirm { responses["confirm"] = .object(["action": "accept", "content": .object(["confirm": confirm])]) }
        server.request(id, "tools/call", Wire.call("CreateReminder", ["title": .string(title)], meta: Wire.meta(elicitation: true),
                                                    extra: ["requestState": state ?? .null, "inputResponses": .object(responses)]))
        return try await server.response(id)["result"] ?? .null
    }

    @Test func aWriteRoundTripsThroughInputRequiredAndTheStateOpensOnce() async throws {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path)
        defer { server.stop() }
        let asked = try await askToConfirm(server, id: 1)
        let request = asked["inputRequests"]?["confirm"]
        #expect(request?["method"] == "elicitation/create")
        #expect(request?["params"]?["requestedSchema"]?["properties"]?["confirm"]?["type"] == "boolean")
        #expect(request?["params"]?["message"]?.stringValue?.contains("call Mira") == true)
        let state = asked["requestState"]
        await #expect(try StoreProbe.reminders(home).isEmpty, "asking writes nothing")

        let done = try await retry(server, id: 2, state: state, confirm: .bool(true))
        #expect(done["resultType"] == "complete")
        #expect(done["isError"] == .bool(false), "\(done)")
        #expect(done["structuredContent"]?["title"] == "call Mira")
        await #expect(try StoreProbe.reminders(home).count == 1)

        let replay = try await retry(server, id: 3, state: state, confirm: .bool(true))
        #expect(replay["isError"] == .bool(true))
        #expect(replay["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("already used") == true)
        await #expect(try StoreProbe.reminders(home).count == 1)
    }

    /// Opened nonces live in the server process, so a state sealed before a restart must not open
    /// in the next server (it could otherwise be replayed there until it expires).
    @Test func aStateSealedBeforeARestartDoesNotOpenAfterIt() async throws {
        let home = TemporaryHome()
        let first = try MCPProcess(home: home.path)
        let state = try await askToConfirm(first, id: 1)["requestState"]
        first.stop()
        let second = try MCPProcess(home: home.path)
        defer { second.stop() }
        let replay = try await retry(second, id: 1, state: state, confirm: .bool(true))
        #expect(replay["isError"] == .bool(true), "\(replay)")
        await #expect(try StoreProbe.reminders(home).isEmpty)
    }

    @Test func aStateForOtherArgumentsOrTamperedWithIsRefused() async throws {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path)
        defer { server.stop() }
        let state = try await askToConfirm(server, id: 1)["requestState"]
        let other = try await retry(server, id: 2, title: "call Ada", state: state, confirm: .bool(true))
        #expect(other["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("other arguments") == true)
        guard case .string(let token)? = state else { Issue.record("no requestState"); return }
        // A character inside the signature (the last one carries unused bits), changed for sure.
        var chars = Array(token)
        let i = chars.count - 5
        chars[i] = chars[i] == "A" ? "B" : "A"
        let flipped = String(chars)
        let forged = try await retry(server, id: 3, state: .string(flipped), confirm: .bool(true))
        #expect(forged["isError"] == .bool(true))
        let garbage = try await retry(server, id: 4, state: "not-a-state", confirm: .bool(true))
        #expect(garbage["isError"] == .bool(true))
        await #expect(try StoreProbe.reminders(home).isEmpty)

        // A state sealed by another home's key is not authentic here.
        let elsewhere = try MCPProcess(home: TemporaryHome().path)
        defer { elsewhere.stop() }
        let foreign = try await askToConfirm(elsewhere, id: 1)["requestState"]
        let crossed = try await retry(server, id: 5, state: foreign, confirm: .bool(true))
        #expect(crossed["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("not authentic") == true)
        await #expect(try StoreProbe.reminders(home).isEmpty)
    }

    @Test(arguments: ["decline", "cancel", "false", "missing"])
    func anythingButAcceptTrueWritesNothing(answer: String) async throws {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path)
        defer { server.stop() }
        let state = try await askToConfirm(server, id: 1)["requestState"]
        var responses: [String: JSONValue] = [:]
        switch answer {
        case "decline", "cancel": responses["confirm"] = .object(["action": .string(answer)])
        case "false": responses["confirm"] = .object(["action": "accept", "content": .object(["confirm": .bool(false)])])
        default: break
        }
        server.request(2, "tools/call", Wire.call("CreateReminder", ["title": "call Mira"], meta: Wire.meta(elicitation: true),
                                                   extra: ["requestState": state ?? .null, "inputResponses": .object(responses)]))
        let result = try await server.response(2)["result"]
        #expect(result?["isError"] == .bool(true))
        #expect(result?["resultType"] == "complete")
        #expect(result?["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("not confirmed") == true)
        await #expect(try StoreProbe.reminders(home).isEmpty)
    }

    @Test func withoutTheCapabilityInThisRequestNothingIsAskedOrWritten() async throws {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path)
        defer { server.stop() }
        server.request(1, "tools/call", Wire.call("CreateReminder", ["title": "call Mira"], meta: Wire.meta(elicitation: false)))
        let result = try await server.response(1)["result"]
        #expect(result?["resultType"] == "complete")
        #expect(result?["isError"] == .bool(true))
        await #expect(try StoreProbe.reminders(home).isEmpty)
    }

    @Test func aMissingValueIsRequestedThenTheWriteConfirmed() async throws {
        let home = TemporaryHome()
        let server = try MCPProcess(home: home.path)
        defer { server.stop() }
        let meta = Wire.meta(elicitation: true)
        server.request(1, "tools/call", Wire.call("CaptureThought", [:], meta: meta))
        let first = try await server.response(1)["result"]
        #expect(first?["resultType"] == "input_required")
        #expect(first?["inputRequests"]?["value"]?["params"]?["requestedSchema"]?["required"] == .array(["text"]))
        server.request(2, "tools/call", Wire.call("CaptureThought", [:], meta: meta, extra: [
            "requestState": first?["requestState"] ?? .null,
            "inputResponses": .object(["value": .object(["action": "accept", "content": .object(["text": "renew passport"])])]),
        ]))
        let second = try await server.response(2)["result"]
        #expect(second?["resultType"] == "input_required")
        #expect(second?["inputRequests"]?["confirm"]?["params"]?["message"]?.stringValue?.contains("renew passport") == true)
        server.request(3, "tools/call", Wire.call("CaptureThought", [:], meta: meta, extra: [
            "requestState": second?["requestState"] ?? .null,
            "inputResponses": .object(["confirm": .object(["action": "accept", "content": .object(["confirm": .bool(true)])])]),
        ]))
        let done = try await server.response(3)["result"]
        #expect(done?["structuredContent"]?["text"] == "renew passport", "\(String(describing: done))")
        #expect(try StoreProbe.thoughts(home) == 1)
    }

    @Test func readsNeedNoConfirmationAndCarryRouteAndRunInMeta() async throws {
        let server = try MCPProcess(home: TemporaryHome().path)
        defer { server.stop() }
        server.request(1, "tools/call", Wire.call("ListEvents", [:], meta: Wire.meta(elicitation: false, progressToken: 7)))
        let result = try await server.response(1)["result"]
        #expect(result?["isError"] == .bool(false), "\(String(describing: result))")
        #expect(result?["structuredContent"]?["events"] == .array([]))
        #expect(result?["_meta"]?["intent/route"]?["completed"] == "deterministic")
        #expect(result?["_meta"]?["io.modelcontextprotocol/serverInfo"] != nil)
        #expect(server.received.contains { $0["method"] == "notifications/progress" && $0["params"]?["progressToken"] == .number(7) })
    }
}
