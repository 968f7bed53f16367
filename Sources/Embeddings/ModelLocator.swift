import Foundation

/// Where model weights are looked up, in order:
/// 1. `$INTENT_MODELS` (when set and not empty),
/// 2. `<home>/models` (the intent home, e.g. one given with `--home`),
/// 3. `$XDG_DATA_HOME/intent/models`, by default `$HOME/.local/share/intent/models`.
///
/// So a throw-away test home still finds weights installed once for the user.
public enum ModelLocator {
    /// The candidate directories in search order, without duplicates. They need not exist.
    public static func directories(home: URL?, environment: [String: String]) -> [URL] {
        var result: [URL] = []
        if let explicit = environment["INTENT_MODELS"], !explicit.isEmpty {
            result.append(URL(fileURLWithPath: explicit, isDirectory: true))
        }
        if let home {
            result.append(home.appendingPathComponent("models", isDirectory: true))
        }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            result.append(URL(fileURLWithPath: xdg, isDirectory: true)
                .appendingPathComponent("intent/models", isDirectory: true))
        } else {
            let userHome = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            result.append(URL(fileURLWithPath: userHome, isDirectory: true)
                .appendingPathComponent(".local/share/intent/models", isDirectory: true))
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The first `<directory>/<relativePath>` that exists, in the order of `directories`.
    public static func find(
        _ relativePath: String,
        home: URL?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        for directory in directories(home: home, environment: environment) {
            let candidate = directory.appendingPathComponent(relativePath)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
