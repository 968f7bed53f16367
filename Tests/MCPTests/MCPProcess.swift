import Foundation
import IntentKit
import IntentTestSupport
import Synchronization

/// A running `intent mcp` spoken to over its stdin/stdout pipes, line by line.
final class MCPProcess: @unchecked Sendable {
    let process: Process
    private let input: FileHandle
    private let lines = Mutex<[JSONValue]>([])
    private let raw = Mutex<[String]>([])
    private let stderrText = Mutex<String>("")
    /// Lines received so far and the tasks waiting for the next one (woken by the reader thread,
    /// at end of output, or when their patience runs out — never by polling).
    private let arrivals = Mutex<(count: Int, waiters: [CheckedContinuation<Void, Never>])>((0, []))
    /// Generous: a bound that only a hung server reaches.
    static let patience: Duration = .seconds(20)

    init(home: String, arguments: [String] = [], environment: [String: String] = ["TZ": "Europe/Berlin"]) throws {
        process = try IntentBinary.makeProcess(["mcp", "--home", home] + arguments, home: nil, environment: environment)
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        input = stdin.fileHandleForWriting
        try process.run()
        let out = stdout.fileHandleForReading, err = stderr.fileHandleForReading
        Thread.detachNewThread { [self] in
            var buffer = Data()
            while true {
                let chunk = out.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    let line = buffer[buffer.startIndex..<newline]
                    buffer.removeSubrange(buffer.startIndex...newline)
                    let text = String(decoding: line, as: UTF8.self)
                    raw.withLock { $0.append(text) }
                    lines.withLock { $0.append(JSONValue.parse(Data(line)) ?? .string("unparseable: \(text)")) }
                    wake(arrived: true)
                }
            }
            wake(arrived: true)
        }
        Thread.detachNewThread { [self] in
            while true {
                let chunk = err.availableData
                if chunk.isEmpty { break }
                stderrText.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
        }
    }

    var stderr: String { stderrText.withLock { $0 } }

    /// The `intent` process itself: `setsid` may fork it as its child.
    var serverPID: Int32 {
        let pid = process.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) } ?? pid
    }
    var stdoutLines: [String] { raw.withLock { $0 } }
    var received: [JSONValue] { lines.withLock { $0 } }

    func sendLine(_ text: String) { input.write(Data((text + "\n").utf8)) }

    func send(_ message: JSONValue) { sendLine(String(decoding: message.encoded(), as: UTF8.self)) }

    func request(_ id: Int, _ method: String, _ params: [String: JSONValue] = [:]) {
        send(.object(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": .object(params)]))
    }

    func notify(_ method: String, _ params: [String: JSONValue] = [:]) {
        send(.object(["jsonrpc": "2.0", "method": .string(method), "params": .object(params)]))
    }

    func respond(to id: JSONValue, result: JSONValue) {
        send(.object(["jsonrpc": "2.0", "id": id, "result": result]))
    }

    private func wake(arrived: Bool) {
        let waiters = arrivals.withLock { state -> [CheckedContinuation<Void, Never>] in
            if arrived { state.count += 1 }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// The first received message matching `predicate`, waiting up to `patience`.
    func next(_ what: String, where predicate: (JSONValue) -> Bool) async throws -> JSONValue {
        let deadline = ContinuousClock.now + Self.patience
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(Self.patience.components.seconds))) { [self] in
            wake(arrived: false)
        }
        while true {
            let seen = arrivals.withLock { $0.count }
            if let hit = received.first(where: predicate) { return hit }
            guard ContinuousClock.now < deadline else { break }
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let now = arrivals.withLock { state -> Bool in
                    if state.count != seen { return true }
                    state.waiters.append(waiter)
                    return false
                }
                if now { waiter.resume() }
            }
        }
        throw Timeout(what: what, stderr: stderr, received: received.count)
    }

    func response(_ id: Int) async throws -> JSONValue {
        try await next("response \(id)") { $0["id"] == .number(Double(id)) && $0["method"] == nil }
    }

    func serverRequest(_ method: String) async throws -> JSONValue {
        try await next(method) { $0["method"] == .string(method) && $0["id"] != nil }
    }

    func closeInput() { try? input.close() }

    /// Waits for the process to exit; the exit code, or nil if it is still running after `patience`.
    func exitCode() async -> Int32? {
        let process = self.process
        let exited: Bool = await withCheckedContinuation { done in
            let once = Mutex(false)
            let finish: @Sendable (Bool) -> Void = { value in
                if once.withLock({ fired in defer { fired = true }; return !fired }) { done.resume(returning: value) }
            }
            // Private queues: the global one shares its width with the cooperative pool.
            DispatchQueue(label: "test.mcp.wait").async { process.waitUntilExit(); finish(true) }
            DispatchQueue(label: "test.mcp.patience").asyncAfter(deadline: .now() + .seconds(Int(Self.patience.components.seconds))) { finish(false) }
        }
        return exited ? process.terminationStatus : nil
    }

    func stop() {
        closeInput()
        if process.isRunning { process.terminate() }
    }

    struct Timeout: Error, CustomStringConvertible {
        var what: String
        var stderr: String
        var received: Int
        var description: String { "no \(what) within \(MCPProcess.patience) (\(received) messages; stderr: \(stderr))" }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

/// Fragments of the protocol the tests send.
enum Wire {
    static func initialize(_ version: String = "2025-11-25", elicitation: Bool) -> [String: JSONValue] {
        var capabilities: [String: JSONValue] = [:]
        if elicitation { capabilities["elicitation"] = .object([:]) }
        return ["protocolVersion": .string(version), "capabilities": .object(capabilities),
                "clientInfo": .object(["name": "swift-test", "version": "1"])]
    }

    /// Per-request `_meta` of the 2026-07-28 revision.
    static func meta(elicitation: Bool, version: String = "2026-07-28", progressToken: JSONValue? = nil) -> JSONValue {
        var capabilities: [String: JSONValue] = [:]
        if elicitation { capabilities["elicitation"] = .object(["form": .object([:])]) }
        var meta: [String: JSONValue] = [
            "io.modelcontextprotocol/protocolVersion": .string(version),
            "io.modelcontextprotocol/clientCapabilities": .object(capabilities),
        ]
        if let progressToken { meta["progressToken"] = progressToken }
        return .object(meta)
    }

    static func call(_ name: String, _ arguments: [String: JSONValue], meta: JSONValue? = nil,
                     extra: [String: JSONValue] = [:]) -> [String: JSONValue] {
        var params: [String: JSONValue] = ["name": .string(name), "arguments": .object(arguments)]
        if let meta { params["_meta"] = meta }
        return params.merging(extra) { $1 }
    }
}

/// What the store holds, read through the CLI (a separate process, like a person checking).
enum StoreProbe {
    static func reminders(_ home: TemporaryHome) async throws -> [JSONValue] {
        let run = try await IntentBinary.run(["run", "ListReminders", "--json"], home: home.path)
        return JSONValue.parse(Data(run.stdout.utf8))?["value"]?["reminders"]?.arrayValue ?? []
    }

    static func thoughts(_ home: TemporaryHome) throws -> Int {
        let db = home.url.appendingPathComponent("data/intent.sqlite").path
        guard FileManager.default.fileExists(atPath: db) else { return 0 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", db, "SELECT count(*) FROM thoughts;"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
