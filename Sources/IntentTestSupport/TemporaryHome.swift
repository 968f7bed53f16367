import AppServices
import Foundation
import IntentKit
import Intents
import Routing
import Secrets
import Store

/// A fresh `intent` home in a temporary directory, removed when the value is released.
public final class TemporaryHome: @unchecked Sendable {
    public let url: URL
    public var path: String { url.path }
    /// One id sequence per home, so runs on the same home never reuse an id.
    public let ids = SequentialIDGenerator()

    public init(function: String = #function) {
        let safe = function.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("intent-test-\(safe)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Paths as `--home` would resolve them, isolated from the user's installed model weights
    /// (a test that wants weights asks for them explicitly).
    public var paths: AppPaths { AppPaths.resolve(home: path, environment: ["HOME": path]) }

    /// Names of the regular files under the home whose bytes contain `text` (where a secret leaked).
    public func filesContaining(_ text: String) throws -> [String] {
        var found: [String] = []
        let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = walker?.nextObject() as? URL {
            guard (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            if try Data(contentsOf: file).range(of: Data(text.utf8)) != nil { found.append(file.lastPathComponent) }
        }
        return found.sorted()
    }

    /// The effects of this home's tests: its ids, the reference clock, a scripted terminal, the
    /// home's own `secrets.json` (no environment overrides) and an environment of `HOME` only.
    /// The network and the system roots are unset: a test that reaches them stops naming them
    /// (give them with `AppServices.test(...)` and `services(_:)`).
    public var services: AppServices {
        AppServices.test(environment: ["HOME": path], clock: { TestClock.reference }, ids: ids,
                         terminal: ScriptedTerminal(),
                         keyStore: { FileKeyStore(directory: $0, environment: [:]) })
    }

    /// The home's services (store, ladder, embedders, dates, keys) over `services`.
    public func home(_ services: AppServices? = nil) -> HomeServices {
        (services ?? self.services).home(paths)
    }

    /// A new store on this home (each call opens its own connection on first use).
    public func store() -> IntentStore { home().store }

    /// A run context on this home with a frozen clock and scripted terminal, over `home()`'s
    /// services. Writes are not deferred (no `RunWrites`): what a run stores is in the store
    /// when it returns, without `record`.
    public func context(now: Date = TestClock.reference, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
                        presence: Presence = .headless, assumeYes: Bool = false, dryRun: Bool = false,
                        terminal: any Terminal = ScriptedTerminal(), log: any DiagnosticLog = RecordingLog()) -> RunContext {
        var context = home().context(runID: "run_test", now: now, timeZone: timeZone, presence: presence,
                                     policy: .preferLocal, assumeYes: assumeYes, dryRun: dryRun,
                                     terminal: terminal, ids: ids, log: log)
        context.runWrites = nil
        return context
    }
}

/// Fixed instants for tests.
public enum TestClock {
    /// 2026-11-30T09:00:00Z, a Monday.
    public static let reference = Date(timeIntervalSince1970: 1_796_029_200)

    public static func date(_ iso: String) -> Date {
        let f = ISO8601DateFormatter()
        return f.date(from: iso)!
    }
}

/// The package's root directory and its fixtures, found from this source file.
public enum PackagePaths {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func fixture(_ relative: String) -> URL {
        root.appendingPathComponent("Fixtures").appendingPathComponent(relative)
    }
}
