import Foundation
import Primitives

/// Where `intent` keeps its data, configuration, secrets and model weights (DESIGN §8).
///
/// With a home (`--home` or `INTENT_HOME`) everything lives under it: `data/`, `config/`,
/// `models/`. Without one the XDG base directories are used. Model weights are searched in
/// `$INTENT_MODELS`, then `<home>/models`, then `$XDG_DATA_HOME/intent/models`, so a test home
/// still finds weights installed for the user.
public struct AppPaths: Sendable, Equatable {
    public let dataDirectory: URL
    public let configDirectory: URL
    public let modelDirectories: [URL]

    public var databaseURL: URL { dataDirectory.appendingPathComponent("intent.sqlite") }
    public var configFileURL: URL { configDirectory.appendingPathComponent("config.json") }
    public var secretsFileURL: URL { configDirectory.appendingPathComponent("secrets.json") }
    public var libraryDirectory: URL { dataDirectory.appendingPathComponent("library") }

    public init(dataDirectory: URL, configDirectory: URL, modelDirectories: [URL]) {
        self.dataDirectory = dataDirectory
        self.configDirectory = configDirectory
        self.modelDirectories = modelDirectories
    }

    /// Resolves the paths from an explicit home (the `--home` flag) and the environment.
    public static func resolve(home explicitHome: String?, environment: [String: String]) -> AppPaths {
        let userHome = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func xdg(_ key: String, _ fallback: String) -> URL {
            if let value = environment[key], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return URL(fileURLWithPath: userHome).appendingPathComponent(fallback)
        }
        let xdgData = xdg("XDG_DATA_HOME", ".local/share").appendingPathComponent("intent")
        let xdgConfig = xdg("XDG_CONFIG_HOME", ".config").appendingPathComponent("intent")

        let home = explicitHome ?? environment["INTENT_HOME"].flatMap { $0.isEmpty ? nil : $0 }
        let models = ModelSearchPath.directories(home: home, environment: environment)
        if let home {
            let root = URL(fileURLWithPath: home).standardizedFileURL
            return AppPaths(dataDirectory: root.appendingPathComponent("data"),
                            configDirectory: root.appendingPathComponent("config"),
                            modelDirectories: models)
        }
        return AppPaths(dataDirectory: xdgData, configDirectory: xdgConfig, modelDirectories: models)
    }

    /// The first existing path `relative` below one of the model directories.
    public func findModel(_ relative: String) -> URL? {
        modelDirectories.map { $0.appendingPathComponent(relative) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
