import Foundation
import Primitives
import Synchronization

/// What a spawned `intent` process did.
public struct ProcessResult: Sendable {
    public var exitCode: Int32
    public var stdout: String
    public var stderr: String

    /// stdout parsed as one JSON object.
    public var json: [String: Any]? {
        guard let data = stdout.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

/// Runs the built `intent` binary the way a user or cron would.
public enum IntentBinary {
    /// `$INTENT_BIN` (what `make test` sets), else the newer of `.build/release/intent` and
    /// `.build/debug/intent`.
    public static var url: URL? {
        if let explicit = ProcessInfo.processInfo.environment["INTENT_BIN"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        func modified(_ url: URL) -> Date {
            ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
        }
        return ["release", "debug"]
            .map { PackagePaths.root.appendingPathComponent(".build/\($0)/intent") }
            .filter { FileManager.default.isExecutableFile(atPath: $0.path) }
            .max { modified($0) < modified($1) }
    }

    /// Runs `intent ARGS`. `headless` starts it in a new session (`setsid`, no controlling
    /// terminal) like cron does; stdin is `/dev/null` unless `stdin` is given. The process is
    /// waited for on a thread of its own, never on the cooperative pool (tests share one process:
    /// a blocked pool thread would hold back every other test's timers). `unsetting` names
    /// variables removed from the environment (`TZ`, to run in the system zone).
    @discardableResult
    public static func run(_ args: [String], home: String? = nil, stdin: String? = nil, headless: Bool = true,
                           environment extra: [String: String] = [:], unsetting: [String] = []) async throws -> ProcessResult {
        let process = try makeProcess(args, home: home, headless: headless, environment: extra)
        for name in unsetting { process.environment?.removeValue(forKey: name) }
        return try await run(process, stdin: stdin)
    }

    /// Runs a configured, not yet started process (`makeProcess`, then changed) and collects its
    /// output, off the cooperative pool. Its stdin stays as configured (`/dev/null` when unset).
    public static func run(_ process: Process, stdin: String? = nil) async throws -> ProcessResult {
        try await Blocking.run(label: "intent.test.process") { _ in try collect(process, stdin: stdin) }
    }

    /// Waits for a started process to exit, off the cooperative pool.
    public static func waitForExit(_ process: Process) async {
        _ = try? await Blocking.run(label: "intent.test.process") { _ in process.waitUntilExit() }
    }

    /// Starts `process` and collects its output and exit status (blocking: call from `Blocking.run`).
    private static func collect(_ process: Process, stdin: String?) throws -> ProcessResult {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        if stdin != nil { process.standardInput = input } else if process.standardInput == nil {
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        }
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try? input.fileHandleForWriting.close()
        }
        // stderr drains on another thread: a child that fills one pipe while we read the other
        // cannot deadlock.
        let errData = Mutex(Data())
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue(label: "intent.test.stderr").async {
            errData.withLock { $0 = err.fileHandleForReading.readDataToEndOfFile() }
            drained.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return ProcessResult(exitCode: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
    }

    /// A configured, not yet started process (for tests that signal it or run many at once).
    public static func makeProcess(_ args: [String], home: String?, headless: Bool = true,
                                   environment extra: [String: String] = [:]) throws -> Process {
        guard let binary = url else { throw BinaryMissing() }
        let process = Process()
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "INTENT_HOME")
        env.removeValue(forKey: "INTENT_NOW")
        env.removeValue(forKey: "INTENT_CLOUD_API_KEY")
        env.removeValue(forKey: "INTENT_MODELS")
        // Isolated from the user's installed weights: runs are deterministic and fast unless a
        // test passes INTENT_MODELS itself.
        env["XDG_DATA_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("intent-test-xdg").path
        if let home { env["INTENT_HOME"] = home }
        env.merge(extra) { _, new in new }
        process.environment = env
        if headless {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            process.arguments = ["-w", binary.path] + args
        } else {
            process.executableURL = binary
            process.arguments = args
        }
        return process
    }

    public struct BinaryMissing: Error, CustomStringConvertible {
        public var description: String { "the intent binary is not built: run `swift build` (or set INTENT_BIN)" }
    }
}
