import Foundation
import Generation
import IntentKit
import Secrets
import Store

/// One model target as configured in `config.json` (`models.local` or `models.cloud`): an
/// OpenAI-compatible server, or for the local target an in-process model file (`embedded`). The
/// cloud key is never here: it lives in the secrets file (`intent keys set cloud`) or
/// `INTENT_CLOUD_API_KEY`.
public struct ModelTargetSettings: Sendable, Equatable, Codable {
    /// The server's base URL; the cloud target requires it.
    public var baseURL: String?
    /// The model name sent to the server; the cloud target requires it.
    public var model: String?
    /// Tokens (prompt + reply); the target's `TokenBudget` window when not set.
    public var contextWindow: Int?
    /// Cloud: a short label shown in the consent prompt and receipts.
    public var provider: String?
    /// Local: the file name of an in-process model below the model directories.
    public var embedded: String?

    enum CodingKeys: String, CodingKey {
        case model, provider, embedded
        case baseURL = "base_url"
        case contextWindow = "context_window"
    }
}

/// The `models` object of `config.json`.
public struct ModelSettings: Sendable, Equatable, Codable {
    public var local: ModelTargetSettings?
    public var cloud: ModelTargetSettings?

    public init(local: ModelTargetSettings? = nil, cloud: ModelTargetSettings? = nil) {
        self.local = local
        self.cloud = cloud
    }

    /// The provider label used when none is configured.
    public static let defaultCloudProvider = "openai-compatible"

    /// The client configuration of the local server, when one is configured (`embedded` is not).
    public var localConfiguration: OpenAIConfiguration? {
        guard let local, let base = local.baseURL, let model = local.model else { return nil }
        return .local(baseURL: base, model: model, contextWindow: local.contextWindow ?? TokenBudget.local.contextWindow)
    }

    /// The client configuration of the cloud endpoint, when one is configured.
    public var cloudConfiguration: OpenAIConfiguration? {
        guard let cloud, let base = cloud.baseURL, let model = cloud.model else { return nil }
        var configuration = OpenAIConfiguration.cloud(baseURL: base, model: model,
                                                      contextWindow: cloud.contextWindow ?? TokenBudget.cloud.contextWindow)
        configuration.provider = cloud.provider ?? Self.defaultCloudProvider
        return configuration
    }

    /// Reads `models` from `config.json`; an absent file or key means nothing is configured.
    /// - Throws: `IntentError.configuration` / `RoutingError.configuration` naming the file when it
    ///   is not valid JSON or the `models` object has the wrong shape.
    public static func load(_ paths: AppPaths) throws -> ModelSettings {
        try decode(ConfigFile.load(paths), paths: paths)
    }

    /// Changes the settings in `config.json` under its lock (0600, atomically), keeping every
    /// other key, and returns the new settings.
    @discardableResult
    public static func update(_ paths: AppPaths, _ change: (inout ModelSettings) throws -> Void) throws -> ModelSettings {
        try ConfigFile.update(paths) { config in
            var settings = try decode(config, paths: paths)
            try change(&settings)
            config.raw["models"] = try JSONValue.encoding(settings)
            return settings
        }
    }

    static func decode(_ config: ConfigFile, paths: AppPaths) throws -> ModelSettings {
        guard let models = config.raw["models"], !models.isNull else { return ModelSettings() }
        let settings = try? models.decode(ModelSettings.self)
        guard let settings, settings.cloud.map({ $0.baseURL != nil && $0.model != nil }) ?? true else {
            throw RoutingError.configuration(
                "\(paths.configFileURL.path): 'models' must be {\"local\": {\"base_url\", \"model\", \"context_window\"}, \"cloud\": {\"base_url\", \"model\", \"provider\", \"context_window\"}}")
        }
        return settings
    }
}
