import Foundation
import IntentKit
import IntentTestSupport
@testable import MCP
import Synchronization
import Testing

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let now = Mutex(Date(timeIntervalSince1970: 1_796_029_200))
    func read() -> Date { now.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

struct RequestStateTests {
    let key = [UInt8](repeating: 7, count: 32)
    let arguments: [String: JSONValue] = ["title": .string("call Mira"), "due": .string("tomorrow")]

    func sealer(_ clock: ManualClock, key: [UInt8]? = nil) -> RequestStateSealer {
        RequestStateSealer(key: key ?? self.key, lifetime: .seconds(600), clock: { clock.read() })
    }

    @Test func opensOnceForTheSameToolAndArguments() throws {
        let clock = ManualClock()
        let s = sealer(clock)
        let token = s.seal(tool: "CreateReminder", arguments: arguments, purpose: .confirm, supplied: ["list": .string("home")])
        let reordered: [String: JSONValue] = ["due": .string("tomorrow"), "title": .string("call Mira")]
        let step = try s.open(token, tool: "CreateReminder", arguments: reordered)
        #expect(step.purpose == .confirm)
        #expect(step.supplied == ["list": .string("home")])
        #expect(throws: RequestStateError.reused) { try s.open(token, tool: "CreateReminder", arguments: arguments) }
    }

    @Test func refusesOtherToolsArgumentsKeysAndForgeries() {
        let clock = ManualClock()
        let s = sealer(clock)
        let token = s.seal(tool: "CreateReminder", arguments: arguments, purpose: .confirm)
        #expect(throws: RequestStateError.wrongTool) { try s.open(token, tool: "CaptureThought", arguments: arguments) }
        #expect(throws: RequestStateError.argumentsChanged) {
            try s.open(token, tool: "CreateReminder", arguments: ["title": .string("call Ada")])
        }
        #expect(throws: RequestStateError.badSignature) {
            try sealer(clock, key: [UInt8](repeating: 8, count: 32)).open(token, tool: "CreateReminder", arguments: arguments)
        }
        let parts = token.split(separator: ".").map(String.init)
        let forgedPayload = Base64URL.encode(Array(#"{"tool":"CreateReminder"}"#.utf8)) + "." + parts[1]
        #expect(throws: RequestStateError.badSignature) { try s.open(forgedPayload, tool: "CreateReminder", arguments: arguments) }
        #expect(throws: RequestStateError.malformed) { try s.open("nodot", tool: "CreateReminder", arguments: arguments) }
        #expect(throws: RequestStateError.malformed) { try s.open("a.b.c", tool: "CreateReminder", arguments: arguments) }
        // None of those attempts used the token up.
        #expect(throws: Never.self) { try s.open(token, tool: "CreateReminder", arguments: arguments) }
    }

    @Test func expiresAfterItsLifetime() {
        let clock = ManualClock()
        let s = sealer(clock)
        let token = s.seal(tool: "CreateReminder", arguments: arguments, purpose: .value, parameter: "title")
        clock.advance(601)
        #expect(throws: RequestStateError.expired) { try s.open(token, tool: "CreateReminder", arguments: arguments) }
    }

    @Test func theTokenCarriesNoArgumentValuesInTheClear() throws {
        let token = sealer(ManualClock()).seal(tool: "CreateReminder", arguments: arguments, purpose: .confirm)
        let payload = String(decoding: Base64URL.decode(String(token.split(separator: ".")[0])) ?? [], as: UTF8.self)
        #expect(!payload.contains("Mira"))
        #expect(payload.contains(RequestStateSealer.digest(arguments)))
    }
}

struct StateKeyFileTests {
    @Test func createsOnePrivateKeyAndReadsItBack() throws {
        let home = TemporaryHome()
        let directory = home.url.appendingPathComponent("config/nested")
        let first = try StateKeyFile(directory: directory).key()
        let second = try StateKeyFile(directory: directory).key()
        #expect(first.count == 32 && first == second)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("mcp-state.key").path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func aDamagedKeyFileIsReportedByPath() throws {
        let home = TemporaryHome()
        try Data("short".utf8).write(to: home.url.appendingPathComponent("mcp-state.key"))
        #expect(throws: StateKeyError.unreadable(path: home.url.appendingPathComponent("mcp-state.key").path)) {
            try StateKeyFile(directory: home.url).key()
        }
    }

    @Test func onlyTheCanonicalBase64URLSpellingDecodes() {
        let mac = [UInt8](repeating: 0xAB, count: 32)  // 43 characters, 2 unused bits in the last
        let text = Base64URL.encode(mac)
        #expect(Base64URL.decode(text) == mac)
        var chars = Array(text)
        let last = chars[chars.count - 1]
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let index = alphabet.firstIndex(of: last)!
        chars[chars.count - 1] = alphabet[index ^ 1]  // the same 4 significant bits, another unused bit
        #expect(Base64URL.decode(String(chars)) == nil)
    }
}
