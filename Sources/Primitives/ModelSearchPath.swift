import Foundation

/// The one search order for model weights, used by the app paths, the embedder and the tests:
/// 1. `$INTENT_MODELS` (when set and not empty),
/// 2. `<home>/models` when an intent home is given (`--home` or `$INTENT_HOME`),
/// 3. `$XDG_DATA_HOME/intent/models` (an absolute `XDG_DATA_HOME`), by default
///    `$HOME/.local/share/intent/models`.
///
/// So a throw-away test home still finds weights installed once for the user.
public enum ModelSearchPath {
    /// The candidate directories in search order, without duplicates. They need not exist.
    public static func directories(home: String?, environment: [String: String]) -> [URL] {
        var result: [URL] = []
        if let explicit = environment["INTENT_MODELS"], !explicit.isEmpty {
            result.append(URL(fileURLWithPath: explicit, isDirectory: true))
        }
        if let home {
            result.append(URL(fileURLWithPath: home, isDirectory: true).standardizedFileURL
                .appendingPathComponent("models", isDirectory: true))
        }
        result.append(xdgDataHome(environment).appendingPathComponent("intent/models", isDirectory: true))
        var seen = Set<String>()
        return result.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// `$XDG_DATA_HOME` when it is absolute, else `$HOME/.local/share`.
    public static func xdgDataHome(_ environment: [String: String]) -> URL {
        if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
        let userHome = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: userHome, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
    }

    /// The first `<directory>/<relativePath>` that exists, in search order.
    public static func find(_ relativePath: String, home: String?, environment: [String: String]) -> URL? {
        for directory in directories(home: home, environment: environment) {
            let candidate = directory.appendingPathComponent(relativePath)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
